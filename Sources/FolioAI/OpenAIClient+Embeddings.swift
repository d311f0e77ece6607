import Foundation
import HTTP

/// Which side of a search a text is embedded for: e5 models embed a question and the passages
/// that answer it differently (`"input_type": "query" | "passage"`).
public enum EmbeddingInput: String, Sendable {
    case query, passage
}

/// What an embeddings server answered for a batch of texts: one vector per text, in the texts'
/// order, all of one length, every value finite.
public struct Embeddings: Sendable, Equatable {
    /// The model the reply names (`model`), when it names one.
    public var model: String?
    public var vectors: [[Float]]
    public var dimension: Int { vectors.first?.count ?? 0 }
}

/// One request for embeddings: the texts, the model and how to say which side they are.
public struct EmbeddingsRequest: Sendable {
    public var model: String
    public var texts: [String]
    public var input: EmbeddingInput
    /// Whether to send `input_type` (e5 servers read it; OpenAI's API refuses unknown keys).
    public var sendsInputType: Bool
    /// The length the vectors must have (the stored ones'); nil when any is welcome.
    public var dimension: Int?

    public init(model: String, texts: [String], input: EmbeddingInput, sendsInputType: Bool = true, dimension: Int? = nil) {
        self.model = model
        self.texts = texts
        self.input = input
        self.sendsInputType = sendsInputType
        self.dimension = dimension
    }
}

extension OpenAIClient {
    /// The longest vector folio takes: larger models stop at 4,096 dimensions.
    public static let maxEmbeddingDimension = 8_192

    /// Embeds `request.texts` (`POST {base}/embeddings`). The reply is read as hostile: one vector
    /// per text, each `index` once, one length across the batch (the one asked for, when given),
    /// at most ``maxEmbeddingDimension``, no NaN or infinity; anything else is
    /// ``OpenAIError/malformedReply(reason:excerpt:)``.
    public func embed(_ request: EmbeddingsRequest) async throws(OpenAIError) -> Embeddings {
        do {
            let body = EmbeddingsBody(
                model: request.model, input: request.texts, inputType: request.sendsInputType ? request.input.rawValue : nil)
            let urlRequest = try jsonRequest("embeddings", body, accept: "application/json")
            let result = try await HTTPExchange.perform(urlRequest, maxReplyBytes: configuration.maxReplyBytes)
            try requireSuccess(result)
            return try Self.decodeEmbeddings(result.body, count: request.texts.count, dimension: request.dimension)
        } catch {
            throw error.redacted(redactor)
        }
    }

    static func decodeEmbeddings(_ body: Data, count: Int, dimension wanted: Int?) throws(OpenAIError) -> Embeddings {
        let reply: EmbeddingsReply
        do {
            reply = try JSONDecoder().decode(EmbeddingsReply.self, from: body)
        } catch {
            throw .malformedReply(reason: .notEmbeddings, excerpt: excerpt(of: body))
        }
        if let error = reply.error, reply.data == nil {
            throw .httpStatus(
                HTTPErrorReply(status: 200, message: error.message, type: error.type, code: error.code, excerpt: excerpt(of: body)))
        }
        guard let data = reply.data else { throw .malformedReply(reason: .notEmbeddings, excerpt: excerpt(of: body)) }
        guard data.count == count else { throw .malformedReply(reason: .embeddingCount(expected: count, got: data.count), excerpt: "") }
        var vectors = [[Float]?](repeating: nil, count: count)
        var dimension = wanted
        for (position, item) in data.enumerated() {
            let index = item.index ?? position
            guard vectors.indices.contains(index), vectors[index] == nil else {
                throw .malformedReply(reason: .embeddingIndex(index), excerpt: "")
            }
            guard let values = item.embedding else { throw .malformedReply(reason: .notEmbeddings, excerpt: excerpt(of: body)) }
            guard (1...maxEmbeddingDimension).contains(values.count) else {
                throw .malformedReply(reason: .embeddingSize(values.count, limit: maxEmbeddingDimension), excerpt: "")
            }
            if let dimension, dimension != values.count {
                throw .malformedReply(reason: .embeddingDimension(expected: dimension, got: values.count), excerpt: "")
            }
            dimension = values.count
            var vector = [Float]()
            vector.reserveCapacity(values.count)
            for value in values {
                let single = Float(value)
                guard value.isFinite, single.isFinite else { throw .malformedReply(reason: .embeddingNotFinite(index: index), excerpt: "") }
                vector.append(single)
            }
            vectors[index] = vector
        }
        return Embeddings(model: reply.model, vectors: vectors.compactMap { $0 })
    }
}

/// `{"model", "input": [...], "input_type"?}`; `encoding_format` is left to its default, floats.
struct EmbeddingsBody: Encodable {
    let model: String
    let input: [String]
    let inputType: String?

    enum CodingKeys: String, CodingKey {
        case model, input
        case inputType = "input_type"
    }
}

/// `{"data": [{"index", "embedding": [numbers]}], "model"}`. A number JSON cannot hold (NaN, an
/// infinity, written as text by some servers) fails the decoding, as a reply that made no sense.
struct EmbeddingsReply: Decodable {
    struct Item: Decodable {
        let index: Int?
        let embedding: [Double]?
    }

    let data: [Item]?
    let model: String?
    let error: ErrorObject?

    private enum CodingKeys: String, CodingKey {
        case data, model, error
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        data = try container.decodeIfPresent([Item].self, forKey: .data)
        // try?: a model name in another shape is only left unrecorded.
        model = try? container.decodeIfPresent(String.self, forKey: .model)
        // try?: an error object in another shape is judged by the missing data instead.
        error = try? container.decodeIfPresent(ErrorObject.self, forKey: .error)
    }
}
