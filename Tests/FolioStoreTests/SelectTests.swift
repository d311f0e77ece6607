import FolioCore
import FolioSearch
import Foundation
import Testing

@testable import FolioStore

@Suite("Choosing records: filters, a parent named as a user would, and the search language")
struct SelectTests {
    private func vault() throws -> TemporaryVault {
        let t = try TemporaryVault()
        let records = [
            ("ideas/2026/11/a.md", "idea", "雨天散步", "2026-11-20", "[rain]", "", "下雨的傍晚走路回家"),
            ("ideas/2026/11/b.md", "idea", "coffee", "2026-11-02", "[morning]", "", "a cup before work"),
            ("diary/2026/11/c.md", "diary", "下雨", "2026-11-01", "[rain]", "parent: 00000000-0000-4000-8000-000000000001\n", "雨"),
        ]
        for (n, record) in records.enumerated() {
            try t.write(
                record.0,
                """
                ---
                id: 00000000-0000-4000-8000-00000000000\(n + 1)
                kind: \(record.1)
                title: \(record.2)
                created: \(record.3)T08:00:00+08:00
                tags: \(record.4)
                \(record.5)---
                \(record.6)

                """)
        }
        return t
    }

    @Test("rm's choice: every filter and the query must hold, oldest first")
    func filtersAndSearch() throws {
        let t = try vault()
        let catalog = t.vault.catalog()
        let rain = try t.vault.select(RecordFilter(tags: ["rain"]), search: nil, in: catalog, workingDirectory: nil)
        #expect(rain.map(\.path) == ["diary/2026/11/c.md", "ideas/2026/11/a.md"])
        let found = try t.vault.select(RecordFilter(tags: ["rain"]), search: "散步", in: catalog, workingDirectory: nil)
        #expect(found.map(\.path) == ["ideas/2026/11/a.md"])
        let children = try t.vault.select(RecordFilter(parent: "雨天散步"), in: catalog, workingDirectory: nil)
        #expect(children.summaries.map(\.path) == ["diary/2026/11/c.md"])
        #expect(throws: FolioError.self) { try t.vault.select(RecordFilter(kind: "nosuch"), in: catalog, workingDirectory: nil) }
    }

    @Test("a query that cannot be read names its column under the query; an unknown kind is an error; --tag and --kind join it")
    func queries() throws {
        let t = try vault()
        let unclosed = try #require(throws: FolioError.self) { try t.vault.query("rain \"walk") }
        #expect(unclosed.message == .queryUnclosedQuote(column: 6))
        #expect(unclosed.rendered(in: .en).contains("rain \"walk"))
        #expect(throws: FolioError(.queryEmpty)) { try t.vault.query("  ") }
        #expect(try t.vault.query("  ", tags: ["rain"]).filters == [.tag("rain")])
        #expect(throws: FolioError.self) { try t.vault.query("kind:nosuch") }
        #expect(throws: FolioError.self) { try t.vault.query("rain", kind: "nosuch") }
        let query = try t.vault.query("-kind:diary rain", kind: "idea")
        let search = t.vault.catalog().search
        #expect(t.vault.records(of: search.search(query), in: search).map(\.record.path) == ["ideas/2026/11/a.md"])
    }

    @Test("nothing found: said for the tags asked, naming a tag no record carries, diary pages only when only diaries were searched")
    func noMatch() throws {
        let t = try vault()
        let search = t.vault.catalog().search
        #expect(
            search.noMatchMessage(try t.vault.query("snow", tags: ["rain"]), kind: nil) == .searchNoMatch(tags: ["rain"], diaryOnly: false))
        #expect(
            search.noMatchMessage(try t.vault.query("snow", tags: ["hail"]), kind: "diary") == .searchTagUnused("hail", diaryOnly: true))
    }

    @Test("a snippet is the text that shows the most matches, its media links as what they show")
    func snippets() throws {
        let t = try vault()
        try t.write(
            "ideas/2026/11/d.md",
            "---\nid: 00000000-0000-4000-8000-000000000009\nkind: idea\ntitle: walk\ndescription: rain rain rain\n---\n![IMG_1.jpg](../../../media/ab/ab.jpg) rain\n"
        )
        let record = try t.vault.findRecord("walk")
        let keys = RecordSearch.textKeys(for: t.vault.kinds)
        let snippet = RecordSearch.snippet(
            of: record, keys: keys, query: try t.vault.query("rain"), maxCharacters: 80, bodyLimit: 1 << 20, language: .en)
        #expect(snippet.text == "rain rain rain")
        try t.write(
            "ideas/2026/11/e.md",
            "---\nid: 00000000-0000-4000-8000-000000000010\nkind: idea\ntitle: photo\n---\n![IMG_1.jpg](../../../media/ab/ab.jpg) rain\n")
        let body = RecordSearch.snippet(
            of: try t.vault.findRecord("photo"), keys: keys, query: try t.vault.query("rain"), maxCharacters: 80, bodyLimit: 1 << 20,
            language: .zhHant)
        #expect(body.text == "[照片 IMG_1.jpg] rain")
    }
}
