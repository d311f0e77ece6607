import Foundation
import TestSupport
import Testing

/// Two or three devices sharing one remote, each a real clone driven by the real `folio` binary.
struct Devices {
    /// The folder of the remote and the devices, removed with them when the last copy is released.
    let scratch: Scratch
    var base: URL { scratch.url }
    let remote: String
    var devices: [String: FolioProcess] = [:]

    /// A bare repository by path, device A's vault pushed to it, and clones for the other devices.
    static func make(_ names: [String] = ["A", "B"], remote: String? = nil, language: String = "en") throws -> Devices {
        let scratch = try Scratch("devices")
        let base = scratch.url
        let bare = base.appendingPathComponent("remote.git")
        try git(["init", "-q", "--bare", "-b", "main", bare.path], in: base)
        var result = Devices(scratch: scratch, remote: remote ?? bare.path)
        let first = names[0]
        var a = FolioProcess(directory: base.appendingPathComponent(first), now: "2026-11-22T09:00:00+08:00")
        a.environment["FOLIO_DEVICE"] = first
        try FileManager.default.createDirectory(at: a.directory, withIntermediateDirectories: true)
        let made = try a.run("init", ".", "--name", "林小雨", "--language", language, "--remote", result.remote)
        #expect(made.status == 0, "init: \(made.stderr)")
        let pushed = try a.run("sync")
        #expect(pushed.status == 0, "first sync: \(pushed.stderr)")
        result.devices[first] = a
        for name in names.dropFirst() {
            var device = FolioProcess(directory: base.appendingPathComponent(name), now: "2026-11-22T09:00:00+08:00")
            device.environment["FOLIO_DEVICE"] = name
            let cloned = try FolioProcess(directory: base).run("clone", result.remote, name)
            #expect(cloned.status == 0, "clone: \(cloned.stderr)")
            result.devices[name] = device
        }
        return result
    }

    subscript(name: String) -> FolioProcess {
        // A name never made gets a device with no vault: its every command fails, naming the folder.
        get { devices[name] ?? FolioProcess(directory: base.appendingPathComponent("no device named \(name)")) }
        set { devices[name] = newValue }
    }

    /// Runs `sync` on each device in turn and expects success.
    func sync(_ names: String...) throws {
        for name in names {
            let result = try self[name].run("sync")
            #expect(result.status == 0, "sync on \(name): \(result.stderr)")
        }
    }

    /// Every file of a device's vault but git's and this device's own state, with contents.
    func files(_ name: String) throws -> [String: String] {
        self[name].vaultFiles()
    }

    /// An idea titled `title`, synced to both devices, then retitled on A at 10:00 and on B at
    /// 11:00 without a sync between: the next sync keeps B's title and makes A's a conflict
    /// copy. Returns the record's path and A's version of the file.
    mutating func retitleOnBoth(_ title: String, onA: String, onB: String) throws -> (path: String, aVersion: String?) {
        try self["A"].run("idea", title)
        try sync("A", "B")
        let path = try self.path(of: title, on: "A")
        self["A"].environment["FOLIO_NOW"] = "2026-11-22T10:00:00+08:00"
        try self["A"].run("set", title, "title=\(onA)")
        let aVersion = self["A"].read(path)
        self["B"].environment["FOLIO_NOW"] = "2026-11-22T11:00:00+08:00"
        try self["B"].run("set", title, "title=\(onB)")
        return (path, aVersion)
    }

    /// Where device `name` keeps its only record of kind idea with `title`.
    func path(of title: String, on name: String) throws -> String {
        let list = try self[name].json("list", "--json") as? [[String: Any]] ?? []
        return list.first { $0["title"] as? String == title }?["path"] as? String ?? ""
    }
}

@discardableResult
func git(_ arguments: [String], in directory: URL) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
    process.arguments = ["-c", "core.quotepath=off"] + arguments
    process.currentDirectoryURL = directory
    // A scratch HOME and no developer's settings (Tool.environment), as the folio processes get.
    var environment = Tool.environment()
    environment["GIT_AUTHOR_NAME"] = "hand"
    environment["GIT_AUTHOR_EMAIL"] = "hand@example.com"
    environment["GIT_COMMITTER_NAME"] = "hand"
    environment["GIT_COMMITTER_EMAIL"] = "hand@example.com"
    process.environment = environment
    return try process.runToEnd(mergingErrors: true).output
}

@Suite("History: every change is a commit")
struct HistoryTests {
    @Test("each command commits only what it changed, authored by the owner on this device")
    func commitsEveryChange() throws {
        var folio = try FolioProcess.vault()
        folio.environment["FOLIO_DEVICE"] = "pixel"
        // Something staged by hand must stay out of folio's commits.
        try folio.write("notes/draft.txt", "staged by hand\n")
        try git(["add", "notes/draft.txt"], in: folio.directory)

        #expect(try folio.run("idea", "設備間同步測試").status == 0)
        #expect(try folio.run("done", "設備間同步測試").status == 0)
        #expect(try folio.run("set", "設備間同步測試", "priority=2", "--extra").status == 0)

        let log = try folio.json("log", "--json") as? [[String: Any]] ?? []
        let messages = log.map { $0["message"] as? String ?? "" }
        #expect(
            messages.prefix(3) == [
                "idea: set priority \"設備間同步測試\"", "idea: done \"設備間同步測試\"", "idea: add \"設備間同步測試\"",
            ])
        #expect(messages.last == "init: new vault")
        let newest = try #require(log.first)
        #expect(newest["author"] as? String == "林小雨")
        #expect(newest["device"] as? String == "pixel")
        let paths = newest["paths"] as? [String] ?? []
        #expect(paths.count == 1 && paths[0].hasPrefix("ideas/2026/11/") && paths[0].hasSuffix("設備間同步測試.md"))
        // The hand-staged file is in no commit and still staged.
        #expect(!log.contains { ($0["paths"] as? [String] ?? []).contains("notes/draft.txt") })
        #expect(try git(["status", "--porcelain"], in: folio.directory).contains("A  notes/draft.txt"))
        // The initial commit holds the vault's own files.
        let first = try #require(log.last?["paths"] as? [String])
        #expect(Set(first).isSuperset(of: [".gitignore", ".gitattributes", ".folio/config.yaml", "profile.md"]))
    }

    @Test("commit takes hand edits, and leaves out a record that no longer parses with its line and column")
    func commitChecksHandEdits() throws {
        let folio = try FolioProcess.vault()
        try folio.run("idea", "第一個")
        try folio.run("idea", "第二個")
        let list = try folio.json("list", "--json") as? [[String: Any]] ?? []
        let first = try #require(list.first { $0["title"] as? String == "第一個" }?["path"] as? String)
        let second = try #require(list.first { $0["title"] as? String == "第二個" }?["path"] as? String)
        try folio.write(first, (folio.read(first) ?? "") + "寫了一行。\n")
        try folio.write(second, (folio.read(second) ?? "").replacingOccurrences(of: "title: 第二個", with: "title: [第二個"))
        try folio.write("notes/new.md", "a plain note\n")

        let result = try folio.run("commit", "-m", "hand edits")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("committed 2 files"))
        #expect(result.stderr.contains("\(second):4:"), "\(result.stderr)")
        #expect(result.stderr.contains("left out of the commit"))
        let status = try git(["status", "--porcelain"], in: folio.directory)
        #expect(status.contains(second) && !status.contains(first) && !status.contains("notes/new.md"))
        let log = try folio.json("log", "-n", "1", "--json") as? [[String: Any]] ?? []
        #expect(log.first?["message"] as? String == "hand edits")
        let again = try folio.run("commit")
        #expect(again.status == 1, "only the bad file is left: the command did not commit anything")
    }

    @Test("undo reverts folio's newest change, then the one before; refuses to undo over another device's work")
    func undo() throws {
        var devices = try Devices.make()
        try devices["A"].run("idea", "可以復原")
        try devices["A"].run("done", "可以復原")
        let path = try devices.path(of: "可以復原", on: "A")
        #expect(devices["A"].read(path)?.contains("done: true") == true)
        let undone = try devices["A"].run("undo")
        #expect(undone.status == 0 && undone.stdout.contains("undone: idea: done \"可以復原\""), "\(undone.stderr)")
        #expect(devices["A"].read(path)?.contains("done: false") == true)
        #expect(try devices["A"].run("undo").status == 0)
        #expect(devices["A"].read(path) == nil)
        // Undo is history too: redo by hand is possible, and the log says what happened.
        let log = try devices["A"].json("log", "-n", "2", "--json") as? [[String: Any]] ?? []
        #expect(log.map { $0["message"] as? String ?? "" } == ["undo: idea: add \"可以復原\"", "undo: idea: done \"可以復原\""])

        try devices["A"].run("idea", "共用的想法")
        try devices.sync("A", "B")
        let shared = try devices.path(of: "共用的想法", on: "B")
        devices["B"].environment["FOLIO_NOW"] = "2026-11-22T10:00:00+08:00"
        try devices["B"].run("set", "共用的想法", "priority=1", "--extra")
        try devices.sync("B", "A")
        let refused = try devices["A"].run("undo")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("--force"))
        #expect(devices["A"].read(shared)?.contains("priority: 1") == true)
    }

    @Test("show --at prints an older version by commit or by date")
    func showAt() throws {
        var folio = try FolioProcess.vault()
        folio.environment["FOLIO_NOW"] = "2026-11-20T08:00:00+08:00"
        try folio.run("idea", "舊標題")
        let first = try #require((try folio.json("log", "-n", "1", "--json") as? [[String: Any]])?.first?["commit"] as? String)
        folio.environment["FOLIO_NOW"] = "2026-11-22T08:00:00+08:00"
        try folio.run("set", "舊標題", "title=新標題")
        let byCommit = try folio.run("show", "新標題", "--at", String(first.prefix(8)))
        #expect(byCommit.status == 0, "\(byCommit.stderr)")
        #expect(byCommit.stdout.contains("title: 舊標題"))
        let byDate = try folio.run("show", "新標題", "--at", "2026-11-21")
        #expect(byDate.stdout.contains("title: 舊標題"), "\(byDate.stderr)")
        let before = try folio.run("show", "新標題", "--at", "2026-11-01")
        #expect(before.status == 1)
        let bad = try folio.run("show", "新標題", "--at", "zz")
        #expect(bad.status == 1 && bad.stderr.contains("no commit or date"))
    }

}

@Suite("Sync between devices")
struct SyncTests {
    @Test("a record created on A appears on B")
    func createAppears() throws {
        let devices = try Devices.make()
        try devices["A"].run("idea", "設備間同步測試")
        try devices.sync("A", "B")
        let list = try devices["B"].json("list", "--json") as? [[String: Any]] ?? []
        #expect(list.contains { $0["title"] as? String == "設備間同步測試" })
        #expect(try devices.files("A") == devices.files("B"))
    }

    @Test("done on A and a description edited on B: both survive")
    func differentKeys() throws {
        var devices = try Devices.make()
        try devices["A"].run("idea", "兩邊都改")
        try devices.sync("A", "B")
        let path = try devices.path(of: "兩邊都改", on: "B")
        devices["A"].environment["FOLIO_NOW"] = "2026-11-22T10:00:00+08:00"
        try devices["A"].run("done", "兩邊都改")
        devices["B"].environment["FOLIO_NOW"] = "2026-11-22T10:05:00+08:00"
        try devices["B"].run("set", "兩邊都改", "description=從 B 補上的說明", "--extra")
        try devices.sync("A", "B", "A")
        for name in ["A", "B"] {
            let text = devices[name].read(path) ?? ""
            #expect(text.contains("done: true"), "\(name): \(text)")
            #expect(text.contains("description: 從 B 補上的說明"), "\(name): \(text)")
            #expect(text.contains("modified: 2026-11-22T10:05:00+08:00"))
            #expect(!text.contains("<<<<<<<"))
        }
        let conflicts = try FileManager.default.contentsOfDirectory(
            atPath: devices["A"].directory.appendingPathComponent((path as NSString).deletingLastPathComponent).path)
        #expect(!conflicts.contains { $0.contains(".conflict-") })
        #expect(try devices.files("A") == devices.files("B"))
    }

    @Test("the same title changed differently: the newer wins, the other is kept as a conflict copy")
    func sameKeyConflict() throws {
        var devices = try Devices.make()
        let (path, aVersion) = try devices.retitleOnBoth("原本的標題", onA: "A 的標題", onB: "B 的標題")
        try #require(aVersion != nil)
        try devices.sync("A")
        let merged = try devices["B"].run("sync")
        #expect(merged.status == 0, "\(merged.stderr)")
        let copy = (path as NSString).deletingPathExtension + ".conflict-a-20261122-020000.md"
        #expect(merged.stdout.contains("conflict: both devices changed \(path)"), "\(merged.stdout)")
        #expect(merged.stdout.contains(copy))
        try devices.sync("A")
        for name in ["A", "B"] {
            #expect(devices[name].read(path)?.contains("title: B 的標題") == true)
            #expect(devices[name].read(copy) == aVersion, "the losing version is kept byte for byte")
        }
        let status = try devices["A"].json("status", "--json") as? [String: Any] ?? [:]
        #expect(status["conflicts"] as? [String] == [copy])
        #expect(try devices.files("A") == devices.files("B"))
        #expect(!(try devices.files("A")).values.contains { $0.contains("<<<<<<<") || $0.contains(">>>>>>>") })
    }

    @Test("deleted on A, edited on B: the record stays")
    func deleteVersusEdit() throws {
        var devices = try Devices.make()
        try devices["A"].run("idea", "刪還是留")
        try devices.sync("A", "B")
        let path = try devices.path(of: "刪還是留", on: "A")
        #expect(try devices["A"].run("rm", "刪還是留", "--yes").status == 0)
        devices["B"].environment["FOLIO_NOW"] = "2026-11-22T10:00:00+08:00"
        try devices["B"].run("set", "刪還是留", "description=B 還在用", "--extra")
        try devices.sync("A", "B", "A")
        for name in ["A", "B"] {
            #expect(devices[name].read(path)?.contains("description: B 還在用") == true, "\(name)")
        }
    }

    @Test(
        "a baby removed on A while B adds an interruption to its sleep: the baby and that sleep come back on both, and sync says so",
        arguments: ["A", "B"])
    func parentRemovedWhileChildAdded(firstToSync: String) throws {
        var devices = try Devices.make()
        #expect(try devices["A"].run("kinds", "add", "baby-tracker").status == 0)
        #expect(try devices["A"].run("new", "baby", "--field", "name=小寶").status == 0)
        #expect(try devices["A"].run("new", "sleep", "--parent", "小寶", "--field", "start=2026-11-22T20:30").status == 0)
        #expect(
            try devices["A"].run("new", "activity", "--parent", "小寶", "--field", "activity=bath", "--field", "start=2026-11-22T18:00")
                .status == 0)
        try devices.sync("A", "B")
        let sleeps = try #require(try devices["B"].json("list", "sleep", "--json") as? [[String: Any]])
        let sleepID = try #require(sleeps.first?["id"] as? String)

        #expect(try devices["A"].run("rm", "小寶", "--yes").status == 0)
        devices["B"].environment["FOLIO_NOW"] = "2026-11-22T10:00:00+08:00"
        #expect(try devices["B"].run("new", "interruption", "--parent", sleepID, "--field", "time=2026-11-22T22:00").status == 0)

        let second = firstToSync == "A" ? "B" : "A"
        try devices.sync(firstToSync)
        let merging = try devices[second].run("sync")
        #expect(merging.status == 0, "\(merging.stderr)")
        #expect(merging.stdout.contains("kept baby/"), "\(merging.stdout)")
        #expect(merging.stdout.contains("which belongs to it"), "\(merging.stdout)")
        try devices.sync(firstToSync)

        for name in ["A", "B"] {
            let kinds = (try devices[name].json("list", "--json") as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String }.sorted()
            // The activity went with the baby; the sleep the interruption belongs to and the baby came back.
            #expect(kinds == ["baby", "interruption", "sleep"], "\(name): \(kinds)")
            let check = try devices[name].run("check", "--quick")
            #expect(check.status == 0, "\(name): \(check.stdout)\(check.stderr)")
        }
        #expect(try devices.files("A") == devices.files("B"))
    }

    @Test("origin pointed at another remote is a new remote, never a forced push; status names the remote in force")
    func changedRemoteURL() throws {
        let devices = try Devices.make(["A"])
        let a = devices["A"]
        // A mirror made now, then three more pages pushed to the old remote only.
        let mirror = devices.base.appendingPathComponent("moved.git")
        _ = try git(["clone", "-q", "--bare", devices.remote, mirror.path], in: devices.base)
        for title in ["一", "二", "三"] { try a.run("idea", title) }
        try devices.sync("A")
        _ = try git(["remote", "set-url", "origin", mirror.path], in: a.directory)
        let before = try a.json("status", "--json") as? [String: Any] ?? [:]
        let remote = before["remote"] as? [String: Any] ?? [:]
        #expect(remote["url"] as? String == mirror.path, "\(remote)")
        #expect(remote["last_sync"] is NSNull, "the last sync was with the old remote: \(remote)")

        let moved = try a.run("sync")
        #expect(moved.status == 0, "\(moved.stderr)")
        #expect(!moved.stdout.contains("rewritten") && !moved.stderr.contains("rewritten"), "\(moved.stdout)\(moved.stderr)")
        #expect(moved.stdout.contains("the remote is now \(mirror.path) (it was \(devices.remote))"), "\(moved.stdout)")
        // The three pages went to the new remote, and the next sync says nothing of a change.
        #expect(try git(["log", "--oneline", "main"], in: mirror).split(separator: "\n").count >= 4)
        let again = try a.run("sync", "--json")
        #expect(again.status == 0 && again.stdout.contains(#""previous_remote":null"#), "\(again.stdout)")
        let after = try a.json("status", "--json") as? [String: Any] ?? [:]
        #expect((after["remote"] as? [String: Any])?["last_sync"] is String)

        // A forced push on the same remote (from elsewhere: pushed by path, this device's tracking
        // branch does not see it) is still told as one.
        _ = try git(["push", "-q", "--force", mirror.path, "HEAD~3:main"], in: a.directory)
        let forced = try a.run("sync")
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(forced.stdout.contains("the remote's history was rewritten (a forced push): 3 commits"), "\(forced.stdout)")
    }

    @Test("an unreachable remote: exit status 3, everything committed here, the next sync sends it all")
    func unreachable() throws {
        let devices = try Devices.make()
        let remote = URL(fileURLWithPath: devices.remote)
        let moved = remote.deletingLastPathComponent().appendingPathComponent("away.git")
        try FileManager.default.moveItem(at: remote, to: moved)
        try devices["A"].run("idea", "離線寫的")
        let offline = try devices["A"].run("sync")
        #expect(offline.status == 3, "\(offline.stderr)")
        // A remote that is a folder on this machine, gone: said as such, not as libgit2's "unsupported URL protocol".
        #expect(offline.stderr.contains("does not exist: there is no such folder"), "\(offline.stderr)")
        #expect(offline.stderr.contains("committed on this device"))
        let status = try devices["A"].json("status", "--json") as? [String: Any] ?? [:]
        #expect((status["changed"] as? [String])?.isEmpty == true)
        #expect((status["remote"] as? [String: Any])?["last_error"] is String)
        try FileManager.default.moveItem(at: moved, to: remote)
        let online = try devices["A"].run("sync")
        #expect(online.status == 0, "\(online.stderr)")
        #expect(online.stdout.contains("sent 1"))
        try devices.sync("B")
        #expect(try devices.path(of: "離線寫的", on: "B").isEmpty == false)
    }

    @Test("a lock a killed push left in a folder remote is removed, and the push goes through")
    func staleRemoteLock() throws {
        let devices = try Devices.make()
        let lock = URL(fileURLWithPath: devices.remote).appendingPathComponent("refs/heads/main.lock")
        try Data("0000000000000000000000000000000000000000\n".utf8).write(to: lock)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: lock.path)
        // The owner mark A's killed folio left when it began to push (process 999999 is gone).
        try devices["A"].write(".folio/local/git-writers/remote/999999", "999999 1\n")
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -120)],
            ofItemAtPath: devices["A"].directory.appendingPathComponent(".folio/local/git-writers/remote/999999").path)
        try devices["A"].run("idea", "鎖住的遠端")
        let result = try devices["A"].run("sync")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("refs/heads/main.lock"))
        try devices.sync("B")
        #expect(try devices.path(of: "鎖住的遠端", on: "B").isEmpty == false)
    }

    @Test("a lock in a folder remote that no folio of this vault left stays, and sync says which")
    func foreignRemoteLock() throws {
        let devices = try Devices.make()
        let lock = URL(fileURLWithPath: devices.remote).appendingPathComponent("refs/heads/main.lock")
        try Data("0000000000000000000000000000000000000000\n".utf8).write(to: lock)
        try devices["A"].run("idea", "別人的鎖")
        let result = try devices["A"].run("sync")
        #expect(result.status != 0)
        #expect(result.stderr.contains("main.lock"), "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: lock.path))
    }

    @Test("zh-Hant: the offline message in the vault's language")
    func unreachableChinese() throws {
        let devices = try Devices.make(language: "zh-Hant")
        try FileManager.default.removeItem(atPath: devices.remote)
        let offline = try devices["A"].run("sync")
        #expect(offline.status == 3)
        #expect(offline.stderr.contains("不存在：這台機器上沒有這個資料夾"), "\(offline.stderr)")
    }

    @Test("hand edits are committed by sync and reach the other device")
    func handEditsSync() throws {
        let devices = try Devices.make()
        try devices["A"].run("idea", "手改")
        try devices.sync("A", "B")
        let path = try devices.path(of: "手改", on: "B")
        try devices["B"].write(path, (devices["B"].read(path) ?? "") + "在編輯器裡加的一行\n")
        let result = try devices["B"].run("sync")
        #expect(result.stdout.contains("committed 1 file changed by hand"))
        try devices.sync("A")
        #expect(devices["A"].read(path)?.contains("在編輯器裡加的一行") == true)
        let log = try devices["A"].json("log", path, "--json") as? [[String: Any]] ?? []
        #expect(log.first?["device"] as? String == "B")
    }

    @Test("two devices adding a record with the same file name keep both")
    func sameFileName() throws {
        let devices = try Devices.make()
        try devices["A"].run("idea", "同名")
        try devices["B"].run("idea", "同名")
        try devices.sync("A", "B", "A")
        let list = try devices["A"].json("list", "--json") as? [[String: Any]] ?? []
        #expect(list.filter { $0["title"] as? String == "同名" }.count == 2)
        #expect(try devices.files("A") == devices.files("B"))
    }
}
