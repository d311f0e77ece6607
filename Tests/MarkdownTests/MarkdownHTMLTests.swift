import Markdown
import Testing

/// cmark's HTML in safe mode, with every link and image through the caller's rewrite.
@Suite("Markdown as HTML")
struct MarkdownHTMLTests {
    @Test("each link and image is asked about once, with its destination as written and whether it is an image")
    func rewriteIsAsked() {
        var asked: [String] = []
        let html = MarkdownHTML.render("[雨](a%20b.md) ![貓](cat.jpg) <https://example.com>\n") { destination, isImage in
            asked.append("\(isImage ? "image" : "link") \(destination)")
            return .keep(destination)
        }
        #expect(asked == ["link a%20b.md", "image cat.jpg", "link https://example.com"])
        #expect(html.contains(#"<a href="a%20b.md">雨</a>"#))
        #expect(html.contains(#"<img src="cat.jpg" alt="貓" />"#))
    }

    @Test("keep points elsewhere, unwrap leaves the text, remove leaves nothing")
    func rewrites() {
        #expect(MarkdownHTML.render("[雨](a.md)\n") { _, _ in .keep("b.html") } == "<p><a href=\"b.html\">雨</a></p>\n")
        #expect(MarkdownHTML.render("[雨](a.md)\n") { _, _ in .unwrap } == "<p>雨</p>\n")
        #expect(MarkdownHTML.render("![貓](cat.jpg)\n") { _, _ in .unwrap } == "<p>貓</p>\n")
        #expect(MarkdownHTML.render("前 [雨](a.md) 後\n") { _, _ in .remove } == "<p>前  後</p>\n")
    }

    @Test("raw HTML and script destinations do not survive, whatever the rewrite says")
    func safeMode() {
        let html = MarkdownHTML.render("<script>alert(1)</script>\n\n[x](javascript:alert(1)) <b onclick=x>b</b>\n") { destination, _ in
            .keep(destination)
        }
        #expect(!html.contains("<script"))
        #expect(!html.contains("onclick"))
        #expect(!html.contains("javascript:"))
    }

    @Test("a link inside a link's text and an image inside a link are each asked about")
    func nested() {
        var asked: [String] = []
        let html = MarkdownHTML.render("[![貓](cat.jpg)](page.md)\n") { destination, _ in
            asked.append(destination)
            return destination.hasSuffix(".jpg") ? .unwrap : .keep(destination)
        }
        #expect(asked.sorted() == ["cat.jpg", "page.md"])
        #expect(html == "<p><a href=\"page.md\">貓</a></p>\n")
    }

    @Test("empty text, and text with no links, render without asking")
    func noLinks() {
        var asked = 0
        #expect(
            MarkdownHTML.render("") { _, _ in
                asked += 1
                return .remove
            }.isEmpty)
        #expect(
            MarkdownHTML.render("今天下雨。\n") { _, _ in
                asked += 1
                return .remove
            } == "<p>今天下雨。</p>\n")
        #expect(asked == 0)
    }
}
