import Markdown
import Testing

/// Obsidian's `[[wikilinks]]`: found outside code, read into their parts, rendered as links or marked unresolved.
@Suite("Wikilinks")
struct WikilinksTests {
    @Test("found with their parts and lines, not in code spans or fenced blocks")
    func found() {
        let text = "Met [[Bob#Plans|him]] and ![[scan.png|200x100]].\n`[[code]]`\n```\n[[fenced]]\n```\n[[manual.pdf]] [[Dr. Who]]\n"
        let links = Wikilinks.links(in: text)
        #expect(links.map(\.written) == ["[[Bob#Plans|him]]", "![[scan.png|200x100]]", "[[manual.pdf]]", "[[Dr. Who]]"])
        #expect(links.map(\.line) == [1, 1, 6, 6])
        #expect(links[0].path == "Bob" && links[0].fragment == "Plans" && links[0].display == "him" && !links[0].isEmbed)
        #expect(links[1].isEmbed && links[1].size == "200x100" && links[1].namesFile)
        #expect(links[2].namesFile && !links[3].namesFile && !links[0].namesFile)
        #expect(Wikilinks.rewrite(text) { $0.isEmbed ? "IMG" : nil }.hasPrefix("Met [[Bob#Plans|him]] and IMG.\n`[[code]]`"))
    }

    @Test("rendered: a link where the caller finds the page, escaped text in a marked span where it does not")
    func rendered() {
        let html = MarkdownHTML.render(
            "[[Bob]], [[Bob|*shown*]], [[<b>x</b>]], [[a](javascript:alert(1))]] and `[[Bob]]`\n",
            rewrite: { _, _ in .unwrap },
            wikilink: { $0.path == "Bob" ? "../records/bob.html" : nil })
        #expect(html.contains(#"<a href="../records/bob.html">Bob</a>"#), "\(html)")
        #expect(html.contains(#"<a href="../records/bob.html">*shown*</a>"#), "the shown text is text: \(html)")
        #expect(html.contains(#"<span class="unresolved">&lt;b&gt;x&lt;/b&gt;</span>"#), "\(html)")
        #expect(!html.contains("javascript") || html.contains(#"<span class="unresolved">a](javascript:alert(1))</span>"#), "\(html)")
        #expect(html.contains("<code>[[Bob]]</code>"), "\(html)")
        #expect(!html.contains("<b>"), "\(html)")
    }
}
