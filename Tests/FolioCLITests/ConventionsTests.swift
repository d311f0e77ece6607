import Foundation
import TestSupport
import Testing

/// What a user of git, jrnl, nb or zk expects of a command line: options anywhere, `--json`
/// everywhere there is output, documented exit codes.
@Suite("Conventions: global options anywhere, --json, exit codes")
struct ConventionsTests {
    /// A vault in a folder `v` inside a scratch folder, and a folio started in the scratch folder.
    static func outside() throws -> (FolioProcess, FolioProcess) {
        let inside = try FolioProcess.vault()
        try inside.run("idea", "first idea")
        let vault = inside.directory.appendingPathComponent("v")
        try FileManager.default.createDirectory(at: vault, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: inside.directory.path) where name != "v" {
            try FileManager.default.moveItem(at: inside.directory.appendingPathComponent(name), to: vault.appendingPathComponent(name))
        }
        return (FolioProcess(directory: inside.directory), FolioProcess(directory: vault))
    }

    @Test("--vault, -C and --lang work before the command as after it")
    func globalOptionsAnywhere() throws {
        let (outside, inside) = try Self.outside()
        let expected = try inside.run("list").stdout
        #expect(expected.contains("first idea"))
        for arguments in [
            ["--vault", "v", "list"], ["--vault=v", "list"], ["-C", "v", "list"], ["list", "--vault", "v"], ["list", "-C", "v"],
            ["-C", "v", "--no-color", "list"],
        ] {
            let result = try outside.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(result.stdout == expected, "\(arguments)")
        }
        let chinese = try outside.run("--lang", "zh-Hant", "-C", "v", "status")
        #expect(chinese.status == 0 && chinese.stdout.contains("所有修改都已提交"), "\(chinese.stdout)\(chinese.stderr)")
        let english = try outside.run("--lang", "en", "--vault", "v", "status")
        let englishAfter = try inside.run("status", "--lang", "en")
        #expect(english.status == 0 && english.stdout == englishAfter.stdout)
        // A subcommand's subcommand takes them too, and -C makes a relative --vault relative to it.
        let nested = try outside.run("-C", "v", "--vault", ".", "conflicts", "list", "--json")
        #expect(nested.status == 0 && nested.stdout == "[]\n", "\(nested.stderr)")
        let missing = try outside.run("-C", "nowhere", "list")
        #expect(missing.status == 1 && missing.stderr.contains("cannot enter the folder nowhere"), "\(missing.stderr)")
        // An option that is not global still belongs after its command.
        #expect(try outside.run("--json", "-C", "v", "list").status == 2)
    }

    @Test("list --kind is the same as list KIND, as in tags, cal and search")
    func listKind() throws {
        let folio = try FolioProcess.vault()
        try folio.run("idea", "an idea")
        try folio.run("ask", "Will it rain?")
        let byOption = try folio.run("list", "--kind", "idea", "--json")
        #expect(byOption.status == 0, "\(byOption.stderr)")
        #expect(byOption.stdout == (try folio.run("list", "idea", "--json")).stdout)
        let titles = (try JSONSerialization.jsonObject(with: Data(byOption.stdout.utf8)) as? [[String: Any]])?.map {
            $0["title"] as? String
        }
        #expect(titles == ["an idea"])
        #expect(try folio.run("list", "--kind", "recipe").status == 1)
    }

    @Test("kinds, done, undone and undo --dry-run print JSON; undo --dry-run changes nothing")
    func json() throws {
        let folio = try FolioProcess.vault()
        try folio.run("idea", "tick me")
        let kinds = try #require(try folio.json("kinds", "--json") as? [[String: Any]])
        #expect(kinds.map { $0["name"] as? String ?? "" } == ["diary", "idea", "note", "profile", "qa"])
        let idea = try #require(kinds.first { $0["name"] as? String == "idea" })
        let fields = idea["fields"] as? [[String: Any]] ?? []
        #expect(
            idea["dir"] as? String == "ideas" && fields.first?["name"] as? String == "done" && fields.first?["type"] as? String == "bool")

        let done = try #require(try folio.json("done", "tick-me", "--json") as? [String: Any])
        #expect(done["done"] as? Bool == true && done["title"] as? String == "tick me" && done["done_at"] != nil)
        let before = folio.vaultFiles()
        let commits = try folio.commitCount()
        let dry = try #require(try folio.json("undo", "--dry-run", "--json") as? [String: Any])
        #expect(dry["summary"] as? String == "idea: done \"tick me\"" && dry["dry_run"] as? Bool == true)
        #expect((dry["paths"] as? [String])?.count == 1 && (dry["commit"] as? String)?.count == 40)
        let text = try folio.run("undo", "--dry-run")
        #expect(text.stdout.hasPrefix("would undo: idea: done \"tick me\""), "\(text.stdout)")
        let after = try folio.commitCount()
        #expect(folio.vaultFiles() == before && after == commits, "--dry-run changes nothing")
        let undone = try #require(try folio.json("undone", "tick-me", "--json") as? [String: Any])
        #expect(undone["done"] as? Bool == false)

        try folio.write("notes/by-hand.md", "plain notes\n")
        let committed = try #require(try folio.json("commit", "--json") as? [String: Any])
        #expect(committed["committed"] as? [String] == ["notes/by-hand.md"] && (committed["commit"] as? String)?.count == 40)
        let scratch = folio.directory.appendingPathComponent("notes/new-vault")
        let made = try #require(try folio.json("init", scratch.path, "--name", "Ann", "--language", "en", "--json") as? [String: Any])
        #expect(
            made["owner"] as? String == "Ann" && made["language"] as? String == "en"
                && (made["vault"] as? String)?.hasSuffix("new-vault") == true)

        let fresh = try FolioProcess.vault()
        while (try fresh.run("undo")).stdout.hasPrefix("undone") {}
        let nothing = try #require(try fresh.json("undo", "--dry-run", "--json") as? [String: Any])
        #expect(nothing["commit"] is NSNull && (nothing["paths"] as? [Any])?.isEmpty == true)
    }

    @Test("edit prints JSON too: the record after the edit, and whether it changed")
    func editJSON() throws {
        var folio = try FolioProcess.vault()
        try folio.run("idea", "editable")
        folio.environment["EDITOR"] = "sed -i s/editable/edited/"
        let edited = try #require(try folio.json("edit", "editable", "--json") as? [String: Any])
        #expect(edited["title"] as? String == "edited" && edited["changed"] as? Bool == true && edited["body"] != nil)
        folio.environment["EDITOR"] = "true"
        let same = try #require(try folio.json("edit", "edited", "--json") as? [String: Any])
        #expect(same["title"] as? String == "edited" && same["changed"] as? Bool == false)
    }

    @Test("sync and clone print JSON too: what a sync committed, sent, received, and the conflict copies it made")
    func syncJSON() throws {
        var devices = try Devices.make()
        let path = try devices.retitleOnBoth("original title", onA: "A's title", onB: "B's title").path
        let sent = try #require(try devices["A"].json("sync", "--json") as? [String: Any])
        #expect((sent["sent"] as? Int ?? 0) > 0 && (sent["conflicts"] as? [Any])?.isEmpty == true)
        let merged = try #require(try devices["B"].json("sync", "--json") as? [String: Any])
        let conflicts = try #require(merged["conflicts"] as? [[String: String]])
        #expect(conflicts == [["path": path, "copy": (path as NSString).deletingPathExtension + ".conflict-a-20261122-020000.md"]])
        #expect((merged["received"] as? Int ?? 0) > 0 && merged["unrelated_histories"] as? Bool == false)
        let cloned = try #require(try FolioProcess(directory: devices.base).json("clone", devices.remote, "C", "--json") as? [String: Any])
        #expect(
            cloned["vault"] as? String == devices.base.appendingPathComponent("C").path && cloned["remote"] as? String == devices.remote)
    }

    @Test("transcribe prints JSON too")
    func transcribeJSON() throws {
        let server = try OpenAIServer()
        defer { server.stop() }
        var folio = try FolioProcess.vault()
        folio.environment["FOLIO_AI_KEY"] = "sk-test"
        folio.environment["HOME"] = folio.directory.path
        for (name, value) in [("ai.provider", "openai"), ("ai.base_url", server.baseURL), ("ai.model", "friend-1"), ("ai.timeout", "10")] {
            #expect(try folio.run("config", "set", name, value).status == 0)
        }
        try Data(MediaFixtures.wav(seconds: 1)).write(to: folio.directory.appendingPathComponent("voice.m4a"))
        server.enqueue(.transcription("今天下班走回家"))
        let json = try #require(try folio.json("transcribe", "voice.m4a", "--json") as? [String: Any])
        #expect(json["text"] as? String == "今天下班走回家" && json["file"] as? String == "voice.m4a")
    }

    @Test("the exit codes are one table, in folio help and in the README")
    func exitCodes() throws {
        let folio = try FolioProcess.vault()
        let help = try folio.run("--help")
        #expect(help.status == 0)
        for line in [
            "Exit status:", "  0    success", "  1    the command failed", "  2    a usage error", "  3    sync could not reach the remote",
            "  130  sync --watch stopped",
        ] {
            #expect(help.stdout.contains(line), "\(line)")
        }
        #expect(try folio.run("help").stdout.contains("Exit status:"))
        let readme = try String(contentsOf: Self.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("### Exit status\n\nThe same table is at the end of `folio help`.\n\n| status | meaning |"))
        for code in ["| 0 |", "| 1 |", "| 2 |", "| 3 |", "| 130 |"] { #expect(readme.contains(code)) }
        // The codes themselves: 2 for usage, 1 for a failure.
        #expect(try folio.run("list", "--no-such-option").status == 2)
        #expect(try folio.run("show", "nothing-by-this-name").status == 1)
    }

    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }
}
