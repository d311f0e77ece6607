import FolioCore
import Foundation
import Testing

@testable import FolioAI

/// A stream as servers send it: a comment, CRLF and LF line ends, a lone-CR event, a multi-line
/// event with a name and id, CJK and emoji (multi-byte UTF-8) and the `[DONE]` terminator.
private let realStream = Array(
    (": keep-alive\r\n\r\n"
        + "data: {\"choices\":[{\"delta\":{\"role\":\"assistant\",\"content\":\"\"}}]}\r\n\r\n"
        + "data: {\"choices\":[{\"delta\":{\"content\":\"今天下雨\"}}]}\n\n"
        + "event: message\nid: 7\ndata: {\"choices\":[{\"delta\":\"🌧 ☔️ 傍晚\"}]}\n\n"
        + "data: first line\rdata:second line\r\r"
        + "retry: 1000\nunknown: field\ndata: [DONE]\n\n").utf8)

private let realEvents = [
    ServerSentEvent(data: "{\"choices\":[{\"delta\":{\"role\":\"assistant\",\"content\":\"\"}}]}"),
    ServerSentEvent(data: "{\"choices\":[{\"delta\":{\"content\":\"今天下雨\"}}]}"),
    ServerSentEvent(event: "message", data: "{\"choices\":[{\"delta\":\"🌧 ☔️ 傍晚\"}]}", id: "7"),
    // The id persists to later events, as the format says.
    ServerSentEvent(data: "first line\nsecond line", id: "7"),
    ServerSentEvent(data: "[DONE]", id: "7"),
]

/// Parses `chunks` in order, then finishes.
private func parse(_ chunks: [ArraySlice<UInt8>]) -> [ServerSentEvent] {
    var parser = ServerSentEventParser()
    var events = chunks.flatMap { parser.feed($0) }
    events += parser.finish()
    return events
}

@Suite("Server-sent event parser", .ownThread)
struct ServerSentEventParserTests {
    @Test func wholeStream() {
        #expect(parse([realStream[...]]) == realEvents)
    }

    @Test func splitAtEveryBytePosition() {
        for split in 0...realStream.count {
            let events = parse([realStream[..<split], realStream[split...]])
            #expect(events == realEvents, "split at byte \(split)")
            if events != realEvents { return }
        }
    }

    @Test func oneByteAtATime() {
        #expect(parse(realStream.indices.map { realStream[$0...$0] }) == realEvents)
    }

    @Test func randomChunkings() {
        var random = SplitMix64(seed: 2026)
        for round in 0..<300 {
            var cuts = (0..<Int.random(in: 1...8, using: &random)).map { _ in Int.random(in: 0...realStream.count, using: &random) }
            cuts = ([0] + cuts.sorted() + [realStream.count])
            let chunks = zip(cuts, cuts.dropFirst()).map { realStream[$0..<$1] }
            #expect(parse(chunks) == realEvents, "round \(round), cuts \(cuts)")
        }
    }

    @Test func carriageReturnEndingOneChunkAndLineFeedStartingTheNext() {
        var parser = ServerSentEventParser()
        #expect(parser.feed(Array("data: a\r".utf8)) == [])
        // The LF completes the CRLF of the data line; only the next CRLF is the blank line.
        #expect(parser.feed(Array("\n".utf8)) == [])
        #expect(parser.feed(Array("\r".utf8)) == [ServerSentEvent(data: "a")])
        #expect(parser.feed(Array("\ndata: b\n\n".utf8)) == [ServerSentEvent(data: "b")])
    }

    @Test func multiByteCharacterSplitAcrossChunksDecodesWhole() {
        let bytes = Array("data: 雨\n\n".utf8)
        let rain = bytes.firstIndex(of: 0xE9) ?? 0
        var parser = ServerSentEventParser()
        #expect(parser.feed(bytes[..<(rain + 1)]) == [])
        #expect(parser.feed(bytes[(rain + 1)..<(rain + 2)]) == [])
        #expect(parser.feed(bytes[(rain + 2)...]) == [ServerSentEvent(data: "雨")])
    }

    @Test func commentsAndEmptyEventsDispatchNothing() {
        var parser = ServerSentEventParser()
        #expect(parser.feed(Array(":ping\n\n: another\n\nevent: only-a-name\n\n\n\n".utf8)) == [])
        #expect(parser.finish() == [])
    }

    @Test func fieldSyntax() {
        var parser = ServerSentEventParser()
        let events = parser.feed(Array("data:no space\n\ndata:  two spaces\n\ndata\n\ndata:\ndata:\n\n".utf8))
        #expect(events.map(\.data) == ["no space", " two spaces", "", "\n"])
    }

    @Test func byteOrderMarkAtTheStartIsSkipped() {
        var parser = ServerSentEventParser()
        #expect(parser.feed([0xEF, 0xBB] + Array("".utf8)) == [])
        #expect(parser.feed([0xBF] + Array("data: x\n\n".utf8)) == [ServerSentEvent(data: "x")])
    }

    @Test func finishDeliversAnUnterminatedEvent() {
        var parser = ServerSentEventParser()
        #expect(parser.feed(Array("data: [DONE]".utf8)) == [])
        #expect(parser.finish() == [ServerSentEvent(data: "[DONE]")])
    }

    @Test func invalidUTF8BecomesReplacementCharactersNotACrash() {
        var parser = ServerSentEventParser()
        #expect(parser.feed([0x64, 0x61, 0x74, 0x61, 0x3A, 0xFF, 0xC3, 0x0A, 0x0A]) == [ServerSentEvent(data: "\u{FFFD}\u{FFFD}")])
    }
}
