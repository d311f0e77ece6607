import Foundation
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
        #expect(
            split.messages == [
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

    // Found by `make fuzz` (harness `conversation`): a Swift String holds CRLF as one Character,
    // so splitting on "\n" saw a CRLF page as one line.
    @Test("a page written with CRLF line breaks has its conversation read, and a new message goes into it in CRLF")
    func crlfPage() {
        let body = "走回家\r\n\r\n## Conversation\r\n\r\n**me** · 2026-11-22 18:05\r\n下雨了\r\n\r\n## Later\r\nafter\r\n"
        let split = Conversation.split(body)
        #expect(split.hasSection)
        #expect(split.messages == [ConversationMessage(speaker: .me, time: "2026-11-22 18:05", text: "下雨了")])
        #expect(split.before == "走回家\r\n\r\n")
        #expect(split.after == "## Later\r\nafter\r\n")
        let reply = ConversationMessage(speaker: .folio, time: "2026-11-22 18:06", text: "好好休息")
        let replaced = Conversation.replacing(in: body, with: split.messages + [reply])
        #expect(
            replaced == "走回家\r\n\r\n## Conversation\r\n\r\n**me** · 2026-11-22 18:05\r\n下雨了\r\n\r\n"
                + "**folio** · 2026-11-22 18:06\r\n好好休息\r\n\r\n## Later\r\nafter\r\n")
        #expect(Conversation.parse(replaced) == split.messages + [reply])
        // A CRLF page without a section gets one after a blank line, in CRLF.
        #expect(
            Conversation.replacing(in: "走回家\r\n", with: [reply])
                == "走回家\r\n\r\n## Conversation\r\n\r\n**folio** · 2026-11-22 18:06\r\n好好休息\r\n")
    }

    @Test(
        "a message's CRLF and lone CR line breaks become LF, so it reads back as written",
        arguments: [
            "\"\r", "a\r\nb", "a\rb\r\n\rc", "**x** · t\r\n## h",
        ])
    func lineBreaksInMessages(text: String) {
        let message = ConversationMessage(speaker: .me, time: "2026-11-22 18:05", text: text)
        #expect(!message.text.unicodeScalars.contains("\r"))
        #expect(Conversation.parse(Conversation.render([message])) == [message])
    }

    // Found by `make fuzz` (harness `conversation`).
    @Test("a speaker line whose time holds a carriage return is text, not a speaker line")
    func carriageReturnInTime() {
        let body = "## Conversation\n**m** · \r\r\n**me** · 2026-11-22 18:05\nhi\n"
        let messages = Conversation.parse(body)
        #expect(messages == [ConversationMessage(speaker: .me, time: "2026-11-22 18:05", text: "hi")])
        #expect(Conversation.parse(Conversation.render(messages)) == messages)
    }
}

/// Issue 39: a page in zh-Hant has `## 對話` and `**我**`; both forms are read forever, and a
/// page keeps the form it has.
@Suite("The conversation section in the vault's language")
struct ConversationLanguageTests {
    let message = ConversationMessage(speaker: .me, time: "2026-11-22 18:05", text: "這張照片是我下班路上拍的。")
    let reply = ConversationMessage(speaker: .folio, time: "2026-11-22 18:05", text: "好寧靜。")

    @Test("a new section in zh-Hant is written in zh-Hant, and read back")
    func writtenInChinese() {
        let body = Conversation.replacing(in: "今天下雨。\n", with: [message, reply], language: .zhHant)
        #expect(body == "今天下雨。\n\n## 對話\n\n**我** · 2026-11-22 18:05\n這張照片是我下班路上拍的。\n\n**folio** · 2026-11-22 18:05\n好寧靜。\n")
        let split = Conversation.split(body)
        #expect(split.messages == [message, reply] && split.language == .zhHant && split.before == "今天下雨。\n\n")
    }

    @Test("a page keeps the language its section is in, whatever the vault speaks now")
    func keepsItsForm() {
        let english = Conversation.replacing(in: "", with: [message], language: .en)
        let more = Conversation.replacing(in: english, with: Conversation.parse(english) + [reply], language: .zhHant)
        #expect(more.hasPrefix("## Conversation\n\n**me** · ") && !more.contains("對話") && !more.contains("**我**"))
        let chinese = Conversation.replacing(in: "", with: [message], language: .zhHant)
        let later = Conversation.replacing(in: chinese, with: Conversation.parse(chinese) + [reply], language: .en)
        #expect(later.hasPrefix("## 對話\n\n**我** · ") && !later.contains("Conversation"))
    }

    @Test("a speaker spelled by hand the other way stays spelled so when the page is written again")
    func handSpelling() {
        let body = "## Conversation\n\n**我** · 2026-11-22 18:05\n你好\n"
        let messages = Conversation.parse(body)
        #expect(messages.map(\.speaker) == [.me])
        #expect(Conversation.replacing(in: body, with: messages + [reply]).hasPrefix(body))
    }

    @Test("a line that reads as the zh-Hant heading inside a message is escaped like the English one")
    func escapedHeading() {
        let tricky = ConversationMessage(speaker: .me, time: "2026-11-22 18:05", text: "## 對話\n**我** · 2026-11-22 18:06")
        let body = Conversation.replacing(in: "", with: [tricky], language: .zhHant)
        #expect(Conversation.parse(body) == [tricky])
    }

    /// How lines were split before they were split on bytes: scalar by scalar.
    static func linesByScalars(_ text: String, at breaks: String.LineBreaks) -> [String] {
        var lines: [String] = []
        var current = String.UnicodeScalarView()
        var afterCR = false
        for scalar in text.unicodeScalars {
            switch (breaks, scalar) {
            case (.anyLineBreak, "\n") where afterCR:
                afterCR = false
            case (.anyLineBreak, "\r"), (_, "\n"):
                lines.append(String(current))
                current = String.UnicodeScalarView()
                afterCR = scalar == "\r"
            default:
                current.append(scalar)
                afterCR = false
            }
        }
        lines.append(String(current))
        return lines
    }

    @Test("lines split on bytes are the lines split scalar by scalar, and a blank line is what Foundation trims to nothing")
    func linesAndBlanksAgreeWithTheirOracles() {
        let pieces = ["\n", "\r", "\r\n", "\n\r", "雨", "a", " ", "\t", "\u{3000}", "\u{A0}", "\u{2028}", "\u{85}", "é\u{301}", "😀", ""]
        var random = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let text = (0..<Int.random(in: 0...10, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
            for breaks in [String.LineBreaks.lineFeed, .anyLineBreak] {
                #expect(text.lines(at: breaks) == Self.linesByScalars(text, at: breaks), "\(text.debugDescription)")
            }
            #expect(text.isBlankLine == text.trimmingCharacters(in: .whitespaces).isEmpty, "\(text.debugDescription)")
        }
    }
}
