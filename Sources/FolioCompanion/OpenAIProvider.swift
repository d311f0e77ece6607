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
