import FolioCore
import Testing

@testable import FolioCompanion

/// The passages an AI's answer cites are whole numbers among those it was given: anything else is
/// refused, never rounded or clamped into a passage the model did not name.
@Suite("An answer's sources")
struct JournalAnswerSourcesTests {
    @Test("whole numbers, as numbers or text, within the passages given, are the answer's sources")
    func wholeNumbers() throws {
        let answer = try JournalPrompt.parse(#"{"answer": "在淡水 [2]。", "sources": [1, "2", 2.0]}"#, passages: 3)
        #expect(answer.cited == [1, 2])
    }

    @Test(
        "a fraction, a huge number, a truth value or a word is no passage: the answer is refused",
        arguments: ["1.5", "1e300", "-1e300", "18446744073709551616", "true", "false", #""first""#, "0", "4", "null"])
    func notAPassage(_ source: String) {
        #expect(throws: AIProblem.self) {
            try JournalPrompt.parse(#"{"answer": "在淡水。", "sources": [\#(source)]}"#, passages: 3)
        }
    }
}
