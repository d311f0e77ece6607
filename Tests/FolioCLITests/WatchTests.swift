import FolioCore
import Foundation
import SystemIO
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `folio watch`: the real server, started by `folio watch start` on a scratch vault, against
/// edits as people and their tools make them. The oracle for every answer is the same command with
/// no cache and no watcher (`FOLIO_WATCH=off`), which reads every file.
@Suite("folio watch", .serialized)
struct WatchTests {
    /// A vault of `count` records written as files, in folders by month, and a watcher serving it.
    static func watchedVault(records count: Int = 40) throws -> FolioProcess {
        var folio = try FolioProcess.vault(language: "en")
        // Files as old as the cache are read again on every run whatever the watcher says: none here.
        folio.environment["FOLIO_RACY_WINDOW_MS"] = "0"
        for i in 0..<count { try write(record: i, title: "record \(i)", in: folio) }
        try folio.run("list", "-n", "1")
        let started = try folio.run("watch", "start")
        #expect(started.status == 0, "\(started.stderr)")
        #expect(started.stdout.hasPrefix("folio watch is watching "), "\(started.stdout)")
        return folio
    }

    static func write(record i: Int, title: String, in folio: FolioProcess, folder: String? = nil) throws {
        let folder = folder ?? "notes/2026/\(String(format: "%02d", i % 6 + 1))"
        let url = folio.directory.appendingPathComponent("\(folder)/record-\(i).md")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(record(i, title: title).utf8).write(to: url, options: .atomic)
    }

    static func record(_ i: Int, title: String) -> String {
        "---\nid: \(String(format: "%08x", 0x1000_0000 + i))\nkind: note\ntitle: \(title)\ncreated: 2026-0\(i % 6 + 1)-1\(i % 9)T08:00:00+08:00\ntags: [t\(i % 4)]\n---\n\nBody \(i).\n"
    }

    /// What `list --json` and `tags --json` say with the watcher, and what they say with no cache
    /// and no watcher; the cache (with the watcher's token) is put back after the oracle's run.
    static func compare(_ folio: FolioProcess, _ note: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let watched = try folio.run("list", "--json")
        let watchedTags = try folio.run("tags", "--json")
        #expect(watched.status == 0 && watched.stderr.isEmpty, "\(note): \(watched.stderr)", sourceLocation: sourceLocation)
        let cache = folio.directory.appendingPathComponent(".folio/local/cache")
        let aside = folio.directory.appendingPathComponent(".folio/local/cache-aside")
        try FileManager.default.moveItem(at: cache, to: aside)
        var oracle = folio
        oracle.environment["FOLIO_WATCH"] = "off"
        let truth = try oracle.run("list", "--json")
        let truthTags = try oracle.run("tags", "--json")
        try FileManager.default.removeItem(at: cache)
        try FileManager.default.moveItem(at: aside, to: cache)
        #expect(watched.stdout == truth.stdout, "\(note)", sourceLocation: sourceLocation)
        #expect(watchedTags.stdout == truthTags.stdout, "\(note)", sourceLocation: sourceLocation)
    }

    static func status(_ folio: FolioProcess) throws -> [String: Any] {
        let result = try folio.run("watch", "status", "--json")
        return (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]) ?? [:]
    }

    static func stop(_ folio: FolioProcess) {
        _ = try? folio.run("watch", "stop")
    }

    /// Edits of every kind the catalog must notice, in a seeded random order: each answer with the
    /// watcher is the answer without it.
    @Test func answersAsAFullWalkDoes() throws {
        let folio = try Self.watchedVault()
        defer { Self.stop(folio) }
        let root = folio.directory
        var random = SplitMix64(seed: 40)
        var next = 100
        var compared = 0
        let files = { () -> [URL] in
            (FileManager.default.enumerator(at: root.appendingPathComponent("notes"), includingPropertiesForKeys: nil)?.allObjects as? [URL]
                ?? [])
                .filter { $0.pathExtension == "md" }.sorted { $0.path < $1.path }
        }
        for step in 0..<36 {
            let all = files()
            guard let target = all.isEmpty ? nil : all[Int(random.next() % UInt64(all.count))] else { break }
            let action = step < 12 ? step : Int(random.next() % 12)
            var note = "step \(step), action \(action) on \(target.lastPathComponent)"
            switch action {
            case 0:  // an editor that writes in place, same inode
                let handle = try FileHandle(forUpdating: target)
                let text = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self).replacingOccurrences(
                    of: "title: ", with: "title: edited ")
                try handle.seek(toOffset: 0)
                handle.write(Data(text.utf8))
                try handle.close()
            case 1:  // an editor that writes a new file and renames it over the old one
                let temporary = target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).swp")
                try Data(Self.record(next, title: "replaced \(step)").utf8).write(to: temporary)
                _ = rename(temporary.path, target.path)
            case 2:
                try FileManager.default.removeItem(at: target)
            case 3:
                try Self.write(record: next, title: "new \(step)", in: folio)
            case 4:  // a new folder, with records in it and in a folder below it
                try Self.write(record: next, title: "in a new folder", in: folio, folder: "trips/\(step)")
                try Self.write(record: next + 1, title: "deeper", in: folio, folder: "trips/\(step)/day")
            case 5:  // a folder renamed
                let folder = target.deletingLastPathComponent()
                let renamed = folder.deletingLastPathComponent().appendingPathComponent(folder.lastPathComponent + "-\(step)")
                try FileManager.default.moveItem(at: folder, to: renamed)
                note += " (folder renamed)"
            case 6:  // a record moved to another folder
                try FileManager.default.moveItem(at: target, to: root.appendingPathComponent("notes/moved-\(step).md"))
            case 7:  // the same size, the old modification time put back
                let before = try FileManager.default.attributesOfItem(atPath: target.path)[.modificationDate] as? Date
                let text = try String(contentsOf: target, encoding: .utf8)
                let swapped = text.replacingOccurrences(of: "Body", with: "Bod\(step % 10)")
                try Data(swapped.utf8).write(to: target)
                if let before { try FileManager.default.setAttributes([.modificationDate: before], ofItemAtPath: target.path) }
            case 8:  // a plain note and a file that is not Markdown
                try Data("no front matter\n".utf8).write(to: target.deletingLastPathComponent().appendingPathComponent("plain-\(step).md"))
                try Data("x".utf8).write(to: target.deletingLastPathComponent().appendingPathComponent("photo-\(step).txt"))
            case 9:  // a record turned into a plain note, and back
                let text = try String(contentsOf: target, encoding: .utf8)
                try Data("just text\n".utf8).write(to: target)
                try Data(text.utf8).write(to: target)
            case 10:  // a folder moved out of the vault and another moved in
                let folder = target.deletingLastPathComponent()
                guard folder.lastPathComponent != "notes" else { continue }
                let outside =
                    folio.scratch?.path("outside-\(step)") ?? root.deletingLastPathComponent().appendingPathComponent("outside-\(step)")
                try FileManager.default.moveItem(at: folder, to: outside)
                let incoming =
                    folio.scratch?.path("incoming-\(step)") ?? root.deletingLastPathComponent().appendingPathComponent("incoming-\(step)")
                try FileManager.default.createDirectory(at: incoming, withIntermediateDirectories: true)
                try Data(Self.record(next + 2, title: "moved in").utf8).write(to: incoming.appendingPathComponent("in.md"))
                try FileManager.default.moveItem(at: incoming, to: root.appendingPathComponent("notes/in-\(step)"))
            default:  // two changes to one file between runs, and one to a hidden folder (never read)
                try Data(Self.record(next, title: "first").utf8).write(to: target)
                try Data(Self.record(next, title: "second \(step)").utf8).write(to: target)
                let hidden = root.appendingPathComponent("notes/.hidden")
                try FileManager.default.createDirectory(at: hidden, withIntermediateDirectories: true)
                try Data(Self.record(next + 3, title: "hidden").utf8).write(to: hidden.appendingPathComponent("h.md"))
            }
            next += 4
            try Self.compare(folio, note)
            compared += 1
        }
        let status = try Self.status(folio)
        #expect(status["watching"] as? Bool == true)
        // Every run asked it (two commands a step), and folders moved made it watch again.
        #expect((status["answers"] as? Int ?? 0) >= 2 * compared)
        #expect((status["rescans"] as? Int ?? 0) >= 1)
    }

    /// `folio status` (git's status of the vault) with the watcher, after edits of every kind,
    /// inside and outside the folders it watches: the same as without it.
    @Test func statusAsAFullWalkDoes() throws {
        let folio = try Self.watchedVault(records: 12)
        defer { Self.stop(folio) }
        let root = folio.directory
        #expect(try folio.run("commit", "-m", "records").status == 0)
        func compareStatus(_ note: String) throws {
            let watched = try folio.run("status", "--json")
            var oracle = folio
            oracle.environment["FOLIO_WATCH"] = "off"
            let truth = try oracle.run("status", "--json")
            #expect(watched.status == truth.status, "\(note)")
            #expect(watched.stdout == truth.stdout, "\(note)")
        }
        try compareStatus("committed")
        try compareStatus("again, from the saved state")
        let edits: [(String, () throws -> Void)] = [
            (
                "an edit in place",
                { try Data(Self.record(0, title: "edited").utf8).write(to: root.appendingPathComponent("notes/2026/01/record-0.md")) }
            ),
            (
                "a file renamed over",
                {
                    let temporary = root.appendingPathComponent("notes/2026/02/.swap")
                    try Data(Self.record(1, title: "swapped").utf8).write(to: temporary)
                    _ = rename(temporary.path, root.appendingPathComponent("notes/2026/02/record-1.md").path)
                }
            ),
            ("a file deleted", { try FileManager.default.removeItem(at: root.appendingPathComponent("notes/2026/03/record-2.md")) }),
            ("a new file", { try Self.write(record: 50, title: "untracked", in: folio) }),
            (
                "the settings (an unwatched folder)",
                {
                    let config = root.appendingPathComponent(".folio/config.yaml")
                    let text = (try? String(contentsOf: config, encoding: .utf8)) ?? ""
                    try Data((text + "\n# a comment\n").utf8).write(to: config)
                }
            ),
            ("a root file", { try Data("*.tmp\n".utf8).write(to: root.appendingPathComponent(".gitignore"), options: .atomic) }),
            (
                "everything committed",
                {
                    let committed = try folio.run("commit", "-m", "all")
                    #expect(committed.status == 0)
                }
            ),
            (
                "an edit after the commit",
                { try Data(Self.record(3, title: "after").utf8).write(to: root.appendingPathComponent("notes/2026/04/record-3.md")) }
            ),
            (
                "the same edit reverted by hand",
                { try Data(Self.record(3, title: "record 3").utf8).write(to: root.appendingPathComponent("notes/2026/04/record-3.md")) }
            ),
        ]
        for (note, edit) in edits {
            try edit()
            try compareStatus(note)
            try compareStatus(note + ", asked again")
        }
    }

    /// The command believes the watcher: a change the kernel never reports (written through a hard
    /// link from outside the vault) is not seen with it, and is without it. This is what makes the
    /// watcher fast, and the limit docs/watch.md names.
    @Test func believesTheWatcher() throws {
        let folio = try Self.watchedVault(records: 6)
        defer { Self.stop(folio) }
        try folio.run("list")  // the cache now carries the watcher's token
        try Self.retitleThroughOutsideLink(folio)
        #expect(try folio.run("list").stdout.contains("record 0"))
        var unwatched = folio
        unwatched.environment["FOLIO_WATCH"] = "off"
        #expect(try unwatched.run("list").stdout.contains("RECORD 0"))
    }

    /// Retitles record 0 "RECORD 0" in place (same size) through a hard link outside the vault: a
    /// change the kernel reports to no folder of the vault.
    static func retitleThroughOutsideLink(_ folio: FolioProcess) throws {
        let inside = folio.directory.appendingPathComponent("notes/2026/01/record-0.md")
        let outside = try #require(folio.scratch?.path("link.md"))
        #expect(link(inside.path, outside.path) == 0)
        let text = try String(contentsOf: outside, encoding: .utf8)
        let handle = try FileHandle(forUpdating: outside)
        handle.write(Data(text.replacingOccurrences(of: "title: record 0", with: "title: RECORD 0").utf8))
        try handle.close()
    }

    /// git's status believes it too, once a status of the same index has saved what it found.
    @Test func statusBelievesTheWatcher() throws {
        let folio = try Self.watchedVault(records: 6)
        defer { Self.stop(folio) }
        #expect(try folio.run("commit", "-m", "records").status == 0)
        try folio.run("status")
        try folio.run("status")
        try Self.retitleThroughOutsideLink(folio)
        #expect(try !folio.run("status", "--json").stdout.contains("record-0.md"))
        var unwatched = folio
        unwatched.environment["FOLIO_WATCH"] = "off"
        #expect(try unwatched.run("status", "--json").stdout.contains("record-0.md"))
    }

    /// A watcher killed leaves its socket: commands walk the vault without a word, and it starts again.
    @Test func killedWatcher() throws {
        let folio = try Self.watchedVault(records: 6)
        defer { Self.stop(folio) }
        let pid = try #require(Self.status(folio)["pid"] as? Int)
        kill(pid_t(pid), SIGKILL)
        #expect(waitForExit(pid_t(pid)))
        #expect(FileManager.default.fileExists(atPath: folio.directory.appendingPathComponent(".folio/local/watch.sock").path))
        try Self.write(record: 0, title: "after the kill", in: folio)
        let listed = try folio.run("list")
        #expect(listed.status == 0 && listed.stderr.isEmpty, "\(listed.stderr)")
        #expect(listed.stdout.contains("after the kill"))
        let status = try folio.run("watch", "status")
        #expect(status.status == 1)
        #expect(status.stdout.contains("no folio watch is watching this vault"))
        #expect(try folio.run("watch", "start").status == 0)
        try Self.compare(folio, "restarted")
    }

    /// A watcher that stopped answering (SIGSTOP) costs a command its deadline, not its answer.
    @Test func stoppedWatcher() throws {
        let folio = try Self.watchedVault(records: 6)
        let pid = try #require(Self.status(folio)["pid"] as? Int)
        defer {
            kill(pid_t(pid), SIGCONT)
            Self.stop(folio)
        }
        kill(pid_t(pid), SIGSTOP)
        try Self.write(record: 1, title: "while it slept", in: folio)
        let listed = try folio.run("list")
        #expect(listed.status == 0)
        #expect(listed.stdout.contains("while it slept"))
        #expect(listed.stderr.contains("folio watch did not answer properly (no whole answer within a second)"), "\(listed.stderr)")
        // git's status asks it too, and says so the same way, once.
        let status = try folio.run("status", "--json")
        #expect(status.status == 0)
        #expect(status.stdout.contains("record-1.md"))
        #expect(status.stderr.components(separatedBy: "folio watch did not answer properly").count == 2, "\(status.stderr)")
    }

    /// More changes than the kernel queues while the watcher sleeps: it loses events, says so by
    /// answering "walk everything", watches again, and the answers stay right.
    @Test func lostEvents() throws {
        let folio = try Self.watchedVault(records: 6)
        let pid = try #require(Self.status(folio)["pid"] as? Int)
        defer {
            kill(pid_t(pid), SIGCONT)
            Self.stop(folio)
        }
        try folio.run("list")
        kill(pid_t(pid), SIGSTOP)
        // Stopped for certain before the writes: a watcher still reading them would never overflow.
        #expect(waitForState(pid_t(pid)) { $0 == "T" || $0 == "t" })
        let queued =
            (try? String(contentsOfFile: "/proc/sys/fs/inotify/max_queued_events", encoding: .utf8))
            .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 16_384
        let first = open(folio.directory.appendingPathComponent("notes/2026/01/record-0.md").path, O_WRONLY | O_APPEND)
        let second = open(folio.directory.appendingPathComponent("notes/2026/02/record-1.md").path, O_WRONLY | O_APPEND)
        #expect(first >= 0 && second >= 0)
        // Alternating files: the kernel merges only an event identical to the one before it.
        var space = UInt8(ascii: " ")
        for _ in 0...(queued / 2 + 2_000) {
            _ = Glibc.write(first, &space, 1)
            _ = Glibc.write(second, &space, 1)
        }
        close(first)
        close(second)
        try Self.write(record: 2, title: "after the flood", in: folio)
        kill(pid_t(pid), SIGCONT)
        try Self.compare(folio, "after the queue overflowed")
        #expect((try Self.status(folio)["rescans"] as? Int ?? 0) >= 1)
    }

    /// A server on the socket that is not folio's watcher, answering badly: every answer is still
    /// the full walk's, with a warning naming what was wrong.
    @Test(arguments: ["garbage", "a path out of the vault", "a count it does not keep", "bytes after the end", "an answer too long"])
    func hostileServer(_ name: String) throws {
        let reply: [UInt8] =
            switch name {
            case "garbage": Array("hello\n".utf8)
            case "a path out of the vault": Array("folio-watch 1\ntoken 1f 3\nchanged 1\n../outside.md\u{0}end\n".utf8)
            case "a count it does not keep": Array("folio-watch 1\ntoken 1f 3\nchanged 2\nnotes/a.md\u{0}end\n".utf8)
            case "bytes after the end": Array("folio-watch 1\ntoken 1f 3\nall\nend\nmore".utf8)
            default: Array("folio-watch 1\ntoken 1f 3\nchanged 1\n".utf8) + [UInt8](repeating: 0x61, count: 70 << 20)
            }
        let folio = try FolioProcess.vault(language: "en")
        for i in 0..<4 { try Self.write(record: i, title: "record \(i)", in: folio) }
        try folio.run("list")
        try Self.write(record: 1, title: "changed behind its back", in: folio)
        let local = folio.directory.appendingPathComponent(".folio/local").path
        guard case .success(let listening) = LocalSocket.listen(folder: local, name: "watch.sock") else {
            Issue.record("cannot listen")
            return
        }
        defer { close(listening) }
        let server = Thread {
            var ready = pollfd(fd: listening, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 20_000) > 0, let client = LocalSocket.accept(listening) else { return }
            _ = LocalSocket.sendAll(client, reply, deadline: LocalSocket.monotonicNanoseconds() + 5_000_000_000)
            close(client)
        }
        server.start()
        let listed = try folio.run("list")
        #expect(listed.status == 0, "\(name)")
        #expect(listed.stdout.contains("changed behind its back"), "\(name)")
        #expect(listed.stderr.contains("folio watch did not answer properly"), "\(name): \(listed.stderr)")
    }

    /// A file whose path is longer than a reply may carry (4,096 bytes, in folders of 200-byte
    /// names) makes the watcher answer "walk everything", never a reply the command must refuse.
    @Test func pathsLongerThanAReplyTakes() throws {
        let folio = try Self.watchedVault(records: 2)
        defer { Self.stop(folio) }
        try folio.run("list")  // the cache now carries the watcher's token: the next run gets a list
        var fd = open(folio.directory.path, O_RDONLY | O_DIRECTORY)
        let name = String(repeating: "長", count: 66)  // 198 bytes
        // Deeper than a path can name: Foundation cannot remove it with the scratch folder; rm can.
        defer { _ = try? Tool.run("/bin/rm", ["-rf", folio.directory.appendingPathComponent(name).path]) }
        for _ in 0..<20 {
            #expect(mkdirat(fd, name, 0o755) == 0)
            let next = openat(fd, name, O_RDONLY | O_DIRECTORY)
            close(fd)
            fd = next
        }
        let file = openat(fd, String(repeating: "記", count: 60) + ".md", O_WRONLY | O_CREAT, 0o644)
        let text = Array(Self.record(90, title: "far down").utf8)
        #expect(file >= 0 && Glibc.write(file, text, text.count) == text.count)
        close(file)
        close(fd)
        try Self.compare(folio, "a path of over 4,096 bytes")
    }

    /// The watcher ends when its vault's folder is removed.
    @Test func endsWithItsVault() throws {
        let folio = try Self.watchedVault(records: 2)
        let pid = try #require(Self.status(folio)["pid"] as? Int)
        try FileManager.default.removeItem(at: folio.directory)
        #expect(waitForExit(pid_t(pid)))
    }

    /// The watcher ends when its socket is removed (with the device folder, say): nothing could reach it.
    @Test func endsWithItsSocket() throws {
        let folio = try Self.watchedVault(records: 2)
        let pid = try #require(Self.status(folio)["pid"] as? Int)
        try FileManager.default.removeItem(at: folio.directory.appendingPathComponent(".folio/local/watch.sock"))
        #expect(waitForExit(pid_t(pid)))
        #expect(try folio.run("watch", "start").status == 0)
        Self.stop(folio)
    }

    /// One server per vault, and `start`, `stop` and `status` say what they found.
    @Test func oneServerPerVault() throws {
        let folio = try Self.watchedVault(records: 2)
        defer { Self.stop(folio) }
        let again = try folio.run("watch", "start")
        #expect(again.status == 0)
        #expect(again.stdout.contains("folio watch is already watching this vault"))
        let run = try folio.run("watch", "run")
        #expect(run.status == 1)
        #expect(run.stderr.contains("folio watch is already watching this vault"))
        #expect(
            try folio.run("watch", "stop").stdout
                == "folio watch stopped; on this device it watches this vault again only after folio watch start.\n")
        #expect(try folio.run("watch", "stop").stdout.contains("no folio watch is watching this vault"))
    }

    /// Whether process `pid` (not a child of the tests) ends within ten seconds.
    func waitForExit(_ pid: pid_t) -> Bool {
        waitForState(pid) { $0 == nil || $0 == "Z" }
    }

    /// Whether process `pid`'s state (`/proc/<pid>/stat`'s third field; nil when there is no such
    /// process) satisfies `wanted` within ten seconds.
    func waitForState(_ pid: pid_t, _ wanted: (Substring?) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            let state = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)).flatMap {
                $0.split(separator: ")").last?.split(separator: " ").first
            }
            if wanted(state) { return true }
            var ready = pollfd(fd: -1, events: 0, revents: 0)
            _ = poll(&ready, 0, 20)
        }
        return false
    }
}
