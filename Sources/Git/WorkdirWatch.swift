import SystemIO

/// A file watcher's word on the working directory (`folio watch`), for a status to `stat` only
/// the tracked files that may have changed since a status of the same index last found every
/// other one the same as its entry.
///
/// The watcher is trusted only where it watches (``WorkdirChanges/isWatched``), only for an index
/// whose file is the one it was told of (its stamp: git and libgit2 write a new file, by rename,
/// each time), and only for files that status found the same; every other file is `stat`ed.
public protocol WorkdirWatch: AnyObject {
    /// The paths that may have changed, for the index whose file has `indexStamp` and `entries`
    /// entries; nil: `stat` every file.
    func changes(indexStamp: FileStamp, entries: Int) -> WorkdirChanges?
    /// Called after a status of that index with the tracked paths it did not find the same as
    /// their entries (changed, gone, or to be compared by content).
    func statusFinished(indexStamp: FileStamp, notSame: [[UInt8]])
}

public struct WorkdirChanges {
    /// Working-directory-relative paths that may differ from their entries.
    public var paths: [[UInt8]]
    /// Whether the watcher sees every change in the folder at this path ("" for the root).
    public var isWatched: (ArraySlice<UInt8>) -> Bool

    public init(paths: [[UInt8]], isWatched: @escaping (ArraySlice<UInt8>) -> Bool) {
        self.paths = paths
        self.isWatched = isWatched
    }
}
