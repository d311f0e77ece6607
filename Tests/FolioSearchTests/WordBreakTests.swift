import Testing

@testable import FolioSearch

@Suite("Word boundaries from ICU's dictionary")
struct WordBreakTests {
    @Test("Chinese comes apart at words, and the segments spell the whole text")
    func chinese() throws {
        let text = "下班路上經過一家咖啡店換了新招牌，我買了一杯熱拿鐵"
        let segments = try #require(WordBreak.segments(in: text))
        #expect(segments.map(\.text).joined() == text)
        let words = segments.filter { $0.kind == .ideographic }.map(\.text)
        for word in ["下班", "路上", "咖啡店", "招牌"] { #expect(words.contains(word), "\(words)") }
        #expect(segments.first { $0.text == "，" }?.kind == .other)
        var offset = 0
        for segment in segments {
            #expect(segment.offset == offset)
            offset += segment.text.utf16.count
        }
    }

    @Test("Latin words, numbers, emoji and empty text")
    func otherScripts() throws {
        let segments = try #require(WordBreak.segments(in: "Rain 10 km 😀 下雨"))
        #expect(segments.filter { $0.kind == .letter }.map(\.text) == ["Rain", "km"])
        #expect(segments.filter { $0.kind == .number }.map(\.text) == ["10"])
        #expect(segments.map(\.text).joined() == "Rain 10 km 😀 下雨")
        #expect(WordBreak.segments(in: "") == [])
    }

    @Test("a text past the limit is refused, not segmented")
    func tooLong() {
        #expect(WordBreak.segments(in: String(repeating: "雨", count: WordBreak.maxLength + 1)) == nil)
    }
}
