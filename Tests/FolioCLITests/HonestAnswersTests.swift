import Foundation
import TestSupport
import Testing

/// Honest answers: `check` sees a damaged or shallow repository (git's own fsck is the oracle),
/// an error names the operation that failed, folio removes only what it made, and a full disk
/// says so in the user's language.
@Suite("Honest answers: check, errors, clean-up and full disks")
struct HonestAnswersTests {
    /// A vault with a few records changed over several commits.
    func vaultWithHistory() throws -> FolioProcess {
        let folio = try FolioProcess.vault()
        for n in 1...4 { #expect(try folio.run("idea", "idea \(n)", "--desc", "first words \(n)").status == 0) }
        #expect(try folio.run("set", "idea 1", "title=idea one").status == 0)
        #expect(try folio.run("done", "idea 2").status == 0)
        return folio
    }

    func git(_ folio: FolioProcess, _ arguments: String...) throws -> String {
        try Tool.run(Tool.find("git", package: "git"), ["-c", "core.quotepath=off"] + arguments, in: folio.directory)
    }

    /// What `git fsck --connectivity-only` finds missing, as `missing <type> <id>` lines.
    func fsckMissing(_ folio: FolioProcess) throws -> Set<String> {
        let result = try FolioProcess.shell("git fsck --connectivity-only --no-dangling --no-progress 2>&1", in: folio.directory)
        return Set(
            result.split(separator: "\n").compactMap { line -> String? in
                let words = line.split(separator: " ")
                guard words.count == 3, words[0] == "missing" else { return nil }
                return String(words[2])
            })
    }

    /// Every loose object of the vault's repository, as its id.
    func looseObjects(_ folio: FolioProcess) throws -> [String] {
        let objects = folio.directory.appendingPathComponent(".git/objects")
        var found: [String] = []
        for folder in try FileManager.default.contentsOfDirectory(atPath: objects.path) where folder.count == 2 {
            for file in try FileManager.default.contentsOfDirectory(atPath: objects.appendingPathComponent(folder).path) {
                found.append(folder + file)
            }
        }
        return found.sorted()
    }

    func remove(_ object: String, in folio: FolioProcess) throws {
        let path = folio.directory.appendingPathComponent(".git/objects/\(object.prefix(2))/\(object.dropFirst(2))")
        try FileManager.default.removeItem(at: path)
    }

    @Test(
        "check says which part it could not do, with why, and fails; the other parts still run",
        arguments: [
            ("media", "could not check media files: could not read the folder: Not a directory"),
            (".folio/templates", "could not check records git ignores: could not read the folder: Not a directory"),
        ])
    func checkSaysWhatItCouldNotCheck(folder: String, said: String) throws {
        let folio = try vaultWithHistory()
        #expect(try folio.run("check").status == 0)
        let place = folio.directory.appendingPathComponent(folder)
        try? FileManager.default.removeItem(at: place)
        try Data("a file where the folder was\n".utf8).write(to: place)
        // A record with an unknown kind, which the other parts of the check still find.
        try Data("---\nid: 01JDUNKNOWNKIND00000000000\nkind: nosuchkind\ntitle: x\n---\n".utf8)
            .write(to: folio.directory.appendingPathComponent("x.md"))
        let check = try folio.run("check", "--lang", "en")
        #expect(check.status == 1)
        let output = check.stdout + check.stderr
        #expect(output.contains("\(folder): error: \(said)"), "\(output)")
        #expect(output.contains("nosuchkind"), "\(output)")
        let zh = try folio.run("check", "--lang", "zh-Hant")
        #expect((zh.stdout + zh.stderr).contains("無法檢查"), "\(zh.stdout + zh.stderr)")
        if folder == ".folio/templates" {
            // The vault's own kinds are unknown to every command: each says so.
            let list = try folio.run("list", "--lang", "en")
            #expect(list.stderr.contains(".folio/templates: warning: could not read the folder: Not a directory"), "\(list.stderr)")
        }
    }

    @Test("check finds every object git fsck finds missing (a blob, a tree, a commit), and nothing when fsck finds nothing")
    func checkAgainstFsck() throws {
        var random = SystemRandomNumberGenerator()
        var compared = 0
        for round in 0..<6 {
            let folio = try vaultWithHistory()
            #expect(try folio.run("check").status == 0, "a sound vault")
            let objects = try looseObjects(folio)
            for object in objects.shuffled(using: &random).prefix(round % 3 + 1) { try remove(object, in: folio) }
            let missing = try fsckMissing(folio)
            let check = try folio.run("check", "--json")
            let found = check.stdout
            for object in missing { #expect(found.contains(object), "round \(round): git fsck finds \(object) missing; check: \(found)") }
            if missing.isEmpty {
                #expect(!found.contains("is missing from the repository"), "round \(round): \(found)")
            } else {
                #expect(check.status == 1)
                compared += 1
            }
        }
        #expect(compared > 0, "at least one round damaged what git reaches")
    }

    @Test("check reports a shallow history (a clone with --depth), which git fsck accepts, with the command that completes it")
    func checkShallow() throws {
        let folio = try vaultWithHistory()
        let shallow = folio.directory.deletingLastPathComponent().appendingPathComponent("shallow")
        _ = try git(folio, "clone", "-q", "--depth", "1", "file://" + folio.directory.path, shallow.path)
        let clone = FolioProcess(directory: shallow, scratch: folio.scratch)
        let check = try clone.run("check")
        #expect(check.status == 1, "\(check.stdout)")
        #expect(check.stdout.contains("shallow") && check.stdout.contains("git fetch --unshallow"), "\(check.stdout)")
    }

    @Test("a shallow-history file that cannot be read is said by check, never taken for a full history")
    func checkUnreadableShallow() throws {
        let folio = try vaultWithHistory()
        try FileManager.default.createDirectory(
            at: folio.directory.appendingPathComponent(".git/shallow"), withIntermediateDirectories: false)
        let check = try folio.run("check")
        #expect(check.status == 1, "\(check.stdout)")
        #expect(check.stdout.contains(".git"), "\(check.stdout)")
        #expect(!check.stdout.contains("no problems"), "\(check.stdout)")
    }

    @Test("an error of show --at, log or undo names that command, never sync")
    func errorsNameTheOperation() throws {
        let folio = try vaultWithHistory()
        let path = try #require(
            (try folio.json("list", "--json") as? [[String: Any]])?.compactMap { $0["path"] as? String }.first {
                $0.contains("idea-1")
            })
        let older = try git(folio, "rev-list", "-n", "1", "HEAD~3").trimmingCharacters(in: .whitespacesAndNewlines)
        let blob = try git(folio, "rev-parse", "\(older):\(path)").trimmingCharacters(in: .whitespacesAndNewlines)
        try remove(blob, in: folio)
        let shown = try folio.run("show", path, "--at", String(older.prefix(8)))
        #expect(shown.status == 1 && shown.stderr.contains("show --at") && !shown.stderr.contains("sync"), "\(shown.stderr)")

        let commit = try git(folio, "rev-parse", "HEAD~2").trimmingCharacters(in: .whitespacesAndNewlines)
        try remove(commit, in: folio)
        let log = try folio.run("log")
        #expect(log.status == 1 && log.stderr.contains("log") && !log.stderr.contains("sync"), "\(log.stderr)")

        let parentTree = try git(folio, "rev-parse", "HEAD~1^{tree}").trimmingCharacters(in: .whitespacesAndNewlines)
        try remove(parentTree, in: folio)
        let undo = try folio.run("undo")
        #expect(undo.status == 1 && undo.stderr.contains("undo") && !undo.stderr.contains("sync"), "\(undo.stderr)")
    }

    @Test("a failed clone keeps the user's own empty folder, even the current one, and leaves nothing in it", arguments: ["X", "."])
    func failedCloneKeepsTheFolder(_ target: String) throws {
        let scratch = try Scratch("clone-target")
        let folder = scratch.path("X")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let notAVault = scratch.path("plain.git")
        _ = try Tool.run(Tool.find("git", package: "git"), ["init", "-q", "--bare", notAVault.path], in: scratch.url)
        let here = FolioProcess(directory: target == "." ? folder : scratch.url, scratch: scratch)
        for remote in [scratch.path("nowhere.git").path, notAVault.path] {
            let cloned = try here.run("clone", remote, target)
            #expect(cloned.status != 0, "\(remote)")
            #expect(FileManager.default.fileExists(atPath: folder.path), "\(remote): the folder is still there")
            #expect((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) == [], "\(remote): and empty")
        }
    }

    @Test(
        "on a full disk every command says the disk is full, in the user's language, never an unknown error",
        .enabled(if: TmpfsMount.unavailableReason == nil, Comment(rawValue: TmpfsMount.unavailableReason ?? "")),
        arguments: ["en", "zh-Hant"])
    func fullDisk(_ language: String) throws {
        let scratch = try Scratch("full-disk")
        let disk = try TmpfsMount(at: scratch.path("disk"), size: "4m")
        let root = disk.path.appendingPathComponent("vault")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let folio = FolioProcess(directory: root, scratch: scratch)
        #expect(try folio.run("init", ".", "--name", "林小雨", "--language", language).status == 0)
        #expect(try folio.run("idea", "before").status == 0)
        // Fill what is left, then write a record by hand for commit to take.
        try folio.write("ideas/by-hand.md", "---\nkind: idea\ntitle: by hand\n---\n" + String(repeating: "words ", count: 2_000))
        let filler = disk.path.appendingPathComponent("filler")
        _ = FileManager.default.createFile(atPath: filler.path, contents: nil)
        let handle = try FileHandle(forWritingTo: filler)
        let block = Data(repeating: 0x41, count: 4096)
        while (try? handle.write(contentsOf: block)) != nil {}
        try? handle.close()
        let saysFull = language == "en" ? "the disk is full" : "磁碟已滿"
        for arguments in [
            ["idea", "after", "--desc", String(repeating: "long ", count: 4_000)], ["commit"], ["set", "before", "title=more"],
        ] {
            let result = try folio.run(arguments)
            #expect(result.status != 0, "\(arguments)")
            #expect(result.stderr.contains(saysFull), "\(arguments): \(result.stderr)")
            #expect(!result.stderr.contains("unknown error"), "\(arguments): \(result.stderr)")
            if language == "zh-Hant" { #expect(!result.stderr.contains("No space left"), "\(arguments): \(result.stderr)") }
        }
    }
}

extension FolioProcess {
    /// Runs a shell command line in `directory` and returns what it printed (both streams).
    static func shell(_ command: String, in directory: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = directory
        process.environment = Tool.environment()
        return try process.runToEnd(mergingErrors: true).output
    }
}
