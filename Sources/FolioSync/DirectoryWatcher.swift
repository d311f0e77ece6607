import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Wakes `sync --watch` as soon as a file in the vault changes, instead of at the next interval.
///
/// On Linux it uses inotify on every folder of the vault but `.git` and `.folio/local`; elsewhere it
/// only sleeps, and changes wait for the interval.
public final class DirectoryWatcher {
    private let root: URL
    private var descriptor: Int32 = -1
    private var watched = Set<String>()

    public init(root: URL) {
        self.root = root
        #if os(Linux)
            descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            if descriptor >= 0 { addWatches() }
        #endif
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    private func addWatches() {
        #if os(Linux)
            var folders = [root.path]
            if let walker = FileManager.default.enumerator(atPath: root.path) {
                while let relative = walker.nextObject() as? String {
                    if relative == ".git" || relative == ".folio/local" || relative == "media" {
                        walker.skipDescendants()
                        continue
                    }
                    var isDirectory: ObjCBool = false
                    let path = root.appendingPathComponent(relative).path
                    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                        folders.append(path)
                    }
                }
            }
            let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_CREATE)
            for folder in folders where !watched.contains(folder) {
                if inotify_add_watch(descriptor, folder, mask) >= 0 { watched.insert(folder) }
            }
        #endif
    }

    /// Forgets changes seen so far (e.g. the files a sync itself just wrote).
    public func drain() {
        guard descriptor >= 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while read(descriptor, &buffer, buffer.count) > 0 {}
        addWatches()
    }

    /// Waits until a file changes (then a short quiet moment, so an editor's save is complete),
    /// `seconds` pass, or `shouldStop` says so. Returns true when a change woke it.
    public func wait(seconds: Double, shouldStop: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if shouldStop() { return false }
            let slice = min(0.2, deadline.timeIntervalSinceNow)
            guard descriptor >= 0 else {
                usleep(UInt32(max(0, slice) * 1_000_000))
                continue
            }
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            if poll(&entry, 1, Int32(max(1, slice * 1000))) > 0 {
                usleep(300_000)
                drain()
                return true
            }
        }
        return false
    }
}
