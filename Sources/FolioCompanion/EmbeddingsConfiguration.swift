import FolioAI
import FolioCore
import FolioSecrets
import FolioStore
import Foundation

/// The settings of search by meaning (`embeddings.*` in `.folio/config.yaml`), read as the `ai.*`
/// ones are: limits never above this device's ceilings (``DeviceLimits``), the endpoint used only
/// once confirmed on this device (``EndpointTrust``).
public struct EmbeddingsConfiguration: Sendable, Equatable {
    /// `embeddings.base_url`: any OpenAI-compatible server (`POST {base}/embeddings`).
    public var baseURL: String?
    public var model: String?
    /// `embeddings.input_type`: send `"input_type": "query" | "passage"` (e5 servers use it).
    public var sendsInputType: Bool
    /// `embeddings.batch`: texts per request.
    public var batch: Int
    public var timeoutSeconds: Int
    public var deadlineSeconds: Int
    public var maxReplyBytes: Int
    /// `ai.base_url` (or OpenAI's, its default): the origin the AI key was given for.
    public var aiBaseURL: String

    public init(vault: Vault) {
        self.init(settings: vault.settings, limits: vault.deviceLimits)
    }

    public init(settings: Settings, limits: DeviceLimits = DeviceLimits()) {
        func text(_ key: String) -> String? {
            settings.string(key).flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
        }
        baseURL = text("embeddings.base_url")
        model = text("embeddings.model")
        if case .bool(let value)? = settings.value("embeddings.input_type") { sendsInputType = value } else { sendsInputType = true }
        batch = max(1, limits.bounded("embeddings.batch", in: settings) ?? 32)
        timeoutSeconds = limits.bounded("embeddings.timeout", in: settings) ?? 60
        deadlineSeconds = limits.bounded("embeddings.deadline", in: settings) ?? 600
        if let bytes = limits.bounded("ai.max_reply_bytes", in: settings), bytes > 0 {
            maxReplyBytes = bytes
        } else {
            maxReplyBytes = OpenAIConfiguration.defaultMaxReplyBytes
        }
        aiBaseURL = text("ai.base_url") ?? AIConfiguration.openAIBaseURL
    }

    /// Whether search by meaning is set up: a server and a model.
    public var isConfigured: Bool { baseURL != nil && model != nil }

    /// The first setting missing for ``isConfigured``.
    public var missingSetting: String? {
        baseURL == nil ? "embeddings.base_url" : model == nil ? "embeddings.model" : nil
    }

    /// Whether ``baseURL`` was set or confirmed on this device (it syncs, as `ai.base_url` does).
    public func isConfirmed(localDirectory: URL) -> Bool {
        baseURL.map { EndpointTrust.isTrusted($0, for: "embeddings.base_url", localDirectory: localDirectory) } ?? false
    }

    /// The key for the embeddings server: `FOLIO_EMBEDDINGS_KEY`; else the AI key (``AIKey``), but
    /// only when the server's origin is `ai.base_url`'s, the one that key was given for. A key
    /// never goes to another host than its own.
    public func key(environment: [String: String], home: URL) throws(AIProblem) -> String? {
        if let key = environment["FOLIO_EMBEDDINGS_KEY"]?.trimmingCharacters(in: .whitespacesAndNewlines), !key.isEmpty { return key }
        guard let baseURL, let origin = Origin(url: baseURL.trimmingCharacters(in: .whitespaces)),
            origin == Origin(url: aiBaseURL.trimmingCharacters(in: .whitespaces))
        else { return nil }
        return try AIKey.lookup(environment: environment, home: home)
    }

    /// The server as the store asks it; nil until ``isConfigured``.
    public func embedder(environment: [String: String], home: URL) throws(AIProblem) -> EmbeddingsEmbedder? {
        guard let baseURL, let model else { return nil }
        let client = OpenAIClient(
            OpenAIConfiguration(
                baseURL: baseURL, apiKey: try key(environment: environment, home: home), timeout: TimeInterval(timeoutSeconds),
                deadline: TimeInterval(deadlineSeconds), maxReplyBytes: maxReplyBytes))
        return EmbeddingsEmbedder(client: client, model: model, sendsInputType: sendsInputType, batchSize: batch)
    }
}

/// An OpenAI-compatible embeddings server behind the store's ``Embedder``.
public struct EmbeddingsEmbedder: Embedder {
    let client: OpenAIClient
    public let model: String
    let sendsInputType: Bool
    public let batchSize: Int

    public var endpoint: String { ConfiguredSecrets.redact(client.configuration.baseURL) }

    public func embed(_ texts: [String], as side: EmbeddingSide, dimension: Int?) async throws(AIProblem) -> EmbeddedTexts {
        let request = EmbeddingsRequest(
            model: model, texts: texts, input: side == .query ? .query : .passage, sendsInputType: sendsInputType, dimension: dimension)
        do {
            let reply = try await client.embed(request)
            return EmbeddedTexts(model: reply.model, vectors: reply.vectors)
        } catch {
            throw AIProblem(error)
        }
    }
}
