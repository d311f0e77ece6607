import Foundation
import HTTP
import Synchronization

/// The status and headers of a response.
typealias ResponseHead = HTTPHead

/// Takes a successful response's body piece by piece, as the network delivers it, instead of
/// having it collected. Called only on the transfer's own thread, one piece at a time.
protocol IncrementalBodyConsumer: AnyObject, Sendable {
    /// Whether to take this response's body incrementally; otherwise it is collected whole.
    func accepts(_ head: ResponseHead) -> Bool
    /// A thrown error stops the transfer and is what the exchange fails with.
    func consume(_ chunk: Data) throws(OpenAIError)
    /// How many whole steps (lines of an event stream) it has taken so far: the transfer's
    /// progress (``HTTP/HTTPLimits/progress``), which a byte without a line's end is not.
    var steps: Int { get }
}

struct HTTPResult: Sendable {
    let head: ResponseHead
    /// The collected body; empty when an incremental consumer took it.
    let body: Data
    let consumedIncrementally: Bool
}

/// One HTTP request to the AI server: its body collected, or handed to a consumer as it streams,
/// and never more of it than `maxReplyBytes`.
final class HTTPExchange: Sendable {
    private let consumer: (any IncrementalBodyConsumer)?
    private let maxReplyBytes: Int
    /// Written on the transfer's thread, read once the transfer is over.
    private struct State {
        var body = Data()
        var received = 0
        var incremental: Bool?
        var failure: OpenAIError?
    }
    private let state = Mutex(State())

    private init(consumer: (any IncrementalBodyConsumer)?, maxReplyBytes: Int) {
        self.consumer = consumer
        self.maxReplyBytes = maxReplyBytes
    }

    /// Sends `request` and waits for the whole response. Transport failures come out as
    /// ``OpenAIError`` (cannot connect, lost, timed out, cancelled); HTTP error statuses do not,
    /// they are results for the caller to read.
    static func perform(
        _ request: HTTPRequest, consumer: (any IncrementalBodyConsumer)? = nil, maxReplyBytes: Int
    ) async throws(OpenAIError) -> HTTPResult {
        let exchange = HTTPExchange(consumer: consumer, maxReplyBytes: maxReplyBytes)
        let transfer = HTTPTransfer(request, progress: { consumer?.steps ?? 0 }) { head, piece in exchange.receive(head, piece) }
        let outcome = exchange.finish(await transfer.response(), request: request)
        return try outcome.get()
    }

    private func receive(_ head: ResponseHead, _ piece: Data) -> Bool {
        state.withLock { state in receive(head, piece, into: &state) }
    }

    private func receive(_ head: ResponseHead, _ piece: Data, into state: inout State) -> Bool {
        state.received += piece.count
        guard state.received <= maxReplyBytes else {
            state.failure = .malformedReply(
                reason: .tooLarge(limit: maxReplyBytes), excerpt: excerpt(of: state.body.isEmpty ? piece : state.body))
            return false
        }
        if state.incremental == nil { state.incremental = head.isSuccess && consumer?.accepts(head) == true }
        guard state.incremental == true, let consumer else {
            state.body.append(piece)
            return true
        }
        do {
            try consumer.consume(piece)
            return true
        } catch {
            state.failure = error
            return false
        }
    }

    private func finish(_ result: Result<HTTPHead, HTTPFailure>, request: HTTPRequest) -> Result<HTTPResult, OpenAIError> {
        let (body, incremental, failure) = state.withLock { ($0.body, $0.incremental, $0.failure) }
        switch result {
        case .success(let head):
            return .success(HTTPResult(head: head, body: body, consumedIncrementally: incremental == true))
        case .failure(.stoppedByReceiver):
            return .failure(failure ?? .cancelled)
        case .failure(let transport):
            return .failure(Self.translate(transport, request: request))
        }
    }

    /// Transport failures, as the messages a user reads name them.
    private static func translate(_ failure: HTTPFailure, request: HTTPRequest) -> OpenAIError {
        switch failure {
        case .timedOut(.silence(let seconds)), .timedOut(.stalled(let seconds)): .timedOut(seconds: seconds)
        case .timedOut(.total(let seconds)): .deadlinePassed(seconds: seconds)
        case .timedOut(.tooSlow(let rate, let seconds)): .tooSlow(bytesPerSecond: rate, seconds: seconds)
        case .secretRefused: .cannotConnect(url: request.url, reason: .other("the key may not go to this address"))
        case .cancelled, .stoppedByReceiver: .cancelled
        case .refused: .cannotConnect(url: request.url, reason: .refused)
        case .unknownHost: .cannotConnect(url: request.url, reason: .unknownHost)
        case .unsupportedURL: .cannotConnect(url: request.url, reason: .unsupportedURL)
        case .tls(let words): .cannotConnect(url: request.url, reason: .tls(words))
        case .unavailable(let words): .cannotConnect(url: request.url, reason: .other(words))
        case .closedWithoutReply: .connectionLost(reason: .closedWithoutReply)
        case .lost(let words): .connectionLost(reason: .other(words))
        }
    }
}
