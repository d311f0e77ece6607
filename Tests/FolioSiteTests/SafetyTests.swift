import FolioCore
import Foundation
import Markdown
import TestSupport
import Testing

@testable import FolioSite

@Suite("What a page lets user text do")
struct SafetyTests {
    @Test(
        "escaping turns markup into text",
        arguments: [
            ("<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"),
            ("\"onmouseover='x'", "&quot;onmouseover=&#39;x&#39;"),
            ("a & b", "a &amp; b"),
            ("bell\u{07}", "bell"),
        ])
    func escaping(input: String, expected: String) {
        #expect(HTML.escape(input).text == expected)
    }

    @Test("markup is escaped by default: text interpolated into SafeHTML is escaped, SafeHTML is kept, once")
    func safeHTMLEscapesByDefault() {
        let title = "<img src=x onerror=\"alert(1)\"> & 'b'"
        let page: SafeHTML = "<h1 title=\"\(title)\">\(title)</h1>"
        #expect(
            page.text
                == "<h1 title=\"&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &#39;b&#39;\">&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &#39;b&#39;</h1>"
        )
        // Escaped once: an escaped piece interpolated again is not escaped twice.
        let escaped = HTML.escape("a & b")
        #expect(("<p>\(escaped)</p>" as SafeHTML).text == "<p>a &amp; b</p>")
        var list: SafeHTML = "<ul>"
        list += ["<b>", "x"].map { (item: String) -> SafeHTML in "<li>\(item)</li>" }.joined(separator: "\n")
        #expect(list.text == "<ul><li>&lt;b&gt;</li>\n<li>x</li>")
    }

    @Test("a JavaScript string cannot end its literal or the script")
    func javaScriptString() {
        #expect(HTML.javaScriptString("a\"b\\c</script>\u{2028}") == #""a\"b\\c\u003C/script\u003E\u2028""#)
    }

    @Test("a title <script>alert(1)</script> shows those characters on every page and runs nothing")
    func scriptTitle() throws {
        let vault = try SiteVault()
        try vault.record(
            "x", id: "11111111-1111-4111-8111-111111111111", title: "<script>alert(1)</script>",
            tags: ["<b>tag</b>"], body: "<img src=x onerror=alert(2)>\n\n<script>alert(3)</script>\n")
        _ = try SiteExporter.export(vault.vault, options: SiteOptions())
        for page in vault.sitePages() {
            let html = try #require(vault.siteText(page))
            #expect(!html.contains("alert(1)</script>") || html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), "\(page)")
            #expect(!html.contains("<script>alert"), "\(page)")
            #expect(!html.contains("onerror"), "\(page)")
            #expect(!html.contains("<b>tag</b>"), "\(page)")
        }
        let record = try #require(vault.siteText("records/11111111-1111-4111-8111-111111111111.html"))
        #expect(record.contains("<h1>&lt;script&gt;alert(1)&lt;/script&gt;</h1>"))
        let index = try #require(vault.siteText("index.html"))
        #expect(index.contains("<span class=\"title\">&lt;script&gt;alert(1)&lt;/script&gt;</span>"))
    }

    @Test(
        "javascript: and other schemes are not clickable; http, mailto and anchors are",
        arguments: [
            ("[x](javascript:alert(1))", false),
            ("[x](JaVaScRiPt:alert(1))", false),
            ("[x](java%0Ascript:alert(1))", false),
            ("[x](data:text/html,hi)", false),
            ("[x](vbscript:msgbox)", false),
            ("[x](file:///etc/passwd)", false),
            ("[x](/etc/passwd)", false),
            ("[x](../../../../../etc/passwd)", false),
            ("<javascript:alert(1)>", false),
            ("[x](https://example.com/a)", true),
            ("[x](mailto:me@example.com)", true),
            ("[x](#part)", true),
        ])
    func links(markdown: String, clickable: Bool) throws {
        let context = SiteContext(
            language: .en, vaultFromSite: "../../..", presentMedia: [], thumbnails: [:])
        let links = SiteLinks(recordPath: "diary/2026/11/x.md", media: [], context: context)
        let html = MarkdownHTML.render(markdown + "\n", rewrite: links.rewrite)
        #expect(html.contains("<a ") == clickable, "\(html)")
        #expect(!html.lowercased().contains("javascript:") || !html.contains("href"), "\(html)")
        #expect(html.contains("x") || markdown.hasPrefix("<"), "the text stays: \(html)")
    }

    @Test("a remote image is shown as its description, never loaded")
    func remoteImage() {
        let context = SiteContext(
            language: .en, vaultFromSite: "../../..", presentMedia: [], thumbnails: [:])
        let links = SiteLinks(recordPath: "diary/2026/11/x.md", media: [], context: context)
        let html = MarkdownHTML.render("![a cat](https://example.com/cat.jpg)\n", rewrite: links.rewrite)
        #expect(!html.contains("<img"))
        #expect(html.contains("a cat"))
    }

    @Test("every page sets a policy that allows nothing remote, and loads nothing but local files")
    func contentSecurityPolicy() throws {
        let vault = try SiteVault(language: "en")
        let photo = try vault.media(Array(repeating: 7, count: 64), ext: "jpg")
        try vault.record(
            "a", id: "22222222-2222-4222-8222-222222222222", title: "A", tags: ["walk"], media: [("photo", photo)],
            body: "![p](../../../\(photo))\n\n![remote](http://example.com/x.png)\n")
        try vault.record("b", id: "33333333-3333-4333-8333-333333333333", title: "B", day: "2025-03-01")
        _ = try SiteExporter.export(vault.vault, options: SiteOptions())
        let pages = vault.sitePages()
        #expect(pages.count >= 5)
        let policy = "<meta http-equiv=\"Content-Security-Policy\" content=\"\(HTML.contentSecurityPolicy)\">"
        #expect(HTML.contentSecurityPolicy.hasPrefix("default-src 'none';"))
        #expect(
            !HTML.contentSecurityPolicy.contains("http") && !HTML.contentSecurityPolicy.contains("*")
                && !HTML.contentSecurityPolicy.contains("unsafe"))
        for page in pages {
            let html = try #require(vault.siteText(page))
            #expect(html.contains(policy), "\(page)")
            #expect(!html.contains("src=\"http") && !html.contains("href=\"//") && !html.contains("src=\"//"), "\(page)")
            #expect(
                !html.contains("<script>") && !html.contains(" style=") && !html.contains("<style"), "\(page): no inline script or style")
            #expect(html.range(of: #"\son[a-z]+="#, options: .regularExpression) == nil, "\(page): no event handler attributes")
        }
    }

    @Test("a published site keeps no file a host would serve as a page or a script: an SVG, HTML or script a record lists is a download")
    func activeMediaPublished() throws {
        let vault = try SiteVault(language: "en")
        let svg = try vault.media(Array("<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>".utf8), ext: "svg")
        let page = try vault.media(Array("<!DOCTYPE html><script>alert(2)</script>".utf8), ext: "html")
        let script = try vault.media(Array("alert(3)".utf8), ext: "js")
        let upper = try vault.media(Array("<html><script>alert(4)</script>".utf8), ext: "XHTML")
        let photo = try vault.media(MediaFixtures.jpeg(width: 8, height: 8), ext: "jpg")
        try vault.write("attachments/drawing.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(5)</script></svg>")
        try vault.record(
            "x", id: "11111111-1111-4111-8111-111111111111", title: "x",
            media: [
                ("photo", svg), ("other", page), ("other", script), ("other", upper), ("photo", photo),
                ("photo", "attachments/drawing.svg"),
            ])
        _ = try SiteExporter.export(vault.vault, options: SiteOptions())

        var placed: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: vault.site.appendingPathComponent("media").path)
        while let path = enumerator?.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: vault.site.appendingPathComponent("media/" + path).path, isDirectory: &isFolder),
                !isFolder.boolValue
            {
                placed.append(path)
            }
        }
        #expect(placed.count >= 5, "\(placed)")
        for file in placed {
            let ext = (file as NSString).pathExtension.lowercased()
            #expect(["jpg", "bin"].contains(ext), "\(file) would be served by its name")
        }
        #expect(placed.contains(String(photo.dropFirst("media/".count))), "a photo keeps its own path")
        let record = try #require(vault.siteText("records/11111111-1111-4111-8111-111111111111.html"))
        // Every link and source the page makes into the site's media names a file a host serves as passive.
        for attribute in ["href=\"", "src=\""] {
            for piece in record.components(separatedBy: attribute).dropFirst() {
                let url = String(piece.prefix { $0 != "\"" })
                guard url.hasPrefix("../media/") else { continue }
                #expect(["jpg", "bin"].contains((url as NSString).pathExtension.lowercased()), "\(url)")
            }
        }
        #expect(record.contains("download=\"\((page as NSString).lastPathComponent)\""))
        #expect(!record.contains("<img class=\"media\" src=\"../media/other/"), "an SVG is no picture of the site")
    }
}
