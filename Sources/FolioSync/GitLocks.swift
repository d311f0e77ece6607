import FolioCore
import FolioStore
import Foundation
import Synchronization
import SystemIO

// try? in this file: a lock left by a dead process is removed only when /proc and the file's times say so;
// what cannot be read counts as "someone may still hold it", and the lock stays.

#if canImport(Glibc)
    import Glibc
#endif

/// The lock files of a git repository, and which of them a folio that died left behind.
///
/// git and libgit2 take a lock (`index.lock`, `HEAD.lock`, `refs/heads/main.lock`, ...) for as
/// long as they change a file. git's own CLI keeps some open for minutes without holding the
/// file open (`git commit` waiting for its editor), so "nobody has it open" does not make a lock
/// stale. folio therefore removes a lock only when it is sure folio left it:
///
/// - before it writes to git, folio leaves an owner mark, `.folio/local/git-writers/<pid>`,
///   naming its process, and removes the mark when it is done (``GitWriterMarks``);
/// - a lock is folio's when a mark names a process that is gone, the lock is no older than that
///   mark, no process has the lock open (libgit2 keeps its locks open while it writes), and no
///   `git` process is working in the repository.
///
/// Every other lock is git's: a write waits for it up to `git.lock_wait` seconds, then refuses
/// (``LockMessage/gitLockHeld(path:waited:)``). Read commands never look at git's locks.
enum GitLocks {
    /// How long a write waits for git's own lock when `git.lock_wait` is not set, in seconds.
    static let defaultWaitSeconds = 3
    /// A lock's time may be a little earlier than its owner mark's (file times are coarse).
    static let clockSlack: TimeInterval = 2

    struct Scan {
        /// Locks a dead folio left, now removed (relative to `label`).
        var removed: [String] = []
        /// Locks that stay: git's, or a live process's.
        var held: [String] = []
    }

    /// Removes the locks under `gitDirectory` that a folio process which is gone left; reports the rest.
    ///
    /// - Parameters:
    ///   - workTree: the folder a `git` process working in this repository would run in.
    ///   - marks: the owner marks of the vault whose folio may have written here.
    ///   - label: prefix for the reported paths (`.git/` for the vault, the remote's URL for a remote).
    static func recover(gitDirectory: URL, workTree: URL, marks: GitWriterMarks.Folder, label: String) -> Scan {
        var scan = Scan()
        let candidates = lockFiles(in: gitDirectory)
        let dead = marks.deadMarks()
        guard !candidates.isEmpty else {
            marks.forget(dead)
            return scan
        }
        let openFiles = dead.isEmpty ? nil : ProcessFacts.filesOpenByAnyProcess()
        let gitRunning = dead.isEmpty ? true : gitProcessRunning(in: [workTree.path, gitDirectory.path])
        for url in candidates {
            let path = url.path
            let name = label + String(path.dropFirst(gitDirectory.path.count + 1))
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                let modified = attributes[.modificationDate] as? Date
            else { continue }
            let ours =
                !gitRunning
                && openFiles.map { !$0.contains(path) } == true
                && dead.contains { $0.started <= modified.addingTimeInterval(clockSlack) }
            if ours && unlink(path) == 0 {
                scan.removed.append(name)
            } else if FileManager.default.fileExists(atPath: path) {
                scan.held.append(name)
            }
        }
        if scan.held.isEmpty { marks.forget(dead) }
        return scan
    }

    /// Waits up to `wait` for the locks under `gitDirectory` that are not folio's to go, removing
    /// folio's own stale ones on the way.
    /// - Returns: the locks removed.
    /// - Throws: ``FolioError`` ``LockMessage/gitLockHeld(path:waited:)`` naming the first lock still there.
    static func waitForGit(
        gitDirectory: URL, workTree: URL, marks: GitWriterMarks.Folder, label: String, wait: Int
    ) throws(FolioError) -> [String] {
        let deadline = Date().addingTimeInterval(TimeInterval(wait))
        var removed: [String] = []
        while true {
            let scan = recover(gitDirectory: gitDirectory, workTree: workTree, marks: marks, label: label)
            removed += scan.removed
            guard let first = scan.held.first else { return removed }
            guard Date() < deadline else {
                throw FolioError(.lock(.gitLockHeld(path: first, waited: wait)), file: first)
            }
            usleep(50_000)
        }
    }

    /// `index.lock`, `HEAD.lock`, `config.lock`, `packed-refs.lock` and any `refs/**.lock`.
    static func lockFiles(in gitDirectory: URL) -> [URL] {
        var found: [URL] = []
        for name in ["index.lock", "HEAD.lock", "config.lock", "packed-refs.lock", "ORIG_HEAD.lock", "FETCH_HEAD.lock", "shallow.lock"] {
            let url = gitDirectory.appendingPathComponent(name)
            if FileManager.default.fileExists(atPath: url.path) { found.append(url) }
        }
        let refs = gitDirectory.appendingPathComponent("refs")
        if let walker = FileManager.default.enumerator(atPath: refs.path) {
            while let relative = walker.nextObject() as? String {
                if relative.hasSuffix(".lock") { found.append(refs.appendingPathComponent(relative)) }
            }
        }
        return found
    }

    /// Whether a `git` process (git, git-receive-pack, ...) runs in one of `folders` or below;
    /// true when the system cannot tell, so nothing is removed blind.
    static func gitProcessRunning(in folders: [String]) -> Bool {
        let isGit = { (name: String) in name.hasPrefix("git") && !name.hasPrefix("git-daemon") }
        guard let processes = ProcessFacts.runningProcesses(named: isGit) else { return true }
        for (_, cwd) in processes {
            if folders.contains(where: { cwd == $0 || cwd.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }) { return true }
        }
        return false
    }
}

/// The owner marks of folio processes that are writing to git: `.folio/local/git-writers/<pid>`,
/// holding the process id and start time. A mark left behind names a folio that died while writing.
final class GitWriterMarks: Sendable {
    static let shared = GitWriterMarks()
    /// How deeply nested this process's writes are, by folder of marks.
    private let depth = Mutex<[String: Int]>([:])

    /// One vault's folder of marks: `git-writers/` for writes to the vault's own repository,
    /// `git-writers/remote/` for pushes into a remote that is a folder.
    struct Folder {
        let url: URL

        init(localDirectory: URL, remote: Bool = false) {
            let own = localDirectory.appendingPathComponent("git-writers")
            url = remote ? own.appendingPathComponent("remote") : own
        }

        /// The marks of processes that are gone, with the time each began writing.
        func deadMarks() -> [(url: URL, started: Date)] {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) else { return [] }
            var dead: [(url: URL, started: Date)] = []
            for name in names where name != "remote" {
                let mark = url.appendingPathComponent(name)
                guard let text = LocalFile.text(mark, maxBytes: 4_096),
                    let attributes = try? FileManager.default.attributesOfItem(atPath: mark.path),
                    let started = attributes[.modificationDate] as? Date
                else { continue }
                let parts = text.split(whereSeparator: \.isWhitespace)
                guard parts.count == 2, let pid = Int32(parts[0]) else {
                    // Half-written by a folio killed while writing it: its owner is gone.
                    if parts.count < 2 { dead.append((mark, started)) }
                    continue
                }
                if !ProcessFacts.isAlive(pid: pid, startTime: String(parts[1])) { dead.append((mark, started)) }
            }
            return dead
        }

        func forget(_ marks: [(url: URL, started: Date)]) {
            for mark in marks { unlink(mark.url.path) }
        }
    }

    /// Leaves this process's mark in `folder` (once, however deeply nested) before git writes.
    func begin(_ folder: Folder) {
        let pid = getpid()
        let key = folder.url.path
        depth.withLock { depth in
            let current = depth[key, default: 0]
            depth[key] = current + 1
            guard current == 0 else { return }
            Self.leaveMark(in: folder, pid: pid)
        }
    }

    private static func leaveMark(in folder: Folder, pid: Int32) {
        // A mark is a courtesy to a later folio: without its folder, the write goes on unmarked.
        try? AtomicFile.makeDirectory(folder.url)
        let text = "\(pid) \(ProcessFacts.startTime(of: pid) ?? "0")\n"
        // Written in place on purpose: a mark cut short by a kill still says "a folio was writing".
        let path = folder.url.appendingPathComponent(String(pid)).path
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return }
        _ = text.withCString { write(fd, $0, strlen($0)) }
        close(fd)
    }

    /// Removes this process's mark once its outermost write is done.
    func end(_ folder: Folder) {
        let key = folder.url.path
        depth.withLock { depth in
            let current = depth[key, default: 0]
            guard current > 0 else { return }
            depth[key] = current - 1
            if current == 1 { unlink(folder.url.appendingPathComponent(String(getpid())).path) }
        }
    }

    /// Runs `body` with this process's mark in each of `folders`.
    func during<T, E: Error>(_ folders: Folder..., body: () throws(E) -> T) throws(E) -> T {
        folders.forEach(begin)
        defer { folders.forEach(end) }
        return try body()
    }
}
