import FolioAI
import Foundation

extension FuzzTarget {
    /// The server-sent events parser on any body, whole and cut into chunks.
    ///
    /// Promises: the events do not depend on where the network cut the body (one piece, byte by
    /// byte, or uneven chunks); an event's data holds no carriage return, its id no NUL.
    static let eventStream = FuzzTarget(
        name: "event-stream",
        summary: "ServerSentEventParser: the same events however the body is chunked"
    ) { bytes throws(InvariantFailure) in
        let whole = StreamFuzz.events(feeding: [bytes])
        let single = StreamFuzz.events(feeding: bytes.map { [$0] })
        let uneven = StreamFuzz.events(feeding: chunks(of: bytes))
        try expect(single == whole, "byte-by-byte feeding gives \(single.count) events, whole gives \(whole.count)")
        try expect(uneven == whole, "uneven chunks give \(uneven.count) events, whole gives \(whole.count)")
        for event in whole {
            try expect(!event.data.contains("\r"), "an event's data holds a carriage return: \(excerpt(event.data))")
            try expect(!(event.id ?? "").contains("\0"), "an event id holds NUL")
        }
    }

    /// The streamed chat reply decoder on any body, whole and cut into chunks.
    ///
    /// Promises: the reply (or the error) does not depend on the chunking; the pieces handed on
    /// as they came add up to the reply's text.
    static let chatStream = FuzzTarget(
        name: "chat-stream",
        summary: "the chat completion stream decoder: chunking-independent, deltas add up to the reply"
    ) { bytes throws(InvariantFailure) in
        let whole = ChatStreamFuzzing.decode([Data(bytes)])
        let uneven = ChatStreamFuzzing.decode(chunks(of: bytes).map { Data($0) })
        try expect(whole == uneven, "chunking changes the outcome: \(whole.reply) vs \(uneven.reply)")
        if case .success(let reply) = whole.reply {
            try expect(whole.deltas.joined() == reply.content, "the pieces shown add up to something other than the reply")
        }
    }
}

enum StreamFuzz {
    static func events(feeding pieces: [[UInt8]]) -> [ServerSentEvent] {
        var parser = ServerSentEventParser()
        var events: [ServerSentEvent] = []
        for piece in pieces { events += parser.feed(piece) }
        return events + parser.finish()
    }
}
