import FolioAI
import FolioCore
import FolioStore
import Foundation

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
        client = OpenAIClient(
            OpenAIConfiguration(
                baseURL: base, apiKey: key, timeout: TimeInterval(configuration.timeoutSeconds),
                deadline: TimeInterval(configuration.deadlineSeconds), maxReplyBytes: configuration.maxReplyBytes)
        )
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
        // A model that gives fewer than three tags has its list completed, as builtin's is.
        return try SummaryPrompt.parse(reply.content, existingTags: request.existingTags).completed(for: request)
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

    /// A vision model (`ai.vision_model`, else `ai.model`) looks at the images; with none to send
    /// (`send_media: false`, audio only, a video without ffmpeg) the metadata is the analysis and
    /// nothing is sent.
    public func analyze(_ request: AnalysisRequest) async throws(AIProblem) -> MediaAnalysis {
        let facts = request.media.map(\.facts).joined(separator: "\n")
        guard configuration.sendMedia, request.media.contains(where: { !$0.images.isEmpty }) else {
            return MediaAnalysis(text: facts, sawMedia: false)
        }
        let chat = ChatRequest(
            model: configuration.visionModel ?? model,
            messages: AnalysisPrompt.messages(request, language: configuration.language), temperature: 0.3)
        let reply = try await send(chat).content.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !reply.isEmpty else { throw .malformed(.emptyAnalysis, excerpt: "") }
        return MediaAnalysis(text: reply, sawMedia: true)
    }

    public func greet(_ request: GreetingRequest) async throws(AIProblem) -> String {
        let chat = ChatRequest(
            model: model, messages: GreetingPrompt.messages(request, language: configuration.language, tone: configuration.tone),
            temperature: 0.8)
        let reply = try await send(chat).content.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !reply.isEmpty else { throw .malformed(.emptyGreeting, excerpt: "") }
        return reply
    }

    /// `/audio/transcriptions` with `ai.transcription_model` (`whisper-1` when not set). A
    /// recording is media: with `privacy.send_media` off it is not sent.
    public func transcribe(_ clip: AudioClip) async throws(AIProblem) -> String {
        guard configuration.sendMedia else { throw .mediaNotSent }
        let request = TranscriptionRequest(
            model: configuration.transcriptionModel ?? "whisper-1", audio: clip.data, filename: clip.filename,
            contentType: clip.mediaType, language: configuration.language == .zhHant ? "zh" : "en")
        let text: String
        do {
            text = try await client.transcribe(request)
        } catch {
            throw AIProblem(error)
        }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .nothingHeard }
        return trimmed
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
    /// Seconds as a whole number for a message (a week at most: the client's own bound).
    private static func whole(_ seconds: TimeInterval) -> Int {
        guard seconds.isFinite else { return 0 }
        return Int(min(max(0, seconds.rounded()), 7 * 24 * 3600))
    }

    /// The wire layer's error as a problem a user can act on.
    init(_ error: OpenAIError) {
        func detail(_ reply: HTTPErrorReply) -> String {
            if let message = reply.message, !message.isEmpty { return message }
            return reply.excerpt.isEmpty ? "—" : reply.excerpt
        }
        switch error {
        case .invalidBaseURL(let url): self = .invalidBaseURL(url)
        case .cannotConnect(let url, let reason): self = .cannotConnect(url: url, reason: AIConnectionTrouble(reason))
        case .connectionLost(let reason): self = .connectionLost(AIConnectionTrouble(reason))
        case .timedOut(let seconds): self = .timedOut(seconds: Self.whole(seconds))
        case .deadlinePassed(let seconds): self = .deadlinePassed(seconds: Self.whole(seconds))
        case .tooSlow(let rate, let seconds): self = .tooSlow(bytesPerSecond: rate, seconds: Self.whole(seconds))
        case .keyWithheld(let url): self = .keyWithheld(url: url)
        case .cancelled: self = .cancelled
        case .unauthorized(let reply): self = .unauthorized(status: reply.status, detail: detail(reply))
        case .notFound(let reply): self = .notFound(detail: detail(reply))
        case .rateLimited(let reply):
            self = .rateLimited(
                detail: detail(reply), retryAfter: reply.retryAfterSeconds.flatMap { $0.isFinite && $0 < 1e9 ? Int($0.rounded(.up)) : nil })
        case .serverError(let reply): self = .serverError(status: reply.status, detail: detail(reply))
        case .httpStatus(let reply): self = .httpStatus(status: reply.status, detail: detail(reply))
        case .malformedReply(let reason, let excerpt): self = .malformed(AIReplyTrouble(reason), excerpt: excerpt)
        case .streamEndedEarly(let partial): self = .streamEndedEarly(received: partial.count)
        }
    }
}

extension AIConnectionTrouble {
    /// The wire layer's reason, as folio words it.
    init(_ failure: ConnectionFailure) {
        switch failure {
        case .refused: self = .refused
        case .unknownHost: self = .unknownHost
        case .offline: self = .offline
        case .unsupportedURL: self = .unsupportedURL
        case .closedWithoutReply: self = .closedWithoutReply
        case .tls(let detail): self = .tls(detail)
        case .other(let detail): self = .other(detail)
        }
    }
}

extension AIReplyTrouble {
    /// The wire layer's defect, as folio words it.
    init(_ defect: ReplyDefect) {
        switch defect {
        case .notHTTP: self = .notHTTP
        case .streamWithoutContent: self = .streamWithoutContent
        case .eventNotAChunk: self = .eventNotAChunk
        case .transcriptionNotJSON: self = .transcriptionNotJSON
        case .transcriptionWithoutText: self = .transcriptionWithoutText
        case .notAChatCompletion: self = .notAChatCompletion
        case .noChoices: self = .noChoices
        case .emptyMessage: self = .emptyMessage
        case .tooLarge(let limit): self = .tooLarge(limit: limit)
        }
    }
}
