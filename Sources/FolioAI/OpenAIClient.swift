import FolioSecrets
import Foundation
import HTTP

/// A client for any OpenAI-compatible HTTP API: chat completions (whole or streamed) and audio
/// transcription. Every failure is an ``OpenAIError``; no server reply can crash it, and no error
/// carries the API key or anything else that looks like a credential: a server that echoes the key
/// in its error message (as OpenAI's own `Incorrect API key provided: sk-…` does) is masked here.
public struct OpenAIClient: Sendable {
    public var configuration: OpenAIConfiguration

    public init(_ configuration: OpenAIConfiguration) {
        self.configuration = configuration
    }

    public init(baseURL: String, apiKey: String? = nil, timeout: TimeInterval = 60, deadline: TimeInterval = 600) {
        self.init(OpenAIConfiguration(baseURL: baseURL, apiKey: apiKey, timeout: timeout, deadline: deadline))
    }

    /// Asks for a whole completion and returns the first choice.
    public func chat(_ request: ChatRequest) async throws(OpenAIError) -> ChatReply {
        do {
            return try await wholeChat(request)
        } catch {
            throw error.redacted(redactor)
        }
    }

    private func wholeChat(_ request: ChatRequest) async throws(OpenAIError) -> ChatReply {
        let urlRequest = try jsonRequest("chat/completions", ChatCompletionBody(request, stream: false), accept: "application/json")
        let result = try await HTTPExchange.perform(urlRequest, maxReplyBytes: configuration.maxReplyBytes)
        try requireSuccess(result)
        return try Self.decodeCompletion(result.body)
    }

    /// Asks for a streamed completion: `onDelta` gets each piece of text as it arrives (on a
    /// background thread, in order), and the whole text is returned at the end.
    ///
    /// A server that ignores `stream` and answers with one JSON completion still works: its text
    /// is delivered as a single piece.
    public func streamChat(
        _ request: ChatRequest, onDelta: @escaping @Sendable (String) -> Void
    ) async throws(OpenAIError) -> ChatReply {
        do {
            return try await streamedChat(request, onDelta: onDelta)
        } catch {
            throw error.redacted(redactor)
        }
    }

    private func streamedChat(
        _ request: ChatRequest, onDelta: @escaping @Sendable (String) -> Void
    ) async throws(OpenAIError) -> ChatReply {
        let urlRequest = try jsonRequest("chat/completions", ChatCompletionBody(request, stream: true), accept: "text/event-stream")
        let stream = ChatStreamDecoder(onDelta: onDelta)
        let result: HTTPResult
        do {
            result = try await HTTPExchange.perform(urlRequest, consumer: stream, maxReplyBytes: configuration.maxReplyBytes)
        } catch .connectionLost where stream.started {
            // A dropped connection mid-stream is a truncated answer: keep what came.
            throw .streamEndedEarly(partial: stream.snapshot.text)
        }
        try requireSuccess(result)
        guard result.consumedIncrementally else {
            let reply = try Self.decodeCompletion(result.body)
            onDelta(reply.content)
            return reply
        }
        return try stream.finish()
    }

    /// Transcribes audio (`POST audio/transcriptions`, multipart) and returns the text, which may
    /// be empty for silence.
    public func transcribe(_ request: TranscriptionRequest) async throws(OpenAIError) -> String {
        do {
            return try await transcription(request)
        } catch {
            throw error.redacted(redactor)
        }
    }

    /// Masks the key this client sends, and anything that looks like a credential, in errors.
    var redactor: Redactor {
        Redactor(secrets: [configuration.apiKey].compactMap { $0 })
    }

    private func transcription(_ request: TranscriptionRequest) async throws(OpenAIError) -> String {
        var form = MultipartForm()
        form.addField("model", request.model)
        if let language = request.language, !language.isEmpty { form.addField("language", language) }
        form.addField("response_format", "json")
        form.addFile("file", filename: request.filename, contentType: request.contentType, data: request.audio)
        var urlRequest = try baseRequest("audio/transcriptions", accept: "application/json")
        // The serializer writes into memory and fails on nothing today; were it to, nothing is sent.
        do {
            try form.finish()
        } catch {
            throw .cannotConnect(url: urlRequest.url, reason: .other("multipart form: \(error)"))
        }
        urlRequest.headers.append((name: "Content-Type", value: form.contentType))
        urlRequest.body = form.body

        let result = try await HTTPExchange.perform(urlRequest, maxReplyBytes: configuration.maxReplyBytes)
        try requireSuccess(result)
        // try?: the failure is the malformed-reply error thrown in the else.
        guard let reply = try? JSONDecoder().decode(TranscriptionReply.self, from: result.body) else {
            throw .malformedReply(reason: .transcriptionNotJSON, excerpt: excerpt(of: result.body))
        }
        guard let text = reply.text else {
            throw .malformedReply(reason: .transcriptionWithoutText, excerpt: excerpt(of: result.body))
        }
        return text
    }

    // MARK: Requests

    /// Whole seconds, at least one and at most a week: what the transfer waits through without a
    /// byte, and what a timeout's message says.
    var effectiveTimeout: TimeInterval {
        Self.wholeSeconds(configuration.timeout)
    }

    /// The limits of one request: the deadline in all, the minimum rate over each timeout spell,
    /// and progress within each timeout: the head whole, a reply taken whole (not a byte of it),
    /// a line of a stream. A server trickling bytes that never make a reply is given up after one
    /// timeout, however steadily it trickles.
    var limits: HTTPLimits {
        HTTPLimits(
            total: Self.wholeSeconds(configuration.deadline), window: effectiveTimeout,
            minimumBytesPerSecond: OpenAIConfiguration.minimumBytesPerSecond, progress: effectiveTimeout)
    }

    private static func wholeSeconds(_ seconds: TimeInterval) -> TimeInterval {
        let week: TimeInterval = 7 * 24 * 3600
        guard seconds.isFinite else { return week }
        return min(max(1, seconds.rounded(.up)), week)
    }

    /// The key, when there is one and it may go to the base URL: never in clear text to another
    /// machine (``FolioSecrets/SecretDestination``). A key held back there makes a 401 or 403
    /// ``OpenAIError/keyWithheld(url:)``.
    var sendableKey: String? {
        guard let key = configuration.apiKey?.trimmingCharacters(in: .whitespacesAndNewlines), !key.isEmpty,
            SecretDestination.refusal(sending: configuration.baseURL.trimmingCharacters(in: .whitespacesAndNewlines)) == nil
        else { return nil }
        return key
    }

    /// Whether a key is configured and held back (plain `http://` to another machine).
    var keyWithheld: Bool {
        configuration.apiKey.map { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty } == true && sendableKey == nil
    }

    /// `base/path`, the base's trailing slashes dropped.
    func endpoint(_ path: String) throws(OpenAIError) -> URL {
        var base = configuration.baseURL.trimmingCharacters(in: .whitespacesAndNewlines)
        while base.hasSuffix("/") { base.removeLast() }
        guard let url = URL(string: base + "/" + path),
            let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty
        else { throw .invalidBaseURL(configuration.baseURL) }
        return url
    }

    private func baseRequest(_ path: String, accept: String) throws(OpenAIError) -> HTTPRequest {
        var request = HTTPRequest(
            url: try endpoint(path).absoluteString, method: .post, headers: [(name: "Accept", value: accept)], limits: limits)
        if let key = sendableKey { request.credential = (name: "Authorization", value: "Bearer \(key)") }
        return request
    }

    func jsonRequest(_ path: String, _ body: some Encodable, accept: String) throws(OpenAIError) -> HTTPRequest {
        var request = try baseRequest(path, accept: accept)
        request.headers.append((name: "Content-Type", value: "application/json"))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Only a non-finite number could fail to encode, and ChatCompletionBody leaves those out;
        // were one to, nothing is sent rather than a request without its question.
        do {
            request.body = try encoder.encode(body)
        } catch {
            throw .cannotConnect(url: request.url, reason: .other(String(describing: error)))
        }
        return request
    }

    // MARK: Replies

    /// Turns an error status into its ``OpenAIError`` case, with the server's own words.
    func requireSuccess(_ result: HTTPResult) throws(OpenAIError) {
        if keyWithheld, [401, 403].contains(result.head.status) { throw .keyWithheld(url: configuration.baseURL) }
        try Self.requireSuccess(result)
    }

    static func requireSuccess(_ result: HTTPResult) throws(OpenAIError) {
        guard !result.head.isSuccess else { return }
        // try?: only the server's words for an error status already being reported.
        let envelope = try? JSONDecoder().decode(ErrorEnvelope.self, from: result.body)
        let reply = HTTPErrorReply(
            status: result.head.status, message: envelope?.error?.message, type: envelope?.error?.type,
            code: envelope?.error?.code, retryAfter: result.head.header("Retry-After"), excerpt: excerpt(of: result.body))
        throw OpenAIError.classify(reply)
    }

    static func decodeCompletion(_ body: Data) throws(OpenAIError) -> ChatReply {
        let completion: ChatCompletionReply
        do {
            completion = try JSONDecoder().decode(ChatCompletionReply.self, from: body)
        } catch {
            throw .malformedReply(reason: .notAChatCompletion, excerpt: excerpt(of: body))
        }
        if let error = completion.error, completion.choices == nil {
            throw .httpStatus(
                HTTPErrorReply(status: 200, message: error.message, type: error.type, code: error.code, excerpt: excerpt(of: body)))
        }
        guard let choice = completion.choices?.first else {
            throw .malformedReply(reason: .noChoices, excerpt: excerpt(of: body))
        }
        guard let content = choice.message?.content?.text, !content.isEmpty else {
            throw .malformedReply(reason: .emptyMessage, excerpt: excerpt(of: body))
        }
        return ChatReply(content: content, model: completion.model, usage: completion.usage?.tokenUsage, finishReason: choice.finishReason)
    }
}
