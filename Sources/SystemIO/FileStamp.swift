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
