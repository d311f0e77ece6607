import Foundation
import TestSupport
import Testing

/// The `git-crypt` command, when installed (`make deps` installs it).
private let gitCrypt = try? Tool.find("git-crypt", package: "git-crypt")

/// A remote served by `git daemon` on loopback, and device A's vault on it with encryption on:
/// `folio init`, `folio crypt init`, `folio sync`, and its key exported to a file beside it.
final class CryptRig: @unchecked Sendable {
    let scratch: Scratch
    let daemon: GitDaemon
    let bare: URL
    let url: String
    let keyFile: URL
    var a: FolioProcess

    /// With `fromStart`, `folio init --encrypt`; else `folio init` then `folio crypt init`, whose
    /// first commit stays unencrypted in history.
    init(language: String = "en", fromStart: Bool = true) throws {
        scratch = try Scratch("crypt")
        bare = scratch.path("remote.git")
        try Tool.git(["init", "-q", "--bare", "-b", "main", bare.path], in: scratch.url)
        daemon = try GitDaemon(serving: scratch.url)
        url = daemon.url("remote.git")
        keyFile = scratch.path("folio.key")
        a = FolioProcess(directory: scratch.path("A"), now: "2026-11-22T09:00:00+08:00")
        a.environment["FOLIO_DEVICE"] = "A"
        try FileManager.default.createDirectory(at: a.directory, withIntermediateDirectories: true)
        try expectSuccess(
            a.run(["init", ".", "--name", "林小雨", "--language", language, "--remote", url] + (fromStart ? ["--encrypt"] : [])), "init")
        if !fromStart { try expectSuccess(a.run("crypt", "init"), "crypt init") }
        try expectSuccess(a.run("sync"), "first sync")
        try expectSuccess(a.run("crypt", "export-key", keyFile.path), "export-key")
    }

    /// A device named `name` in the scratch folder (its vault need not exist yet).
    func device(_ name: String) -> FolioProcess {
        var device = FolioProcess(directory: scratch.path(name), now: "2026-11-22T09:00:00+08:00")
        device.environment["FOLIO_DEVICE"] = name
        return device
    }

    /// `folio clone URL name`, with `--key` when `key` is given.
    @discardableResult
    func clone(_ name: String, key: URL?) throws -> FolioProcess.Result {
        try FolioProcess(directory: scratch.url).run(["clone", url, name] + (key.map { ["--key", $0.path] } ?? []))
    }

    /// Every object the remote holds, as git stores them uncompressed (`git cat-file --batch-all-objects`).
    func remoteObjects() throws -> Data {
        let dump = scratch.path("objects-\(UUID().uuidString)")
        try Tool.run(
            "/bin/sh", ["-c", "git -C \"$0\" cat-file --batch-all-objects --batch > \"$1\"", bare.path, dump.path])
        return try Data(contentsOf: dump)
    }

    /// Every commit message the remote holds.
    func remoteMessages() throws -> String {
        try Tool.git(["log", "--format=%B", "main"], in: bare)
    }
}

private func expectSuccess(_ result: FolioProcess.Result, _ step: String) throws {
    guard result.status == 0 else { throw HarnessError(description: "\(step) exited \(result.status): \(result.stderr)") }
}

extension Data {
    fileprivate func holds(_ text: String) -> Bool { holds(Array(text.utf8)) }
    fileprivate func holds(_ bytes: [UInt8]) -> Bool { range(of: Data(bytes)) != nil }
}

@Suite("An encrypted vault: plain on the device, encrypted on the remote", .serialized)
struct CryptTests {
    @Test("two devices over git:// with encryption on: records and photos arrive plain, and the remote holds none of them in the clear")
    func twoDevicesAndARemoteThatSeesNothing() throws {
        let rig = try CryptRig()
        let photo = try rig.a.outside("IMG_2041.JPG", MediaFixtures.jpeg(seed: 7))
        try expectSuccess(rig.a.run("new", "diary", "--title", "下雨的傍晚", "--text", "祕密：今天下班走回家", "--media", photo.path), "diary")
        try expectSuccess(rig.a.run("sync"), "sync A")
        let cloned = try rig.clone("B", key: rig.keyFile)
        try expectSuccess(cloned, "clone --key")
        let b = rig.device("B")
        try expectSuccess(b.run("idea", "乙的想法", "--desc", "乙的秘密描述 xyzzy-42"), "idea on B")
        try expectSuccess(b.run("sync"), "sync B")
        try expectSuccess(rig.a.run("sync"), "sync A again")

        // Both devices hold the same plain files: grep, an editor and folio read them.
        #expect(rig.a.vaultFiles() == b.vaultFiles())
        let diary = try #require(b.vaultFiles().first { $0.key.hasPrefix("diary/") })
        #expect(diary.value.contains("title: 下雨的傍晚") && diary.value.contains("祕密：今天下班走回家"))
        #expect(b.mediaFiles().count == 1)
        #expect(try Data(contentsOf: b.directory.appendingPathComponent(b.mediaFiles()[0])) == Data(MediaFixtures.jpeg(seed: 7)))
        #expect(try b.run("search", "祕密").stdout.contains("下雨的傍晚"))
        #expect(try rig.a.run("list").stdout.contains("乙的想法"))

        // The remote: no record's text or front matter, no byte of the photo, no title in a message.
        let objects = try rig.remoteObjects()
        #expect(objects.count > 1_000)
        for secret in ["祕密：今天下班走回家", "乙的秘密描述 xyzzy-42", "\nkind: ", "title: ", "iPhone 13"] {
            #expect(!objects.holds(secret), "the remote holds \(secret.debugDescription) in the clear")
        }
        #expect(!objects.holds(Array(MediaFixtures.jpeg(seed: 7).suffix(48))), "the remote holds the photo's bytes")
        let messages = try rig.remoteMessages()
        #expect(!messages.contains("下雨的傍晚") && !messages.contains("乙的想法"))
        #expect(messages.contains("diary: add") && messages.contains("idea: add") && messages.contains("init: new vault"))
        // And a device whose vault is encrypted commits no title either: log shows kind and verb.
        let log = try b.json("log", "--json") as? [[String: Any]] ?? []
        #expect(log.first?["message"] as? String == "idea: add")
    }

    @Test("concurrent edits of one record on two devices merge key by key and line by line, stored encrypted")
    func concurrentEditsMerge() throws {
        let rig = try CryptRig(fromStart: false)
        try expectSuccess(rig.a.run("idea", "共同的想法", "--desc", "第一行\n第二行\n第三行"), "idea")
        try expectSuccess(rig.a.run("sync"), "sync A")
        try expectSuccess(rig.clone("B", key: rig.keyFile), "clone --key")
        var b = rig.device("B")
        rig.a.environment["FOLIO_NOW"] = "2026-11-22T10:00:00+08:00"
        try expectSuccess(rig.a.run("done", "共同的想法"), "done on A")
        b.environment["FOLIO_NOW"] = "2026-11-22T11:00:00+08:00"
        let path = try #require(b.vaultFiles().keys.first { $0.hasPrefix("ideas/") })
        try b.write(path, try #require(b.read(path)).replacingOccurrences(of: "第三行", with: "第三行，乙加了一句"))
        try expectSuccess(b.run("sync"), "sync B")
        try expectSuccess(rig.a.run("sync"), "sync A (merge)")
        try expectSuccess(b.run("sync"), "sync B again")

        let merged = try #require(rig.a.read(path))
        #expect(merged.contains("done: true") && merged.contains("第三行，乙加了一句"))
        #expect(b.read(path) == merged)
        #expect(!rig.a.vaultFiles().keys.contains { $0.contains(".conflict-") })
        let stored = try Tool.git(["cat-file", "-p", "main:\(path)"], in: rig.bare)
        #expect(!stored.contains("乙加了一句") && !stored.contains("done"))
        #expect(try rig.a.run("check").status == 0)
    }

    @Test("the same key changed on both devices keeps the newer version in place and the other as a conflict copy, encrypted too")
    func conflictCopies() throws {
        let rig = try CryptRig(fromStart: false)
        try expectSuccess(rig.a.run("idea", "要改名的想法"), "idea")
        try expectSuccess(rig.a.run("sync"), "sync A")
        try expectSuccess(rig.clone("B", key: rig.keyFile), "clone --key")
        var b = rig.device("B")
        rig.a.environment["FOLIO_NOW"] = "2026-11-22T10:00:00+08:00"
        try expectSuccess(rig.a.run("set", "要改名的想法", "title=甲的標題"), "set on A")
        b.environment["FOLIO_NOW"] = "2026-11-22T11:00:00+08:00"
        try expectSuccess(b.run("set", "要改名的想法", "title=乙的標題"), "set on B")
        try expectSuccess(rig.a.run("sync"), "sync A")
        try expectSuccess(b.run("sync"), "sync B (merge)")
        try expectSuccess(rig.a.run("sync"), "sync A again")

        let copies = b.vaultFiles().filter { $0.key.contains(".conflict-a-") }
        #expect(copies.count == 1)
        #expect(copies.first?.value.contains("title: 甲的標題") == true)
        #expect(rig.a.vaultFiles() == b.vaultFiles())
        let copy = try #require(copies.first?.key)
        let stored = try Tool.git(["cat-file", "-p", "main:\(copy)"], in: rig.bare)
        #expect(!stored.contains("甲的標題"))
        #expect(try b.run("conflicts").stdout.contains(copy))
    }

    @Test("undo on an encrypted vault brings the record back plain, commits it encrypted, and names no title")
    func undo() throws {
        let rig = try CryptRig(fromStart: false)
        try expectSuccess(rig.a.run("idea", "會被還原的想法"), "idea")
        rig.a.environment["FOLIO_NOW"] = "2026-11-22T10:00:00+08:00"
        try expectSuccess(rig.a.run("set", "會被還原的想法", "title=改過的標題"), "set")
        let undone = try rig.a.run("undo")
        try expectSuccess(undone, "undo")
        let path = try #require(rig.a.vaultFiles().keys.first { $0.hasPrefix("ideas/") })
        #expect(rig.a.read(path)?.contains("title: 會被還原的想法") == true)
        #expect((try rig.a.json("status", "--json") as? [String: Any])?["changed"] as? [String] == [])
        #expect(try Tool.git(["log", "-1", "--format=%s"], in: rig.a.directory) == "undo: idea: set")
        #expect(!(try Tool.git(["cat-file", "-p", "HEAD:\(path)"], in: rig.a.directory)).contains("會被還原"))
        // An older version reads plain too.
        let before = try rig.a.run("show", "會被還原的想法", "--at", "HEAD~1")
        #expect(before.status == 0 && before.stdout.contains("title: 改過的標題"), "\(before.stderr)")
    }

    @Test("a photo missing from an encrypted vault comes back from history with its own bytes, not its ciphertext")
    func mediaRestoredFromHistory() throws {
        let rig = try CryptRig()
        try expectSuccess(
            rig.a.run("new", "diary", "--title", "照片", "--media", rig.a.outside("IMG_9.JPG", MediaFixtures.jpeg(seed: 9)).path), "diary")
        let stored = try #require(rig.a.mediaFiles().first)
        let file = rig.a.directory.appendingPathComponent(stored)
        try FileManager.default.removeItem(at: file)
        #expect(try rig.a.run("check").status == 1)
        try expectSuccess(rig.a.run("check", "--fix", "--yes"), "check --fix")
        #expect(try Data(contentsOf: file) == Data(MediaFixtures.jpeg(seed: 9)))
        #expect(try rig.a.run("check").status == 0)
    }

    @Test(
        "undo --force over a later hand commit made with git and git-crypt merges the record's text, not its ciphertext",
        .enabled(if: gitCrypt != nil, "git-crypt is not installed: run make deps"))
    func undoMergesThroughTheFilter() throws {
        let rig = try CryptRig()
        try expectSuccess(rig.a.run("idea", "長的想法", "--desc", "一\n二\n三\n四\n五"), "idea")
        rig.a.environment["FOLIO_NOW"] = "2026-11-22T10:00:00+08:00"
        try expectSuccess(rig.a.run("set", "長的想法", "priority=2", "--extra"), "set")
        let path = try #require(rig.a.vaultFiles().keys.first { $0.hasPrefix("ideas/") })
        try rig.a.write(path, try #require(rig.a.read(path)).replacingOccurrences(of: "五", with: "五，用 git 改的"))
        try Tool.git(["commit", "-qam", "by hand"], in: rig.a.directory)
        #expect(try rig.a.run("undo").status == 1)
        try expectSuccess(rig.a.run("undo", "--force"), "undo --force")
        let text = try #require(rig.a.read(path))
        #expect(!text.contains("priority") && text.contains("五，用 git 改的"))
        #expect(!(try Tool.git(["cat-file", "-p", "HEAD:\(path)"], in: rig.a.directory)).contains("五"))
    }

    @Test(
        "a vault folio encrypted, cloned by git and unlocked by git-crypt with the exported key, holds the same plain files",
        .enabled(if: gitCrypt != nil, "git-crypt is not installed: run make deps"))
    func gitCryptUnlocksWhatFolioWrote() throws {
        let rig = try CryptRig()
        let photo = try rig.a.outside("IMG_1.JPG", MediaFixtures.jpeg(seed: 3))
        try expectSuccess(rig.a.run("new", "diary", "--title", "給 git-crypt 看", "--text", "內文", "--media", photo.path), "diary")
        try expectSuccess(rig.a.run("sync"), "sync")
        let plain = rig.scratch.path("plain-git")
        try Tool.git(["clone", "-q", rig.url, plain.path], in: rig.scratch.url)
        try Tool.run(try #require(gitCrypt), ["unlock", rig.keyFile.path], in: plain)
        let viaGit = FolioProcess(directory: plain).vaultFiles()
        #expect(viaGit == rig.a.vaultFiles())
        #expect(try Data(contentsOf: plain.appendingPathComponent(rig.a.mediaFiles()[0])) == Data(MediaFixtures.jpeg(seed: 3)))
        // The text form of the key unlocks too, from standard input.
        let text = try rig.a.run("crypt", "export-key", "--text")
        try expectSuccess(text, "export-key --text")
        #expect(text.stdout.hasPrefix("-----BEGIN GIT-CRYPT KEY-----"))
        try expectSuccess(rig.clone("C", key: nil), "clone without key")
        try expectSuccess(rig.device("C").run(["crypt", "unlock", "-"], input: text.stdout), "unlock -")
        #expect(rig.device("C").vaultFiles() == rig.a.vaultFiles())
    }

    @Test(
        "a repository git-crypt encrypted, with its exported key, is read and written by folio, and git-crypt reads what folio wrote",
        .enabled(if: gitCrypt != nil, "git-crypt is not installed: run make deps"))
    func folioReadsWhatGitCryptWrote() throws {
        let scratch = try Scratch("gitcrypt")
        let tool = try #require(gitCrypt)
        let bare = scratch.path("remote.git")
        try Tool.git(["init", "-q", "--bare", "-b", "main", bare.path], in: scratch.url)
        // A plain vault, then git-crypt's own steps: init, attributes, the files again, commit, push.
        let maker = FolioProcess(directory: scratch.path("maker"))
        try FileManager.default.createDirectory(at: maker.directory, withIntermediateDirectories: true)
        try expectSuccess(maker.run("init", ".", "--name", "林小雨", "--language", "en"), "init")
        try expectSuccess(maker.run("idea", "git-crypt 的想法", "--desc", "用 git-crypt 加密的內文"), "idea")
        try Tool.run(tool, ["init"], in: maker.directory)
        try Tool.run(tool, ["export-key", scratch.path("git-crypt.key").path], in: maker.directory)
        try maker.write(".gitattributes", (maker.read(".gitattributes") ?? "") + "*.md filter=git-crypt diff=git-crypt -text\n")
        try Tool.git(["rm", "-rq", "--cached", "."], in: maker.directory)
        try Tool.git(["add", "."], in: maker.directory)
        try Tool.git(["commit", "-qm", "git-crypt"], in: maker.directory)
        try Tool.git(["push", "-q", bare.path, "main"], in: maker.directory)
        #expect(!(try Tool.git(["cat-file", "-p", "main:profile.md"], in: bare)).contains("林小雨"))

        let cloned = try FolioProcess(directory: scratch.url).run("clone", bare.path, "reader", "--key", scratch.path("git-crypt.key").path)
        try expectSuccess(cloned, "clone --key")
        var reader = FolioProcess(directory: scratch.path("reader"))
        #expect(try reader.run("show", "git-crypt 的想法").stdout.contains("用 git-crypt 加密的內文"))
        reader.environment["FOLIO_NOW"] = "2026-11-23T09:00:00+08:00"
        try expectSuccess(reader.run("idea", "folio 寫的想法", "--desc", "folio 加密的內文"), "idea")
        try expectSuccess(reader.run("sync"), "sync")
        let status = try reader.json("crypt", "status", "--json") as? [String: Any]
        #expect(status?["encryption"] as? String == "unlocked")

        try Tool.git(["pull", "-q", bare.path, "main"], in: maker.directory)
        let written = try #require(FolioProcess(directory: maker.directory).vaultFiles().first { $0.value.contains("folio 寫的想法") })
        #expect(written.value.contains("folio 加密的內文"))
        #expect(!(try Tool.git(["cat-file", "-p", "main:\(written.key)"], in: bare)).contains("folio"))
    }

    @Test(
        "a device without the key: clone says so, every command needing the plain files refuses with one message, nothing is indexed or written"
    )
    func deviceWithoutTheKey() throws {
        let rig = try CryptRig()
        try expectSuccess(rig.a.run("idea", "看不到的想法", "--desc", "內文"), "idea")
        try expectSuccess(rig.a.run("sync"), "sync")
        let cloned = try rig.clone("B", key: nil)
        try expectSuccess(cloned, "clone without key")
        #expect(cloned.stderr.contains("the vault is encrypted and this device has no key yet: run folio crypt unlock KEYFILE"))
        let b = rig.device("B")
        let before = b.vaultFiles()
        #expect(before.values.allSatisfy { !$0.contains("看不到的想法") })
        let commands: [[String]] = [
            ["list"], ["search", "內文"], ["show", "看不到的想法"], ["tags"], ["cal"], ["stats"], ["idea", "新的"], ["sync"], ["check"], ["commit"],
            ["log"], ["export", "json"], ["crypt", "init"], ["crypt", "export-key", "--text"],
        ]
        for command in commands {
            let result = try b.run(command)
            #expect(result.status == 1, "\(command)")
            #expect(result.stderr.contains("this vault is encrypted: folio crypt unlock KEYFILE"), "\(command): \(result.stderr)")
        }
        let chinese = try b.run("list", "--lang", "zh-Hant")
        #expect(chinese.stderr.contains("這個資料庫是加密的：folio crypt unlock KEYFILE"))
        // The shell's completion of a record name offers nothing, silently.
        let completed = try b.run("---completion", "show", "--", "positional@0", "2", "0", "folio", "show", "")
        #expect(
            completed.status == 0 && completed.stdout.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty && completed.stderr.isEmpty)
        #expect(try rig.a.run("---completion", "show", "--", "positional@0", "2", "0", "folio", "show", "").stdout.contains("看不到的想法"))
        #expect(b.vaultFiles() == before)
        #expect(!FileManager.default.fileExists(atPath: b.directory.appendingPathComponent(".folio/local/cache/catalog").path))
        #expect(try Tool.git(["rev-parse", "main"], in: rig.bare) == Tool.git(["rev-parse", "HEAD"], in: rig.a.directory))
        // What needs no plain file still works: which files are encrypted.
        let status = try b.json("crypt", "status", "--json") as? [String: Any]
        #expect(status?["encryption"] as? String == "locked")
        // Without `.gitattributes` on disk, the reading commands look at the last commit's.
        try FileManager.default.removeItem(at: b.directory.appendingPathComponent(".gitattributes"))
        for command in [["list"], ["search", "內文"], ["show", "看不到的想法"]] {
            let result = try b.run(command)
            #expect(result.status == 1 && result.stderr.contains("this vault is encrypted"), "\(command): \(result.stderr)")
        }
    }

    @Test("a wrong key is refused before anything is written: unlock leaves the ciphertext and no key, clone leaves no folder")
    func wrongKey() throws {
        let rig = try CryptRig()
        try expectSuccess(rig.a.run("idea", "鎖住的想法"), "idea")
        try expectSuccess(rig.a.run("sync"), "sync")
        let other = try CryptRig()
        try expectSuccess(rig.clone("B", key: nil), "clone without key")
        let b = rig.device("B")
        let before = b.vaultFiles()
        let refused = try b.run("crypt", "unlock", other.keyFile.path)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("is not this vault's key") && refused.stderr.contains("Nothing was written"))
        #expect(b.vaultFiles() == before)
        #expect(!FileManager.default.fileExists(atPath: b.directory.appendingPathComponent(".git/git-crypt/keys/default").path))
        #expect(try b.run("list").status == 1)

        let clone = try rig.clone("C", key: other.keyFile)
        #expect(clone.status == 1 && clone.stderr.contains("is not this vault's key"))
        #expect(!FileManager.default.fileExists(atPath: rig.scratch.path("C").path))
        let garbage = rig.scratch.path("garbage.key")
        try Data("not a key".utf8).write(to: garbage)
        #expect(try b.run("crypt", "unlock", garbage.path).stderr.contains("is not a git-crypt key file"))

        try expectSuccess(b.run("crypt", "unlock", rig.keyFile.path), "unlock with the right key")
        #expect(b.vaultFiles() == rig.a.vaultFiles())
        #expect(try b.run("list").stdout.contains("鎖住的想法"))
        #expect((try b.json("status", "--json") as? [String: Any])?["changed"] as? [String] == [])
    }

    @Test("the temporary files an unlock killed midway left are removed by the next unlock, even beside files it finds plain")
    func unlockRemovesAbandonedTemporaries() throws {
        let rig = try CryptRig()
        try expectSuccess(rig.a.run("idea", "鎖住的想法"), "idea")
        try expectSuccess(rig.a.run("sync"), "sync")
        try expectSuccess(rig.clone("B", key: nil), "clone without key")
        let b = rig.device("B")
        try expectSuccess(b.run("crypt", "unlock", rig.keyFile.path), "unlock")
        // A process that has ended: its pid names no writer any more.
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        _ = try ended.runToEnd()
        let record = try #require(b.vaultFiles().keys.first { $0.hasPrefix("ideas/") && $0.hasSuffix(".md") })
        let folder = (record as NSString).deletingLastPathComponent
        let abandoned = [".profile.md.tmp-\(ended.processIdentifier)-1", folder + "/.idea.md.tmp-\(ended.processIdentifier)-2"]
        // A writer still running (this test) keeps its temporary file.
        let live = folder + "/.idea.md.tmp-\(getpid())-3"
        for path in abandoned + [live] { try Data("half".utf8).write(to: b.directory.appendingPathComponent(path)) }
        try expectSuccess(b.run("crypt", "unlock", rig.keyFile.path), "unlock again")
        for path in abandoned {
            #expect(!FileManager.default.fileExists(atPath: b.directory.appendingPathComponent(path).path), "\(path) is left")
        }
        #expect(FileManager.default.fileExists(atPath: b.directory.appendingPathComponent(live).path))
    }

    @Test("encryption turned on elsewhere: a device without the key refuses the sync before a byte of ciphertext lands")
    func encryptionTurnedOnElsewhere() throws {
        let scratch = try Scratch("turnedon")
        let bare = scratch.path("remote.git")
        try Tool.git(["init", "-q", "--bare", "-b", "main", bare.path], in: scratch.url)
        var a = FolioProcess(directory: scratch.path("A"))
        a.environment["FOLIO_DEVICE"] = "A"
        try FileManager.default.createDirectory(at: a.directory, withIntermediateDirectories: true)
        try expectSuccess(a.run("init", ".", "--name", "林小雨", "--language", "en", "--remote", bare.path), "init")
        try expectSuccess(a.run("idea", "先是明文"), "idea")
        try expectSuccess(a.run("sync"), "sync")
        try expectSuccess(FolioProcess(directory: scratch.url).run("clone", bare.path, "B"), "clone")
        try expectSuccess(a.run("crypt", "init"), "crypt init")
        try expectSuccess(a.run("sync"), "sync encrypted")
        let b = FolioProcess(directory: scratch.path("B"))
        let before = b.vaultFiles()
        let refused = try b.run("sync")
        #expect(refused.status == 1 && refused.stderr.contains("this vault is encrypted: folio crypt unlock KEYFILE"))
        #expect(b.vaultFiles() == before)
        #expect(b.vaultFiles().values.contains { $0.contains("先是明文") })
    }

    @Test("check fails on a record the last commit holds unencrypted, crypt status names it, crypt init encrypts it")
    func storedInTheClear() throws {
        let rig = try CryptRig()
        try rig.a.write(
            "ideas/hand.md",
            "---\nid: 5b0c1c8e-8c1f-4f57-9d55-0c3d8a9f6a21\nkind: idea\ntitle: 手寫的\ncreated: 2026-11-22T09:00:00+08:00\n"
                + "modified: 2026-11-22T09:00:00+08:00\n---\n明文的內容\n")
        // A git that is not set up for git-crypt stores the file as it is.
        try Tool.git(
            [
                "-c", "filter.git-crypt.clean=cat", "-c", "filter.git-crypt.smudge=cat", "-c", "filter.git-crypt.required=false", "add",
                "ideas/hand.md",
            ],
            in: rig.a.directory)
        try Tool.git(
            ["-c", "filter.git-crypt.clean=cat", "-c", "filter.git-crypt.required=false", "commit", "-qm", "plain by mistake"],
            in: rig.a.directory)
        #expect(try Tool.git(["cat-file", "-p", "HEAD:ideas/hand.md"], in: rig.a.directory).contains("明文的內容"))
        let check = try rig.a.run("check")
        #expect(check.status == 1)
        #expect(check.stdout.contains("ideas/hand.md: error: the vault is encrypted, but the last commit holds this file unencrypted"))
        let status = try rig.a.run("crypt", "status")
        #expect(status.stdout.contains("NOT ENCRYPTED, should be: ideas/hand.md"))
        try expectSuccess(rig.a.run("crypt", "init"), "crypt init again")
        #expect(!(try Tool.git(["cat-file", "-p", "HEAD:ideas/hand.md"], in: rig.a.directory)).contains("明文的內容"))
        #expect(try rig.a.run("check").status == 0)
        #expect(try rig.a.run("crypt", "init").stdout.contains("already encrypted"))
    }

    @Test("the key stays out of the vault: mode 0600 in .git, never in a commit; export-key never overwrites a file")
    func keyStaysOut() throws {
        let rig = try CryptRig()
        let key = rig.a.directory.appendingPathComponent(".git/git-crypt/keys/default")
        let attributes = try FileManager.default.attributesOfItem(atPath: key.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let exported = try FileManager.default.attributesOfItem(atPath: rig.keyFile.path)
        #expect((exported[.posixPermissions] as? Int) == 0o600)
        let keyBytes = try Data(contentsOf: key)
        #expect(keyBytes == (try Data(contentsOf: rig.keyFile)))
        #expect(!(try rig.remoteObjects()).holds([UInt8](keyBytes.suffix(64))))
        let again = try rig.a.run("crypt", "export-key", rig.keyFile.path)
        #expect(again.status == 1 && again.stderr.contains("already exists"))
        #expect(rig.a.read(".folio/config.yaml")?.contains("encrypted: true") == true)
    }
}
