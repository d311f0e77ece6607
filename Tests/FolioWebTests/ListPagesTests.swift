import FolioCore
import FolioSite
import Foundation
import TestSupport
import Testing

@testable import FolioWeb

/// The app's lists come a page at a time: the home page holds the newest pages of each kind and
/// the first tag tiles, whatever the vault's size; the rest of a kind, a tag's pages, a day's,
/// "on this day", the other tags and the search's hits are the server's, page by page.
@Suite("Lists a page at a time: the home page's size does not grow with the journal")
struct ListPagesTests {
    typealias Browser = RoutesInProcessTests.Browser

    /// `count` diary pages written as an editor or another device would, one a day back from
    /// 2026-11-20, each with one of 15 tags (and every fifth `mood/good`, every seventh `mood`),
    /// plus pages on 29 November of 2024, 2025 and 2026; committed.
    static func writeDiary(_ count: Int, startingAt first: Int = 0, in browser: Browser) throws {
        let calendar = Calendar(identifier: .gregorian)
        var utc = calendar
        utc.timeZone = TimeZone(identifier: "UTC") ?? .current
        let start = try #require(utc.date(from: DateComponents(year: 2026, month: 11, day: 20, hour: 12)))
        for number in first..<(first + count) {
            let date = try #require(utc.date(byAdding: .day, value: -number, to: start))
            let day = utc.dateComponents([.year, .month, .day], from: date)
            let stamp = String(format: "%04d-%02d-%02d", day.year ?? 0, day.month ?? 0, day.day ?? 0)
            var tags = ["t\(number % 15)"]
            if number % 5 == 0 { tags.append("mood/good") }
            if number % 7 == 0 { tags.append("mood") }
            try write(number: number, day: stamp, tags: tags, in: browser)
        }
        if first == 0 {
            for year in [2024, 2025, 2026] { try write(number: 10_000 + year, day: "\(year)-11-29", tags: ["otd"], in: browser) }
        }
        _ = try Tool.git(["add", "-A"], in: browser.app.root)
        _ = try Tool.git(["commit", "-qm", "diary pages from another device"], in: browser.app.root)
        browser.app.journal.freshness.markChanged()
    }

    private static func write(number: Int, day: String, tags: [String], in browser: Browser) throws {
        let folder = browser.app.root.appendingPathComponent("diary/\(day.prefix(4))/\(day.dropFirst(5).prefix(2))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let text = """
            ---
            id: 00000000-0000-4000-8000-\(String(format: "%012d", number))
            kind: diary
            title: Page \(number)
            created: \(day)T12:00:00.000+00:00
            modified: \(day)T12:00:00.000+00:00
            tags:
            \(tags.map { "  - " + $0 }.joined(separator: "\n"))
            ---
            Words of page \(number).

            """
        try text.write(to: folder.appendingPathComponent("\(day)-page-\(number).md"), atomically: true, encoding: .utf8)
    }

    /// The `data-page` of each record's line in `html`, in order.
    static func pages(_ html: String) -> [String] {
        html.components(separatedBy: "<li class=\"rec\"").dropFirst().compactMap { line in
            line.range(of: "data-page=\"").map { String(line[$0.upperBound...].prefix { $0 != "\"" }) }
        }
    }

    /// The titles of the lines in `html`, in order.
    static func titles(_ html: String) -> [String] {
        html.components(separatedBy: "<span class=\"title\">").dropFirst().map { String($0.prefix { $0 != "<" }) }
    }

    /// The address of the list's "more" line in `html`, as a browser follows it; nil when none.
    static func more(_ html: String) -> String? {
        guard let start = html.range(of: "<li class=\"more\"><a href=\"") else { return nil }
        return String(html[start.upperBound...].prefix { $0 != "\"" }).replacingOccurrences(of: "&amp;", with: "&")
    }

    /// The diary section of the home page.
    static func diarySection(_ home: String) -> String {
        guard let start = home.range(of: "id=\"kind-diary\"") else { return "" }
        let rest = home[start.upperBound...]
        return String(rest.prefix(upTo: rest.range(of: "</section>")?.lowerBound ?? rest.endIndex))
    }

    @Test("the home page: the newest 50 of a kind and a link to the rest; each page after it once, newest first, to the end")
    func homeAndMore() async throws {
        let browser = try await Browser()
        try Self.writeDiary(130, in: browser)
        let home = try await browser.get("/")
        #expect(home.status == .ok)
        let section = Self.diarySection(home.body)
        let first = Self.titles(section)
        #expect(first.count == LiveList.pageSize, "\(first.count) lines on the home page")
        #expect(first.prefix(3) == ["Page 12026", "Page 0", "Page 1"], "newest first: \(first.prefix(3))")
        #expect(home.body.contains(">diary <span class=\"count\">133</span>"), "the tab counts every page, shown or not")
        #expect(!home.body.contains("search.js"), "the app's home page loads no terms of every record")

        var seen = first
        var next = Self.more(section)
        var part = 0
        while let address = next {
            #expect(address.hasPrefix("/list?kind=diary&from="), "\(address)")
            let page = try await browser.get(address + "&part=1")
            #expect(page.status == .ok && !page.body.contains("<html"), "a part is the lines only")
            seen += Self.titles(page.body)
            next = Self.more(page.body)
            part += 1
        }
        #expect(part == 2, "133 pages: the home page's 50, then 50 and 33")
        #expect(seen.count == 133 && Set(seen).count == 133, "each page once: \(seen.count), \(Set(seen).count) different")
        #expect(seen.last == "Page 12024", "the oldest last")

        // Without a script the link is a page of its own, with the next link under it.
        let page = try await browser.get("/list?kind=diary&from=50")
        #expect(page.body.contains("<!DOCTYPE html>"))
        #expect(Self.titles(page.body) == Array(seen[50..<100]))
        #expect(Self.more(page.body) == "/list?kind=diary&from=100")
        let past = try await browser.get("/list?kind=diary&from=5000")
        #expect(past.status == .ok && Self.titles(past.body).isEmpty && Self.more(past.body) == nil)
    }

    @Test("the home page weighs the same at 130 and 330 pages; the tiles fold after 12, every tag on their own page")
    func homeDoesNotGrow() async throws {
        let browser = try await Browser()
        try Self.writeDiary(130, in: browser)
        let small = try await browser.get("/")
        try Self.writeDiary(200, startingAt: 130, in: browser)
        let large = try await browser.get("/")
        #expect(Self.titles(Self.diarySection(large.body)).count == LiveList.pageSize)
        // The counts on the tabs and tiles have more digits; nothing else is added.
        #expect(abs(large.body.utf8.count - small.body.utf8.count) < 400, "\(small.body.utf8.count) → \(large.body.utf8.count) bytes")

        let tiles = large.body.components(separatedBy: "<a class=\"tile\" href=\"/list?tag=").count - 1
        #expect(tiles == LiveList.homeTiles, "\(tiles) tag tiles on the home page")
        #expect(large.body.contains("<a class=\"tile more-tiles\" href=\"tags.html\">More tags"))
        let all = try await browser.get("/tags.html")
        #expect(all.status == .ok)
        for tag in (0..<15).map({ "t\($0)" }) + ["mood", "mood/good", "otd"] {
            #expect(all.body.contains("href=\"/list?tag=\(HTML.fragment(tag))\""), "\(tag) on the tags page")
        }
    }

    @Test("a tag's list takes its nested tags; a day's list; on this day in earlier years only; search within a tag, a page at a time")
    func chosenLists() async throws {
        let browser = try await Browser()
        try Self.writeDiary(130, in: browser)
        // Pages 0, 5, …, 125 are mood/good; 0, 7, …, 126 are mood: 26 + 19 - 4 (0, 35, 70, 105) = 41.
        var moods: [String] = []
        var next: String? = "/list?tag=mood"
        while let address = next {
            let page = try await browser.get(address + "&part=1")
            moods += Self.titles(page.body)
            next = Self.more(page.body)
        }
        let expected = (0..<130).filter { $0 % 5 == 0 || $0 % 7 == 0 }.map { "Page \($0)" }
        #expect(moods == expected, "\(moods.count) pages of mood and mood/good")
        let good = try await browser.get("/list?tag=mood%2Fgood&part=1")
        #expect(Self.titles(good.body).count == 26, "mood/good does not take mood")

        let tagPage = try await browser.get("/list?tag=t3")
        #expect(tagPage.body.contains("Showing one tag: t3") && tagPage.body.contains("name=\"tag\" value=\"t3\""))
        let day = try await browser.get("/list?day=2026-11-10")
        #expect(Self.titles(day.body) == ["Page 10"] && day.body.contains("Showing one day: 2026-11-10"))

        let calendar = try await browser.get("/calendar/2026-11.html")
        #expect(calendar.body.contains("href=\"/list?day=2026-11-10\""), "the calendar's days are the server's lists")

        let onThisDay = try await browser.get("/list?otd=11-29&year=2026&part=1")
        #expect(Self.titles(onThisDay.body) == ["Page 12025", "Page 12024"], "\(Self.titles(onThisDay.body))")

        // The tile's search: only that tag's pages (t3: pages 3, 18, …, 123), 50 hits a page.
        let words = try await browser.get("/search?tag=t3&q=words")
        #expect(
            Self.titles(words.body).count == 9 && Self.titles(words.body).allSatisfy { Int($0.dropFirst(5)).map { $0 % 15 == 3 } == true })
        let all = try await browser.get("/search?q=words")
        #expect(Self.titles(all.body).count == LiveList.pageSize)
        let second = try #require(Self.more(all.body), "a link to the next hits")
        let rest = try await browser.get(second)
        #expect(Set(Self.titles(rest.body)).isDisjoint(with: Self.titles(all.body)) && Self.titles(rest.body).count == LiveList.pageSize)
    }

    @Test("every form on the app's pages posts to an address the server takes")
    func everyFormHasARoute() async throws {
        let browser = try await Browser()
        try Self.writeDiary(3, in: browser)
        let home = try await browser.get("/")
        let record = try #require(Self.pages(home.body).first)
        var actions: Set<String> = []
        for path in ["/", "/records/\(record).html", "/settings", "/list?tag=t1", "/search?q=page"] {
            let page = try await browser.get(path)
            #expect(page.status == .ok, "\(path)")
            for form in page.body.components(separatedBy: "<form").dropFirst() {
                let head = String(form.prefix { $0 != ">" })
                guard head.contains("method=\"post\""), let start = head.range(of: "action=\"") else { continue }
                actions.insert(String(head[start.upperBound...].prefix { $0 != "\"" }))
            }
        }
        #expect(actions.isSuperset(of: ["/pages", "/ideas", "/ask", "/settings/save"]), "\(actions.sorted())")
        for action in actions.sorted() where action != "/pages" {
            let answer = try await browser.post(action, [])
            #expect(answer.status != .notFound && answer.status != .methodNotAllowed, "\(action): \(answer.status)")
        }
    }
}
