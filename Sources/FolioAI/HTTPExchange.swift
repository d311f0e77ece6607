import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The status and headers of a response, copied out of `HTTPURLResponse` so they can cross threads.
struct ResponseHead: Sendable {
    let status: Int
    /// Header names lowercased.
    let headers: [String: String]

    init(_ response: HTTPURLResponse) {
        status = response.statusCode
        var headers: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            headers[String(describing: name).lowercased()] = String(describing: value)
        }
        self.headers = headers
    }

    func header(_ name: String) -> String? { headers[name.lowercased()] }

    var isSuccess: Bool { (200..<300).contains(status) }
}

/// Takes a successful response's body piece by piece, as the network delivers it, instead of
/// having it collected. Called only on the exchange's serial delegate queue.
protocol IncrementalBodyConsumer: AnyObject, Sendable {
    /// Whether to take this response's body incrementally; otherwise it is collected whole.
    func accepts(_ head: ResponseHead) -> Bool
    /// A thrown error stops the transfer and is what the exchange fails with.
    func consume(_ chunk: Data) throws(OpenAIError)
}

struct HTTPResult: Sendable {
    let head: ResponseHead
    /// The collected body; empty when an incremental consumer took it.
    let body: Data
    let consumedIncrementally: Bool
}

/// One HTTP request through its own URLSession, bridged to async/await.
///
/// A delegate rather than `URLSession.data(for:)` because the body of a stream must arrive as the
/// server sends it (swift-corelibs-foundation has no `bytes(for:)`), and because cancelling the
/// calling task must cancel the transfer. A session per request keeps the delegate's state private
/// to that request; the session is invalidated as soon as its one task is running.
final class HTTPExchange: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private let consumer: (any IncrementalBodyConsumer)?
    private let timeout: TimeInterval
    private let url: String
    // Guarded by `lock`:
    private var continuation: CheckedContinuation<HTTPResult, any Error>?
    private var task: URLSessionDataTask?
    private var head: ResponseHead?
    private var body = Data()
    private var incremental = false
    private var failure: OpenAIError?
    private var cancelledByCaller = false

    private init(url: String, timeout: TimeInterval, consumer: (any IncrementalBodyConsumer)?) {
        self.url = url
        self.timeout = timeout
        self.consumer = consumer
    }

    /// Sends `request` and waits for the whole response. Transport failures come out as
    /// ``OpenAIError`` (cannot connect, lost, timed out, cancelled); HTTP error statuses do not,
    /// they are results for the caller to read.
    static func perform(
        _ request: URLRequest, timeout: TimeInterval, consumer: (any IncrementalBodyConsumer)? = nil
    ) async throws(OpenAIError) -> HTTPResult {
        let exchange = HTTPExchange(url: request.url?.absoluteString ?? "", timeout: timeout, consumer: consumer)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        let session = URLSession(configuration: configuration, delegate: exchange, delegateQueue: queue)
        do {
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    exchange.start(session.dataTask(with: request), continuation: continuation)
                    session.finishTasksAndInvalidate()
                }
            } onCancel: {
                exchange.cancelByCaller()
            }
        } catch let error as OpenAIError {
            throw error
        } catch {
            throw .connectionLost(reason: .other("\(error)"))
        }
    }

    private func start(_ task: URLSessionDataTask, continuation: CheckedContinuation<HTTPResult, any Error>) {
        lock.lock()
        if cancelledByCaller {
            lock.unlock()
            // Cancelled rather than dropped, so the session's invalidation is not kept waiting.
            task.cancel()
            continuation.resume(throwing: OpenAIError.cancelled)
            return
        }
        self.task = task
        self.continuation = continuation
        lock.unlock()
        task.resume()
    }

    /// May come before ``start(_:continuation:)`` (a task cancelled before it asked); then the
    /// request is never sent.
    private func cancelByCaller() {
        lock.lock()
        cancelledByCaller = true
        let task = self.task
        lock.unlock()
        task?.cancel()
    }

    // MARK: URLSessionDataDelegate

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        guard let http = response as? HTTPURLResponse else {
            fail(.malformedReply(reason: .notHTTP, excerpt: ""), dataTask)
            completionHandler(.cancel)
            return
        }
        let head = ResponseHead(http)
        let incremental = head.isSuccess && consumer?.accepts(head) == true
        lock.lock()
        self.head = head
        self.incremental = incremental
        lock.unlock()
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.lock()
        // Nothing more reaches the caller's callback once it has cancelled or the stream failed.
        if failure != nil || cancelledByCaller {
            lock.unlock()
            return
        }
        guard incremental, let consumer else {
            body.append(data)
            lock.unlock()
            return
        }
        lock.unlock()
        do {
            try consumer.consume(data)
        } catch {
            fail(error, dataTask)
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        lock.lock()
        let continuation = self.continuation
        self.continuation = nil
        let outcome: Result<HTTPResult, OpenAIError>
        if let failure {
            outcome = .failure(failure)
        } else if cancelledByCaller {
            outcome = .failure(.cancelled)
        } else if let error {
            outcome = .failure(translate(error))
        } else if let head {
            outcome = .success(HTTPResult(head: head, body: body, consumedIncrementally: incremental))
        } else {
            outcome = .failure(.connectionLost(reason: .closedWithoutReply))
        }
        lock.unlock()
        continuation?.resume(with: outcome.mapError { $0 as any Error })
    }

    /// Stops the transfer because of what arrived; the first such failure is the one reported.
    private func fail(_ error: OpenAIError, _ task: URLSessionTask) {
        lock.lock()
        if failure == nil { failure = error }
        lock.unlock()
        task.cancel()
    }

    /// URLSession's error codes, grouped by what a user can do about them.
    private func translate(_ error: any Error) -> OpenAIError {
        guard let urlError = error as? URLError else {
            return .connectionLost(reason: .other(error.localizedDescription))
        }
        let received = head != nil
        switch urlError.code {
        case .timedOut:
            return .timedOut(seconds: timeout)
        case .cancelled:
            return .cancelled
        case .cannotConnectToHost:
            return .cannotConnect(url: url, reason: .refused)
        case .cannotFindHost, .dnsLookupFailed:
            return .cannotConnect(url: url, reason: .unknownHost)
        case .notConnectedToInternet:
            return .cannotConnect(url: url, reason: .offline)
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected,
            .clientCertificateRequired:
            return .cannotConnect(url: url, reason: .tls(urlError.localizedDescription))
        case .unsupportedURL, .badURL:
            return .cannotConnect(url: url, reason: .unsupportedURL)
        case .networkConnectionLost where !received:
            return .connectionLost(reason: .closedWithoutReply)
        default:
            return .connectionLost(reason: .other(urlError.localizedDescription))
        }
    }
}
