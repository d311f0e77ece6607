import Testing
@testable import FolioCore

@Suite("The conversation section of a diary page")
struct ConversationTests {
    @Test("DESIGN's example reads as two messages, and writes back to the same text")
    func designExample() {
        let body = """
        今天傍晚下著小雨，我一個人慢慢走回家……

        ![IMG_2041.jpg](../../../media/ab/ab12.jpg)

        ## Conversation

        **me** · 2026-11-22 18:05
        這張照片是我下班路上拍的。

        **folio** · 2026-11-22 18:05
        下雨的傍晚，這張照片看起來好寧靜……

        """
        let split = Conversation.split(body)
        #expect(split.messages == [
            ConversationMessage(speaker: .me, time: "2026-11-22 18:05", text: "這張照片是我下班路上拍的。"),
            ConversationMessage(speaker: .folio, time: "2026-11-22 18:05", text: "下雨的傍晚，這張照片看起來好寧靜……"),
        ])
        #expect(split.before.hasPrefix("今天傍晚下著小雨") && split.before.contains("![IMG_2041.jpg]"))
        #expect(Conversation.replacing(in: body, with: split.messages) == body)
    }

    static let awkward: [String] = [
        "one line",
        "two\nlines",
        "a paragraph\n\nand another after a blank line",
        "**me** · 2026-11-22 18:05",
        "**folio** · later\nlooks like a speaker line",
        "\\**me** · 2026-11-22 18:05",
        "\\\\**me** · x",
        "## A heading inside a message",
        "##",
        "## Conversation",
        "\\## not a heading",
        "```swift\nlet x = 1\n## inside code\n```",
        "> a quote\n> - with a list\n\n1. one\n2. two",
        "**bold** and *italic* · with a dot",
        "trailing spaces   \n  leading spaces",
        "#tag and #另一個標籤",
        "\\",
        "",
        "  \t  ",
        "line\r\nwith a carriage return",
    ]

    @Test("every awkward message survives a round trip, alone and between others", arguments: awkward)
    func roundTrip(_ text: String) {
        let messages = [
            ConversationMessage(speaker: .me, time: "2026-11-22 18:05", text: "before"),
            ConversationMessage(speaker: .folio, time: "2026-11-22 18:06", text: text),
            ConversationMessage(speaker: .other("小雨的媽媽"), time: "2026-11-23 08:00", text: text + "\nand more"),
            ConversationMessage(speaker: .me, time: "2026-11-23 08:01", text: text),
        ]
        let body = "The page.\n\n" + Conversation.render(messages)
        #expect(Conversation.parse(body) == messages)
        #expect(Conversation.split(body).before == "The page.\n\n")
        // Written twice, the text is the same: nothing drifts.
        #expect(Conversation.replacing(in: body, with: Conversation.parse(body)) == body)
    }

    @Test("the section ends at the next level-two heading; what follows it is kept")
    func sectionEnd() {
        let body = "Page.\n\n## Conversation\n\n**me** · t1\nhello\n\n## Notes\n\nmine\n"
        let split = Conversation.split(body)
        #expect(split.messages.map(\.text) == ["hello"])
        #expect(split.after == "## Notes\n\nmine\n")
        let grown = Conversation.replacing(in: body, with: split.messages + [ConversationMessage(speaker: .folio, time: "t2", text: "hi")])
        #expect(grown == "Page.\n\n## Conversation\n\n**me** · t1\nhello\n\n**folio** · t2\nhi\n\n## Notes\n\nmine\n")
    }

    @Test("a body without a conversation gets one at the end; blank edges of a message are dropped")
    func addSection() {
        let message = ConversationMessage(speaker: .me, time: "2026-11-22 18:05", text: "\n\n  hi\n\n")
        #expect(message.text == "  hi")
        #expect(Conversation.replacing(in: "Page.", with: [message]) == "Page.\n\n## Conversation\n\n**me** · 2026-11-22 18:05\n  hi\n")
        #expect(Conversation.replacing(in: "", with: []) == "## Conversation\n")
        #expect(Conversation.split("no section here\n").hasSection == false)
    }

    @Test("hand-written text before the first speaker line is not a message; a speaker line needs its dot and time")
    func looseText() {
        let body = "## Conversation\n\nnotes I wrote\n\n**me**: not a speaker line\n**me** · 18:05\nhi\n"
        #expect(Conversation.parse(body) == [ConversationMessage(speaker: .me, time: "18:05", text: "hi")])
    }
}
