import Foundation
import TestSupport
import Testing

@testable import FolioAI

@Suite("Transcription", .ownThread)
struct TranscriptionTests {
    /// Audio-like bytes that include what could confuse a multipart reader: CRLFs, dashes, NULs.
    private static let audio: Data = {
        var bytes = Array("ID3\u{0}\r\n--folio-\r\n\r\n".utf8)
        var value: UInt32 = 7
        for _ in 0..<300_000 {
            value = value &* 1_103_515_245 &+ 12345
            bytes.append(UInt8(truncatingIfNeeded: value >> 16))
        }
        return Data(bytes)
    }()

    @Test func sendsAMultipartFormAndReturnsTheText() async throws {
        let server = try OpenAIServer(defaultReply: .transcription("今天下雨。 It rained today."))
        let request = TranscriptionRequest(
            model: "whisper-1", audio: Self.audio, filename: "memo 2026-03-01.m4a", contentType: "audio/mp4", language: "zh")

        let text = try await client(server, apiKey: "sk-audio").transcribe(request)

        #expect(text == "今天下雨。 It rained today.")
        let received = try #require(server.lastRequest)
        #expect(received.path == "/v1/audio/transcriptions")
        #expect(received.header("Authorization") == "Bearer sk-audio")
        let parts = try #require(received.multipart)
        #expect(parts.map(\.name) == ["model", "language", "response_format", "file"])
        #expect(parts.first { $0.name == "model" }?.text == "whisper-1")
        #expect(parts.first { $0.name == "language" }?.text == "zh")
        #expect(parts.first { $0.name == "response_format" }?.text == "json")
        let file = try #require(parts.first { $0.name == "file" })
        #expect(file.filename == "memo 2026-03-01.m4a")
        #expect(file.contentType == "audio/mp4")
        #expect(file.data == Self.audio)
    }

    /// A file name from a phone is anything: it never breaks out of its quotes or adds a header or a part.
    @Test func aHostileFileNameStaysInItsQuotes() async throws {
        let server = try OpenAIServer(defaultReply: .transcription("ok"))
        let request = TranscriptionRequest(
            model: "whisper-1", audio: Self.audio, filename: "a\"b\r\nContent-Type: text/html\r\n\r\n--x.m4a",
            contentType: "audio/mp4\r\nX-Evil: 1", language: nil)
        _ = try await client(server, apiKey: "sk-audio").transcribe(request)
        let parts = try #require(server.lastRequest?.multipart)
        #expect(parts.map(\.name) == ["model", "response_format", "file"])
        let file = try #require(parts.first { $0.name == "file" })
        #expect(file.filename == "a%22bContent-Type: text/html--x.m4a")
        #expect(file.contentType == "audio/mp4X-Evil: 1")
        #expect(file.data == Self.audio)
    }

    @Test func noLanguageMeansNoLanguageField() async throws {
        let server = try OpenAIServer(defaultReply: .transcription(""))
        let text = try await client(server).transcribe(TranscriptionRequest(model: "whisper-1", audio: Data("x".utf8), filename: "a.wav"))
        #expect(text == "")
        #expect(server.lastRequest?.multipart?.map(\.name) == ["model", "response_format", "file"])
        #expect(server.lastRequest?.header("Authorization") == nil)
    }

    @Test func aReplyWithoutTextIsMalformed() async throws {
        let server = try OpenAIServer(defaultReply: .raw(body: #"{"segments":[]}"#))
        let error = await expectFailure {
            try await client(server).transcribe(TranscriptionRequest(model: "whisper-1", audio: Data("x".utf8), filename: "a.wav"))
        }
        #expect(error == .malformedReply(reason: .transcriptionWithoutText, excerpt: #"{"segments":[]}"#))
    }

    @Test func anErrorStatusIsClassified() async throws {
        let server = try OpenAIServer(
            defaultReply: .error(status: 404, message: "The model `whisper-9` does not exist", code: "model_not_found"))
        let error = await expectFailure {
            try await client(server).transcribe(TranscriptionRequest(model: "whisper-9", audio: Data("x".utf8), filename: "a.wav"))
        }
        guard case .notFound(let reply) = error else { return #expect(Bool(false), "\(String(describing: error))") }
        #expect(reply.code == "model_not_found")
        #expect(
            words(error)
                == "the AI server has no such model or path (HTTP 404: The model `whisper-9` does not exist); check ai.model and ai.base_url (usually ending in /v1)"
        )
    }
}
