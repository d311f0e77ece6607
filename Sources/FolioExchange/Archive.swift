import FolioCore
import Foundation
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

/// A folder an import made for itself (an unzipped export); removed when the import is done with it.
public final class ScratchFolder {
    public let url: URL

    init() throws(FolioError) {
        url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("folio-import-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw FolioError(.writeFailed(SystemReason(error)), file: url.path)
        }
    }

    /// Removes the folder now: what it holds is copied, and files removed before the import flushes
    /// its own are never written to disk at all.
    func remove() { try? FileManager.default.removeItem(at: url) }

    deinit { remove() }
}

/// Zip files, read through Info-ZIP's `unzip` (the Debian package `unzip`).
///
/// A zip's directory can say anything: `unzip` itself writes a member whole even when it is far
/// larger than the directory says. So each member is unpacked by `unzip -p` into a pipe folio
/// reads, counting: a member past its cap, or all of them past what the directory says, stops
/// the unpacking there, before more is written. What the directory says is checked first: a
/// total over ``maxUnpackedBytes``, over ``maxRatio`` times the zip's own size (a zip bomb) or
/// over the room left in the temporary folder is refused before anything is unpacked.
enum ZipArchive {
    /// The most a zip may unpack to (64 GiB), by what its directory says.
    static let maxUnpackedBytes: UInt64 = 64 << 30
    /// How many times its own size a zip may unpack to: far above any journal (text compresses
    /// about 10 times, photos and videos not at all), far below a zip bomb's thousands.
    static let maxRatio: UInt64 = 100
    /// Below this a high ratio is harmless (a small journal of repeated lines).
    static let ratioFloor: UInt64 = 64 << 20

    /// Unpacks `zip` into a scratch folder, after refusing any name that would land outside it
    /// (`../`, an absolute path, a NUL, a backslash or a line break) and afterwards any link it
    /// made; each member at most `memberLimit(name)` bytes, checked while it is read.
    static func unpack(_ zip: URL, displayName: String, memberLimit: (String) -> UInt64) throws(FolioError) -> ScratchFolder {
        guard let unzip = executable("unzip") else { throw FolioError(.exchange(.unzipMissing)) }
        let listing = try run(unzip, ["-Z1", zip.path], displayName: displayName)
        let names = listing.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        for name in names where !isSafe(name) {
            throw FolioError(.exchange(.hostileArchive(file: displayName, name: name)))
        }
        let totals = try run(unzip, ["-Zt", zip.path], displayName: displayName)
        guard let declared = unpackedBytes(totals) else {
            throw FolioError(.exchange(.unzipFailed(file: displayName, reason: totals.trimmingCharacters(in: .whitespacesAndNewlines))))
        }
        if declared > maxUnpackedBytes {
            throw FolioError(.exchange(.sourceTooLarge(file: displayName, bytes: declared, limit: maxUnpackedBytes)))
        }
        var info = stat()
        let zipBytes = stat(zip.path, &info) == 0 ? UInt64(max(0, info.st_size)) : 0
        if declared > ratioFloor, declared / max(1, zipBytes) > maxRatio {
            throw FolioError(.exchange(.archiveRatio(file: displayName, bytes: declared, ratio: maxRatio)))
        }
        let folder = try ScratchFolder()
        var space = statvfs()
        if statvfs(folder.url.path, &space) == 0 {
            let available = UInt64(space.f_bavail) &* UInt64(space.f_frsize)
            if declared > available {
                throw FolioError(.exchange(.archiveNoRoom(file: displayName, bytes: declared, available: available)))
            }
        }
        var written: UInt64 = 0
        for name in names where !name.hasSuffix("/") {
            let limit = min(memberLimit(name), declared - min(declared, written))
            written += try unpackMember(
                name, of: zip, with: unzip, into: folder.url, limit: limit, displayName: displayName, declared: declared,
                memberLimit: memberLimit(name))
        }
        if let link = firstLink(in: folder.url) { throw FolioError(.exchange(.hostileArchive(file: displayName, name: link))) }
        return folder
    }

    /// Unpacks one member through a pipe into its place under `folder`, stopping past `limit`
    /// bytes; returns how many it wrote.
    static func unpackMember(
        _ name: String, of zip: URL, with unzip: URL, into folder: URL, limit: UInt64, displayName: String, declared: UInt64,
        memberLimit: UInt64
    ) throws(FolioError) -> UInt64 {
        let target = folder.appendingPathComponent(name)
        do {
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw FolioError(.writeFailed(SystemReason(error)), file: target.path)
        }
        let output = open(target.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard output >= 0 else { throw FolioError(.exchange(.hostileArchive(file: displayName, name: name))) }
        defer { close(output) }
        // unzip reads a name as a pattern: its wildcards, and a leading dash, are escaped.
        let child = try Child(unzip, ["-p", zip.path, pattern(name)], displayName: displayName)
        let input = child.out.fileHandleForReading.fileDescriptor
        var total: UInt64 = 0
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var failure: FolioError?
        while true {
            let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            total += UInt64(count)
            if total > limit {
                failure =
                    total > memberLimit
                    ? FolioError(.exchange(.archiveMemberTooLarge(file: displayName, name: name, limit: memberLimit)))
                    : FolioError(.exchange(.archiveHoldsMore(file: displayName, declared: declared)))
                break
            }
            let wrote = chunk.withUnsafeBytes { Descriptor.writeAll(output, UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
            guard wrote else {
                failure = FolioError(.writeFailed(SystemReason(errno: errno)), file: target.path)
                break
            }
        }
        if failure != nil { child.process.terminate() }
        // What is left in the pipe is read by nobody now: closing it ends a writer still going.
        try? child.out.fileHandleForReading.close()
        let ended = Result { () throws(FolioError) in try child.finish(displayName: displayName) }
        if let failure { throw failure }
        try ended.get()
        return total
    }

    /// `name` as a pattern of unzip matching only itself.
    static func pattern(_ name: String) -> String {
        var out = ""
        for (offset, character) in name.enumerated() {
            if "[]*?\\".contains(character) || (offset == 0 && character == "-") { out.append("\\") }
            out.append(character)
        }
        return out
    }

    /// Whether a name in a zip stays inside the folder it is unpacked into.
    static func isSafe(_ name: String) -> Bool {
        guard !name.hasPrefix("/"), !name.contains("\\"),
            !name.unicodeScalars.contains(where: { $0.value == 0 || $0 == "\n" || $0 == "\r" })
        else { return false }
        return !name.split(separator: "/").contains("..")
    }

    /// `N files, X bytes uncompressed, Y bytes compressed: Z%` → X.
    static func unpackedBytes(_ totals: String) -> UInt64? {
        let words = totals.split(whereSeparator: { $0 == " " || $0 == "," })
        guard let index = words.firstIndex(of: "uncompressed"), index >= 2 else { return nil }
        return UInt64(words[index - 2])
    }

    /// The first symbolic link under `folder`, vault-relative to it.
    static func firstLink(in folder: URL) -> String? {
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return nil }
        while let path = walker.nextObject() as? String {
            var info = stat()
            if lstat(folder.appendingPathComponent(path).path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK { return path }
        }
        return nil
    }

    static func executable(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if access(candidate.path, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// Runs `tool` and returns its output; a failure says what the tool said.
    static func run(_ tool: URL, _ arguments: [String], displayName: String) throws(FolioError) -> String {
        let child = try Child(tool, arguments, displayName: displayName)
        // blocking: unzip lists a file the import was given; an import runs on the command's own thread.
        let output = child.out.fileHandleForReading.readDataToEndOfFile()
        try child.finish(displayName: displayName)
        return String(decoding: output, as: UTF8.self)
    }

    /// `unzip` running, its output a pipe the caller reads, its errors going to a file nobody else
    /// sees (unlinked as soon as it is open), so neither stream can block it and nothing is left behind.
    struct Child {
        let process = Process()
        let out = Pipe()
        let errors: FileHandle

        init(_ tool: URL, _ arguments: [String], displayName: String) throws(FolioError) {
            process.executableURL = tool
            process.arguments = arguments
            let template = FileManager.default.temporaryDirectory.appendingPathComponent("folio-unzip-XXXXXX").path
            var name = Array(template.utf8CString)
            let descriptor = mkstemp(&name)
            guard descriptor >= 0 else {
                throw FolioError(.exchange(.unzipFailed(file: displayName, reason: String(cString: strerror(errno)))))
            }
            unlink(name)
            errors = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
            process.standardOutput = out
            process.standardError = errors
            process.standardInput = FileHandle.nullDevice
            do {
                try process.run()
            } catch {
                throw FolioError(.exchange(.unzipFailed(file: displayName, reason: error.localizedDescription)))
            }
        }

        /// Waits for the end; a failure says what unzip said.
        func finish(displayName: String) throws(FolioError) {
            // blocking: follows reading the child's output to its end: it has exited or is about to.
            process.waitUntilExit()
            lseek(errors.fileDescriptor, 0, SEEK_SET)
            // try?: only words for the message; the exit status decides.
            let message = (try? errors.read(upToCount: 2000)) ?? Data()  // Only words for the message; the exit status decides.
            guard process.terminationStatus == 0 else {
                let said = String(decoding: message.prefix(2000), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                throw FolioError(
                    .exchange(.unzipFailed(file: displayName, reason: said.isEmpty ? "exit status \(process.terminationStatus)" : said)))
            }
        }
    }
}
