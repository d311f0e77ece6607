import FolioCore
import Foundation
import TestSupport
import Testing

@testable import FolioAI

/// An embeddings reply of `vectors`, with their `index` values (positions unless given).
func embeddingsReply(_ vectors: [[String]], indexes: [Int]? = nil, model: String = "e5-test") -> OpenAIServer.Reply {
    let items = vectors.enumerated().map { position, values in
        #"{"object":"embedding","index":\#(indexes?[position] ?? position),"embedding":[\#(values.joined(separator: ","))]}"#
    }
    return .raw(body: #"{"object":"list","model":"\#(model)","data":[\#(items.joined(separator: ","))]}"#)
}

@Suite("Embeddings", .ownThread)
struct EmbeddingsTests {
    let request = EmbeddingsRequest(model: "e5", texts: ["一", "two"], input: .passage)

    @Test("a batch's vectors come back in the texts' order, whatever order the server lists them in")
    func ordered() async throws {
        let server = try OpenAIServer(defaultReply: embeddingsReply([["0.5", "0.5"], ["1", "0"]], indexes: [1, 0]))
        let reply = try await client(server).embed(request)
        #expect(reply.vectors == [[1, 0], [0.5, 0.5]])
        #expect(reply.model == "e5-test")
        let sent = try json(server.lastRequest?.bodyText ?? "")
        #expect(sent["input_type"]?.string == "passage")
        #expect(sent["model"]?.string == "e5")
        #expect(server.lastRequest?.path == "/v1/embeddings")
    }

    @Test("input_type is left out for servers that refuse it (OpenAI's own API)")
    func withoutInputType() async throws {
        let server = try OpenAIServer(defaultReply: embeddingsReply([["1"]]))
        _ = try await client(server).embed(EmbeddingsRequest(model: "m", texts: ["q"], input: .query, sendsInputType: false))
        #expect(try json(server.lastRequest?.bodyText ?? "")["input_type"] == nil)
    }

    @Test(
        "every hostile reply is refused as a value, never a crash",
        arguments: [
            (embeddingsReply([["1", "0"]]), AIReplyTrouble.embeddingCount(expected: 2, got: 1)),
            (embeddingsReply([["1", "0"], ["1", "0"]], indexes: [0, 0]), .embeddingIndex(0)),
            (embeddingsReply([["1", "0"], ["1", "0"]], indexes: [0, 7]), .embeddingIndex(7)),
            (embeddingsReply([["1", "0"], ["1", "0", "0"]]), .embeddingDimension(expected: 2, got: 3)),
            (embeddingsReply([["1", "0"], ["1e300", "0"]]), .embeddingNotFinite(index: 1)),
            (embeddingsReply([[], []]), .embeddingSize(0, limit: 8_192)),
            (embeddingsReply([["NaN", "0"], ["1", "0"]]), .notEmbeddings),
            (.raw(body: #"{"data":"nope"}"#), .notEmbeddings),
        ])
    func hostile(reply: OpenAIServer.Reply, trouble: AIReplyTrouble) async throws {
        let server = try OpenAIServer(defaultReply: reply)
        let error = await expectFailure { try await client(server).embed(request) }
        guard case .malformedReply(let reason, _) = error else {
            Issue.record("expected a malformed reply, got \(String(describing: error))")
            return
        }
        #expect(reason == trouble)
        #expect(words(error)?.isEmpty == false)
    }

    @Test("a vector longer than 8,192 dimensions is refused")
    func tooLong() async throws {
        let server = try OpenAIServer(defaultReply: embeddingsReply([Array(repeating: "0.1", count: 8_193)]))
        let error = await expectFailure { try await client(server).embed(EmbeddingsRequest(model: "m", texts: ["a"], input: .query)) }
        #expect(error.map { if case .malformedReply(.embeddingSize(8_193, _), _) = $0 { true } else { false } } == true)
    }

    @Test("vectors of another length than the stored ones are refused")
    func storedDimension() async throws {
        let server = try OpenAIServer(defaultReply: embeddingsReply([["1", "0"]]))
        let error = await expectFailure {
            try await client(server).embed(EmbeddingsRequest(model: "m", texts: ["a"], input: .query, dimension: 384))
        }
        #expect(error == .malformedReply(reason: .embeddingDimension(expected: 384, got: 2), excerpt: ""))
    }

    @Test("a server slower than the deadline fails with the deadline's words")
    func deadline() async throws {
        let server = try OpenAIServer(defaultReply: .delayed(5, embeddingsReply([["1"]])))
        let slow = OpenAIClient(OpenAIConfiguration(baseURL: server.baseURL, timeout: 10, deadline: 1))
        let error = await expectFailure { try await slow.embed(EmbeddingsRequest(model: "m", texts: ["a"], input: .query)) }
        #expect(error == .deadlinePassed(seconds: 1))
    }
}
