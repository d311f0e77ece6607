#if canImport(Glibc)
    import Glibc
#endif

/// What tells whether a file changed since it was looked at: its size, modification and change
/// times, and inode. The one stamp of folio: the catalog's cache and git's index both compare it.
///
/// The change time moves on every write and cannot be set back by `touch`, so an edit that keeps
/// the size and restores the modification time is still seen.
public struct FileStamp: Sendable, Hashable {
    public var size: UInt64
    public var modifiedNanoseconds: Int64
    public var changedNanoseconds: Int64
    public var inode: UInt64

    public init(size: UInt64, modifiedNanoseconds: Int64, changedNanoseconds: Int64, inode: UInt64) {
        self.size = size
        self.modifiedNanoseconds = modifiedNanoseconds
        self.changedNanoseconds = changedNanoseconds
        self.inode = inode
    }

    public init(_ info: stat) {
        size = UInt64(max(0, info.st_size))
        modifiedNanoseconds = Self.nanoseconds(info.st_mtim)
        changedNanoseconds = Self.nanoseconds(info.st_ctim)
        inode = UInt64(info.st_ino)
    }

    /// The modification time as the system gives it: whole seconds since 1970 and the
    /// nanoseconds past them (always 0 to 999,999,999, before 1970 too).
    public var modified: (seconds: Int64, nanoseconds: Int64) { Self.parts(modifiedNanoseconds) }
    /// The change time, as ``modified``.
    public var changed: (seconds: Int64, nanoseconds: Int64) { Self.parts(changedNanoseconds) }

    private static func parts(_ nanoseconds: Int64) -> (seconds: Int64, nanoseconds: Int64) {
        let seconds = nanoseconds >= 0 ? nanoseconds / 1_000_000_000 : (nanoseconds + 1) / 1_000_000_000 - 1
        return (seconds, nanoseconds &- seconds &* 1_000_000_000)
    }

    /// A time as nanoseconds since 1970, wrapping rather than trapping on a hostile file's time.
    public static func nanoseconds(_ time: timespec) -> Int64 {
        Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec)
    }

    /// The stamp of the file (or link) at `path` now, or nil when nothing is there.
    public static func of(_ path: String) -> FileStamp? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return FileStamp(info)
    }

    /// The racy-clean rule, the one both caches follow (git's and libgit2's, with a window): a file
    /// that changed no earlier than `window` before a snapshot was taken at `snapshotNanoseconds`
    /// may change again within the file system's clock resolution unseen, so its stamp is not
    /// trusted and its content is read instead.
    public func isRacy(snapshotNanoseconds: Int64, window: Int64 = 0) -> Bool {
        let settled = snapshotNanoseconds &- window
        return modifiedNanoseconds >= settled || changedNanoseconds >= settled
    }
}

/// Which file, and which version of it: its device and ``FileStamp``. What a cache of a file's
/// bytes or of what was made from them compares before it trusts itself (a served page, a key,
/// the app's lists); the one place a file's times are read from the system's `stat`.
public struct FileIdentity: Sendable, Hashable {
    public var device: UInt64
    public var stamp: FileStamp

    public init(_ info: stat) {
        device = UInt64(info.st_dev)
        stamp = FileStamp(info)
    }

    /// The identity of the file (not following a link) at `path` now, or nil when nothing is there.
    public static func of(_ path: String) -> FileIdentity? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return FileIdentity(info)
    }

    /// The identity of the open file `descriptor`, or nil when it cannot be asked.
    public static func of(descriptor: Int32) -> FileIdentity? {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        return FileIdentity(info)
    }
}
