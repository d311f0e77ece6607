import Foundation
import TestSupport
import Testing

/// The real jrnl, installed by `make deps` into `.build-jrnl/` (FOLIO_JRNL names another).
private let jrnl: String? = {
    let environment = ProcessInfo.processInfo.environment["FOLIO_JRNL"]
    let local = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".build-jrnl/bin/jrnl").path
    return [environment, local].compactMap { $0 }.first { FileManager.default.isExecutableFile(atPath: $0) }
}()

/// A jrnl of its own: a HOME holding its configuration and its journal (a file, or a folder).
private struct Jrnl {
    let executable: String
    let home: URL
    let journal: URL

    init(_ executable: String, scratch: Scratch, name: String, folder: Bool = false, timeformat: String = "%F %r") throws {
        self.executable = executable
        home = scratch.path(name)
        journal = home.appendingPathComponent(folder ? "journal/" : "journal.txt")
        let config = home.appendingPathComponent(".config/jrnl")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        if folder { try FileManager.default.createDirectory(at: journal, withIntermediateDirectories: true) }
        try """
        colors: {body: none, date: none, tags: none, title: none}
        default_hour: 9
        default_minute: 0
        editor: ''
        encrypt: false
        highlight: false
        indent_character: '|'
        journals:
          default:
            journal: \(journal.path)\(folder ? "/" : "")
        linewrap: 79
        tagsymbols: '#@'
        template: false
        timeformat: '\(timeformat)'
        version: v4.6

        """.write(to: config.appendingPathComponent("jrnl.yaml"), atomically: true, encoding: .utf8)
    }

    @discardableResult
    func run(_ arguments: String...) throws -> String {
        var environment = Tool.environment(home: home)
        environment["TZ"] = "Asia/Taipei"
        environment["LANG"] = "C.UTF-8"
        return try Tool.run(executable, arguments, environment: environment)
    }

    /// The entries as jrnl exports them: title, body, date, time, tags (jrnl keeps them in a set,
    /// so in no fixed order: sorted here), starred.
    func entries() throws -> [[String: Any]] {
        let json = try run("--export", "json")
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        return (object?["entries"] as? [[String: Any]] ?? []).map { entry in
            var sorted = entry
            sorted["tags"] = (entry["tags"] as? [String])?.sorted()
            return sorted
        }
    }
}

/// Issue 39: moving in from jrnl and back out, checked with jrnl itself.
@Suite("jrnl: its own journal in, a journal jrnl imports out", .enabled(if: jrnl != nil, "jrnl is not installed: run make deps"))
struct JrnlRoundTripTests {
    @Test("jrnl's text journal becomes records (stars as starred: true, @tags as tags), and folio's export is the same journal to jrnl")
    func textRoundTrip() throws {
        let scratch = try Scratch("jrnl")
        let original = try Jrnl(try #require(jrnl), scratch: scratch, name: "original")
        try original.run("2026-11-20 20:30: 下雨的傍晚。今天下班走回家，雨很小 @rain")
        try original.run("2026-11-21 09:00: Morning walk. Went to the park with @小寶 and @family *")
        try original.run("2026-11-22 10:00: 一個想法")
        try original.run("2026-11-22 23:15: Late night [1] footnote. More text here.")
        let text = try String(contentsOf: original.journal, encoding: .utf8)
        #expect(text.contains("[2026-11-20 08:30:00 PM] 下雨的傍晚。"), "jrnl writes its default %F %r format")

        let folio = try FolioProcess.vault(language: "zh-Hant")
        let imported = try folio.run("import", "jrnl", original.journal.path)
        #expect(imported.status == 0 && imported.stdout.contains("已匯入 4 筆紀錄"), "\(imported.stdout)\(imported.stderr)")
        let records = try #require(try folio.json("list", "diary", "--json") as? [[String: Any]])
        let walk = try #require(records.first { ($0["title"] as? String)?.hasPrefix("Morning walk") == true })
        #expect(walk["starred"] as? Bool == true && walk["tags"] as? [String] == ["小寶", "family"])
        #expect(records.first { ($0["title"] as? String) == "下雨的傍晚。" }?["tags"] as? [String] == ["rain"])
        #expect(records.allSatisfy { $0["starred"] == nil || $0["starred"] as? Bool == true }, "no starred: false is written")

        let export = try folio.run("export", "jrnl")
        #expect(export.status == 0)
        let exported = scratch.path("export.txt")
        try export.stdout.write(to: exported, atomically: true, encoding: .utf8)
        let copy = try Jrnl(try #require(jrnl), scratch: scratch, name: "copy")
        try "".write(to: copy.journal, atomically: true, encoding: .utf8)
        try copy.run("--import", "--file", exported.path)
        #expect(NSArray(array: try copy.entries()) == NSArray(array: try original.entries()), "jrnl reads back every entry as it was")

        // The same journal as jrnl's JSON, and again as text: nothing is imported twice.
        let json = scratch.path("journal.json")
        try original.run("--export", "json").write(to: json, atomically: true, encoding: .utf8)
        #expect(try folio.run("import", "jrnl", json.path).stdout.contains("沒有新的紀錄：4 筆都已經在資料庫裡"))
        #expect(try folio.run("import", "jrnl", original.journal.path).stdout.contains("沒有新的紀錄"))
    }

    @Test("a folder journal (YYYY/MM/DD.txt) is read file by file, the folder giving the day")
    func folderJournal() throws {
        let scratch = try Scratch("jrnl-folder")
        let original = try Jrnl(try #require(jrnl), scratch: scratch, name: "folder", folder: true, timeformat: "%H:%M")
        try original.run("2026-11-20 07:00: 早餐吃了蛋餅 @breakfast")
        try original.run("2026-11-21 07:30: 又是蛋餅 *")
        let day = original.journal.appendingPathComponent("2026/11/21.txt")
        #expect(FileManager.default.fileExists(atPath: day.path))
        let folio = try FolioProcess.vault(language: "zh-Hant")
        let imported = try folio.run("import", "jrnl", original.journal.path)
        #expect(imported.status == 0 && imported.stdout.contains("已匯入 2 筆紀錄"), "\(imported.stdout)\(imported.stderr)")
        let records = try #require(try folio.json("list", "diary", "--json") as? [[String: Any]])
        #expect(records.compactMap { $0["created"] as? String }.sorted() == ["2026-11-20T07:00:00+08:00", "2026-11-21T07:30:00+08:00"])
        #expect(records.first { $0["title"] as? String == "又是蛋餅" }?["starred"] as? Bool == true)
    }
}

@Suite("Moving in without jrnl installed")
struct ImportShapesTests {
    @Test("jrnl text that is not a journal is refused, naming why; nothing is written")
    func notAJournal() throws {
        let folio = try FolioProcess.vault(language: "zh-Hant")
        try "just some words\nno dates\n".write(to: folio.directory.appendingPathComponent("x.txt"), atomically: true, encoding: .utf8)
        let refused = try folio.run("import", "jrnl", "x.txt")
        #expect(refused.status == 1 && refused.stderr.contains("不是 jrnl 的匯出檔（沒有任何一行以 [日期] 開頭的紀錄）"), "\(refused.stderr)")
    }

    @Test("a folder journal with a folder that cannot be listed is refused, naming it: never imported in part")
    func folderJournalUnlisted() throws {
        let folio = try FolioProcess.vault(language: "zh-Hant")
        let journal = folio.directory.deletingLastPathComponent().appendingPathComponent("journal")
        try FileManager.default.createDirectory(at: journal.appendingPathComponent("2026/11"), withIntermediateDirectories: true)
        try "[07:00] 早餐吃了蛋餅\n".write(to: journal.appendingPathComponent("2026/11/20.txt"), atomically: true, encoding: .utf8)
        let plain = try folio.run("import", "jrnl", journal.path, "--dry-run", "--lang", "en")
        #expect(plain.status == 0, "\(plain.stdout)\(plain.stderr)")
        // A month that is a link to itself: its days cannot be read.
        try FileManager.default.createSymbolicLink(atPath: journal.appendingPathComponent("2026/12").path, withDestinationPath: "12")
        let refused = try folio.run("import", "jrnl", journal.path, "--lang", "en")
        #expect(refused.status == 1, "\(refused.stdout)\(refused.stderr)")
        #expect(
            refused.stderr.contains("2026/12: error: could not read the folder: Too many levels of symbolic links"), "\(refused.stderr)")
        #expect(try folio.run("list", "--json").stdout.contains("蛋餅") == false, "nothing imported")
    }

    @Test("import json takes a plain list of records with folio's keys: kinds, values by label, made ids and paths")
    func plainList() throws {
        let folio = try FolioProcess.vault(language: "zh-Hant")
        let list = """
            [
              {"kind": "idea", "title": "買一把新雨傘", "tags": ["home"], "done": true, "body": "舊的那把骨架斷了"},
              {"title": "沒寫種類", "created": "2026-10-01T08:00:00+08:00"},
              {"kind": "qa", "title": "會下雨嗎", "question": "會下雨嗎？", "answer_type": "negative", "path": "qa/2026/10/會下雨嗎.md"}
            ]
            """
        try list.write(to: folio.directory.appendingPathComponent("list.json"), atomically: true, encoding: .utf8)
        let result = try folio.run("import", "json", "list.json")
        #expect(result.status == 0 && result.stdout.contains("已匯入 3 筆紀錄"), "\(result.stdout)\(result.stderr)")
        let idea = try #require(try folio.json("show", "買一把新雨傘", "--json") as? [String: Any])
        #expect(idea["done"] as? Bool == true && idea["body"] as? String == "舊的那把骨架斷了\n" && idea["tags"] as? [String] == ["home"])
        #expect((idea["path"] as? String)?.hasPrefix("ideas/2026/11/2026-11-22-") == true)
        let note = try #require(try folio.json("show", "沒寫種類", "--json") as? [String: Any])
        #expect(note["kind"] as? String == "note" && (note["path"] as? String)?.hasPrefix("notes/2026/10/2026-10-01-") == true)
        #expect(folio.read("qa/2026/10/會下雨嗎.md")?.contains("answer_type: negative") == true)
        #expect(try folio.run("import", "json", "list.json").stdout.contains("沒有新的紀錄：3 筆都已經在資料庫裡"))
        // What list --json prints goes back in: into a second vault, the same records.
        let other = try FolioProcess.vault(language: "zh-Hant")
        let listed = try folio.run("list", "--json").stdout
        try listed.write(to: other.directory.appendingPathComponent("listed.json"), atomically: true, encoding: .utf8)
        #expect(try other.run("import", "json", "listed.json").stdout.contains("已匯入 3 筆紀錄"))
    }
}
