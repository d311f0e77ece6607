import FolioCore
import Foundation
import Testing

@testable import FolioSite
@testable import FolioStore

/// A re-export leaves every file that shows nothing new exactly as it was: same bytes, same inode,
/// same modification time (a sync tool or a web server then sees only the real change).
@Suite("A re-export touches only what shows the change")
struct ReexportTests {
    static let ids = (1...6).map { String(format: "%08d-1111-4111-8111-000000000000", $0) }

    /// A vault like a real one: photos, a place and weather, tags, a conversation, an idea, a
    /// question to the 8 ball, a wikilink, and a parent with a child.
    func vault() throws -> SiteVault {
        let vault = try SiteVault()
        let photo = try vault.media(Array(repeating: 3, count: 48), ext: "jpg")
        let second = try vault.media(Array(repeating: 4, count: 48), ext: "png")
        try vault.record(
            "rain", id: Self.ids[0], title: "下雨的傍晚", day: "2026-11-20", tags: ["旅行", "雨"],
            media: [("photo", photo), ("photo", second)],
            extra: "text: 今天下班走回家\ncontext: {local_time: 2026-11-20T18:04:11+08:00, location: 台北, weather: 小雨}\n"
                + "analysis: A wet street.\nanalyzed_at: 2026-11-24T02:03:35.898+08:00\n",
            body: "今天傍晚下著小雨。\n\n## Conversation\n\n**me** · 2026-11-20 18:05\n拍的。\n\n**folio** · 2026-11-20 18:05\n好寧靜。\n")
        try vault.record("beach", id: Self.ids[1], title: "海邊", day: "2026-11-18", tags: ["旅行"], body: "見 [[下雨的傍晚]]。\n")
        try vault.record("idea", id: Self.ids[2], title: "測試想法", kind: "idea", day: "2026-11-16", extra: "done: false\n", body: "描述\n")
        try vault.record(
            "ask", id: Self.ids[3], title: "明天會下雨嗎？", kind: "qa", day: "2026-11-14",
            extra: "question: 明天會下雨嗎？\nanswer: 別指望了\nanswer_en: Don't count on it.\nanswer_type: negative\nsource: magic8\n")
        try vault.record("park", id: Self.ids[4], title: "公園", day: "2026-11-12", tags: ["散步"], body: "散步。\n")
        try vault.record("old", id: Self.ids[5], title: "去年", day: "2025-11-12", body: "一年前。\n")
        return vault
    }

    struct Seen: Equatable {
        var bytes: Data
        var inode: UInt64
        var modified: Date
    }

    /// Every file of the site (the manifest aside: it is folio's own note of what it wrote).
    func snapshot(_ vault: SiteVault) throws -> [String: Seen] {
        var seen: [String: Seen] = [:]
        let walker = FileManager.default.enumerator(atPath: vault.site.path)
        while let path = walker?.nextObject() as? String {
            let url = vault.site.appendingPathComponent(path)
            let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
            guard attributes[.type] as? FileAttributeType == .typeRegular, !path.hasPrefix(SiteFolder.markerDirectory) else { continue }
            seen[path] = Seen(
                bytes: try Data(contentsOf: url), inode: attributes[.systemFileNumber] as? UInt64 ?? 0,
                modified: attributes[.modificationDate] as? Date ?? .distantPast)
        }
        return seen
    }

    func touched(_ before: [String: Seen], _ after: [String: Seen]) -> [String] {
        Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted()
    }

    @Test("exported twice, nothing changes; one record's text changed: its page, the index and the search terms only")
    func onlyTheChange() throws {
        let vault = try vault()
        _ = try SiteExporter.export(vault.vault, options: SiteOptions())
        let first = try snapshot(vault)
        // A moment later, with every stamp settled, as when the user runs the export again.
        _ = try vault.settledExport()
        let second = try snapshot(vault)
        #expect(touched(first, second) == [], "a second export rewrote files")
        _ = try vault.settledExport()
        #expect(touched(second, try snapshot(vault)) == [])

        try vault.record("park", id: Self.ids[4], title: "公園", day: "2026-11-12", tags: ["散步"], body: "散步到河邊。\n")
        _ = try vault.settledExport()
        let third = try snapshot(vault)
        #expect(touched(second, third) == ["index.html", "records/\(Self.ids[4]).html", "search.js"])
    }

    @Test("a changed title also rewrites the neighbours' pages and the month that lists it, nothing else")
    func titleChange() throws {
        let vault = try vault()
        _ = try vault.settledExport()
        let before = try snapshot(vault)
        try vault.record("park", id: Self.ids[4], title: "河邊的公園", day: "2026-11-12", tags: ["散步"], body: "散步。\n")
        _ = try vault.settledExport()
        #expect(
            touched(before, try snapshot(vault)) == [
                "calendar/2026-11.html", "index.html", "records/\(Self.ids[3]).html", "records/\(Self.ids[4]).html",
                "records/\(Self.ids[5]).html", "search.js",
            ])
    }

    @Test("a deleted record's words leave the search file at once, and the next export does not write it again")
    func deletedWords() throws {
        let vault = try vault()
        let cloudy = try vault.record("cloud", id: "0000000a-1111-4111-8111-000000000000", title: "多雲", day: "2026-11-10", body: "雲很多。\n")
        _ = try vault.settledExport()
        #expect(vault.siteText("search.js")?.contains("雲") == true)
        try FileManager.default.removeItem(at: vault.root.appendingPathComponent(cloudy))
        _ = try vault.settledExport()
        #expect(vault.siteText("search.js")?.contains("雲") == false, "the Traditional/Simplified pair of a deleted record's word")
        let before = try snapshot(vault)
        try vault.record("park", id: Self.ids[4], title: "公園", day: "2026-11-12", tags: ["散步"], body: "散步到河邊。\n")
        _ = try vault.settledExport()
        let search = try #require(before["search.js"])
        #expect(try snapshot(vault)["search.js"]?.bytes != search.bytes, "the changed text is searchable")
        #expect(touched(before, try snapshot(vault)) == ["index.html", "records/\(Self.ids[4]).html", "search.js"])
    }

    @Test("a file touched without a change (a git checkout) rewrites nothing")
    func touchedFile() throws {
        let vault = try vault()
        _ = try vault.settledExport()
        let before = try snapshot(vault)
        let path = try #require(
            FileManager.default.enumerator(atPath: vault.root.path)?.allObjects.compactMap { $0 as? String }.first {
                $0.hasSuffix("-park.md")
            })
        let url = vault.root.appendingPathComponent(path)
        let text = try Data(contentsOf: url)
        try FileManager.default.removeItem(at: url)
        try text.write(to: url)
        _ = try vault.settledExport()
        #expect(touched(before, try snapshot(vault)) == [])
    }
}
