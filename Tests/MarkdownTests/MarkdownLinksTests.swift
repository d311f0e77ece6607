import Foundation
import Testing

@testable import Markdown

@Suite("Markdown links")
struct MarkdownLinksTests {
    @Test("images and links with relative destinations")
    func relativeDestinations() {
        let links = MarkdownLinks.links(in: "See ![雨](../../media/ab/ab12.jpg) and [the idea](../ideas/x.md).\n")
        #expect(
            links == [
                MarkdownLink(destination: "../../media/ab/ab12.jpg", isImage: true, text: "雨", line: 1),
                MarkdownLink(destination: "../ideas/x.md", isImage: false, text: "the idea", line: 1),
            ])
    }

    @Test("titles are not part of the destination")
    func titles() {
        let links = MarkdownLinks.links(in: #"![cat](cat.png "A cat") [dog](dog.md 'Dog') [e](<e.md> (E))"#)
        #expect(links.map(\.destination) == ["cat.png", "dog.md", "e.md"])
        #expect(links.map(\.text) == ["cat", "dog", "e"])
    }

    @Test("angle-bracket destinations may hold spaces")
    func angleBrackets() {
        let links = MarkdownLinks.links(in: "![holiday](<media/my holiday photo.jpg>)")
        #expect(links == [MarkdownLink(destination: "media/my holiday photo.jpg", isImage: true, text: "holiday", line: 1)])
    }

    @Test("links in code spans and code blocks are not links")
    func code() {
        let markdown = """
            Inline `[not](a.md)` and ``![nor](b.png)`` here.

            ```
            [fenced](c.md)
            ```

                [indented](d.md)

            ~~~markdown
            ![tilde](e.png)
            ~~~
            After: [real](f.md)
            """
        let links = MarkdownLinks.links(in: markdown)
        #expect(links == [MarkdownLink(destination: "f.md", isImage: false, text: "real", line: 12)])
    }

    @Test("CJK text before a link on the same line")
    func cjkBeforeLink() {
        let markdown = "第一行\n今天下雨了，拍了一張照片：![傍晚的雨](media/傍晚.jpg) 還有[想法](ideas/測試想法.md)。\n"
        let links = MarkdownLinks.links(in: markdown)
        #expect(
            links == [
                MarkdownLink(destination: "media/傍晚.jpg", isImage: true, text: "傍晚的雨", line: 2),
                MarkdownLink(destination: "ideas/測試想法.md", isImage: false, text: "想法", line: 2),
            ])
    }

    @Test("line numbers across a multi-line document")
    func lineNumbers() {
        let markdown = """
            ---
            title: 測試
            ---
            # Heading with [a](a.md)

            A paragraph
            that goes on and
            then links [b](b.md)
            and [c
            spans](c.md) lines.

            > quoted [d](d.md)
            > lazy ![e](e.png)

            - item [f](f.md)
              - nested [g](g.md)

            1. [h](h.md) [h](h.md)
            """
        let links = MarkdownLinks.links(in: markdown)
        #expect(links.map(\.destination) == ["a.md", "b.md", "c.md", "d.md", "e.png", "f.md", "g.md", "h.md", "h.md"])
        #expect(links.map(\.line) == [4, 8, 9, 12, 13, 15, 16, 18, 18])
        #expect(links[2].text == "c spans")
    }

    @Test("reference-style links give the definition's destination")
    func referenceLinks() {
        let markdown = """
            [photo]: ../../media/ab/ab12.jpg "Rain"
            [Idea]: <ideas/an idea.md>

            Full [the rain][photo], collapsed [photo][],
            shortcut [idea] and an image ![rain][photo].

            [unknown] is not a link.
            """
        let links = MarkdownLinks.links(in: markdown)
        #expect(
            links == [
                MarkdownLink(destination: "../../media/ab/ab12.jpg", isImage: false, text: "the rain", line: 4),
                MarkdownLink(destination: "../../media/ab/ab12.jpg", isImage: false, text: "photo", line: 4),
                MarkdownLink(destination: "ideas/an idea.md", isImage: false, text: "idea", line: 5),
                MarkdownLink(destination: "../../media/ab/ab12.jpg", isImage: true, text: "rain", line: 5),
            ])
    }

    @Test("a paragraph that starts with definitions still numbers its lines right")
    func definitionsOpeningAParagraph() {
        // cmark 0.30 numbers this paragraph's inline lines from the first definition.
        let markdown = """
            Intro.

            [r]: /ref.jpg
            [s]:
              /s.jpg
              "title"
            first [x][r] then
            [m](m.md "a title
            over lines") and [s] and\\
            [last](last.md)
            """
        let links = MarkdownLinks.links(in: markdown)
        #expect(links.map(\.destination) == ["/ref.jpg", "m.md", "/s.jpg", "last.md"])
        #expect(links.map(\.line) == [7, 8, 9, 10])
    }

    @Test("brackets that are no link do not take a later link's line")
    func bracketsThatAreNoLink() {
        let markdown = """
            The [photo] I mentioned,
            and here it is: [photo](media/photo.jpg).
            [see
            <https://example.com/a>]
            """
        let links = MarkdownLinks.links(in: markdown)
        #expect(links.map(\.destination) == ["media/photo.jpg", "https://example.com/a"])
        #expect(links.map(\.line) == [2, 4])
    }

    @Test("an image inside a link comes after the link, both on their line")
    func nested() {
        let links = MarkdownLinks.links(in: "Text\n[![thumb](t.jpg)](full.jpg)")
        #expect(
            links == [
                MarkdownLink(destination: "full.jpg", isImage: false, text: "thumb", line: 2),
                MarkdownLink(destination: "t.jpg", isImage: true, text: "thumb", line: 2),
            ])
    }

    @Test("escapes and entities are undone in destinations and text")
    func escapes() {
        let links = MarkdownLinks.links(in: "x\n\\[no](no.md) [a\\]b](p\\(1\\).md) [&amp;](q?a=1&amp;b=2)")
        #expect(links.map(\.destination) == ["p(1).md", "q?a=1&b=2"])
        #expect(links.map(\.text) == ["a]b", "&"])
        #expect(links.map(\.line) == [2, 2])
    }

    @Test("autolinks are included")
    func autolinks() {
        let links = MarkdownLinks.links(in: "Mail <me@example.com>\nor <https://example.com/a>.")
        #expect(
            links == [
                MarkdownLink(destination: "mailto:me@example.com", isImage: false, text: "me@example.com", line: 1),
                MarkdownLink(destination: "https://example.com/a", isImage: false, text: "https://example.com/a", line: 2),
            ])
    }

    @Test("Windows and old Mac line endings count as lines")
    func lineEndings() {
        #expect(MarkdownLinks.links(in: "a\r\nb\r\n[c](c.md)").map(\.line) == [3])
        #expect(MarkdownLinks.links(in: "a\rb\r\r[c](c.md)").map(\.line) == [4])
    }

    @Test("no links, empty text, and pathological input")
    func degenerate() {
        #expect(MarkdownLinks.links(in: "").isEmpty)
        #expect(MarkdownLinks.links(in: "plain text\nonly").isEmpty)
        let brackets =
            String(repeating: "[", count: 5000) + String(repeating: "`", count: 3000)
            + "[x](y)" + String(repeating: "]", count: 5000)
        #expect(MarkdownLinks.links(in: brackets).map(\.destination) == ["y"])
    }

    // Found by `make fuzz` (harness `markdown-links`): `[](<` with no `>` on its line is not a
    // link, but the locator took it for the next line's link with the same (empty) destination.
    @Test("a link after a bracket pair with an unclosed <destination is on its own line, with LF or CRLF", arguments: ["\n", "\r\n"])
    func unclosedPointyDestination(lineBreak: String) {
        let links = MarkdownLinks.links(in: "[](<" + lineBreak + "[]()" + lineBreak + "[a](<b" + lineBreak + "[a](b)" + lineBreak)
        #expect(links.map(\.line) == [2, 4])
        #expect(links.map(\.destination) == ["", "b"])
    }

    // Found by `make fuzz` (harness `markdown-links`): a destination ending in `\` swallowed the
    // line break after it and ran on into the next line, whose `&` then made it agree with any
    // link, so the next line's autolink was given the line before.
    @Test("a backslash at the end of a destination does not carry it into the next line, with LF or CRLF", arguments: ["\n", "\r\n"])
    func backslashBeforeLineBreak(lineBreak: String) {
        let links = MarkdownLinks.links(in: "[a](b<x@y.z>\\" + lineBreak + "[c](d&e <x@y.z>" + lineBreak)
        #expect(links.map(\.destination) == ["mailto:x@y.z", "mailto:x@y.z"])
        #expect(links.map(\.line) == [1, 2])
    }

    @Test("a link written out in a code span on an earlier line of the paragraph is not the link", arguments: ["\n", "\r\n"])
    func codeSpanBeforeLink(lineBreak: String) {
        let links = MarkdownLinks.links(in: "Write `[photo](media/a.jpg)` to link," + lineBreak + "like this: [photo](media/a.jpg).")
        #expect(links.map(\.line) == [2])
    }

    @Test("two links to one file in a paragraph are told apart by their text")
    func sameDestination() {
        let links = MarkdownLinks.links(in: "[rain](a.jpg)\nand [evening](a.jpg)\nthen [rain](a.jpg)")
        #expect(links.map(\.line) == [1, 2, 3])
        #expect(MarkdownLinks.links(in: "see [x][r]\nor [y](a.jpg)\n\n[r]: a.jpg").map(\.line) == [1, 2])
    }

    @Test("the one walk finds what asking each link node finds: texts, images, blocks, on generated pages")
    func oneWalkMatchesAskingEachNode() {
        var generator = SystemRandomNumberGenerator()
        let pieces = [
            "[", "![", "](x)", "](../../media/ab/a.jpg)", "]", "a", "雨", " ", "\n", "\n\n", "`", "# ", "> ", "*", "<http://x>",
            "[r]: /u\n", "[r]", "\\", "- ", "```\n",
        ]
        for _ in 0..<2_000 {
            let page = (0..<Int.random(in: 0...40, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
            let walked = CommonMarkTree.links(in: Array(page.utf8))
            let asked = CommonMarkTree.linksAskingEachNode(in: Array(page.utf8))
            #expect(walked.count == asked.count, "\(page.debugDescription)")
            for (one, other) in zip(walked, asked) {
                #expect(one.destination == other.destination && one.isImage == other.isImage, "\(page.debugDescription)")
                #expect(one.text == other.text || other.text.utf8.count > CommonMarkTree.nestedTextBytes, "\(page.debugDescription)")
                #expect(
                    one.block.firstLine == other.block.firstLine && one.block.lastLine == other.block.lastLine, "\(page.debugDescription)")
            }
            // Two links share a block in one exactly when they do in the other.
            let sameBlock = { (links: [ParsedLink]) in zip(links, links.dropFirst()).map { $0.block.identity == $1.block.identity } }
            #expect(sameBlock(walked) == sameBlock(asked), "\(page.debugDescription)")
        }
    }

    @Test("a link nested in another keeps the start of its text; the outermost keeps all of it")
    func nestedTextsAreCut() {
        let inner = String(repeating: "雨", count: 200)
        let links = CommonMarkTree.links(in: Array("[![\(inner)](a.jpg)](b)".utf8))
        #expect(links.map(\.destination) == ["b", "a.jpg"])
        #expect(links.first?.text == inner)
        let cut = links.last?.text ?? ""
        #expect(cut.utf8.count <= CommonMarkTree.nestedTextBytes && inner.hasPrefix(cut) && cut.count == 85)
    }

    @Test("20,000 images nested in one another are read at once, not in the square of their depth")
    func deepNestingIsLinear() {
        let depth = 20_000
        let page = String(repeating: "![", count: depth) + "a" + String(repeating: "](x.png)", count: depth)
        let started = ContinuousClock.now
        let links = MarkdownLinks.links(in: page)
        // A generous bound, for a loaded machine: the square of the depth took minutes.
        #expect(ContinuousClock.now - started < .seconds(20))
        #expect(links.count == depth)
        #expect(links.allSatisfy { $0.text == "a" && $0.line == 1 })
    }
}
