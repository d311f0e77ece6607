import Testing

@testable import FolioCompanion

@Suite("Replacing the page part of a diary body")
struct PageBodyTests {
    @Test("only paragraphs of links into media/ stay; other text, outside links and code go; the conversation stays whole")
    func keepsMediaLinksAndConversation() {
        let hash = String(repeating: "ab", count: 32)
        let body = """
            My old page, written by hand.

            ![IMG_2041.jpg](../../../media/ab/\(hash).jpg)
            [voice.m4a](../../../media/cd/\(hash).m4a)

            [a site](https://example.com/media/x.jpg)

            ```
            ![not a link](../../../media/ab/\(hash).jpg)
            ```

            See ![inline](../../../media/ab/\(hash).jpg) in a sentence.

            ## Conversation

            **me** · 2026-11-22 18:05
            hello

            ## Notes
            mine
            """
        let result = PageBody.replacingPage(in: body, with: "The new page.\n", recordPath: "diary/2026/11/2026-11-22-x.md")
        #expect(
            result == """
                The new page.

                ![IMG_2041.jpg](../../../media/ab/\(hash).jpg)
                [voice.m4a](../../../media/cd/\(hash).m4a)

                ## Conversation

                **me** · 2026-11-22 18:05
                hello

                ## Notes
                mine
                """)
    }

    @Test("a body without a conversation gets just the page and its media")
    func noConversation() {
        #expect(PageBody.replacingPage(in: "old\n", with: "new", recordPath: "diary/2026/11/x.md") == "new\n")
    }

    // Noticed beside the fuzzer's CRLF findings: the page was split on "\n" Characters, which a
    // CRLF never is, so a Windows page was one paragraph and lost its media links on summarize.
    @Test("a page written with CRLF line breaks keeps its media links when the page is replaced")
    func crlfPageKeepsMediaLinks() {
        let hash = String(repeating: "ab", count: 32)
        let body = "My old page.\r\n\r\n![IMG_2041.jpg](../../../media/ab/\(hash).jpg)\r\n"
        let replaced = PageBody.replacingPage(in: body, with: "The new page.", recordPath: "diary/2026/11/2026-11-22-x.md")
        #expect(replaced == "The new page.\n\n![IMG_2041.jpg](../../../media/ab/\(hash).jpg)\n")
    }
}
