import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Lock files git (or libgit2) leaves behind when a process dies mid-write.
///
/// While one exists every later index or reference update fails, so a crash would block all
/// later syncs. A lock is stale when no live process has it open and it is a few seconds old
/// (git and libgit2 keep a lock file open for as long as they write it; the short grace covers the instant between closing and renaming). Where `/proc` is missing, only
/// locks older than a minute count as stale.
enum StaleLocks {
    static let graceSeconds: TimeInterval = 0.2
    static let graceWithoutProc: TimeInterval = 60

    /// Removes stale locks under `gitDirectory`; returns their paths relative to the vault.
    static func recover(gitDirectory: URL) -> [String] {
        let candidates = lockFiles(in: gitDirectory)
        guard !candidates.isEmpty else { return [] }
        let openFiles = filesOpenByAnyProcess()
        var removed: [String] = []
        for url in candidates {
            let path = url.path
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                  let modified = attributes[.modificationDate] as? Date
            else { continue }
            let age = Date().timeIntervalSince(modified)
            let stale: Bool
            if let openFiles {
                stale = !openFiles.contains(path) && age >= graceSeconds
            } else {
                stale = age >= graceWithoutProc
            }
            if stale && unlink(path) == 0 {
                removed.append(".git/" + String(path.dropFirst(gitDirectory.path.count + 1)))
            }
        }
        return removed
    }

    /// `index.lock`, `HEAD.lock`, `config.lock`, `packed-refs.lock` and any `refs/**.lock`.
    static func lockFiles(in gitDirectory: URL) -> [URL] {
        var found: [URL] = []
        for name in ["index.lock", "HEAD.lock", "config.lock", "packed-refs.lock", "ORIG_HEAD.lock", "FETCH_HEAD.lock"] {
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

    /// Every file some process has open, from `/proc/*/fd`; nil when `/proc` cannot be read.
    static func filesOpenByAnyProcess() -> Set<String>? {
        guard let processes = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return nil }
        var open = Set<String>()
        var buffer = [CChar](repeating: 0, count: 4096)
        for pid in processes where pid.allSatisfy(\.isNumber) {
            let fdDirectory = "/proc/\(pid)/fd"
            guard let fds = try? FileManager.default.contentsOfDirectory(atPath: fdDirectory) else { continue }
            for fd in fds {
                let count = readlink(fdDirectory + "/" + fd, &buffer, buffer.count - 1)
                guard count > 0 else { continue }
                buffer[count] = 0
                open.insert(String(cString: buffer))
            }
        }
        return open
    }
}
