import CSystemIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a program that reads a file, changes it and writes it back saw of the file when it read
/// it: enough to tell, just before the new bytes take its place, whether someone else (an
/// editor's save, another program) replaced or rewrote it meanwhile.
///
/// The inode tells a file saved by rename (how editors save) from the one read; size, times and
/// a hash of the content tell a file rewritten in place. The hash is keyed per process (Swift's
/// `Hasher`), so no content can be made to collide with another on purpose.
public struct FileVersion: Sendable, Equatable {
    public var device: UInt64
    /// Size, times and inode: folio's one ``FileStamp``.
    public var stamp: FileStamp
    public var contentHash: Int

    /// The version of a file whose `stat` is `info` and whose whole content is `bytes`.
    public init(_ info: stat, bytes: some Collection<UInt8>) {
        device = UInt64(info.st_dev)
        stamp = FileStamp(info)
        contentHash = Self.hash(bytes)
    }

    static func hash(_ bytes: some Collection<UInt8>) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes.count)
        let contiguous = bytes.withContiguousStorageIfAvailable { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        if contiguous == nil {
            for byte in bytes { hasher.combine(byte) }
        }
        return hasher.finalize()
    }

    /// Whether `info` could be this version before its content is read: the same file, size and
    /// times (a rename moves a file's change time, so `sinceRename` leaves that one out).
    func sameStat(_ info: stat, sinceRename: Bool = false) -> Bool {
        let now = FileStamp(info)
        return UInt64(info.st_dev) == device && now.inode == stamp.inode && now.size == stamp.size
            && now.modifiedNanoseconds == stamp.modifiedNanoseconds
            && (sinceRename || now.changedNanoseconds == stamp.changedNanoseconds)
    }
}

/// A system call's failure: its `errno`.
public struct SystemError: Error, Equatable, Sendable {
    public let code: Int32

    public init(_ code: Int32) { self.code = code }
}

/// Reading a file for a read-modify-write, and putting the new bytes in its place only when the
/// file is still the one read.
public enum FileReplacement {
    /// What the file at the target must be for the new one to take its place.
    public enum Expectation: Sendable, Equatable {
        /// Nothing: a new file never replaces one that appeared since its name was chosen.
        case absent
        /// The version read.
        case version(FileVersion)
        /// Whatever is there (a file only this program writes).
        case anything
    }

    /// What ``install(_:at:expecting:)`` did.
    public enum Outcome: Sendable, Equatable {
        /// The new file is in place.
        case installed
        /// The target was not what was expected; it is untouched and the new file is gone. The
        /// caller reads it again and redoes its change, or refuses.
        case changed
        /// As `changed`, and a third program's save landed in the instant the target was being put
        /// back: that save is in place, and the version it replaced is kept at `kept`.
        case changedKeeping(kept: String)
    }

    /// A regular file's whole content and its version; nil when it is missing, is not a regular
    /// file (a pipe is never waited on, a link never followed) or cannot be read (`errno` says why).
    public static func read(_ path: String) -> (bytes: [UInt8], version: FileVersion)? {
        guard let (fd, info) = Descriptor.openRegular(path) else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: max(0, Int(clamping: info.st_size)))
        var filled = 0
        while true {
            if filled == bytes.count { bytes.append(contentsOf: repeatElement(0, count: 4_096)) }
            let count = bytes.withUnsafeMutableBytes { buffer in
                Descriptor.read(fd, into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
            }
            guard count >= 0 else { return nil }
            filled += count
            if count == 0 || filled < bytes.count { break }
        }
        bytes.removeSubrange(filled...)
        return (bytes, FileVersion(info, bytes: bytes))
    }

    /// Puts the file at `temporary` (written and flushed, in the same folder) at `path`, when
    /// `path` is still as `expected`; otherwise removes `temporary` and leaves `path` as it is.
    ///
    /// A version is checked twice: by its stat before anything moves, then — the two files swapped
    /// in one step (`renameat2` with `RENAME_EXCHANGE`) — the file taken off `path` is compared
    /// with the version read, content included. When it is not that version (a save landed between
    /// the check and the swap) the swap is undone, so every save that reached `path` stays there.
    /// Where the file system cannot swap, the first check is the only one, just before a rename.
    /// - Returns: the outcome, or `errno` when a rename failed (nothing changed then, `temporary`
    ///   removed).
    public static func install(_ temporary: String, at path: String, expecting expected: Expectation) -> Result<Outcome, SystemError> {
        func failure() -> Result<Outcome, SystemError> {
            let code = errno
            unlink(temporary)
            return .failure(SystemError(code))
        }
        switch expected {
        case .anything:
            return rename(temporary, path) == 0 ? .success(.installed) : failure()
        case .absent:
            if folio_rename_noreplace(temporary, path) == 0 { return .success(.installed) }
            if errno == EEXIST { return changed(temporary) }
            guard errno == ENOSYS || errno == EINVAL else { return failure() }
            // No renameat2: a hard link is made only where nothing is, then the temporary name goes.
            if link(temporary, path) == 0 {
                unlink(temporary)
                return .success(.installed)
            }
            if errno == EEXIST { return changed(temporary) }
            var info = stat()
            guard lstat(path, &info) != 0 else { return changed(temporary) }
            return rename(temporary, path) == 0 ? .success(.installed) : failure()
        case .version(let version):
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, version.sameStat(info) else { return changed(temporary) }
            var ours = stat()
            guard lstat(temporary, &ours) == 0 else { return failure() }
            if folio_rename_exchange(temporary, path) != 0 {
                guard errno == ENOSYS || errno == EINVAL else { return failure() }
                return rename(temporary, path) == 0 ? .success(.installed) : failure()
            }
            // `temporary` now names the file taken off `path`.
            if isVersion(temporary, version) {
                unlink(temporary)
                return .success(.installed)
            }
            return putBack(temporary, at: path, ours: ours)
        }
    }

    /// Removes the file at `path` when it is still `version`: it is first renamed to `hidden` (a
    /// name in the same folder nobody else uses), compared there, and renamed back when it is not
    /// the version read — unless a new file took `path` meanwhile, which then stays, the one
    /// renamed being kept beside it.
    /// - Returns: `.installed` when the file was removed (or was already gone), the outcome of a
    ///   change otherwise, or `errno` when the first rename failed (nothing changed then).
    public static func remove(_ path: String, expecting version: FileVersion, hidden: String) -> Result<Outcome, SystemError> {
        var info = stat()
        guard lstat(path, &info) == 0 else { return errno == ENOENT ? .success(.installed) : .failure(SystemError(errno)) }
        guard version.sameStat(info) else { return .success(.changed) }
        guard rename(path, hidden) == 0 else { return errno == ENOENT ? .success(.installed) : .failure(SystemError(errno)) }
        if isVersion(hidden, version) {
            unlink(hidden)
            return .success(.installed)
        }
        if folio_rename_noreplace(hidden, path) == 0 || (errno != EEXIST && rename(hidden, path) == 0) { return .success(.changed) }
        let kept = keptName(path)
        return rename(hidden, kept) == 0 ? .success(.changedKeeping(kept: kept)) : .failure(SystemError(errno))
    }

    private static func changed(_ temporary: String) -> Result<Outcome, SystemError> {
        unlink(temporary)
        return .success(.changed)
    }

    /// Whether the file at `path` is `version`: the same inode, size and modification time, and
    /// the same content.
    private static func isVersion(_ path: String, _ version: FileVersion) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0, version.sameStat(info, sinceRename: true), let (bytes, _) = read(path) else { return false }
        return FileVersion.hash(bytes) == version.contentHash
    }

    /// After a swap took a file that was not the version read off `path` (now at `displaced`):
    /// swaps back, so that save is at `path` again, and removes the new file (`ours`).
    private static func putBack(_ displaced: String, at path: String, ours: stat) -> Result<Outcome, SystemError> {
        guard folio_rename_exchange(displaced, path) == 0 else {
            // The swap just worked on these two names; should the way back fail, the save is kept
            // beside the file rather than lost.
            let kept = keptName(path)
            return rename(displaced, kept) == 0 ? .success(.changedKeeping(kept: kept)) : .failure(SystemError(errno))
        }
        var back = stat()
        if lstat(displaced, &back) == 0, back.st_ino == ours.st_ino, back.st_dev == ours.st_dev {
            unlink(displaced)
            return .success(.changed)
        }
        // Another save replaced the new file in the instant it stood at `path`: that save (the
        // newest) goes back to `path`, and the one it displaced is kept beside it.
        _ = folio_rename_exchange(displaced, path)
        let kept = keptName(path)
        return rename(displaced, kept) == 0 ? .success(.changedKeeping(kept: kept)) : .failure(SystemError(errno))
    }

    /// `notes/a.md` → `notes/a.md.kept-<pid>-<nanoseconds>`: a name nobody else writes.
    static func keptName(_ path: String) -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return "\(path).kept-\(getpid())-\(FileStamp.nanoseconds(now))"
    }
}
