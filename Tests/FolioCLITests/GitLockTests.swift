import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// folio and the git CLI in the same vault: folio never removes a lock git holds.
@Suite("Git's locks")
struct GitLockTests {
    /// A `git commit -a` (no -m) that waits in its editor until the test releases it, holding
    /// `.git/index.lock` all the while (git closes the lock's file before it starts the editor).
    final class WaitingCommit {
        let process = Process()
        let ready: URL
        let release: URL
        private(set) var deadline: ProcessDeadline?

        init(in vault: URL) throws {
            let scratch = vault.deletingLastPathComponent().appendingPathComponent("editor-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            ready = scratch.appendingPathComponent("ready")
            release = scratch.appendingPathComponent("release")
            let editor = scratch.appendingPathComponent("editor.sh")
            try """
            #!/bin/sh
            touch '\(ready.path)'
            while [ ! -e '\(release.path)' ]; do sleep 0.05; done
            echo 'hand edit while folio runs' > "$1"
            """.write(to: editor, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: editor.path)
            process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
            process.arguments = ["commit", "-a"]
            process.currentDirectoryURL = vault
            var environment = Tool.environment()
            environment["GIT_EDITOR"] = editor.path
            for key in ["GIT_AUTHOR", "GIT_COMMITTER"] {
                environment[key + "_NAME"] = "hand"
                environment[key + "_EMAIL"] = "hand@example.com"
            }
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            deadline = try process.run(deadline: childDeadline)
            let editorStarted = Date().addingTimeInterval(30)
            while !FileManager.default.fileExists(atPath: ready.path) && Date() < editorStarted { usleep(20_000) }
        }

        var waiting: Bool { FileManager.default.fileExists(atPath: ready.path) && process.isRunning }

        func finish() -> Int32 {
            _ = FileManager.default.createFile(atPath: release.path, contents: Data())
            process.waitUntilExit()
            return deadline?.fired == true ? -1 : process.terminationStatus
        }
    }

    func records(_ folio: FolioProcess) -> [String] {
        let walker = FileManager.default.enumerator(atPath: folio.directory.path)
        var found: [String] = []
        while let path = walker?.nextObject() as? String {
            if !path.hasPrefix(".git/") && !path.hasPrefix(".folio/") { found.append(path) }
        }
        return found.sorted()
    }

    @Test("git commit waiting for its editor: a read leaves index.lock alone, a write refuses naming it, git commit then succeeds")
    func commitInEditor() throws {
        let folio = try FolioProcess.vault()
        #expect(try folio.run("idea", "鎖的測試").status == 0)
        try folio.write("hand.md", "---\ntitle: 手寫\n---\n")
        _ = try git(["add", "hand.md"], in: folio.directory)
        _ = try git(["commit", "-m", "hand"], in: folio.directory)
        try folio.write("hand.md", "---\ntitle: 手寫，改過\n---\n")
        let commit = try WaitingCommit(in: folio.directory)
        let lock = folio.directory.appendingPathComponent(".git/index.lock")
        try #require(commit.waiting, "git commit did not start its editor")
        #expect(FileManager.default.fileExists(atPath: lock.path))

        let show = try folio.run("show", "鎖的測試")
        #expect(show.status == 0, "\(show.stderr)")
        #expect(!show.stderr.contains("lock"), "\(show.stderr)")
        #expect(FileManager.default.fileExists(atPath: lock.path), "folio show removed git's index.lock")

        let before = records(folio)
        let started = Date()
        let new = try folio.run("new", "idea", "--title", "不該寫入")
        #expect(new.status != 0)
        #expect(new.stderr.contains(".git/index.lock"), "\(new.stderr)")
        #expect(new.stderr.contains("another git process may be running"), "\(new.stderr)")
        #expect(new.stderr.contains("remove the file by hand"), "\(new.stderr)")
        #expect(Date().timeIntervalSince(started) >= 2.5, "folio did not wait for git's lock")
        #expect(records(folio) == before, "folio wrote while refusing")
        #expect(FileManager.default.fileExists(atPath: lock.path), "folio idea removed git's index.lock")

        #expect(commit.finish() == 0, "git commit failed after folio ran")
        let log = try git(["log", "-1", "--format=%s"], in: folio.directory)
        #expect(log.contains("hand edit while folio runs"))
        let after = try folio.run("idea", "之後可以寫")
        #expect(after.status == 0, "\(after.stderr)")
        let fsck = try git(["fsck", "--no-progress"], in: folio.directory)
        #expect(!fsck.contains("error") && !fsck.contains("missing"), "\(fsck)")
        #expect(try git(["status", "--porcelain"], in: folio.directory).isEmpty)
    }

    @Test("git.lock_wait bounds the wait for git's lock")
    func waitSetting() throws {
        let folio = try FolioProcess.vault()
        #expect(try folio.run("config", "set", "git.lock_wait", "0").status == 0)
        let lock = folio.directory.appendingPathComponent(".git/index.lock")
        try Data().write(to: lock)
        let started = Date()
        let new = try folio.run("idea", "不等")
        #expect(new.status != 0 && new.stderr.contains(".git/index.lock"), "\(new.stderr)")
        #expect(Date().timeIntervalSince(started) < 2.5)
        #expect(FileManager.default.fileExists(atPath: lock.path))
    }

    @Test("a lock a killed folio left (its owner mark names a process that is gone) is removed, and the next command commits")
    func ownStaleLock() throws {
        let folio = try FolioProcess.vault()
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        _ = try gone.runToEnd()
        try folio.write(".folio/local/git-writers/\(gone.processIdentifier)", "\(gone.processIdentifier) 1\n")
        let lock = folio.directory.appendingPathComponent(".git/index.lock")
        try Data().write(to: lock)
        let result = try folio.run("idea", "鎖之後")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("removed the lock .git/index.lock"))
        #expect(!FileManager.default.fileExists(atPath: lock.path))
        #expect(try git(["status", "--porcelain"], in: folio.directory).isEmpty)
        let marks = try FileManager.default.contentsOfDirectory(
            atPath: folio.directory.appendingPathComponent(".folio/local/git-writers").path)
        #expect(marks.isEmpty, "\(marks)")
    }

    @Test("a lock older than the dead folio's mark is git's, and stays")
    func olderLockIsGits() throws {
        let folio = try FolioProcess.vault()
        #expect(try folio.run("config", "set", "git.lock_wait", "0").status == 0)
        let lock = folio.directory.appendingPathComponent(".git/index.lock")
        try Data().write(to: lock)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: lock.path)
        try folio.write(".folio/local/git-writers/999999", "999999 1\n")
        let result = try folio.run("idea", "不刪")
        #expect(result.status != 0 && result.stderr.contains(".git/index.lock"), "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: lock.path))
    }

    @Test("temporary files a killed folio left are never committed as hand edits, and check still names them")
    func leftoverTemporaryNotCommitted() throws {
        let folio = try FolioProcess.vault()
        let created = try folio.run("idea", "寫到一半")
        #expect(created.status == 0)
        let path = try #require(
            created.stdout.split(separator: " ").last.map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) })
        let directory = (path as NSString).deletingLastPathComponent
        let leftover = "\(directory)/.\((path as NSString).lastPathComponent).tmp-999999-42"
        try folio.write(leftover, "---\ntitle: 寫到")
        try folio.write("media/.import-999999-7.tmp", "half a photo")
        let commit = try folio.run("commit")
        #expect(commit.status == 0, "\(commit.stderr)")
        let tracked = try git(["ls-files"], in: folio.directory)
        #expect(!tracked.contains(".tmp"), "\(tracked)")
        let check = try folio.run("check")
        #expect(check.stdout.contains(leftover) || check.stderr.contains(leftover), "\(check.stdout)\(check.stderr)")
    }

    @Test("the next write in a folder removes the temporary files killed folios left there, and keeps a live writer's")
    func leftoverTemporaryRemoved() throws {
        let folio = try FolioProcess.vault()
        let created = try folio.run("idea", "寫到一半")
        let path = try #require(
            created.stdout.split(separator: " ").last.map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) })
        let directory = (path as NSString).deletingLastPathComponent
        let dead = "\(directory)/.\((path as NSString).lastPathComponent).tmp-999999-42"
        let live = "\(directory)/.\((path as NSString).lastPathComponent).tmp-\(getpid())-43"
        try folio.write(dead, "---\ntitle: 寫到")
        try folio.write(live, "---\ntitle: 還在寫")
        #expect(try folio.run("set", path, "description=之後", "--extra").status == 0)
        #expect(folio.read(dead) == nil, "the dead writer's temporary file is still there")
        #expect(folio.read(live) != nil, "a live writer's temporary file was removed")
    }
}
