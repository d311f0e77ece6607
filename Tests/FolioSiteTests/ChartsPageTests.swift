import FolioCore
import Foundation
import Testing

@testable import FolioSite

/// Issue 39: people would rather look than read — each kind's charts, as static SVG.
@Suite("The charts page")
struct ChartsPageTests {
    @Test("the baby's sleep per day as bars, the ball's answer types, labelled in zh-Hant; no script draws them")
    func babyAndBall() throws {
        let vault = try SiteVault()
        for (name, text) in BuiltinTemplates.examples["baby-tracker"] ?? [:] { try vault.write(".folio/templates/\(name).md", text) }
        try vault.record("b", id: "dddddddd-0000-4000-8000-000000000001", title: "小寶", kind: "baby", extra: "name: 小寶\n")
        for (number, day, start, end) in [
            (2, "2026-11-20", "2026-11-20T20:00:00+08:00", "2026-11-21T06:00:00+08:00"),
            (3, "2026-11-22", "2026-11-22T13:00:00+08:00", "2026-11-22T14:30:00+08:00"),
        ] {
            try vault.record(
                "s\(number)", id: "dddddddd-0000-4000-8000-00000000000\(number)", title: "睡眠", kind: "sleep", day: day,
                extra: "parent: dddddddd-0000-4000-8000-000000000001\nstart: \(start)\nend: \(end)\n")
        }
        try vault.record(
            "q", id: "dddddddd-0000-4000-8000-000000000009", title: "會下雨嗎", kind: "qa", extra: "question: 會下雨嗎\nanswer_type: negative\n")
        _ = try SiteExporter.export(vault.vault, options: SiteOptions())
        let index = try #require(vault.siteText("index.html"))
        #expect(index.contains("<a class=\"charts-link\" href=\"stats.html\">統計圖</a>"))
        let page = try #require(vault.siteText("stats.html"))
        #expect(page.contains("<h2>睡眠</h2>") && page.contains("<h2>問答</h2>"))
        #expect(page.contains("<figcaption>這一週每天睡了多久（分鐘）</figcaption>"))
        #expect(page.contains(">11/20 五</text>") && page.contains(">11/22 日</text>"))
        #expect(page.contains(">10 小時</text>") && page.contains(">1 小時 30 分</text>"))
        #expect(page.contains(">負面</text>"))
        let content = try #require(page.components(separatedBy: "<main>").last)
        #expect(!content.contains("<script") && !content.contains("style="), "drawn by folio, styled by the stylesheet")
        #expect(SiteAssets.css.contains("svg.chart .bar { fill: var(--accent); }"), "its colours follow the theme")
        let record = try #require(vault.siteText("records/dddddddd-0000-4000-8000-000000000002.html"))
        #expect(record.contains("<th scope=\"row\">睡了多久</th><td>10 小時</td>"), "a computed value on the record's page")
        #expect(record.contains("<span class=\"kind\">睡眠</span>"))
    }

    @Test("the success rate per course over time: a line per course, percentages on the axis")
    func billiard() throws {
        let vault = try SiteVault(language: "en")
        for (name, text) in BuiltinTemplates.examples["billiard-trainer"] ?? [:] { try vault.write(".folio/templates/\(name).md", text) }
        for (number, day, course, shots) in [
            (1, "2026-11-01", "cut", "[{result: made}, {result: missed}]"), (2, "2026-11-08", "cut", "[{result: made}]"),
            (3, "2026-11-02", "bank", "[{result: missed}]"),
        ] {
            try vault.record(
                "t\(number)", id: "eeeeeeee-0000-4000-8000-00000000000\(number)", title: course, kind: "training", day: day,
                extra: "course: \(course)\nshots: \(shots)\n")
        }
        _ = try SiteExporter.export(vault.vault, options: SiteOptions())
        let page = try #require(vault.siteText("stats.html"))
        #expect(page.contains("<figcaption>Success rate per course</figcaption>"))
        #expect(page.components(separatedBy: "<polyline class=\"line").count == 2, "one line for cut; bank has one point")
        #expect(page.contains(">100%</text>") && page.contains(">bank</text>") && page.contains(">cut</text>"))
    }

    @Test("no kind with charts, no charts page and no link")
    func none() throws {
        let vault = try SiteVault()
        try vault.record("a", id: "ffffffff-0000-4000-8000-000000000001", title: "日記")
        _ = try SiteExporter.export(vault.vault, options: SiteOptions())
        #expect(vault.siteText("stats.html") == nil)
        #expect(vault.siteText("index.html")?.contains("stats.html") == false)
    }
}
