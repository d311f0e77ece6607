import Foundation
import TestSupport
import Testing

/// The rough edges a daily user meets in the first week (records and kinds, messages), each
/// checked the way the user met it: through the real binary.
@Suite("The first week: records, kinds and messages")
struct FirstWeekTests {
    static let scriptTool = "/usr/bin/script"

    func records(_ folio: FolioProcess, _ arguments: String...) throws -> [[String: Any]] {
        try #require(try folio.json(arguments + ["--json"]) as? [[String: Any]])
    }

    // MARK: - Records and kinds

    @Test("a key the kind does not declare is refused with the closest key; --extra and extra_keys: allow take it")
    func unknownKeys() throws {
        let folio = try FolioProcess.vault(language: "zh-Hant")
        let typo = try folio.run("idea", "typo", "--field", "doen=true")
        #expect(typo.status == 1)
        #expect(typo.stderr.contains("idea 沒有「doen」這個欄位，你是指「done」嗎？"), "\(typo.stderr)")
        #expect(typo.stderr.contains("--extra"))
        #expect(try records(folio, "list", "idea").isEmpty, "nothing was written")

        #expect(try folio.run("idea", "mine", "--field", "mood=calm", "--extra").status == 0)
        let mine = try #require(try records(folio, "list", "idea").first)
        let id = try #require(mine["id"] as? String)
        #expect(try folio.run("show", id, "--json").stdout.contains("\"mood\":\"calm\""))

        let bogus = try folio.run("set", id, "bogus=1")
        #expect(bogus.status == 1 && bogus.stderr.contains("「bogus」"), "\(bogus.stderr)")
        #expect(try folio.run("set", id, "mood=happy").status == 0, "a key the record already has is its own")

        #expect(try folio.run("kinds", "add", "baby-tracker").status == 0)
        #expect(try folio.run("new", "baby", "--field", "name=小寶").status == 0)
        let sleep = try folio.run("new", "sleep", "--parent", "小寶", "--field", "start=2026-11-21T20:30", "--field", "bogus=1")
        #expect(sleep.status == 1 && sleep.stderr.contains("sleep 沒有「bogus」這個欄位"), "\(sleep.stderr)")

        try folio.write(
            ".folio/templates/note.md", "---\nkind: note\nextra_keys: allow\nfields:\n  mood: {type: string}\n---\n{{{body}}}\n")
        #expect(try folio.run("new", "note", "--title", "自由", "--field", "weather=rain").status == 0)
    }

    @Test("titles: empty, blank, several lines, a tab and over the limit are refused; the limit is a setting")
    func titles() throws {
        let folio = try FolioProcess.vault(language: "zh-Hant")
        for title in ["", "   ", "兩行\n標題", "有\t定位"] {
            let result = try folio.run("idea", title)
            #expect(result.status == 1, "\(title.debugDescription) was taken")
            #expect(result.stderr.contains("標題"), "\(result.stderr)")
        }
        let long = try folio.run("idea", String(repeating: "長", count: 201))
        #expect(long.status == 1 && long.stderr.contains("文字太長，請簡短一點") && long.stderr.contains("上限 200 字"), "\(long.stderr)")
        #expect(try folio.run("idea", String(repeating: "長", count: 200)).status == 0)
        #expect(try folio.run("config", "set", "record.max_title_length", "10").status == 0)
        #expect(try folio.run("idea", "十一個字的標題有點長了").status == 1)
        let id = try #require(try records(folio, "list", "idea").first?["id"] as? String)
        #expect(try folio.run("set", id, "title=").status == 1)
        #expect(try records(folio, "list", "idea").count == 1)
    }

    @Test(
        "on a terminal, list cuts long titles by columns (CJK counts double) with …; a pipe gets them whole",
        .enabled(if: FileManager.default.isExecutableFile(atPath: scriptTool), "needs util-linux `script` for a terminal"))
    func listFitsTheTerminal() throws {
        var folio = try FolioProcess.vault(language: "zh-Hant")
        let title = String(repeating: "很長的標題", count: 10)
        #expect(try folio.run("idea", title).status == 0)
        #expect(try folio.run("list").stdout.contains(title), "a pipe gets the whole title")
        folio.environment["COLUMNS"] = "60"
        let shown = try folio.runOnTerminal(["list"], input: "")
        let line = try #require(shown.stdout.split(whereSeparator: \.isNewline).map(String.init).first { $0.contains("很長") })
        #expect(line.contains("…"), "\(line)")
        #expect(Self.columns(line) <= 60, "\(line) takes \(Self.columns(line)) columns")
    }

    static func columns(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { width, scalar in
            width + ((0x2E80...0xA4CF).contains(scalar.value) || (0xFF00...0xFF60).contains(scalar.value) ? 2 : 1)
        }
    }

    @Test("a sleep typed the next morning is dated, filed, listed and calendared by its start (date_key)")
    func dateKey() throws {
        var folio = try FolioProcess.vault(language: "zh-Hant")
        #expect(try folio.run("kinds", "add", "baby-tracker").status == 0)
        #expect(try folio.run("new", "baby", "--field", "name=小寶").status == 0)
        folio.environment["FOLIO_NOW"] = "2026-11-22T07:10:00+08:00"
        let sleep = try #require(
            try folio.json("new", "sleep", "--parent", "小寶", "--field", "start=2026-11-21T20:30", "--json") as? [String: Any])
        #expect(sleep["created"] as? String == "2026-11-21T20:30:00+08:00")
        #expect((sleep["path"] as? String)?.hasPrefix("baby/sleep/2026/11/2026-11-21-") == true, "\(sleep["path"] ?? "")")
        #expect(sleep["modified"] as? String == "2026-11-22T07:10:00+08:00")
        #expect(try folio.run("list", "sleep").stdout.hasPrefix("2026-11-21"))
        #expect(try folio.run("cal", "2026-11").stdout.contains("21*"))
    }

    @Test("set done=true stamps done_at as done does; done=false clears it; the rule is the kind's")
    func derivedFields() throws {
        let folio = try FolioProcess.vault(language: "en")
        #expect(try folio.run("idea", "paint the fence").status == 0)
        let id = try #require(try records(folio, "list", "idea").first?["id"] as? String)
        #expect(try folio.run("set", id, "done=true").status == 0)
        let done = try #require(try folio.json("show", id, "--json") as? [String: Any])
        #expect(done["done_at"] as? String == "2026-11-22T18:04:11+08:00")
        #expect(try folio.run("set", id, "done=false").status == 0)
        #expect((try folio.json("show", id, "--json") as? [String: Any])?["done_at"] == nil)
        #expect(try folio.run("done", id).status == 0)
        #expect((try folio.json("show", id, "--json") as? [String: Any])?["done_at"] != nil)

        try folio.write(
            ".folio/templates/chore.md",
            "---\nkind: chore\nfields:\n  finished: {type: bool, default: false}\n  finished_at: {type: datetime, set_when: finished}\n---\n"
        )
        let chore = try #require(
            try folio.json("new", "chore", "--title", "dishes", "--field", "finished=true", "--json") as? [String: Any])
        #expect(chore["finished_at"] as? String == "2026-11-22T18:04:11+08:00", "a new record stamped at once")
        try folio.write(".folio/templates/bad.md", "---\nkind: bad\nfields:\n  at: {type: datetime, set_when: nothing}\n---\n")
        let bad = try folio.run("new", "bad", "--title", "x")
        #expect(bad.status == 1 && bad.stderr.contains("set_when"), "\(bad.stderr)")
    }

    @Test("show lists a baby's children; list --parent lists them, any kind or one; both with --json")
    func children() throws {
        let folio = try FolioProcess.vault(language: "zh-Hant")
        #expect(try folio.run("kinds", "add", "baby-tracker").status == 0)
        #expect(try folio.run("new", "baby", "--field", "name=小寶").status == 0)
        #expect(try folio.run("new", "baby", "--field", "name=小貝").status == 0)
        #expect(try folio.run("new", "sleep", "--parent", "小寶", "--field", "start=2026-11-21T20:30").status == 0)
        #expect(
            try folio.run("new", "activity", "--parent", "小寶", "--field", "activity=bath", "--field", "start=2026-11-22T09:00").status == 0)
        #expect(try folio.run("new", "sleep", "--parent", "小貝", "--field", "start=2026-11-21T21:00").status == 0)

        let shown = try folio.run("show", "小寶").stdout
        #expect(shown.contains("子紀錄（2 筆）"), "\(shown)")
        #expect(shown.contains("activity  2026-11-22 09:00  bath") && shown.contains("sleep  2026-11-21 20:30"), "\(shown)")
        let json = try #require(try folio.json("show", "小寶", "--json") as? [String: Any])
        let children = try #require(json["children"] as? [[String: Any]])
        #expect(children.map { $0["kind"] as? String } == ["activity", "sleep"])
        #expect(try folio.json("show", "小貝", "--json") is [String: Any])

        #expect(try records(folio, "list", "--parent", "小寶").count == 2)
        #expect(try records(folio, "list", "--parent", "小寶", "--kind", "sleep").map { $0["kind"] as? String } == ["sleep"])
        #expect(try folio.run("list", "--parent", "小寶").stdout.split(separator: "\n").count == 2)
        let idea = try #require(try folio.json("idea", "no children", "--json") as? [String: Any])
        #expect(
            (try folio.json("show", try #require(idea["id"] as? String), "--json") as? [String: Any])?["children"] == nil,
            "a kind without child kinds has no children list")
    }

    @Test("the billiard example has the player's profile and level")
    func billiardPlayer() throws {
        let folio = try FolioProcess.vault(language: "en")
        #expect(try folio.run("kinds", "add", "billiard-trainer").status == 0)
        #expect(try folio.run("kinds").stdout.contains("player"))
        let player = try #require(try folio.json("new", "player", "--field", "name=阿明", "--json") as? [String: Any])
        #expect(player["path"] as? String == "billiard/player.md")
        #expect(player["level"] as? Int == 1 && player["experience"] as? Int == 0)
        let id = try #require(player["id"] as? String)
        #expect(try folio.run("set", id, "level=6").status == 1, "Lv.5 is the top")
        #expect(try folio.run("set", id, "level=2", "experience=600").status == 0)
    }

    @Test("- reads standard input for --body, --desc, --text and -m; a literal - is never stored; one - per command")
    func standardInput() throws {
        let folio = try FolioProcess.vault(language: "en")
        let idea = try #require(
            try JSONSerialization.jsonObject(
                with: Data(try folio.run("idea", "from a pipe", "--desc", "-", "--json", input: "piped description\n").stdout.utf8))
                as? [String: Any])
        #expect(idea["body"] as? String == "piped description\n")
        let body = try folio.run(["new", "idea", "--title", "b", "--body", "-", "--json"], input: "line one\nline two\n")
        #expect(body.stdout.contains("line one\\nline two"), "\(body.stdout)")
        let diary = try folio.run(["new", "diary", "--text", "-", "--json"], input: "typed in a pipe")
        #expect(diary.stdout.contains("\"text\":\"typed in a pipe\""), "\(diary.stdout)")
        let page = try #require(try JSONSerialization.jsonObject(with: Data(diary.stdout.utf8)) as? [String: Any])
        let chat = try folio.run(["chat", try #require(page["id"] as? String), "-m", "-"], input: "a message from stdin")
        #expect(chat.status == 0, "\(chat.stderr)")
        #expect(folio.read(try #require(page["path"] as? String))?.contains("a message from stdin") == true)
        let twice = try folio.run(["new", "diary", "--text", "-", "--body", "-"], input: "once")
        #expect(twice.status != 0)
        for file in folio.vaultFiles().values { #expect(!file.contains("text: -\n") && !file.hasSuffix("\n-\n")) }
    }

    @Test("records made within one second list newest first: created carries milliseconds")
    func sameSecondOrder() throws {
        var folio = try FolioProcess.vault(language: "en")
        for (index, title) in ["first", "second", "third"].enumerated() {
            folio.environment["FOLIO_NOW"] = "2026-11-22T18:04:11.\(index + 1)00+08:00"
            #expect(try folio.run("idea", title).status == 0)
        }
        let listed = try records(folio, "list", "idea")
        #expect(listed.map { $0["title"] as? String } == ["third", "second", "first"])
        #expect(listed.first?["created"] as? String == "2026-11-22T18:04:11.300+08:00")
        #expect(try folio.run("list", "-n", "1").stdout.contains("third"), "the catalog's first page agrees")
    }

    // MARK: - Messages

    @Test("messages name the real cause: an unknown help topic, a remote folder that is not there, a value's type")
    func realCauses() throws {
        let folio = try FolioProcess.vault(language: "zh-Hant")
        let help = try folio.run("help", "nosuch")
        // Before a command runs, messages follow the locale (LANG), as parse errors do.
        #expect(help.status == 2 && help.stderr.contains("'nosuch'") && help.stderr.contains("folio help"), "\(help.stderr)")
        #expect(try folio.run("help", "sync").status == 0)

        #expect(
            try folio.run("config", "set", "sync.remote", folio.directory.appendingPathComponent("../no-such-remote.git").path).status == 0)
        let sync = try folio.run("sync")
        #expect(sync.status == 3)
        #expect(sync.stderr.contains("不存在") && !sync.stderr.contains("unsupported URL protocol"), "\(sync.stderr)")

        #expect(try folio.run("kinds", "add", "baby-tracker").status == 0)
        #expect(try folio.run("new", "baby", "--field", "name=小寶").status == 0)
        let quality = try folio.run("new", "sleep", "--parent", "小寶", "--field", "start=2026-11-21T20:30", "--field", "quality=good")
        #expect(quality.stderr.contains("「quality」必須是整數"), "\(quality.stderr)")
        let done = try folio.run("idea", "x", "--field", "done=maybe")
        #expect(done.stderr.contains("「done」必須是true 或 false"), "\(done.stderr)")
    }

    @Test("an empty search says 紀錄, or 日記 when only diary pages were searched")
    func emptySearch() throws {
        let folio = try FolioProcess.vault(language: "zh-Hant")
        #expect(try folio.run("idea", "買菜").status == 0)
        #expect(try folio.run("search", "不存在的字").stderr.contains("找不到符合的紀錄"))
        #expect(try folio.run("search", "不存在的字", "--kind", "diary").stderr.contains("找不到符合的日記"))
        #expect(try folio.run("search", "kind:diary", "不存在的字").stderr.contains("找不到符合的日記"))
    }

    @Test("with builtin only, chat keeps the message and suggests no --retry that could not work")
    func noRetryOffline() throws {
        let folio = try FolioProcess.vault(language: "zh-Hant")
        let page = try #require(try folio.json("new", "diary", "--text", "今天", "--json") as? [String: Any])
        let id = try #require(page["id"] as? String)
        let chat = try folio.run("chat", id, "-m", "哈囉")
        #expect(chat.status == 0)
        #expect(!chat.stderr.contains("--retry") && chat.stderr.contains("ai.provider"), "\(chat.stderr)")
        #expect(folio.read(try #require(page["path"] as? String))?.contains("哈囉") == true)
    }

    @Test("search snippets show text, not Markdown; list shows inline #tags as tags and search do")
    func readableListings() throws {
        let folio = try FolioProcess.vault(language: "zh-Hant")
        let photo = folio.directory.appendingPathComponent("IMG_2041.jpg")
        try Data(MediaFixtures.jpeg(width: 16, height: 16)).write(to: photo)
        #expect(try folio.run("new", "diary", "--media", photo.path, "--text", "下雨的傍晚").status == 0)
        let hit = try folio.run("search", "IMG_2041").stdout
        #expect(hit.contains("[照片 ") && hit.contains(".jpg]") && !hit.contains("../media/") && !hit.contains("]("), "\(hit)")
        #expect(try folio.run("idea", "散步", "--desc", "走到 #河邊 看夕陽").status == 0)
        #expect(try folio.run("list", "idea").stdout.contains("#河邊"))
    }
}
