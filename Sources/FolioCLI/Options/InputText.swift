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
        // Standard input can be read once: a second `-` in one command is refused.
        guard let read = StandardInput.readOnce() else { return nil }
        text = read
    }

    static var defaultValueDescription: String { "text, or - for standard input" }
}

/// Standard input, read whole at most once per process.
enum StandardInput {
    private final class Once: @unchecked Sendable {
        let lock = NSLock()
        var used = false
    }
    private static let once = Once()

    /// Everything on standard input without its final line breaks; nil when it was read already.
    static func readOnce() -> String? {
        once.lock.lock()
        defer { once.lock.unlock() }
        guard !once.used else { return nil }
        once.used = true
        var text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        while text.hasSuffix("\n") || text.hasSuffix("\r") { text.removeLast() }
        return text
    }
}

extension StandardInput {
    /// Text piped in that no `-` read: standard input a pipe or a file (never a terminal, nor a
    /// device such as /dev/null, which scripts and services hand folio), read whole; nil when it
    /// holds nothing but blanks.
    static func unclaimed() -> String? {
        var status = stat()
        guard fstat(STDIN_FILENO, &status) == 0 else { return nil }
        let type = status.st_mode & S_IFMT
        guard type == S_IFIFO || type == S_IFREG, let text = readOnce() else { return nil }
        return text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : text
    }

    /// The text given for `option`, else the text piped in; piped text beside a given one is
    /// refused, so text on standard input is used or refused, never dropped.
    static func text(_ given: InputText?, option: String) throws(FolioError) -> String? {
        let piped = unclaimed()
        guard let given else { return piped }
        guard piped == nil else { throw FolioError(.file(.standardInputUnused(option: option))) }
        return given.text
    }
}
