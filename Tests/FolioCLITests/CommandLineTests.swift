import Foundation
import Testing

@Suite("The folio command, as a user runs it")
struct CommandLineTests {
    @Test("the issue's walk-through: init, idea, diary, list, show, done, set, rm --dry-run")
    func walkThrough() throws {
        let folio = try FolioProcess.vault()
        #expect(
            try folio.run("idea", "測試想法", "--desc", "測試描述", "--tag", "work").stdout
                == "added idea \"測試想法\": ideas/2026/11/2026-11-22-測試想法.md\n")
        #expect(try folio.run("new", "diary", "--title", "下雨的傍晚", "--text", "今天下班走回家", "--tag", "rain", "--tag", "walk").status == 0)
        let list = try folio.run("list")
        let lines = list.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { $0.hasPrefix("2026-11-22  ") })
        #expect(lines.contains { $0.contains("idea ") && $0.contains("測試想法") && $0.hasSuffix("#work") })
        #expect(lines.contains { $0.contains("diary") && $0.contains("下雨的傍晚") && $0.hasSuffix("#rain #walk") })

        #expect(try folio.run("list", "-n", "1").stdout.split(separator: "\n").count == 1)
        let open = try #require(try folio.json("list", "idea", "--open", "--json") as? [[String: Any]])
        #expect(open.map { $0["title"] as? String } == ["測試想法"])
        let id = try #require(open.first?["id"] as? String)

        let shown = try #require(try folio.json("show", "測試想法", "--json") as? [String: Any])
        #expect(shown["body"] as? String == "測試描述\n")
        #expect(shown["path"] as? String == "ideas/2026/11/2026-11-22-測試想法.md")
        #expect(shown["done"] as? Bool == false)

        let prefix = String(id.prefix(4))
        #expect(try folio.run("done", prefix).status == 0)
        #expect(try folio.run("set", prefix, "title=新標題", "--unset", "done_at").status == 0)
        let text = try #require(folio.read("ideas/2026/11/2026-11-22-測試想法.md"))
        #expect(text.contains("title: 新標題\n") && text.contains("done: true\n") && !text.contains("done_at"))
        #expect((try folio.json("list", "idea", "--open", "--json") as? [Any])?.isEmpty == true)

        let dryRun = try folio.run("rm", prefix, "--dry-run")
        #expect(dryRun.status == 0)
        #expect(dryRun.stdout.contains("1 record will be removed") && dryRun.stdout.contains("idea: 1"))
        #expect(folio.read("ideas/2026/11/2026-11-22-測試想法.md") != nil)

        let refused = try folio.run("rm", prefix)
        #expect(refused.status == 1 && refused.stderr.contains("--yes"))
        #expect(try folio.run("rm", prefix, "--yes").status == 0)
        #expect(folio.read("ideas/2026/11/2026-11-22-測試想法.md") == nil)
    }

    @Test("twenty folio idea processes at once make twenty records")
    func concurrentWriters() throws {
        let folio = try FolioProcess.vault()
        let started = try (1...20).map { try folio.start(["idea", "同時 \($0 % 3)"]) }
        let results = started.map(folio.finish)
        #expect(results.allSatisfy { $0.status == 0 }, "\(results.map(\.stderr))")
        let ideas = try #require(try folio.json("list", "idea", "--json") as? [[String: Any]])
        #expect(ideas.count == 20)
        #expect(Set(ideas.compactMap { $0["path"] as? String }).count == 20)
        #expect(Set(ideas.compactMap { $0["id"] as? String }).count == 20)
    }

    @Test("usage errors exit 2, failures exit 1 with the message on stderr and no stack trace")
    func exitStatus() throws {
        let folio = try FolioProcess.vault()
        let usage = try folio.run("list", "--bogus")
        #expect(usage.status == 2 && usage.stderr.contains("--bogus"))
        let missing = try folio.run("show", "nothing-like-this")
        #expect(missing.status == 1)
        #expect(missing.stderr.hasPrefix("error: no record matches 'nothing-like-this'"))
        #expect(missing.stdout.isEmpty)
        let typed = try folio.run("new", "qa", "--field", "question=要嗎？", "--field", "answer_type=maybe")
        #expect(typed.status == 1 && typed.stderr.contains("'answer_type' cannot be 'maybe'"))
        let unknown = try folio.run("new", "recipe")
        #expect(unknown.status == 1 && unknown.stderr.contains("unknown kind 'recipe'"))
    }

    @Test("messages follow the vault's language, and --lang overrides it for one call")
    func languages() throws {
        let folio = try FolioProcess.vault(language: "zh-Hant")
        #expect(try folio.run("show", "nothing").stderr.hasPrefix("錯誤: 找不到紀錄「nothing」"))
        #expect(try folio.run("show", "nothing", "--lang", "en").stderr.hasPrefix("error: no record matches 'nothing'"))
    }

    @Test("--vault on a folder that is not a vault, and no vault at all, are clear errors")
    func notAVault() throws {
        let folio = try FolioProcess.vault()
        let empty = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("plain-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let result = try folio.run("list", "--vault", empty.path)
        #expect(result.status == 1 && result.stderr.contains("is not a folio vault") && result.stderr.contains("folio init"))
        let outside = FolioProcess(directory: empty)
        #expect(try outside.run("list").stderr.contains("no folio vault here"))
    }

    @Test("a broken record is named with file:line:column while the others still list and show")
    func brokenRecord() throws {
        let folio = try FolioProcess.vault()
        try folio.run("idea", "still fine")
        try folio.write("ideas/2026/11/broken.md", "---\nid: 1\ntitle: \"unclosed\nkind: idea\n---\n")
        let list = try folio.run("list")
        #expect(list.status == 0 && list.stdout.contains("still fine"))
        #expect(list.stderr.contains("ideas/2026/11/broken.md:3:8: warning:"))
        #expect(try folio.run("show", "still-fine").status == 0)
        let shown = try folio.run("show", "ideas/2026/11/broken.md")
        #expect(shown.status == 1 && shown.stderr.contains("broken.md:3:8"))
        let check = try folio.run("check")
        #expect(check.status == 1 && check.stdout.contains("broken.md:3:8"))
    }

    @Test("writing without an owner says how to create one and writes nothing")
    func noOwner() throws {
        let root = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("folio-noowner-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let folio = FolioProcess(directory: root)
        #expect(try folio.run("init", ".", "--language", "en").status == 0)
        let result = try folio.run("idea", "x")
        #expect(result.status == 1 && result.stderr.contains("folio profile set --name"))
        #expect((try folio.json("list", "--json") as? [Any])?.isEmpty == true)
        #expect(try folio.run("profile", "set", "--name", "Ann").status == 0)
        #expect(try folio.run("idea", "x").status == 0)
    }

    @Test("edit runs $EDITOR, saves a valid change, and refuses one that does not parse")
    func edit() throws {
        var folio = try FolioProcess.vault()
        try folio.run("idea", "editable")
        let path = "ideas/2026/11/2026-11-22-editable.md"
        folio.environment["EDITOR"] = "sed -i s/editable/edited/"
        #expect(try folio.run("edit", "editable").status == 0)
        #expect(folio.read(path)?.contains("title: edited") == true)
        let before = folio.read(path)
        folio.environment["EDITOR"] = "sed -i s/title:.*/title:\\ \\[oops/"
        let bad = try folio.run("edit", "edited")
        #expect(bad.status == 1 && bad.stderr.contains("2026-11-22-editable.md:4:8: error:"))
        #expect(folio.read(path) == before)
    }

    @Test("config set/get round-trips; unknown keys and wrong types are refused")
    func config() throws {
        let folio = try FolioProcess.vault()
        #expect(try folio.run("config", "set", "ai.model", "gpt-4o-mini").status == 0)
        #expect(try folio.run("config", "get", "ai.model").stdout == "gpt-4o-mini\n")
        #expect(try folio.run("config", "get", "sync.interval").stdout == "10\n")
        let unknown = try folio.run("config", "set", "ai.modle", "x")
        #expect(unknown.status == 1 && unknown.stderr.contains("ai.model"))
        let wrong = try folio.run("config", "set", "sync.interval", "soon")
        #expect(wrong.status == 1 && wrong.stderr.contains("whole number"))
        #expect(folio.read(".folio/config.yaml")?.contains("# folio settings") == true)
    }

    @Test("a baby with sleeps and activities is removed whole by rm --yes; nothing else is touched")
    func babyCascade() throws {
        let folio = try FolioProcess.vault()
        #expect(try folio.run("kinds", "add", "baby-tracker").status == 0)
        #expect(try folio.run("new", "baby", "--field", "name=小寶").status == 0)
        #expect(try folio.run("new", "baby", "--field", "name=二寶").status == 0)
        #expect(try folio.run("new", "sleep", "--parent", "小寶", "--field", "start=2026-11-22T20:30").status == 0)
        let sleeps = try #require(try folio.json("list", "sleep", "--json") as? [[String: Any]])
        let sleepID = try #require(sleeps.first?["id"] as? String)
        #expect(try folio.run("new", "interruption", "--parent", sleepID, "--field", "time=2026-11-22T22:00").status == 0)
        #expect(try folio.run("new", "environment", "--parent", sleepID, "--field", "factor=noise").status == 0)
        #expect(
            try folio.run("new", "activity", "--parent", "小寶", "--field", "activity=bath", "--field", "start=2026-11-22T18:00").status == 0)
        let wrongParent = try folio.run("new", "sleep", "--parent", "林小雨", "--field", "start=2026-11-22T20:30")
        #expect(wrongParent.status == 1 && wrongParent.stderr.contains("must be a 'baby' record"))
        let plan = try folio.run("rm", "小寶", "--dry-run")
        #expect(plan.stdout.contains("5 records will be removed"))
        #expect(plan.stdout.contains("activity: 1, baby: 1, environment: 1, interruption: 1, sleep: 1"))
        #expect(try folio.run("rm", "小寶", "--yes").status == 0)
        let left = try #require(try folio.json("list", "--json") as? [[String: Any]])
        #expect(left.map { $0["title"] as? String } == ["二寶"])
        #expect(try folio.run("check").status == 0)
    }

    @Test("a vault whose git data is missing still lists, with one warning that says how to repair it")
    func missingGit() throws {
        let folio = try FolioProcess.vault()
        try folio.run("idea", "still here")
        #expect(try folio.run("list").stderr.isEmpty, "a healthy vault warns about nothing")
        try FileManager.default.removeItem(at: folio.directory.appendingPathComponent(".git"))
        let list = try folio.run("list")
        #expect(list.status == 0 && list.stdout.contains("still here"))
        #expect(list.stderr.components(separatedBy: "warning:").count == 2 && list.stderr.contains("git init"))
    }

    @Test("check --fix applies an orphan's delete rule")
    func checkFix() throws {
        let folio = try FolioProcess.vault()
        #expect(try folio.run("kinds", "add", "baby-tracker").status == 0)
        #expect(try folio.run("new", "baby", "--field", "name=小寶").status == 0)
        #expect(try folio.run("new", "sleep", "--parent", "小寶", "--field", "start=2026-11-22T20:30").status == 0)
        let baby = try #require((try folio.json("list", "baby", "--json") as? [[String: Any]])?.first?["path"] as? String)
        try FileManager.default.removeItem(at: folio.directory.appendingPathComponent(baby))
        let check = try folio.run("check")
        #expect(check.status == 1 && check.stdout.contains("orphan"))
        #expect(try folio.run("check", "--fix", "--yes").status == 0)
        #expect((try folio.json("list", "sleep", "--json") as? [Any])?.isEmpty == true)
        #expect(try folio.run("check").status == 0)
    }
}
