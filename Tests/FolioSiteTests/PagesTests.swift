import FolioCore
import FolioStore
import Foundation
import Testing

@testable import FolioSite

@Suite("What the pages show")
struct PagesTests {
    @Test("a record page: media, missing media, tags linking back, fields, conversation, children and parent")
    func recordPage() throws {
        let vault = try SiteVault()
        let photo = try vault.media(Array(repeating: 1, count: 32), ext: "jpg")
        let video = try vault.media(Array(repeating: 2, count: 32), ext: "mp4")
        let gone = "media/ff/" + String(repeating: "f", count: 64) + ".jpg"
        try vault.record(
            "a", id: "aaaaaaaa-0000-4000-8000-000000000001", title: "下雨的傍晚", tags: ["旅行"],
            media: [("photo", photo), ("video", video), ("photo", gone)], extra: "text: 今天下班走回家\n",
            body:
                "今天傍晚下著小雨。\n\n![p](../../../\(photo))\n\n## Conversation\n\n**me** · 2026-11-22 18:05\n這張照片是我下班路上拍的。\n\n**folio** · 2026-11-22 18:05\n好寧靜。\n"
        )
        _ = try SiteExporter.export(vault.vault, options: SiteOptions())
        let page = try #require(vault.siteText("records/aaaaaaaa-0000-4000-8000-000000000001.html"))
        #expect(page.contains("<img class=\"media\" src=\"../\(photo)\""), "the site's own copy of the photo")
        #expect(page.contains("<video class=\"media\" controls"))
        #expect(page.contains("<p class=\"unplayable\">媒體無法播放</p>"))
        #expect(page.contains("今天傍晚下著小雨。"), "the text shows beside missing media")
        #expect(page.components(separatedBy: photo).count == 3, "the body's link to its own photo is not shown twice")
        #expect(page.contains("href=\"../index.html#tag=%E6%97%85%E8%A1%8C\""))
        #expect(page.contains("<th scope=\"row\">一句話</th><td>今天下班走回家</td>"), "a key by its label in the vault's language")
        #expect(page.contains("<details class=\"conversation\"><summary>聊天紀錄 (2)</summary>"))
        #expect(page.contains("這張照片是我下班路上拍的。"))
    }

    /// An English vault with the baby and sleep kinds (a sleep's parent is a baby) and one baby, 小寶.
    static func babyWithSleeps(babyID: String) throws -> SiteVault {
        let vault = try SiteVault(language: "en")
        try vault.write(".folio/templates/baby.md", "---\nkind: baby\ndir: baby\nfields:\n  name: {type: string}\n---\n")
        try vault.write(".folio/templates/sleep.md", "---\nkind: sleep\ndir: sleep\nparent: baby\nfields:\n  minutes: {type: int}\n---\n")
        try vault.record("b", id: babyID, title: "小寶", kind: "baby", extra: "name: 小寶\n")
        return vault
    }

    @Test("a child's page links its parent, the parent's lists its children")
    func parentAndChildren() throws {
        let vault = try Self.babyWithSleeps(babyID: "bbbbbbbb-0000-4000-8000-000000000001")
        try vault.record(
            "s", id: "bbbbbbbb-0000-4000-8000-000000000002", title: "Nap", kind: "sleep",
            extra: "parent: bbbbbbbb-0000-4000-8000-000000000001\nminutes: 45\n")
        _ = try SiteExporter.export(vault.vault, options: SiteOptions())
        let baby = try #require(vault.siteText("records/bbbbbbbb-0000-4000-8000-000000000001.html"))
        let sleep = try #require(vault.siteText("records/bbbbbbbb-0000-4000-8000-000000000002.html"))
        #expect(
            baby.contains("Records under it (1)") && baby.contains("href=\"../records/bbbbbbbb-0000-4000-8000-000000000002.html\">Nap</a>"))
        #expect(sleep.contains("Belongs to: <a href=\"../records/bbbbbbbb-0000-4000-8000-000000000001.html\">小寶</a>"))
        #expect(sleep.contains("<th scope=\"row\">minutes</th><td>45</td>"))
    }

    @Test("links between records by path and id: a link to another record's file, a parent outside the site named, not linked")
    func linksByPathAndID() throws {
        let vault = try Self.babyWithSleeps(babyID: "dddddddd-0000-4000-8000-000000000001")
        let nap = try vault.record(
            "nap", id: "dddddddd-0000-4000-8000-000000000002", title: "Nap", kind: "sleep",
            extra: "parent: dddddddd-0000-4000-8000-000000000001\n")
        try vault.record(
            "late", id: "dddddddd-0000-4000-8000-000000000003", title: "Late nap", kind: "sleep", day: "2026-11-23",
            extra: "parent: dddddddd-0000-4000-8000-000000000001\n",
            body: "After [the first nap](\((nap as NSString).lastPathComponent)) and [[sleep/2026/11/2026-11-22-nap]].\n")

        // Only the sleeps: the baby is not in the site, but its title is the vault's.
        _ = try SiteExporter.export(vault.vault, options: SiteOptions(filter: RecordFilter(kind: "sleep")))
        let napPage = try #require(vault.siteText("records/dddddddd-0000-4000-8000-000000000002.html"))
        #expect(napPage.contains("Belongs to: <span>小寶</span>"), "\(napPage)")
        let late = try #require(vault.siteText("records/dddddddd-0000-4000-8000-000000000003.html"))
        #expect(late.contains("<a href=\"../records/dddddddd-0000-4000-8000-000000000002.html\">the first nap</a>"), "by path: \(late)")
        #expect(
            late.contains("<a href=\"../records/dddddddd-0000-4000-8000-000000000002.html\">sleep/2026/11/2026-11-22-nap</a>"),
            "a wikilink by path: \(late)")
        #expect(vault.siteText("records/dddddddd-0000-4000-8000-000000000001.html") == nil)
    }

    @Test("the index in English: tiles with counts, newest first; --kind and --tag narrow the site")
    func indexAndFilters() throws {
        let vault = try SiteVault(language: "en")
        try vault.record("old", id: "cccccccc-0000-4000-8000-000000000001", title: "Old walk", day: "2025-01-02", tags: ["walk"])
        try vault.record("new", id: "cccccccc-0000-4000-8000-000000000002", title: "New walk", day: "2026-11-20", tags: ["walk", "rain"])
        try vault.record("idea", id: "cccccccc-0000-4000-8000-000000000003", title: "An idea", kind: "idea", day: "2026-06-01")
        _ = try SiteExporter.export(vault.vault, options: SiteOptions())
        let index = try #require(vault.siteText("index.html"))
        #expect(index.contains("<span class=\"label\">All</span> <span class=\"count\">3</span>"))
        // A tile is a link to the list's address for its tag, which works without the script too.
        #expect(
            index.contains(
                "<a class=\"tile\" href=\"#tag=walk\" data-tag=\"walk\"><span class=\"label\">walk</span> <span class=\"count\">2</span>"))
        #expect(index.contains("<a class=\"tile\" href=\"#\" data-tag=\"\" aria-current=\"true\">"), "All, chosen at first")
        let newAt = try #require(index.range(of: "New walk")).lowerBound
        let oldAt = try #require(index.range(of: "Old walk")).lowerBound
        #expect(newAt < oldAt)
        #expect(vault.siteText("calendar/2025-01.html")?.contains("href=\"../index.html#day=2025-01-02\"") == true)
        #expect(vault.siteText("calendar/2026.html") != nil)

        let out = vault.outside("filter")
        let report = try SiteExporter.export(
            vault.vault, options: SiteOptions(output: out, filter: RecordFilter(kind: "diary", tags: ["rain"])))
        #expect(report.records == 1)
        let filtered = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(filtered.contains("New walk") && !filtered.contains("Old walk") && !filtered.contains("An idea"))
    }

    @Test("a record that cannot be read is skipped and named; the others are exported")
    func badRecord() throws {
        let vault = try SiteVault()
        try vault.record("ok", id: "dddddddd-0000-4000-8000-000000000001", title: "好的")
        try vault.write("diary/2026/11/2026-11-22-broken.md", "---\ntitle: [unclosed\n---\nbody\n")
        let report = try SiteExporter.export(vault.vault, options: SiteOptions())
        #expect(report.records == 1)
        #expect(report.readNotices.contains { $0.file == "diary/2026/11/2026-11-22-broken.md" })
        #expect(vault.siteText("index.html")?.contains("好的") == true)
    }

    /// The export says what its read left out as every read command says it (``ReadNotices``):
    /// the command line prints these, and `folio serve` names them on its terminal.
    @Test(
        "an export names what it left out like every face: unreadable files (five, then a count), a link out of the vault, conflict markers"
    )
    func readNotices() throws {
        let vault = try SiteVault()
        try vault.record("ok", id: "dddddddd-0000-4000-8000-000000000001", title: "好的")
        for n in 1...6 { try vault.write("diary/2026/11/2026-11-2\(n)-broken.md", "---\ntitle: [unclosed\n---\nbody\n") }
        let away = vault.outside("away.md")
        try "---\ntitle: away\n---\nelsewhere\n".write(to: away, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            at: vault.root.appendingPathComponent("diary/2026/11/away.md"), withDestinationURL: away)
        try vault.record(
            "torn", id: "dddddddd-0000-4000-8000-000000000002", title: "兩邊都改了",
            body: "<<<<<<< ours\n晴天\n=======\n雨天\n>>>>>>> theirs\n")
        let notices = try SiteExporter.export(vault.vault, options: SiteOptions()).readNotices
        #expect(notices.filter { $0.file?.hasSuffix("-broken.md") == true }.count == ReadNotices.namedFiles, "\(notices)")
        #expect(notices.contains { $0.message == .skippedBadRecords(6) }, "\(notices)")
        #expect(notices.contains { $0.message == .symlinkOutsideVault("diary/2026/11/away.md") }, "\(notices)")
        #expect(
            notices.contains { if case .conflict(.markers) = $0.message { $0.file?.hasSuffix("-torn.md") == true } else { false } },
            "\(notices)")
        #expect(vault.siteText("index.html")?.contains("好的") == true)
    }

    @Test("search terms are folio's tokens: CJK pairs, folded words, no media hashes")
    func terms() {
        let terms = SearchTerms.terms(of: ["下雨的傍晚 Café", "雨 " + String(repeating: "ab", count: 32)]).split(separator: " ")
        #expect(terms.contains("下雨") && terms.contains("傍晚") && terms.contains("cafe"))
        #expect(terms.contains("雨"), "a character alone in its run is listed")
        #expect(!terms.contains("下"), "a character with a neighbour is found inside its pairs")
        #expect(!terms.contains { $0.count > 40 })
    }
}
