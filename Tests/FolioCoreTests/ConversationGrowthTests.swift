import Foundation
import Testing

@testable import FolioCore

/// Text from a page or an AI reply can be any length: reading it is one pass.
@Suite("Conversation text of any length")
struct ConversationGrowthTests {
    @Test("a message that opens with 200,000 blank lines keeps its words and loses only the blank lines")
    func blankLinesAroundAMessage() {
        let blanks = String(repeating: "\n", count: 200_000)
        let message = ConversationMessage(speaker: .init(name: "me"), time: "09:00", text: blanks + "下雨了\n傍晚" + blanks)
        #expect(message.text == "下雨了\n傍晚")
    }

    @Test("a page whose conversation has a message of 200,000 blank lines parses in one pass")
    func blankLinesInAPage() {
        let page =
            "## Conversation\n\n**me** · 09:00\n" + String(repeating: " \n", count: 200_000) + "雨\n"
            + String(repeating: " \n", count: 200_000)
        let messages = Conversation.split(page).messages
        #expect(messages.map(\.text) == ["雨"])
    }
}
