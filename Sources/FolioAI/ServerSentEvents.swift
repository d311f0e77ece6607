/// One server-sent event: its `data` lines joined with newlines, plus its `event` name and `id`
/// when the server gave them.
public struct ServerSentEvent: Sendable, Equatable {
    public var event: String?
    public var data: String
    public var id: String?

    public init(event: String? = nil, data: String, id: String? = nil) {
        self.event = event
        self.data = data
        self.id = id
    }
}

/// Turns a `text/event-stream` body into events, whatever the network chunk boundaries.
///
/// Lines are cut on bytes and decoded only once complete, so a UTF-8 character split across two
/// reads comes out whole. Line ends may be LF, CRLF or a lone CR (even when the CR ends one chunk
/// and the LF starts the next). Comment lines (`:` first) are skipped; `retry` and unknown fields
/// are ignored, as the format asks.
public struct ServerSentEventParser: Sendable {
    private var line: [UInt8] = []
    /// The previous byte was a CR: a LF right after it belongs to the same line end.
    private var afterCarriageReturn = false
    private var atStreamStart = true
    private var data: [String] = []
    private var eventName: String?
    /// The `id` persists across events until the server changes it.
    private var lastEventID: String?
    /// The lines completed so far, comments and blank lines included: a stream's pace.
    public private(set) var lines = 0

    public init() {}

    /// Feeds the next chunk; returns the events it completed, in order.
    public mutating func feed<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        for byte in bytes {
            switch byte {
            case 0x0A where afterCarriageReturn:
                afterCarriageReturn = false
            case 0x0A, 0x0D:
                afterCarriageReturn = byte == 0x0D
                if let event = endLine() { events.append(event) }
            default:
                afterCarriageReturn = false
                line.append(byte)
            }
        }
        return events
    }

    /// The stream has ended: an event still being collected is delivered rather than dropped,
    /// because some servers close right after their last `data:` line without a blank line.
    public mutating func finish() -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        if !line.isEmpty, let event = endLine() { events.append(event) }
        if let event = dispatch() { events.append(event) }
        return events
    }

    private mutating func endLine() -> ServerSentEvent? {
        lines &+= 1
        var bytes = line[...]
        line.removeAll(keepingCapacity: true)
        if atStreamStart {
            atStreamStart = false
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        }
        if bytes.isEmpty { return dispatch() }
        if bytes.first == UInt8(ascii: ":") { return nil }

        let field: String
        let value: String
        if let colon = bytes.firstIndex(of: UInt8(ascii: ":")) {
            field = String(decoding: bytes[..<colon], as: UTF8.self)
            var rest = bytes[bytes.index(after: colon)...]
            if rest.first == UInt8(ascii: " ") { rest = rest.dropFirst() }
            value = String(decoding: rest, as: UTF8.self)
        } else {
            field = String(decoding: bytes, as: UTF8.self)
            value = ""
        }
        switch field {
        case "data": data.append(value)
        case "event": eventName = value
        case "id" where !value.contains("\0"): lastEventID = value
        default: break
        }
        return nil
    }

    private mutating func dispatch() -> ServerSentEvent? {
        defer {
            data.removeAll()
            eventName = nil
        }
        guard !data.isEmpty else { return nil }
        return ServerSentEvent(event: eventName, data: data.joined(separator: "\n"), id: lastEventID)
    }
}
