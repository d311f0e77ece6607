import FolioCore
import Foundation
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

/// Writes files so that a reader sees the old bytes or the new, never half of either.
public enum AtomicFile {
    /// Writes `bytes` to a temporary file beside `url`, flushes it to disk, then renames it over `url`.
    /// - Throws: ``FolioError`` with `.writeFailed`; the original file is then untouched.
    /// With `flush` false the bytes are not forced to disk (nor the rename): a writer of many new
    /// files calls ``flush(_:)`` on all of them once they are written, before it commits them.
    ///
    /// `expected` is what must stand at `url` for the new bytes to take its place: the version a
    /// read-modify-write read (an editor's save since then is never overwritten), nothing for a
    /// new file (one that appeared since its name was chosen is never replaced), or anything.
    /// - Throws: ``FolioError`` `.file(.changedWhileWriting)` when `url` is not as expected (nothing
    ///   was written; the caller reads the file again and redoes its change, or refuses).
    public static func write(
        _ bytes: [UInt8], to url: URL, mode: mode_t = 0o644, flush: Bool = true, expecting expected: FileReplacement.Expectation = .anything
    ) throws(FolioError) {
        LocalFile.clearWay(to: url)
        let directory = url.deletingLastPathComponent()
        try makeDirectory(directory)
        removeAbandonedTemporaries(in: directory)
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).tmp-\(TemporaryName.unique())")
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else { throw failure(url) }
        let ok: Bool = bytes.withUnsafeBytes { buffer in writeAll(fd, buffer) && (!flush || fsync(fd) == 0) }
        let closed = close(fd) == 0
        guard ok, closed else {
            let error = failure(url)
            unlink(temporary.path)
            throw error
        }
        switch FileReplacement.install(temporary.path, at: url.path, expecting: expected) {
        case .success(.installed): break
        case .success(.changed): throw FolioError(.file(.changedWhileWriting(kept: nil)), file: url.path)
        case .success(.changedKeeping(let kept)):
            throw FolioError(.file(.changedWhileWriting(kept: (kept as NSString).lastPathComponent)), file: url.path)
        case .failure(let error): throw FolioError(.writeFailed(SystemReason(errno: error.code)), file: url.path)
        }
        if flush { syncDirectory(directory) }
    }

    /// A file's bytes and the version a later ``write(_:to:mode:flush:expecting:)`` expects; nil
    /// when it is missing (`errno` ENOENT), not a regular file or unreadable.
    public static func read(_ url: URL) -> (bytes: [UInt8], version: FileVersion)? {
        FileReplacement.read(url.path)
    }

    /// Forces files written without flushing, and their folders' entries, to disk.
    ///
    /// A few are flushed one by one; many (an import of thousands) with one `sync(2)`, since on
    /// ext4 each `fsync` costs a journal commit of its own (10,000 files: 40 s against 0.4 s).
    /// - Throws: ``FolioError`` `.writeFailed` naming the first file that could not be flushed.
    public static func flush(_ urls: [URL]) throws(FolioError) {
        if urls.count > 64 {
            sync()
            return
        }
        var folders = Set<String>()
        for url in urls {
            // Never through a link nor waiting on a pipe swapped in since the file was written.
            let fd = open(url.path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
            guard fd >= 0 else { throw failure(url) }
            let synced = fsync(fd) == 0
            close(fd)
            guard synced else { throw failure(url) }
            folders.insert(url.deletingLastPathComponent().path)
        }
        for folder in folders.sorted() { syncDirectory(URL(fileURLWithPath: folder)) }
    }

    /// Writes all of `bytes` to `fd`, retrying short writes and interruptions.
    static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        Descriptor.writeAll(fd, bytes)
    }

    /// Flushes a folder, so that a rename into it survives a power cut.
    public static func syncDirectory(_ directory: URL) {
        let dirfd = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dirfd >= 0 {
            fsync(dirfd)
            close(dirfd)
        }
    }

    public static func write(
        _ text: String, to url: URL, flush: Bool = true, expecting expected: FileReplacement.Expectation = .anything
    ) throws(FolioError) {
        try write(Array(text.utf8), to: url, flush: flush, expecting: expected)
    }

    /// Creates `url`'s folder and its parents.
    public static func makeDirectory(_ url: URL) throws(FolioError) {
        LocalFile.clearWay(to: url, directory: true)
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw FolioError(.writeFailed(SystemReason(error)), file: url.path)
        }
        LocalFile.keepPrivate(url)
    }

    /// Whether `name` is a temporary file left by an interrupted write.
    public static func isTemporary(_ name: String) -> Bool {
        name.hasPrefix(".") && name.contains(".tmp-")
    }

    /// Removes the temporary files in `directory` whose writer is gone (killed before its rename):
    /// the file each was meant to replace is intact, so they hold nothing worth keeping. A write
    /// does this in its own folder; a command that rewrites files across the vault (`crypt
    /// unlock`) does it in every folder it goes through, whether or not it writes there again.
    public static func removeAbandonedTemporaries(in directory: URL) {
        // try?: clean-up of temporary files only.
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        for name in names where isTemporary(name) {
            guard let marker = name.range(of: ".tmp-", options: .backwards) else { continue }
            guard let pid = TemporaryName.process(in: name[marker.upperBound...]), TemporaryName.isGone(pid) else { continue }
            unlink(directory.appendingPathComponent(name).path)
        }
    }

    /// Whether the vault-relative `path` is a temporary file of folio's (a record being written,
    /// a media import in progress), which never belongs in a commit, even when a kill left it.
    public static func isTemporaryPath(_ path: String) -> Bool {
        let name = (path as NSString).lastPathComponent
        return isTemporary(name) || (path.hasPrefix("media/") && name.hasPrefix(MediaImporter.temporaryPrefix))
    }

    private static func failure(_ url: URL) -> FolioError {
        FolioError(.writeFailed(SystemReason(errno: errno)), file: url.path)
    }
}

extension AtomicFile {
    /// Removes the file at `url` when it is still `version` (see ``FileReplacement/remove(_:expecting:hidden:)``).
    /// - Throws: ``FolioError`` `.file(.changedWhileWriting)` when a save landed on it since it was
    ///   read (it stays), `.writeFailed` when it could not be removed.
    public static func remove(_ url: URL, expecting version: FileVersion) throws(FolioError) {
        let directory = url.deletingLastPathComponent()
        let hidden = directory.appendingPathComponent(".\(url.lastPathComponent).tmp-\(TemporaryName.unique())")
        switch FileReplacement.remove(url.path, expecting: version, hidden: hidden.path) {
        case .success(.installed): break
        case .success(.changed): throw FolioError(.file(.changedWhileWriting(kept: nil)), file: url.path)
        case .success(.changedKeeping(let kept)):
            throw FolioError(.file(.changedWhileWriting(kept: (kept as NSString).lastPathComponent)), file: url.path)
        case .failure(let error): throw FolioError(.writeFailed(SystemReason(errno: error.code)), file: url.path)
        }
    }
}
