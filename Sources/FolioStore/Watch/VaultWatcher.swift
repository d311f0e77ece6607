import FolioCore
import Foundation
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

/// `folio watch`'s server: inotify on every folder the catalog walks, and a log of the paths that
/// changed, so that a command `stat`s only those instead of every file of the vault (what git's
/// fsmonitor does for `git status`).
///
/// Its answers are trusted, so it says "walk everything" whenever it cannot vouch for a list: a
/// token from another instance or older than its log, and after the kernel dropped events (queue
/// overflow) or a folder moved (its watches would name the wrong paths) — both start a new
/// instance with every folder watched again. A folder made in the vault is watched, then listed,
/// so a file written before its watch is named too.
///
/// Single-threaded: one `poll` over inotify and the listening socket. A request first takes every
/// event the kernel has queued, so a change that finished before the command asked is in the
/// answer (inotify queues an event inside the system call that made the change).
public final class VaultWatcher {
    private let root: String
    /// The watched folder's device and inode, as its status names them.
    private let rootIdentity: String?
    /// The kernel's events on every watched folder (``SystemIO/FolderEvents``).
    private var events: FolderEvents?
    /// The vault-relative folder of each watch ("" for the root).
    private var folders: [Int32: [UInt8]] = [:]
    private var instance: UInt64 = 0
    private var sequence: UInt64 = 0
    /// The oldest token still answerable: the log holds every change after it.
    private var floor: UInt64 = 0
    private var log: [(sequence: UInt64, path: [UInt8])] = []
    private static let maxLog = 200_000
    private(set) var rescans = 0
    private(set) var answers: UInt64 = 0
    private let started = Int64(time(nil))
    private var stopped = false

    /// Watches every folder of the vault at `root`; throws when inotify cannot watch them all.
    public init(root: URL) throws(FolioError) {
        self.root = root.path
        rootIdentity = WatchProtocol.identity(ofFolder: root.path)
        try rewatch()
        rescans = 0
    }

    /// How many folders are watched.
    public var watchedFolders: Int { folders.count }

    /// Serves requests on `listening` until asked to stop, the vault's root goes away, or
    /// `stillServing` says no (its socket was removed or replaced): checked every two seconds, since
    /// a removed root whose folders hold an open file (the lock) never announces that it went.
    public func serve(listening: Int32, stillServing: () -> Bool) {
        var lastCheck = LocalSocket.monotonicNanoseconds()
        while !stopped, let events {
            var ready = [
                pollfd(fd: events.descriptor, events: Int16(POLLIN), revents: 0), pollfd(fd: listening, events: Int16(POLLIN), revents: 0),
            ]
            let count = poll(&ready, 2, 2_000)
            if count < 0 && errno != EINTR { return }
            if ready[0].revents != 0 { take() }
            if ready[1].revents != 0 { accept(on: listening) }
            let now = LocalSocket.monotonicNanoseconds()
            if now - lastCheck >= 2_000_000_000 {
                lastCheck = now
                if access(root, F_OK) != 0 || !stillServing() { return }
            }
        }
    }

    // MARK: Answers

    func changes(since token: WatchProtocol.Token) -> WatchProtocol.Changes {
        take()
        answers += 1
        let now = WatchProtocol.Token(instance: instance, sequence: sequence)
        guard token.instance == instance, token.sequence >= floor, token.sequence <= sequence else { return .all(now: now) }
        // The log is in sequence order: the first change after the token, then every later one, once.
        var low = 0
        var high = log.count
        while low < high {
            let middle = (low + high) / 2
            if log[middle].sequence <= token.sequence { low = middle + 1 } else { high = middle }
        }
        var seen = Set<[UInt8]>()
        var paths: [[UInt8]] = []
        var bytes = 0
        for entry in log[low...] where seen.insert(entry.path).inserted {
            // A list the command would refuse (a path or a reply over its limits) is no list: walk everything.
            bytes += entry.path.count + 1
            guard entry.path.count <= WatchProtocol.maxPathBytes, bytes < WatchProtocol.maxReplyBytes - 4_096 else { return .all(now: now) }
            paths.append(entry.path)
        }
        return .changed(now: now, paths: paths)
    }

    var status: WatchProtocol.Status {
        WatchProtocol.Status(
            pid: getpid(), folders: folders.count, startedSeconds: started, changes: sequence, answers: answers, rescans: rescans,
            root: rootIdentity)
    }

    private func note(_ path: [UInt8]) {
        sequence += 1
        log.append((sequence, path))
        if log.count > Self.maxLog {
            let dropped = log.count / 2
            floor = log[dropped - 1].sequence
            log.removeFirst(dropped)
        }
    }

    // MARK: Requests

    private func accept(on listening: Int32) {
        guard let client = LocalSocket.accept(listening) else { return }
        defer { close(client) }
        // Only this user's commands: the socket's mode says so, the kernel's word on the peer checks it.
        guard LocalSocket.peerUser(client) == geteuid() else { return }
        // A command sends its line at once; one that does not is dropped, never waited on for long.
        let deadline = LocalSocket.monotonicNanoseconds() + 200_000_000
        guard let line = readLine(client, deadline: deadline), let request = WatchProtocol.request(line) else {
            // Too long, too slow or not a request: said at once, and the next command is served.
            _ = LocalSocket.sendAll(client, WatchProtocol.refusal, deadline: LocalSocket.monotonicNanoseconds() + 200_000_000)
            // What is already queued is read and dropped (never waited for): a socket closed with
            // bytes unread resets, and the command could lose the refusal.
            var sink = [UInt8](repeating: 0, count: 65_536)
            for _ in 0..<16 where sink.withUnsafeMutableBytes({ recv(client, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }) > 0 {}
            return
        }
        let reply: [UInt8]
        switch request {
        case .changes(let token): reply = WatchProtocol.encode(changes(since: token))
        case .status: reply = WatchProtocol.encode(status)
        case .stop:
            reply = Array((WatchProtocol.header + "stopping\nend\n").utf8)
            stopped = true
        }
        _ = LocalSocket.sendAll(client, reply, deadline: LocalSocket.monotonicNanoseconds() + 1_000_000_000)
    }

    private func readLine(_ fd: Int32, deadline: UInt64) -> [UInt8]? {
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while line.count < WatchProtocol.maxRequestBytes {
            let count = recv(fd, &byte, 1, 0)
            if count == 1 {
                if byte == UInt8(ascii: "\n") { return line }
                line.append(byte)
            } else if count < 0 && (errno == EAGAIN || errno == EINTR) {
                guard LocalSocket.wait(fd, for: Int16(POLLIN), until: deadline) else { return nil }
            } else {
                return nil
            }
        }
        return nil
    }

    // MARK: Events

    /// Takes every event the kernel has queued.
    private func take() {
        var mustRewatch = false
        events?.takeQueued { event in
            mustRewatch = self.event(event)
            return !mustRewatch
        }
        if mustRewatch {
            // A vault that can no longer be watched whole stops the server; commands then walk it.
            do throws(FolioError) { try rewatch() } catch { stopped = true }
        }
    }

    /// Notes one event; true when the watches must be set up again.
    private func event(_ event: FolderEvents.Event) -> Bool {
        let (change, name) = (event.change, event.name)
        if change.contains(.overflow) { return true }
        if change.contains(.watchEnded) {
            folders.removeValue(forKey: event.watch)
            return false
        }
        guard let folder = folders[event.watch] else { return false }
        let itself = !change.isDisjoint(with: [.folderDeleted, .folderMoved])
        if folder.isEmpty && itself {
            stopped = true
            return false
        }
        // A watched folder itself moved: the moves in its parent say so too.
        if itself { return false }
        let path = folder.isEmpty ? name : folder + [UInt8(ascii: "/")] + name
        guard !name.isEmpty else { return false }
        if change.contains(.isFolder) {
            guard Vault.walksFolder(named: String(decoding: name, as: UTF8.self), atRoot: folder.isEmpty) else { return false }
            if !change.isDisjoint(with: [.movedOut, .movedIn]) { return true }
            note(path)
            // A new folder that cannot be watched (the user's limit of watches, a path too long)
            // would hide every later change in it: the server stops, and commands walk the vault.
            if change.contains(.created), watch(subtree: path, noting: true) != nil { stopped = true }
            return false
        }
        note(path)
        return false
    }

    /// A new instance with every folder watched again and an empty log: every older token is answered `all`.
    private func rewatch() throws(FolioError) {
        events = nil
        folders = [:]
        log = []
        floor = 0
        sequence = 0
        rescans += 1
        instance = 0
        while instance == 0 { instance = UInt64.random(in: 1...UInt64.max) }
        switch FolderEvents.open() {
        case .success(let opened): events = opened
        case .failure(let error) where error.code == ENOSYS: throw FolioError(.watch(.notOnThisSystem))
        case .failure(let error): throw FolioError(.watch(.cannotWatch(errno: error.code)))
        }
        if let failure = watch(subtree: [], noting: false) { throw FolioError(.watch(.cannotWatch(errno: failure.code))) }
    }

    /// Watches the folder at `relative` and every folder below it the catalog walks, each before it
    /// is listed; with `noting`, notes every name found (made before its folder's watch). The
    /// system's reason when a folder could not be watched (most often the user's limit of watches).
    private func watch(subtree relative: [UInt8], noting: Bool) -> SystemError? {
        guard let events else { return SystemError(ENOSYS) }
        var pending = [relative]
        while let folder = pending.popLast() {
            let path = folder.isEmpty ? root : root + "/" + String(decoding: folder, as: UTF8.self)
            switch events.watch(path, for: .everyChange) {
            case .success(let watch): folders[watch] = folder
            // Gone since it was seen: its parent's events say so. Anything else: cannot vouch.
            case .failure(let error) where error.code == ENOENT || error.code == ENOTDIR: continue
            case .failure(let error): return error
            }
            guard let directory = opendir(path) else { continue }
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                let name = DirectoryEntry.nameBytes(entry)
                if DirectoryEntry.isDots(name) { continue }
                let child = folder.isEmpty ? name : folder + [UInt8(ascii: "/")] + name
                var isFolder = entry.pointee.d_type == UInt8(DT_DIR)
                if entry.pointee.d_type == UInt8(DT_UNKNOWN) {
                    var info = stat()
                    let found = DirectoryEntry.withCName(entry) { name, _ in
                        fstatat(dirfd(directory), name, &info, AT_SYMLINK_NOFOLLOW)
                    }
                    isFolder = found == 0 && info.st_mode & S_IFMT == S_IFDIR
                }
                if isFolder {
                    if Vault.walksFolder(named: String(decoding: name, as: UTF8.self), atRoot: folder.isEmpty) { pending.append(child) }
                } else if noting {
                    note(child)
                }
            }
        }
        return nil
    }
}
