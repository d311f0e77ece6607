import FolioCore
import Foundation

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
enum ZipArchive {
    /// The most a zip may unpack to (64 GiB), by what its directory says.
    static let maxUnpackedBytes: UInt64 = 64 << 30

    /// Unpacks `zip` into a scratch folder, after refusing any name that would land outside it
    /// (`../`, an absolute path, a NUL or a backslash) and afterwards any link it made.
    static func unpack(_ zip: URL, displayName: String) throws(FolioError) -> ScratchFolder {
        guard let unzip = executable("unzip") else { throw FolioError(.exchange(.unzipMissing)) }
        let listing = try run(unzip, ["-Z1", zip.path], displayName: displayName)
        for name in listing.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) where !isSafe(name) {
            throw FolioError(.exchange(.hostileArchive(file: displayName, name: name)))
        }
        let totals = try run(unzip, ["-Zt", zip.path], displayName: displayName)
        if let bytes = unpackedBytes(totals), bytes > maxUnpackedBytes {
            throw FolioError(.exchange(.sourceTooLarge(file: displayName, bytes: bytes, limit: maxUnpackedBytes)))
        }
        let folder = try ScratchFolder()
        _ = try run(unzip, ["-qq", "-o", zip.path, "-d", folder.url.path], displayName: displayName)
        if let link = firstLink(in: folder.url) { throw FolioError(.exchange(.hostileArchive(file: displayName, name: link))) }
        return folder
    }

    /// Whether a name in a zip stays inside the folder it is unpacked into.
    static func isSafe(_ name: String) -> Bool {
        guard !name.hasPrefix("/"), !name.contains("\\"), !name.unicodeScalars.contains(where: { $0.value == 0 }) else { return false }
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
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw FolioError(.exchange(.unzipFailed(file: displayName, reason: error.localizedDescription)))
        }
        let errors = LockedOutput(err.fileHandleForReading)
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let message = errors.wait()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let said = String(decoding: message.prefix(2000), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw FolioError(
                .exchange(.unzipFailed(file: displayName, reason: said.isEmpty ? "exit status \(process.terminationStatus)" : said)))
        }
        return String(decoding: output, as: UTF8.self)
    }
}

/// Reads a pipe to its end on a thread of its own, so neither pipe of a child can block it.
final class LockedOutput: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var data = Data()

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}
