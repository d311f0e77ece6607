import Foundation
import TestSupport
import Testing

/// `folio check` on hand-edited records, and `check --fix` as one change.
@Suite("folio check: values of common keys, and --fix")
struct CheckTests {
    /// The 1-based line of `path` that starts with `prefix`.
    static func line(_ prefix: String, in text: String) -> Int {
        (text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix(prefix) } ?? -1) + 1
    }

    /// The record at `path` with the line starting with `key:` replaced by `key: value`.
    static func replacing(_ key: String, with value: String, in text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix(key + ":") ? key + ": " + value : String($0) }.joined(separator: "\n")
    }

    @Test("created and modified that are not dates and tags that is not a list: file:line:col, the value, a caret")
    func commonKeys() throws {
        let folio = try FolioProcess.vault()
        try folio.run("idea", "hand edited")
        let path = try #require((try folio.json("list", "--json") as? [[String: Any]])?.first?["path"] as? String)
        var text = try #require(folio.read(path))
        text = Self.replacing("created", with: "yesterday", in: text)
        text = Self.replacing("modified", with: "2026-13-45", in: text)
        text = Self.replacing("tags", with: "rain", in: text)
        text = Self.replacing("done", with: "maybe", in: text)
        try folio.write(path, text)
        let check = try folio.run("check")
        #expect(check.status == 1)
        let out = check.stdout
        #expect(
            out.contains(
                "\(path):\(Self.line("created:", in: text)):10: error: 'created' must be a date (such as 2026-11-22 or 2026-11-22T18:04:11+08:00), not 'yesterday'.\n    created: yesterday\n             ^"
            ), "\(out)")
        #expect(
            out.contains(
                "\(path):\(Self.line("modified:", in: text)):11: error: 'modified' must be a date (such as 2026-11-22 or 2026-11-22T18:04:11+08:00), not '2026-13-45'."
            ), "\(out)")
        #expect(
            out.contains(
                "\(path):\(Self.line("tags:", in: text)):7: error: 'tags' must be a list (such as tags: [rain, walk]), not 'rain'."),
            "\(out)")
        #expect(out.contains("\(path):\(Self.line("done:", in: text)):7: error: 'done' must be true or false, not 'maybe'."), "\(out)")
        #expect(
            !out.contains("Nothing was written") && !check.stderr.contains("Nothing was written"),
            "check writes nothing and says nothing about writing")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(try folio.run("check", "--json").stdout.utf8)) as? [[String: Any]])
        let created = try #require(json.first { ($0["message"] as? String)?.hasPrefix("'created'") == true })
        #expect(
            created["file"] as? String == path && created["line"] as? Int == Self.line("created:", in: text)
                && created["column"] as? Int == 10)
    }

    @Test("in zh-Hant too, with no word about writing")
    func commonKeysChinese() throws {
        let folio = try FolioProcess.vault(language: "zh-Hant")
        try folio.run("idea", "手改過")
        let path = try #require((try folio.json("list", "--json") as? [[String: Any]])?.first?["path"] as? String)
        try folio.write(path, Self.replacing("created", with: "昨天", in: try #require(folio.read(path))))
        let check = try folio.run("check")
        #expect(check.stdout.contains("「created」必須是日期（例如 2026-11-22 或 2026-11-22T18:04:11+08:00），這裡是「昨天」。"), "\(check.stdout)")
        #expect(!check.stdout.contains("沒有寫入任何東西"))
    }

    /// A baby with two sleeps, the baby's file removed by hand and committed: two orphans whose
    /// kind's rule is cascade.
    static func orphans() throws -> FolioProcess {
        let folio = try FolioProcess.vault()
        #expect(try folio.run("kinds", "add", "baby-tracker").status == 0)
        #expect(try folio.run("new", "baby", "--title", "小寶", "--field", "name=小寶").status == 0)
        for start in ["2026-11-21T20:30", "2026-11-22T13:00"] {
            let made = try folio.run("new", "sleep", "--parent", "小寶", "--field", "start=\(start)")
            #expect(made.status == 0, "\(made.stderr)")
        }
        let baby = try #require((try folio.json("list", "baby", "--json") as? [[String: Any]])?.first?["path"] as? String)
        try FileManager.default.removeItem(at: folio.directory.appendingPathComponent(baby))
        #expect(try folio.run("commit", "-m", "remove the baby by hand").status == 0)
        return folio
    }

    @Test("--fix off a terminal without --yes says --yes is needed and changes nothing")
    func fixNeedsYes() throws {
        let folio = try Self.orphans()
        let before = folio.vaultFiles()
        let fix = try folio.run("check", "--fix")
        #expect(fix.status == 1)
        #expect(fix.stderr.contains("not on a terminal: check --fix needs --yes to change anything"), "\(fix.stderr)")
        #expect(folio.vaultFiles() == before)
    }

    @Test("--fix --yes makes one commit for all it fixes, and one undo restores it")
    func fixIsOneCommit() throws {
        let folio = try Self.orphans()
        let before = folio.vaultFiles()
        #expect(try folio.run("check").stdout.contains("found 2 problems"))
        let commits = try folio.commitCount()
        let fix = try folio.run("check", "--fix", "--yes")
        #expect(fix.status == 0, "\(fix.stdout)\(fix.stderr)")
        #expect(try folio.commitCount() == commits + 1, "one commit for both orphans")
        #expect((try folio.json("list", "sleep", "--json") as? [Any])?.isEmpty == true)
        let undo = try folio.run("undo")
        #expect(undo.status == 0, "\(undo.stderr)")
        #expect(folio.vaultFiles() == before, "one undo brings both back")
    }
}
