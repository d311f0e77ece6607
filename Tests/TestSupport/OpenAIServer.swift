import Foundation

// The JSON value `Request.json` answers comes with TestSupport, as its callers assert on it.
@_exported import enum FolioCore.JSONValue

#if canImport(Glibc)
    import Glibc
#endif

/// A loopback HTTP/1.1 server speaking enough of the OpenAI API for tests: chat completions (whole
/// or streamed), transcriptions, error statuses, slow and broken replies.
///
/// Every request is recorded in full (``requests``). Replies come from a script the test queues
/// (``enqueue(_:)``), one per request in arrival order, then ``defaultReply``. Each connection is
/// served on its own thread, so a slow reply does not hold up others. ``stop()`` (or release)
/// closes the listener and every open connection.
///
/// Point a client at ``baseURL`` (`http://127.0.0.1:PORT/v1`); any path is answered from the script.
public final class OpenAIServer: @unchecked Sendable {
    private let listener: Listener
    private let state: ServerState

    public var port: Int { listener.port }
    /// The address it listens on: 127.0.0.1 unless another was asked for.
    public let address: String
    /// `http://127.0.0.1:PORT`, no trailing slash.
    public var url: String { "http://\(address):\(port)" }
    /// `http://127.0.0.1:PORT/v1`, what an OpenAI client takes as its base URL.
    public var baseURL: String { url + "/v1" }

    /// Every complete request received so far, in arrival order.
    public var requests: [Request] { state.requests.current }
    public var lastRequest: Request? { requests.last }
    /// Content pieces written by streamed replies so far (across all of them).
    public var streamedPieces: Int { state.streamedPieces.current }

    /// The reply when the script is empty; a chat completion saying "Hello." unless changed.
    public var defaultReply: Reply {
        get { state.defaultReply.current }
        set { state.defaultReply.withValue { $0 = newValue } }
    }

    /// - Parameter address: an IPv4 address of this machine to listen on (``nonLoopbackAddress()``
    ///   for one that counts as another machine).
    public init(defaultReply: Reply = .chat("Hello."), address: String = "127.0.0.1") throws {
        self.address = address
        listener = try Listener(address: address)
        state = ServerState(defaultReply: defaultReply)
        let listener = self.listener
        let state = self.state
        let acceptor = Thread {
            // Holds the listener, so its descriptor stays open until accept() fails after stop().
            while true {
                let client = accept(listener.descriptor, nil, nil)
                if client < 0 {
                    if errno == EINTR { continue }
                    return
                }
                guard let number = state.register(client) else {
                    close(client)
                    return
                }
                let connection = Thread {
                    var connection = Connection(descriptor: client, number: number, state: state)
                    connection.serve()
                }
                connection.start()
            }
        }
        acceptor.start()
    }

    /// Queues replies for the next requests, in order.
    public func enqueue(_ replies: Reply...) {
        state.script.withValue { $0.append(contentsOf: replies) }
    }

    /// Waits until `count` requests have arrived (for tests that act while a reply is pending).
    /// Sleeps as a task, so waiting does not hold one of the few threads concurrent tests share.
    public func waitForRequests(_ count: Int, timeout: TimeInterval = 5) async -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while state.requests.current.count < count {
            if Date() > deadline { return false }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return true
    }

    /// Stops accepting and shuts every open connection; replies still sleeping fail quietly.
    public func stop() {
        state.stop()
        shutdown(listener.descriptor, Int32(SHUT_RDWR))
    }

    deinit {
        stop()
    }
}

// MARK: - Replies

extension OpenAIServer {
    /// What the server answers one request with.
    public enum Reply: Sendable {
        /// A `chat.completion` whose first choice says `content`.
        case chat(String, model: String = "test-model")
        /// A `text/event-stream` of completion chunks.
        case streamed(StreamScript)
        /// `{"text": …}`, as `audio/transcriptions` answers.
        case transcription(String)
        /// An error status with an OpenAI-style body `{"error":{"message","type","code"}}`.
        case error(status: Int, message: String, type: String = "invalid_request_error", code: String? = nil, retryAfter: String? = nil)
        /// Any status and body, for replies that are not what the API promises. `headers` are
        /// added, or replace the defaults (a wrong `Content-Length` fakes a truncated body).
        case raw(status: Int = 200, contentType: String = "application/json", body: String, headers: [String: String] = [:])
        /// Sleeps, then answers with the other reply.
        indirect case delayed(TimeInterval, Reply)
        /// Closes the connection without a word.
        case hangUp
        /// The other reply's bytes (head included), one at a time, `every` seconds apart: a server
        /// that is never quite silent and never gets anywhere.
        indirect case trickled(every: TimeInterval, Reply)
        /// The other reply's head at once, then its body one byte at a time, `every` seconds apart.
        indirect case trickledBody(every: TimeInterval, Reply)

        /// Streams `pieces`, `delay` seconds apart, ended as `ending` says.
        public static func stream(_ pieces: [String], delay: TimeInterval = 0, ending: StreamScript.Ending = .done) -> Reply {
            .streamed(StreamScript(pieces: pieces, delay: delay, ending: ending))
        }
    }

    /// How a streamed reply goes.
    public struct StreamScript: Sendable {
        public enum Ending: Sendable {
            /// A last chunk with `finish_reason: "stop"`, then `data: [DONE]`.
            case done
            /// The finish reason chunk, but no `[DONE]`.
            case finishWithoutDone
            /// Neither: the connection closes after the last piece.
            case cut
            /// Half of one more event, then the connection closes.
            case cutMidEvent
            /// A comment line begun after the last piece and never ended: one more byte of it
            /// `every` seconds, until the client hangs up. Bytes between events, never an event.
            case trickleBetweenEvents(every: TimeInterval)
        }

        public var pieces: [String]
        public var delay: TimeInterval
        public var ending: Ending
        /// Chunked transfer encoding (as real servers do); otherwise the body ends when the
        /// connection closes.
        public var chunked: Bool
        /// When set, the server waits for it after the first piece (at most 3 seconds), so a test
        /// can prove the client saw that piece while the rest was still unsent.
        public var gate: ReplyGate?
        public var model: String

        public init(
            pieces: [String], delay: TimeInterval = 0, ending: Ending = .done, chunked: Bool = true,
            gate: ReplyGate? = nil, model: String = "test-model"
        ) {
            self.pieces = pieces
            self.delay = delay
            self.ending = ending
            self.chunked = chunked
            self.gate = gate
            self.model = model
        }
    }
}

/// A one-shot signal from a test to a server thread.
public final class ReplyGate: @unchecked Sendable {
    private let condition = NSCondition()
    private var opened = false

    public init() {}

    public func open() {
        condition.lock()
        opened = true
        condition.broadcast()
        condition.unlock()
    }

    public var isOpen: Bool {
        condition.lock()
        defer { condition.unlock() }
        return opened
    }

    /// Whether the gate opened within `timeout`, from a task: polls rather than blocks, so the
    /// threads concurrent tests share stay free.
    public func opened(within timeout: TimeInterval) async -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !isOpen {
            if Date() > deadline { return false }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return true
    }

    /// Whether the gate opened within `timeout`, blocking the calling thread (a server thread).
    @discardableResult
    public func wait(timeout: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while !opened {
            if !condition.wait(until: deadline) { return opened }
        }
        return true
    }
}

// MARK: - Recorded requests

extension OpenAIServer {
    /// One request as it arrived.
    public struct Request: Sendable {
        /// Which connection it came on (1 for the first accepted), to tell keep-alive from reconnects.
        public let connection: Int
        public let method: String
        /// The request target, e.g. `/v1/chat/completions`.
        public let path: String
        /// In arrival order, names as sent.
        public let headers: [(name: String, value: String)]
        public let body: Data

        /// The first header called `name`, whatever its case.
        public func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }

        public var bodyText: String { String(decoding: body, as: UTF8.self) }

        /// The body parsed as JSON, or nil when it is not JSON.
        public var json: JSONValue? { try? JSONDecoder().decode(JSONValue.self, from: body) }

        /// The parts of a `multipart/form-data` body, or nil for any other body.
        public var multipart: [MultipartPart]? {
            guard let type = header("Content-Type"), type.lowercased().hasPrefix("multipart/form-data"),
                let boundary = Self.parameter("boundary", in: type)
            else { return nil }
            return MultipartPart.parse(body, boundary: boundary)
        }

        /// A `key=value` or `key="value"` parameter of a header value.
        static func parameter(_ key: String, in header: String) -> String? {
            for item in header.split(separator: ";") {
                let pair = item.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard pair.count == 2, pair[0].lowercased() == key.lowercased() else { continue }
                return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
            return nil
        }
    }

    /// One part of a multipart form: a field or a file.
    public struct MultipartPart: Sendable, Equatable {
        public let name: String
        public let filename: String?
        public let contentType: String?
        public let data: Data

        public var text: String { String(decoding: data, as: UTF8.self) }

        static func parse(_ body: Data, boundary: String) -> [MultipartPart]? {
            let bytes = [UInt8](body)
            let delimiter = Array("--\(boundary)".utf8)
            var starts = [Int]()
            var index = 0
            while let found = find(delimiter, in: bytes, from: index) {
                starts.append(found)
                index = found + delimiter.count
            }
            guard starts.count >= 2 else { return nil }
            var parts: [MultipartPart] = []
            for (start, end) in zip(starts, starts.dropFirst()) {
                // Each part sits between "--boundary\r\n" and "\r\n--boundary".
                let partStart = start + delimiter.count + 2
                let partEnd = end - 2
                guard partStart <= partEnd else { return nil }
                let part = Array(bytes[partStart..<partEnd])
                guard let headerEnd = find(Array("\r\n\r\n".utf8), in: part, from: 0) else { return nil }
                let headerLines = String(decoding: part[..<headerEnd], as: UTF8.self).components(separatedBy: "\r\n")
                var name: String?
                var filename: String?
                var contentType: String?
                for line in headerLines {
                    let lower = line.lowercased()
                    if lower.hasPrefix("content-disposition:") {
                        name = Request.parameter("name", in: line)
                        filename = Request.parameter("filename", in: line)
                    } else if lower.hasPrefix("content-type:") {
                        contentType = line.dropFirst("content-type:".count).trimmingCharacters(in: .whitespaces)
                    }
                }
                guard let name else { return nil }
                parts.append(MultipartPart(name: name, filename: filename, contentType: contentType, data: Data(part[(headerEnd + 4)...])))
            }
            return parts
        }
    }
}

// MARK: - Serving

/// What the acceptor and connection threads share.
private final class ServerState: @unchecked Sendable {
    let requests = Locked<[OpenAIServer.Request]>([])
    let script = Locked<[OpenAIServer.Reply]>([])
    let defaultReply: Locked<OpenAIServer.Reply>
    let streamedPieces = Locked(0)
    /// Open connections, so stop() can shut them. A descriptor leaves the set before it is closed,
    /// under the same lock, so stop() never touches a number the process reused.
    private let open = Locked<(descriptors: Set<Int32>, accepted: Int, stopped: Bool)>(([], 0, false))

    init(defaultReply: OpenAIServer.Reply) {
        self.defaultReply = Locked(defaultReply)
    }

    /// Adds a new connection and returns its number; nil once stopped.
    func register(_ descriptor: Int32) -> Int? {
        open.withValue { state in
            guard !state.stopped else { return nil }
            state.descriptors.insert(descriptor)
            state.accepted += 1
            return state.accepted
        }
    }

    func close(_ descriptor: Int32) {
        open.withValue { state in
            state.descriptors.remove(descriptor)
            _ = Glibc.close(descriptor)
        }
    }

    func stop() {
        open.withValue { state in
            state.stopped = true
            for descriptor in state.descriptors { shutdown(descriptor, Int32(SHUT_RDWR)) }
        }
    }

    func nextReply() -> OpenAIServer.Reply {
        script.withValue { $0.isEmpty ? nil : $0.removeFirst() } ?? defaultReply.current
    }
}

/// One client connection: reads requests and answers them until either side closes.
private struct Connection {
    let descriptor: Int32
    let number: Int
    let state: ServerState
    private var buffer: [UInt8] = []
    /// While a `.trickled` reply is written: the pause before each byte.
    private let trickle = Locked<TimeInterval?>(nil)
    /// While a `.trickledBody` reply is written: the pause before each byte after its head.
    private let bodyTrickle = Locked<TimeInterval?>(nil)
    private var trickling: TimeInterval? {
        get { trickle.current }
        nonmutating set { trickle.withValue { $0 = newValue } }
    }

    init(descriptor: Int32, number: Int, state: ServerState) {
        self.descriptor = descriptor
        self.number = number
        self.state = state
    }

    mutating func serve() {
        defer { state.close(descriptor) }
        while let request = readRequest() {
            state.requests.withValue { $0.append(request) }
            let wantsClose = request.header("Connection")?.lowercased() == "close"
            guard answer(request, with: state.nextReply()), !wantsClose else { return }
        }
    }

    // MARK: Reading

    private mutating func readRequest() -> OpenAIServer.Request? {
        let headerEnd = Array("\r\n\r\n".utf8)
        var end = find(headerEnd, in: buffer, from: 0)
        while end == nil {
            guard fill() else { return nil }
            end = find(headerEnd, in: buffer, from: 0)
        }
        guard let end else { return nil }
        let lines = String(decoding: buffer[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        buffer.removeFirst(end + 4)
        let requestLine = lines.first?.split(separator: " ") ?? []
        guard requestLine.count >= 2 else { return nil }
        var headers: [(name: String, value: String)] = []
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers.append((String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        let request = OpenAIServer.Request(
            connection: number, method: String(requestLine[0]), path: String(requestLine[1]), headers: headers, body: Data())
        if request.header("Expect")?.lowercased() == "100-continue" {
            guard send("HTTP/1.1 100 Continue\r\n\r\n") else { return nil }
        }
        let body: [UInt8]
        if request.header("Transfer-Encoding")?.lowercased().contains("chunked") == true {
            guard let chunked = readChunkedBody() else { return nil }
            body = chunked
        } else {
            let length = max(0, Int(request.header("Content-Length") ?? "0") ?? 0)
            while buffer.count < length {
                guard fill() else { return nil }
            }
            body = Array(buffer[..<length])
            buffer.removeFirst(length)
        }
        return OpenAIServer.Request(connection: number, method: request.method, path: request.path, headers: headers, body: Data(body))
    }

    private mutating func readChunkedBody() -> [UInt8]? {
        var body: [UInt8] = []
        while true {
            guard let sizeLine = readLine(), let size = Int(sizeLine.split(separator: ";").first ?? "", radix: 16) else { return nil }
            if size == 0 {
                // Trailers, up to the blank line.
                while let line = readLine(), !line.isEmpty {}
                return body
            }
            while buffer.count < size + 2 {
                guard fill() else { return nil }
            }
            body.append(contentsOf: buffer[..<size])
            buffer.removeFirst(size + 2)
        }
    }

    private mutating func readLine() -> String? {
        var end = find([13, 10], in: buffer, from: 0)
        while end == nil {
            guard fill() else { return nil }
            end = find([13, 10], in: buffer, from: 0)
        }
        guard let end else { return nil }
        let line = String(decoding: buffer[..<end], as: UTF8.self)
        buffer.removeFirst(end + 2)
        return line.trimmingCharacters(in: .whitespaces)
    }

    /// Reads more bytes; false when the client closed or the server stopped.
    private mutating func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(descriptor, &chunk, chunk.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            buffer.append(contentsOf: chunk[..<count])
            return true
        }
    }

    // MARK: Answering

    /// Writes the reply; false when the connection must close afterwards (or already broke).
    private func answer(_ request: OpenAIServer.Request, with reply: OpenAIServer.Reply) -> Bool {
        switch reply {
        case .chat(let content, let model):
            let body = completionJSON(content: content, model: model)
            return sendResponse(status: 200, contentType: "application/json", body: body)
        case .transcription(let text):
            return sendResponse(status: 200, contentType: "application/json", body: json(["text": text]))
        case .error(let status, let message, let type, let code, let retryAfter):
            var error: [String: Any] = ["message": message, "type": type]
            error["code"] = code.map { $0 as Any } ?? NSNull()
            var headers: [String: String] = [:]
            if let retryAfter { headers["Retry-After"] = retryAfter }
            return sendResponse(status: status, contentType: "application/json", body: json(["error": error]), headers: headers)
        case .raw(let status, let contentType, let body, let headers):
            let closes = headers.contains { $0.key.lowercased() == "connection" && $0.value.lowercased() == "close" }
            return sendResponse(status: status, contentType: contentType, body: Data(body.utf8), headers: headers) && !closes
        case .delayed(let seconds, let reply):
            Thread.sleep(forTimeInterval: seconds)
            return answer(request, with: reply)
        case .hangUp:
            return false
        case .trickled(let every, let reply):
            trickling = every
            defer { trickling = nil }
            return answer(request, with: reply)
        case .trickledBody(let every, let reply):
            bodyTrickle.withValue { $0 = every }
            defer {
                bodyTrickle.withValue { $0 = nil }
                trickling = nil
            }
            return answer(request, with: reply)
        case .streamed(let script):
            stream(script)
            return false
        }
    }

    private func stream(_ script: OpenAIServer.StreamScript) {
        var head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\n"
        head += script.chunked ? "Transfer-Encoding: chunked\r\n\r\n" : "Connection: close\r\n\r\n"
        guard send(head) else { return }
        func event(_ text: String) -> Bool {
            let bytes = Data(text.utf8)
            guard script.chunked else { return send(bytes) }
            return send(Data(String(bytes.count, radix: 16).utf8) + Data("\r\n".utf8) + bytes + Data("\r\n".utf8))
        }
        func chunk(_ delta: [String: Any], finish: String?) -> String {
            let object: [String: Any] = [
                "id": "chatcmpl-test", "object": "chat.completion.chunk", "created": 1_700_000_000, "model": script.model,
                "choices": [["index": 0, "delta": delta, "finish_reason": finish.map { $0 as Any } ?? NSNull()]],
            ]
            return "data: " + String(decoding: json(object), as: UTF8.self) + "\n\n"
        }
        // A comment and a role-only first chunk, as OpenAI sends: clients must skip both.
        guard event(": stream opened\n\n"), event(chunk(["role": "assistant", "content": ""], finish: nil)) else { return }
        for (index, piece) in script.pieces.enumerated() {
            if index > 0, script.delay > 0 { Thread.sleep(forTimeInterval: script.delay) }
            // Counted before it is written: a client may read the piece before this thread runs again.
            state.streamedPieces.withValue { $0 += 1 }
            guard event(chunk(["content": piece], finish: nil)) else { return }
            if index == 0, let gate = script.gate { gate.wait(timeout: 3) }
        }
        switch script.ending {
        case .done:
            _ = event(chunk([:], finish: "stop")) && event("data: [DONE]\n\n") && (!script.chunked || send("0\r\n\r\n"))
        case .finishWithoutDone:
            _ = event(chunk([:], finish: "stop")) && (!script.chunked || send("0\r\n\r\n"))
        case .cut:
            break
        case .cutMidEvent:
            let half = chunk(["content": "never finished"], finish: nil)
            _ = event(String(half.prefix(half.count / 2)))
        case .trickleBetweenEvents(let every):
            guard event(":") else { return }
            repeat { Thread.sleep(forTimeInterval: every) } while event(" ")
        }
    }

    private func completionJSON(content: String, model: String) -> Data {
        json([
            "id": "chatcmpl-test", "object": "chat.completion", "created": 1_700_000_000, "model": model,
            "choices": [["index": 0, "message": ["role": "assistant", "content": content], "finish_reason": "stop"]],
            "usage": ["prompt_tokens": 12, "completion_tokens": 5, "total_tokens": 17],
        ])
    }

    private func json(_ object: [String: Any]) -> Data {
        (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
    }

    private func sendResponse(status: Int, contentType: String, body: Data, headers: [String: String] = [:]) -> Bool {
        var all = ["Content-Type": contentType, "Content-Length": String(body.count)]
        for (name, value) in headers {
            all = all.filter { $0.key.lowercased() != name.lowercased() }
            all[name] = value
        }
        var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
        for (name, value) in all.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        if let every = bodyTrickle.current {
            guard send(Data((head + "\r\n").utf8)) else { return false }
            trickling = every
            return send(body)
        }
        return send(Data((head + "\r\n").utf8) + body)
    }

    private func send(_ text: String) -> Bool { send(Data(text.utf8)) }

    /// Writes everything; false when the peer has gone. MSG_NOSIGNAL: a client that hung up
    /// must not kill the test process with SIGPIPE. While a reply trickles, one byte at a time.
    private func send(_ data: Data) -> Bool {
        if let every = trickling {
            for byte in data {
                Thread.sleep(forTimeInterval: every)
                guard sendNow(Data([byte])) else { return false }
            }
            return true
        }
        return sendNow(data)
    }

    private func sendNow(_ data: Data) -> Bool {
        data.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return true }
            var offset = 0
            while offset < raw.count {
                let written = Glibc.send(descriptor, base + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return false }
                offset += written
            }
            return true
        }
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }
}

/// The first index at or after `start` where `needle` occurs in `haystack`.
private func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
    guard !needle.isEmpty, haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
    for index in start...(haystack.count - needle.count) where haystack[index] == needle[0] {
        if haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
    }
    return nil
}
