import FolioCore
import Foundation
import Logging
import MCP
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

/// MCP over standard input and output: one JSON-RPC message per line each way.
///
/// Unlike the SDK's own stdio transport, it never holds more of a line than
/// ``MCPLimits/maxRequestBytes``: a longer line is skipped as it is read and answered with an
/// error naming its request's id (read from the skipped bytes as they pass, wherever it stands),
/// as soon as the id is read, else at the line's end; the next line is read as usual. Every line goes through the ``MessageGate`` and the ``RequestRate`` before the SDK sees
/// it. Standard input is read by blocking `read(2)` on a thread of its own, the one bridge from a
/// blocking call to the async server; its lines reach the server through an `AsyncStream`.
public actor StdioTransport: Transport {
    public nonisolated let logger = Logger(label: "folio.mcp.stdio", factory: { _ in SwiftLogNoOpLogHandler() })
    private let input: Int32
    private let output: Int32
    private let gate: MessageGate
    private var rate: RequestRate
    private let messages: AsyncThrowingStream<Data, any Error>
    private let messagesContinuation: AsyncThrowingStream<Data, any Error>.Continuation
    private var pump: Task<Void, Never>?
    /// The request the server is answering (its id as JSON text), and those read after it, which
    /// wait: answers come in the order of the requests, and a request is cancelled while it runs.
    private var answering: String?
    private var waiting: [Waiting] = []

    /// What waits for the request being answered: a request, or the gate's answer to a message
    /// read after it (sent in its turn, so answers keep the order of what was read).
    private enum Waiting {
        case request(id: String, bytes: Data)
        case answer(Data)
    }
    /// Standard input ended: finish once the requests read before are answered.
    private var inputEnded = false
    /// The 2026-07-28 revision's answers; nil to speak only the SDK's.
    private let stateless: StatelessProtocol?
    /// The revision the connection's first request chose: `initialize` the SDK's, a stateless
    /// request 2026-07-28, which is then answered here and never reaches the SDK.
    private var era: Era?
    private enum Era { case handshake, stateless }

    public init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO, gate: MessageGate, stateless: StatelessProtocol? = nil) {
        self.input = input
        self.output = output
        self.gate = gate
        self.stateless = stateless
        self.rate = RequestRate(perSecond: gate.limits.requestsPerSecond, burst: gate.limits.burst)
        (messages, messagesContinuation) = AsyncThrowingStream<Data, any Error>.makeStream()
    }

    public func connect() async throws {
        guard pump == nil else { return }
        let lines = LineReader.start(fd: input, maxBytes: gate.limits.maxRequestBytes)
        pump = Task { await self.forward(lines) }
    }

    public func disconnect() async {
        pump?.cancel()
        messagesContinuation.finish()
    }

    public func send(_ data: Data) async throws {
        let written = write(data)
        if let answered = Envelope(data), answered.isResponse, answered.id == answering { next() }
        if !written { throw MCPError.connectionClosed }
    }

    /// Hands the next waiting request to the server, or ends the stream when input has ended.
    private func next() {
        answering = nil
        while !waiting.isEmpty {
            switch waiting.removeFirst() {
            case .answer(let bytes): write(bytes)
            case .request(let id, let bytes):
                answering = id
                messagesContinuation.yield(bytes)
                return
            }
        }
        if inputEnded { messagesContinuation.finish() }
    }

    /// Sends the gate's answer now, or after the request being answered.
    private func refuse(_ answer: Data) {
        if answering == nil { write(answer) } else { waiting.append(.answer(answer)) }
    }

    @discardableResult
    private func write(_ data: Data) -> Bool {
        var line = data
        line.append(UInt8(ascii: "\n"))
        return line.withUnsafeBytes { Descriptor.writeAll(output, $0) }
    }

    public func receive() -> AsyncThrowingStream<Data, any Error> {
        messages
    }

    /// Hands each line the gate passes to the server, in order; answers the others here.
    private func forward(_ lines: AsyncStream<LineReader.Line>) async {
        for await line in lines {
            switch line {
            case .tooLong(let id):
                refuse(
                    MessageGate.error(
                        .invalidRequest, .requestTooLarge(limit: gate.limits.maxRequestBytes), id: id, language: gate.language))
            case .message(let bytes):
                switch gate.screen(bytes) {
                case .reject(let answer): refuse(answer)
                case .pass:
                    guard rate.admit(now: ContinuousClock.now) else {
                        let answer = MessageGate.error(
                            .rateLimited, .tooManyRequests(perSecond: gate.limits.requestsPerSecond), id: MessageGate.requestID(in: bytes),
                            language: gate.language)
                        refuse(answer)
                        continue
                    }
                    if let stateless, await answeredStatelessly(bytes, stateless) { continue }
                    admit(bytes)
                }
            }
        }
        inputEnded = true
        if answering == nil { messagesContinuation.finish() }
    }

    /// Settles the connection's revision on its first request, and answers a request of the
    /// 2026-07-28 one here, in the order read; false for what the SDK answers.
    private func answeredStatelessly(_ bytes: Data, _ stateless: StatelessProtocol) async -> Bool {
        let isStateless = StatelessProtocol.isStateless(bytes)
        let isRequest = StatelessProtocol.isRequest(bytes)
        if era == nil, isRequest { era = isStateless ? .stateless : .handshake }
        switch era {
        case .stateless?:
            if isStateless {
                if let answer = await stateless.answer(bytes) { write(answer) }
            } else if isRequest {
                write(StatelessProtocol.initializeRefused(bytes))
            }
            // Notifications ask nothing of a stateless server: each request is answered before the next is read.
            return true
        case .handshake?:
            guard isStateless else { return false }
            refuse(StatelessProtocol.statelessRefused(bytes))
            return true
        case nil:
            return false
        }
    }

    /// A request waits its turn; a notification (a cancellation among them) goes at once.
    private func admit(_ bytes: Data) {
        guard let envelope = Envelope(bytes), let id = envelope.id, !envelope.isResponse else {
            if let envelope = Envelope(bytes), envelope.method == "notifications/cancelled", let cancelled = envelope.cancelledID {
                waiting.removeAll { if case .request(let id, _) = $0 { id == cancelled } else { false } }
                messagesContinuation.yield(bytes)
                // A cancelled request gets no answer: the next one goes.
                if cancelled == answering { next() }
                return
            }
            messagesContinuation.yield(bytes)
            return
        }
        if answering == nil {
            answering = id
            messagesContinuation.yield(bytes)
        } else {
            waiting.append(.request(id: id, bytes: bytes))
        }
    }
}

/// What the transport reads of a JSON-RPC message: its id (as JSON text), method, and the id a
/// cancellation names.
struct Envelope {
    var id: String?
    var method: String?
    var isResponse: Bool
    var cancelledID: String?

    init?(_ bytes: Data) {
        // try?: a message that is not JSON has no id to answer; the gate answers it with a parse error.
        guard let message = try? JSONDecoder().decode(Value.self, from: bytes), case .object(let fields) = message else { return nil }
        id = fields["id"].flatMap(Self.text)
        if case .string(let name)? = fields["method"] { method = name }
        isResponse = method == nil && (fields["result"] != nil || fields["error"] != nil)
        if case .object(let params)? = fields["params"] { cancelledID = params["requestId"].flatMap(Self.text) }
    }

    private static func text(_ value: Value) -> String? {
        switch value {
        case .string(let text): "s" + text
        case .int(let number): "n" + String(number)
        default: nil
        }
    }
}

/// Lines of a file descriptor, read on a thread of their own with blocking `read(2)`.
enum LineReader {
    enum Line: Sendable {
        case message(Data)
        /// A line over the limit, skipped to its end; the id of the request it held, when read.
        case tooLong(id: JSONValue?)
    }

    static func start(fd: Int32, maxBytes: Int) -> AsyncStream<Line> {
        let (stream, continuation) = AsyncStream<Line>.makeStream(bufferingPolicy: .unbounded)
        OffThePool.start("folio-mcp-stdin") {
            var pending = Data()
            // In a line over the limit: its bytes pass through the scanner only, and its error
            // goes once, when its id is read or at its end.
            var skipping = false
            var answered = false
            var scanner = RequestIDScanner()
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                // What is there now, not a whole buffer: a client waits for the answer to each line.
                let count = buffer.withUnsafeMutableBytes { Descriptor.readAvailable(fd, into: $0) }
                if count <= 0 { break }
                var start = 0
                for index in 0..<count where buffer[index] == UInt8(ascii: "\n") {
                    if skipping {
                        scanner.feed(buffer[start..<index])
                        if !answered { continuation.yield(.tooLong(id: scanner.id)) }
                        skipping = false
                    } else {
                        pending.append(contentsOf: buffer[start..<index])
                        if pending.count > maxBytes {
                            scanner = RequestIDScanner()
                            scanner.feed(pending)
                            continuation.yield(.tooLong(id: scanner.id))
                        } else if !pending.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\t") }) {
                            continuation.yield(.message(pending))
                        }
                    }
                    pending = Data()
                    start = index + 1
                }
                if skipping {
                    scanner.feed(buffer[start..<count])
                } else {
                    pending.append(contentsOf: buffer[start..<count])
                    if pending.count > maxBytes {
                        // Past the limit with no end of line in sight: stop keeping it, read on for its id.
                        scanner = RequestIDScanner()
                        scanner.feed(pending)
                        pending = Data()
                        (skipping, answered) = (true, false)
                    }
                }
                if skipping, !answered, scanner.settled {
                    continuation.yield(.tooLong(id: scanner.id))
                    answered = true
                }
            }
            continuation.finish()
        }
        return stream
    }
}

/// A token bucket: ``admit(now:)`` says whether one more request fits the rate.
struct RequestRate: Sendable {
    let perSecond: Int
    let burst: Int
    private var tokens: Double
    private var last: ContinuousClock.Instant?

    init(perSecond: Int, burst: Int) {
        self.perSecond = perSecond
        self.burst = burst
        self.tokens = Double(burst)
    }

    mutating func admit(now: ContinuousClock.Instant) -> Bool {
        if let last {
            let elapsed = now - last
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            tokens = min(Double(burst), tokens + seconds * Double(perSecond))
        }
        last = now
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }
}
