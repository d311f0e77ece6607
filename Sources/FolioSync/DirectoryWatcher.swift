import Foundation
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

/// Wakes `sync --watch` as soon as a file in the vault changes, instead of at the next interval.
///
/// On Linux it uses inotify (``SystemIO/FolderEvents``) on every folder of the vault but `.git`, `.folio/local` and `media`;
/// elsewhere it only sleeps, and changes wait for the interval. The folders are found once, by
/// their names alone (no file is `stat`ed); after that a folder made, moved in or moved away is
/// learnt from inotify's own events, so a round of the watch never walks the vault again (at
/// 100,000 records a walk of every file after each sync took about a second).
public final class DirectoryWatcher {
    private let root: URL
    /// The kernel's events (nil where the system has none: the watch only sleeps then).
    private let events: FolderEvents?
    /// The vault-relative folder each watch stands for ("" for the root).
    private var folders: [Int32: String] = [:]

    public init(root: URL) {
        self.root = root
        // Without events (no inotify, or the user's limit reached) the watch waits out each interval.
        if case .success(let opened) = FolderEvents.open() { events = opened } else { events = nil }
        if events != nil { watch(subtree: "") }
    }

    /// How many folders are watched.
    public var watchedFolders: Int { folders.count }

    /// The folders sync never wakes for: git's own, this device's caches, and media (added by
    /// folio itself, which commits them with their record).
    static func isSkipped(_ relative: String) -> Bool {
        relative == ".git" || relative == ".folio/local" || relative == "media"
    }

    /// Watches `relative` and every folder below it. A folder already watched is watched again,
    /// which gives the same watch and brings its path up to date (after a move). The folder is
    /// watched before it is listed, so a subfolder made in between is either listed or announced
    /// by an event.
    private func watch(subtree relative: String) {
        guard let events else { return }
        var pending = [relative]
        while let folder = pending.popLast() {
            guard !Self.isSkipped(folder) else { continue }
            let path = folder.isEmpty ? root.path : root.path + "/" + folder
            guard case .success(let watch) = events.watch(path, for: .savedOrMoved) else { continue }
            folders[watch] = folder
            for name in Self.subfolders(of: path) { pending.append(folder.isEmpty ? name : folder + "/" + name) }
        }
    }

    /// The names of the folders in `path`, from `readdir`'s entry types (a file system that gives
    /// none has its entry `stat`ed); never through a link.
    private static func subfolders(of path: String) -> [String] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        let descriptor = dirfd(directory)
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = DirectoryEntry.name(entry)
            if name == "." || name == ".." { continue }
            var isFolder = entry.pointee.d_type == UInt8(DT_DIR)
            if entry.pointee.d_type == UInt8(DT_UNKNOWN) {
                var info = stat()
                isFolder = fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 && info.st_mode & S_IFMT == S_IFDIR
            }
            if isFolder { names.append(name) }
        }
        return names
    }

    /// Forgets changes seen so far (e.g. the files a sync itself just wrote), and watches the
    /// folders they made.
    public func drain() {
        guard let events else { return }
        var made: [String] = []
        var rewalk = false
        events.takeQueued { event in
            if event.change.contains(.overflow) {
                // Events were lost: what was made is found by walking the folders again.
                rewalk = true
            } else if event.change.contains(.watchEnded) {
                folders[event.watch] = nil
            } else if event.change.contains(.isFolder), let parent = folders[event.watch] {
                let child = String(decoding: event.name, as: UTF8.self)
                if event.change.contains(.movedOut) {
                    // Moved within the vault, the folder keeps its watches under an old path;
                    // the walk gives them their new ones.
                    rewalk = true
                } else if !event.change.isDisjoint(with: [.created, .movedIn]) {
                    made.append(parent.isEmpty ? child : parent + "/" + child)
                }
            }
            return true
        }
        if rewalk {
            watch(subtree: "")
        } else {
            for folder in made { watch(subtree: folder) }
        }
    }

    /// Waits until a file changes (then a short quiet moment, so an editor's save is complete),
    /// `seconds` pass, or `shouldStop` says so. Returns true when a change woke it.
    public func wait(seconds: Double, shouldStop: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if shouldStop() { return false }
            let slice = min(0.2, deadline.timeIntervalSinceNow)
            guard let events else {
                usleep(UInt32(max(0, slice) * 1_000_000))
                continue
            }
            var entry = pollfd(fd: events.descriptor, events: Int16(POLLIN), revents: 0)
            if poll(&entry, 1, Int32(max(1, slice * 1000))) > 0 {
                usleep(300_000)
                drain()
                return true
            }
        }
        return false
    }
}
