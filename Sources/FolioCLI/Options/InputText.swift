import ArgumentParser
import FolioCore
import Foundation

/// The text given to an option, or, for `-`, what comes on standard input (`--body -`,
/// `-m -`), as `git commit -F -` and `jrnl` read it. A literal `-` is never stored.
struct InputText: ExpressibleByArgument, Sendable {
    let text: String

    init?(argument: String) {
        guard argument == "-" else {
            text = argument
            return
        }
        // Standard input can be read once: a second `-` in one command is refused; more than
        // the cap is refused too (``StandardInput/failure`` then says so instead of the parser).
        guard let read = StandardInput.readOnce() else { return nil }
        text = read
    }

    static var defaultValueDescription: String { "text, or - for standard input" }
}

/// Standard input, read whole at most once per process.
enum StandardInput {
    private struct Once {
        var used = false
        var failure: FolioError?
    }
    // A Mutex in a class, not in a static stored property: the statically linked release build
    // read a static Mutex's value as garbage (every error path crashed printing its "failure").
    private static let once = LockedState(Once())

    /// The most folio reads of standard input (16 MiB): far above any page typed or piped in,
    /// far below what `yes |` fills memory with. Checked while reading.
    static let maxBytes = 16 << 20

    /// Why standard input could not be used: reading it went past ``maxBytes``, or failed.
    static var failure: FolioError? {
        once.withValue { $0.failure }
    }

    /// The longest line folio reads from a prompt (a chat message, an answer): 1 MiB.
    static let maxLineBytes = 1 << 20

    /// One line typed (or piped) to a prompt, without its line break; nil at the end of the input.
    /// Read a byte at a time, so nothing after the line is taken from standard input, and never
    /// more than ``maxLineBytes``: a longer line is refused, not kept.
    static func line() throws(FolioError) -> String? {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let count = read(STDIN_FILENO, &byte, 1)
            if count < 0, errno == EINTR { continue }
            if count < 0 { throw unreadable() }
            guard count == 1 else { return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
            if byte == UInt8(ascii: "\n") { break }
            bytes.append(byte)
            if bytes.count > maxLineBytes { throw FolioError(.file(.standardInputTooLarge(limit: maxLineBytes))) }
        }
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Standard input failed to read (a closed descriptor, an I/O error): said, never taken for its end.
    static func unreadable() -> FolioError {
        FolioError(.fileUnreadable(String(cString: strerror(errno))), file: "-")
    }

    /// Reads `descriptor` to its end, or to one byte past `limit` (nil then).
    static func readAll(_ descriptor: Int32, limit: Int) throws(FolioError) -> [UInt8]? {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count < 0 { throw unreadable() }
            guard count > 0 else { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > limit { return nil }
        }
    }

    /// Everything on standard input without its final line breaks; nil when it was read already.
    static func readOnce() -> String? {
        once.withValue { once in
            guard !once.used else { return nil }
            once.used = true
            let read: [UInt8]?
            do throws(FolioError) {
                read = try readAll(STDIN_FILENO, limit: maxBytes)
            } catch {
                once.failure = error
                return nil
            }
            guard let bytes = read else {
                once.failure = FolioError(.file(.standardInputTooLarge(limit: maxBytes)))
                return nil
            }
            var text = String(decoding: bytes, as: UTF8.self)
            while text.hasSuffix("\n") || text.hasSuffix("\r") { text.removeLast() }
            return text
        }
    }
}

extension StandardInput {
    /// Text piped in that no `-` read: standard input a pipe or a file (never a terminal, nor a
    /// device such as /dev/null, which scripts and services hand folio), read whole; nil when it
    /// holds nothing but blanks.
    static func unclaimed() throws(FolioError) -> String? {
        var status = stat()
        guard fstat(STDIN_FILENO, &status) == 0 else { return nil }
        let type = status.st_mode & S_IFMT
        guard type == S_IFIFO || type == S_IFREG else { return nil }
        guard let text = readOnce() else {
            if let failure { throw failure }
            return nil
        }
        return text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : text
    }

    /// The text given for `option`, else the text piped in; piped text beside a given one is
    /// refused, so text on standard input is used or refused, never dropped.
    static func text(_ given: InputText?, option: String) throws(FolioError) -> String? {
        let piped = try unclaimed()
        guard let given else { return piped }
        guard piped == nil else { throw FolioError(.file(.standardInputUnused(option: option))) }
        return given.text
    }
}
