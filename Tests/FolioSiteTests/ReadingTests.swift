import FolioCore
import Foundation
import TestSupport
import Testing

@testable import FolioSite

/// What a new user sees when they open the site: pictures that travel with it, their own words
/// for kinds, diary pages apart from ideas and questions, a question with its answer, where and
/// when in words, and machine notes folded away.
@Suite("The site reads like a journal")
struct ReadingTests {
    static let diaryID = "abababab-0000-4000-8000-000000000001"
    static let ideaID = "abababab-0000-4000-8000-000000000002"
    static let questionID = "abababab-0000-4000-8000-000000000003"

    /// A zh-Hant vault with a diary page of two photos and a video, an idea and a question to the 8 ball.
    func journal(output: URL? = nil) throws -> (SiteVault, photos: [String]) {
        let vault = try SiteVault()
        let photo = try vault.media(ImageFiles.jpeg(width: 64, height: 48), ext: "jpg")
        let second = try vault.media(Array(repeating: 9, count: 40), ext: "png")
        let video = try vault.media(Array(repeating: 8, count: 40), ext: "mp4")
        try vault.record(
            "rain", id: Self.diaryID, title: "下雨的傍晚", day: "2026-11-20", tags: ["旅行"],
            media: [("photo", photo), ("photo", second), ("video", video)],
            extra: "text: 今天下班走回家\ncontext: {local_time: 2026-11-20T18:04:11+08:00, location: 台北, weather: 小雨}\n"
                + "analysis: A wet street at dusk.\nanalyzed_by: openai gpt-4o-mini\nanalyzed_at: 2026-11-24T02:03:35.898+08:00\n",
            body:
                "今天傍晚下著小雨。\n\n## Conversation\n\n**me** · 2026-11-20 18:05\n這張照片是我下班路上拍的。\n\n**folio** · 2026-11-20 18:05\n好寧靜。\n")
        try vault.record("idea", id: Self.ideaID, title: "測試想法", kind: "idea", day: "2026-11-19", extra: "done: false\n", body: "測試描述\n")
        try vault.record(
            "ask", id: Self.questionID, title: "明天會下雨嗎？", kind: "qa", day: "2026-11-18",
            extra: "question: 明天會下雨嗎？\nanswer: 別指望了\nanswer_en: Don't count on it.\nanswer_type: negative\nsource: magic8\n")
        return (vault, [photo, second])
    }

    /// Every `src` and `href` of `html`, as written.
    static func links(in html: String) -> [String] {
        let pattern = try? NSRegularExpression(pattern: #"(?:src|href)="([^"]*)""#)
        let range = NSRange(html.startIndex..., in: html)
        return (pattern?.matches(in: html, range: range) ?? []).compactMap { match in
            Range(match.range(at: 1), in: html).map { String(html[$0]).replacingOccurrences(of: "&amp;", with: "&") }
        }
    }

    @Test("the site folder moved elsewhere: every src and href of every page is a file inside it")
    func movedSite() throws {
        let (vault, photos) = try journal()
        let out = vault.outside("site")
        _ = try SiteExporter.export(vault.vault, options: SiteOptions(output: out))
        let moved = vault.outside("published/site")
        try FileManager.default.createDirectory(at: moved.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: out, to: moved)
        let pages =
            FileManager.default.enumerator(atPath: moved.path)?.allObjects.compactMap { $0 as? String }.filter { $0.hasSuffix(".html") }
            ?? []
        #expect(pages.count >= 6)
        var checked = 0
        for page in pages {
            let html = try String(contentsOf: moved.appendingPathComponent(page), encoding: .utf8)
            for link in Self.links(in: html) where !link.hasPrefix("#") && !link.hasPrefix("http") && !link.hasPrefix("mailto:") {
                let path = String(link.prefix { $0 != "#" && $0 != "?" })
                let decoded = try #require(path.removingPercentEncoding)
                let target = moved.appendingPathComponent(page).deletingLastPathComponent().appendingPathComponent(decoded)
                    .standardizedFileURL
                #expect(target.path.hasPrefix(moved.standardizedFileURL.path + "/"), "\(page): \(link) leaves the site")
                #expect(FileManager.default.fileExists(atPath: target.path), "\(page): \(link) is not in the site")
                checked += 1
            }
        }
        #expect(checked > 20)
        for photo in photos {
            #expect(
                try Data(contentsOf: moved.appendingPathComponent(photo)) == Data(contentsOf: vault.root.appendingPathComponent(photo)),
                "the site holds the photo's bytes")
            let names = try FileManager.default.attributesOfItem(atPath: vault.root.appendingPathComponent(photo).path)[.referenceCount]
            #expect(names as? Int == 1, "a copy, not a second name of the vault's file (folio check would report it)")
        }
    }

    @Test("a photo no page shows any more leaves the site on the next export; the vault keeps it")
    func mediaRemoved() throws {
        let (vault, photos) = try journal()
        _ = try SiteExporter.export(vault.vault, options: SiteOptions())
        #expect(FileManager.default.fileExists(atPath: vault.site.appendingPathComponent(photos[1]).path))
        try vault.record(
            "rain", id: Self.diaryID, title: "下雨的傍晚", day: "2026-11-20", tags: ["旅行"], media: [("photo", photos[0])],
            body: "今天傍晚下著小雨。\n")
        _ = try SiteExporter.export(vault.vault, options: SiteOptions())
        #expect(!FileManager.default.fileExists(atPath: vault.site.appendingPathComponent(photos[1]).path))
        #expect(FileManager.default.fileExists(atPath: vault.site.appendingPathComponent(photos[0]).path))
        #expect(FileManager.default.fileExists(atPath: vault.root.appendingPathComponent(photos[1]).path))
        let page = try #require(vault.siteText("records/\(Self.diaryID).html"))
        #expect(page.contains("src=\"../\(photos[0])\""))
    }

    @Test("the pages folio serve answers with point at the vault's files, and copy none")
    func livePagesKeepVaultPaths() throws {
        let (vault, photos) = try journal()
        let out = vault.outside("live")
        _ = try SiteExporter.export(vault.vault, options: SiteOptions(output: out, live: LiveSite()))
        let page = try String(contentsOf: out.appendingPathComponent("records/\(Self.diaryID).html"), encoding: .utf8)
        #expect(page.contains("src=\"../vault/\(photos[0])\""))
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("media").path))
    }

    @Test("kinds by their names in the vault's language: tabs, list, record page, calendar")
    func kindNames() throws {
        let (vault, _) = try journal()
        _ = try SiteExporter.export(vault.vault, options: SiteOptions())
        let index = try #require(vault.siteText("index.html"))
        let tabs = try #require(index.range(of: "<nav class=\"kind-tabs\"")).lowerBound
        let tabsEnd = try #require(index.range(of: "</nav>", range: tabs..<index.endIndex)).upperBound
        let nav = String(index[tabs..<tabsEnd])
        let diary = try #require(nav.range(of: ">日記 <")).lowerBound
        let idea = try #require(nav.range(of: ">想法 <")).lowerBound
        let question = try #require(nav.range(of: ">問答 <")).lowerBound
        #expect(diary < idea && idea < question, "diary pages first, then the kinds by their newest record")
        for english in [">diary<", ">idea<", ">qa<", ">question<"] {
            #expect(!index.contains(english), "\(english) on a zh-Hant page")
        }
        #expect(vault.siteText("records/\(Self.ideaID).html")?.contains("<span class=\"kind\">想法</span>") == true)
        #expect(vault.siteText("records/\(Self.ideaID).html")?.contains("<th scope=\"row\">完成</th><td>否</td>") == true)
        #expect(vault.siteText("calendar/2026-11.html")?.contains("<span class=\"kind\">問答</span>") == true)
    }

    @Test("diary pages under 日記; ideas and questions in their own sections; no empty picture beside a row without one")
    func sectionsByKind() throws {
        let (vault, _) = try journal()
        _ = try SiteExporter.export(vault.vault, options: SiteOptions())
        let index = try #require(vault.siteText("index.html"))
        func section(_ kind: String) throws -> String {
            let start = try #require(index.range(of: "<section class=\"kind-section\" id=\"kind-\(kind)\"")).lowerBound
            let end = try #require(index.range(of: "</section>", range: start..<index.endIndex)).upperBound
            return String(index[start..<end])
        }
        let diaries = try section("diary")
        #expect(diaries.contains("<h2>日記</h2>") && diaries.contains("下雨的傍晚"))
        #expect(!diaries.contains("測試想法") && !diaries.contains("明天會下雨嗎"))
        #expect(try section("idea").contains("測試想法"))
        #expect(try section("qa").contains("明天會下雨嗎"))
        let diaryAt = try #require(index.range(of: "id=\"kind-diary\"")).lowerBound
        let ideaAt = try #require(index.range(of: "id=\"kind-idea\"")).lowerBound
        #expect(diaryAt < ideaAt, "diary pages first")
        #expect(try section("idea").contains("class=\"thumb") == false, "a row without media has no thumbnail gap")
        #expect(diaries.contains("<img class=\"thumb\""))
        #expect(index.contains("href=\"#kind-idea\""), "the tabs are links that work without a script")
    }

    @Test("a question shows once, with its answer; the list shows the answer under it")
    func questionAndAnswer() throws {
        let (vault, _) = try journal()
        _ = try SiteExporter.export(vault.vault, options: SiteOptions())
        let page = try #require(vault.siteText("records/\(Self.questionID).html"))
        let article = try #require(page.range(of: "<article")).lowerBound
        let shown = String(page[article...])
        #expect(shown.components(separatedBy: "明天會下雨嗎？").count == 2, "the question once")
        #expect(shown.contains("<strong>別指望了</strong>"))
        #expect(shown.contains("Don&#39;t count on it."))
        #expect(shown.contains("負面"), "the answer's type in the vault's language")
        let index = try #require(vault.siteText("index.html"))
        #expect(index.contains("<span class=\"title\">明天會下雨嗎？</span><span class=\"line\">別指望了</span>"))
    }

    @Test("place, time and weather in words; machine notes behind 詳細資料; the conversation folded; photos in a lightbox")
    func recordPage() throws {
        let (vault, _) = try journal()
        _ = try SiteExporter.export(vault.vault, options: SiteOptions())
        let page = try #require(vault.siteText("records/\(Self.diaryID).html"))
        let fold = try #require(page.range(of: "<details class=\"provenance\"><summary>詳細資料</summary>")).lowerBound
        // What is in sight: the page before the fold, without the photos' alternative text (the
        // companion's description, read to a screen reader in place of the photo).
        let open = String(page[..<fold]).replacingOccurrences(of: #" alt="[^"]*""#, with: "", options: .regularExpression)
        #expect(page.contains(" alt=\"A wet street"), "the photo is described by what the companion saw in it")
        let folded = String(page[fold...])
        #expect(open.contains("<dt>地點</dt><dd>台北</dd>"))
        #expect(open.contains("<dt>天氣</dt><dd>小雨</dd>"))
        #expect(open.contains("2026 年 11 月 20 日（星期五）傍晚 6:04"))
        #expect(open.contains("<th scope=\"row\">一句話</th><td>今天下班走回家</td>"), "what the user wrote stays in sight")
        for machine in ["2026-11-24", "gpt-4o-mini", "A wet street", Self.diaryID + "</td>"] {
            #expect(!open.contains(machine), "\(machine) is in sight")
            #expect(folded.contains(machine), "\(machine) is not in the fold")
        }
        #expect(folded.contains("<th scope=\"row\">分析時間</th><td>2026-11-24 02:03</td>"))
        #expect(folded.contains("<th scope=\"row\">編號</th><td>\(Self.diaryID)</td>"), "the fold's own rows in the vault's language")
        #expect(!folded.contains(">path<") && !folded.contains(">id<"))
        #expect(page.contains("<details class=\"conversation\"><summary>聊天紀錄 (2)</summary>"))
        #expect(!page.contains("<details class=\"conversation\" open"))
        // Two photos: each opens in its own view, the next one a link away; no script needed.
        #expect(page.contains("<a href=\"#photo-1\"><img class=\"media\""))
        #expect(page.contains("<div class=\"lightbox\" id=\"photo-2\""))
        #expect(page.contains("class=\"lb-next\" href=\"#photo-1\""), "the last photo's next is the first")
        #expect(SiteAssets.css.contains(".lightbox:target"))
    }

    @Test("a page without its own place and time takes them from the photo's EXIF")
    func placeAndTimeFromExif() throws {
        let vault = try SiteVault()
        let photo = try vault.media(ImageFiles.jpeg(width: 64, height: 48), ext: "jpg")
        try vault.record("p", id: Self.diaryID, title: "照片", day: "2026-11-22", media: [("photo", photo)], body: "一張照片。\n")
        _ = try SiteExporter.export(vault.vault, options: SiteOptions())
        let page = try #require(vault.siteText("records/\(Self.diaryID).html"))
        #expect(page.contains("2026 年 11 月 22 日（星期日）傍晚 6:04"))
        #expect(page.contains("<dt>地點</dt><dd>25.0339° N, 121.5645° E</dd>"))
    }

    @Test("on a phone the tile row stays at the top and scrolls sideways; the chosen tile is scrolled into view")
    func stickyTiles() throws {
        let css = SiteAssets.css
        let rule = try #require(css.range(of: ".tiles {")).lowerBound
        let body = String(css[rule...].prefix { $0 != "}" })
        #expect(body.contains("position: sticky") && body.contains("top: 0"))
        #expect(body.contains("overflow-x: auto") && body.contains("flex-wrap: nowrap"))
        #expect(SiteAssets.js.contains("scrollIntoView"))
    }

    /// The colours of `:root` in one scheme.
    static func colours(_ block: Substring) -> [String: String] {
        var found: [String: String] = [:]
        for part in block.split(separator: ";") {
            let pair = part.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            if pair.count == 2, pair[0].hasPrefix("--"), pair[1].hasPrefix("#") { found[String(pair[0].dropFirst(2))] = pair[1] }
        }
        return found
    }

    static func luminance(_ hex: String) -> Double? {
        guard hex.count == 7, let value = Int(hex.dropFirst(), radix: 16) else { return nil }
        func linear(_ channel: Int) -> Double {
            let fraction = Double(channel) / 255
            return fraction <= 0.03928 ? fraction / 12.92 : pow((fraction + 0.055) / 1.055, 2.4)
        }
        let red = linear((value >> 16) & 0xFF)
        let green = linear((value >> 8) & 0xFF)
        let blue = linear(value & 0xFF)
        return 0.2126 * red + 0.7152 * green + 0.0722 * blue
    }

    @Test("light and dark: text on every background it sits on is readable (WCAG AA, 4.5:1)")
    func readableInBothSchemes() throws {
        let css = SiteAssets.css
        let light = try #require(css.range(of: ":root {")).upperBound
        let dark = try #require(css.range(of: "@media (prefers-color-scheme: dark)")).upperBound
        let schemes = [
            ("light", Self.colours(css[light...].prefix { $0 != "}" })),
            ("dark", Self.colours(css[dark...].drop { $0 != "{" }.dropFirst().drop { $0 != "{" }.dropFirst().prefix { $0 != "}" })),
        ]
        let pairs = [
            ("fg", "bg"), ("muted", "bg"), ("accent", "bg"), ("fg", "card"), ("muted", "card"), ("fg", "tile"),
            ("tile-on-fg", "tile-on"), ("fg", "has"), ("on-accent", "accent"), ("accent", "card"),
        ]
        // The app's buttons are --accent with --on-accent on them (white on the dark scheme's
        // lighter accent was 2.29:1).
        #expect(LiveAssets.css.contains("background: var(--accent); color: var(--on-accent)"))
        for (name, colours) in schemes {
            #expect(colours.count >= 10, "\(name): \(colours)")
            for (text, background) in pairs {
                let a = try #require(colours[text].flatMap(Self.luminance), "\(name) --\(text)")
                let b = try #require(colours[background].flatMap(Self.luminance), "\(name) --\(background)")
                let ratio = (max(a, b) + 0.05) / (min(a, b) + 0.05)
                #expect(ratio >= 4.5, "\(name): --\(text) on --\(background) is \(ratio):1")
            }
        }
    }
}
