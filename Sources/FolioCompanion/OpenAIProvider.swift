import Foundation
import FolioAI
import FolioCore
import FolioStore

/// Any OpenAI-compatible endpoint: ChatGPT, or a local server exposing the same API.
public struct OpenAIProvider: AIProvider {
    public let configuration: AIConfiguration
    let client: OpenAIClient
    let model: String

    public var label: String { "openai \(model)" }
    public var endpoint: String? { configuration.baseURL }

    /// - Throws: ``AIProblem/missingSetting(_:)`` without `ai.model`; ``AIProblem/missingKey(url:)``
    ///   for OpenAI's own API without a key (a local server needs none).
    public init(configuration: AIConfiguration, key: String?) throws(AIProblem) {
        guard let model = configuration.model else { throw .missingSetting("ai.model") }
        let base = configuration.baseURL
        if key == nil, URL(string: base)?.host?.lowercased() == "api.openai.com" { throw .missingKey(url: base) }
        self.configuration = configuration
        self.model = model
        client = OpenAIClient(baseURL: base, apiKey: key, timeout: TimeInterval(configuration.timeoutSeconds))
    }

    public func answer(question: String) async throws(AIProblem) -> QAAnswer {
        let request = ChatRequest(
            model: model,
            messages: [.system(OraclePrompt.system(language: configuration.language)), .user(question)],
            temperature: 0.9, responseFormat: .jsonObject)
        let reply = try await send(request)
        return try OraclePrompt.parse(reply.content, language: configuration.language)
    }

    public func summarize(_ request: SummaryRequest) async throws(AIProblem) -> PageSummary {
        let chat = ChatRequest(
            model: model,
            messages: [
                .system(SummaryPrompt.system(language: configuration.language, tone: configuration.tone)),
                .user(SummaryPrompt.entry(request)),
            ],
            temperature: 0.7, responseFormat: .jsonObject)
        let reply = try await send(chat)
        return try SummaryPrompt.parse(reply.content, existingTags: request.existingTags)
    }

    public func chat(_ request: ChatTurnRequest, onDelta: @escaping @Sendable (String) -> Void) async throws(AIProblem) -> String {
        let messages = ChatPrompt.messages(request, language: configuration.language, tone: configuration.tone)
        do {
            let reply = try await client.streamChat(ChatRequest(model: model, messages: messages, temperature: 0.8), onDelta: onDelta)
            return reply.content
        } catch {
            throw AIProblem(error)
        }
    }

    /// One non-streamed request, its failure put in the words of ``AIProblem``.
    func send(_ request: ChatRequest) async throws(AIProblem) -> ChatReply {
        do {
            return try await client.chat(request)
        } catch {
            throw AIProblem(error)
        }
    }
}

extension AIProblem {
    /// The wire layer's error as a problem a user can act on.
    init(_ error: OpenAIError) {
        func detail(_ reply: HTTPErrorReply) -> String {
            if let message = reply.message, !message.isEmpty { return message }
            return reply.excerpt.isEmpty ? "—" : reply.excerpt
        }
        switch error {
        case .invalidBaseURL(let url): self = .invalidBaseURL(url)
        case .cannotConnect(let url, let reason): self = .cannotConnect(url: url, reason: reason)
        case .connectionLost(let reason): self = .connectionLost(reason)
        case .timedOut(let seconds): self = .timedOut(seconds: Int(seconds.rounded()))
        case .cancelled: self = .cancelled
        case .unauthorized(let reply): self = .unauthorized(status: reply.status, detail: detail(reply))
        case .notFound(let reply): self = .notFound(detail: detail(reply))
        case .rateLimited(let reply):
            self = .rateLimited(detail: detail(reply), retryAfter: reply.retryAfterSeconds.flatMap { $0.isFinite && $0 < 1e9 ? Int($0.rounded(.up)) : nil })
        case .serverError(let reply): self = .serverError(status: reply.status, detail: detail(reply))
        case .httpStatus(let reply): self = .httpStatus(status: reply.status, detail: detail(reply))
        case .malformedReply(let reason, let excerpt): self = .malformed(excerpt.isEmpty ? reason : "\(reason): \(excerpt)")
        case .streamEndedEarly(let partial): self = .streamEndedEarly(received: partial.count)
        }
    }
}
