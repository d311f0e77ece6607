import Foundation
import TestSupport
import Testing

@testable import FolioAI

@Suite("Streamed chat completions", .ownThread)
struct StreamingTests {
    @Test func piecesArriveInOrderWhileTheRestIsStillUnsent() async throws {
        let server = try OpenAIServer()
        let gate = ReplyGate()
        server.enqueue(.streamed(.init(pieces: ["Once ", "upon ", "a time."], delay: 0.05, gate: gate)))
        let pieces = Locked<[String]>([])
        let sentWhenFirstArrived = Locked<Int?>(nil)

        let reply = try await client(server, apiKey: "sk-stream").streamChat(helloRequest) { piece in
            pieces.withValue { $0.append(piece) }
            if sentWhenFirstArrived.current == nil {
                sentWhenFirstArrived.withValue { $0 = server.streamedPieces }
                gate.open()
            }
        }

        #expect(pieces.current == ["Once ", "upon ", "a time."])
        // The server holds the rest until the gate opens: had the client waited for the whole
        // body, the first piece would have come after all three were sent.
        #expect(sentWhenFirstArrived.current == 1)
        #expect(reply == ChatReply(content: "Once upon a time.", model: "test-model", finishReason: "stop"))
        let received = try #require(server.lastRequest)
        #expect(received.json?["stream"] == .bool(true))
        #expect(received.header("Accept") == "text/event-stream")
        #expect(received.header("Authorization") == "Bearer sk-stream")
    }

    @Test(arguments: [true, false])
    func multiByteTextSurvivesChunkedAndCloseDelimitedBodies(chunked: Bool) async throws {
        let server = try OpenAIServer()
        let pieces = ["今天", "下雨了，", "傍晚", "🌧️ ", "café"]
        server.enqueue(.streamed(.init(pieces: pieces, chunked: chunked)))
        let received = Locked<[String]>([])
        let reply = try await client(server).streamChat(helloRequest) { piece in received.withValue { $0.append(piece) } }
        #expect(received.current == pieces)
        #expect(reply.content == pieces.joined())
    }

    @Test func aFinishReasonWithoutDoneIsAWholeAnswer() async throws {
        let server = try OpenAIServer()
        server.enqueue(.stream(["All ", "there."], ending: .finishWithoutDone))
        let reply = try await client(server).streamChat(helloRequest) { _ in }
        #expect(reply.content == "All there.")
    }

    @Test func aServerThatIgnoresStreamStillAnswersAsOnePiece() async throws {
        let server = try OpenAIServer(defaultReply: .chat("Not streamed."))
        let pieces = Locked<[String]>([])
        let reply = try await client(server).streamChat(helloRequest) { piece in pieces.withValue { $0.append(piece) } }
        #expect(pieces.current == ["Not streamed."])
        #expect(reply.content == "Not streamed.")
    }

    @Test(arguments: [
        (OpenAIServer.StreamScript.Ending.cut, true), (.cut, false), (.cutMidEvent, true), (.cutMidEvent, false),
    ])
    func aCutStreamKeepsWhatArrived(ending: OpenAIServer.StreamScript.Ending, chunked: Bool) async throws {
        let server = try OpenAIServer()
        server.enqueue(.streamed(.init(pieces: ["Half ", "an answer"], ending: ending, chunked: chunked)))
        let pieces = Locked<[String]>([])
        let error = await expectFailure {
            try await client(server).streamChat(helloRequest) { piece in pieces.withValue { $0.append(piece) } }
        }
        #expect(error == .streamEndedEarly(partial: "Half an answer"))
        #expect(pieces.current == ["Half ", "an answer"])
        #expect(words(error) == "the AI's reply stopped part way (14 characters arrived)")
    }

    @Test func anErrorStatusOnAStreamIsAnError() async throws {
        let server = try OpenAIServer()
        server.enqueue(.error(status: 401, message: "Incorrect API key provided: sk-wrong.", code: "invalid_api_key"))
        let error = await expectFailure { try await client(server, apiKey: "sk-wrong").streamChat(helloRequest) { _ in } }
        // The key the server echoes is masked: an error never carries it.
        #expect(error?.httpReply?.message == "Incorrect API key provided: sk-w….")
        guard case .unauthorized = error else { return #expect(Bool(false), "\(String(describing: error))") }
    }

    @Test func anErrorEventMidStreamIsReported() async throws {
        let server = try OpenAIServer(
            defaultReply: .raw(
                contentType: "text/event-stream",
                body: """
                    data: {"choices":[{"delta":{"content":"Start"}}]}

                    data: {"error":{"message":"The model is overloaded.","type":"server_error"}}


                    """))
        let error = await expectFailure { try await client(server).streamChat(helloRequest) { _ in } }
        #expect(
            error
                == .httpStatus(
                    HTTPErrorReply(
                        status: 200, message: "The model is overloaded.", type: "server_error",
                        excerpt: #"{"error":{"message":"The model is overloaded.","type":"server_error"}}"#)))
        #expect(words(error) == "the AI server reported an error: The model is overloaded.")
    }

    @Test func anEventThatIsNotJSONIsAMalformedReply() async throws {
        let server = try OpenAIServer(defaultReply: .raw(contentType: "text/event-stream", body: "data: not json\n\ndata: [DONE]\n\n"))
        let error = await expectFailure { try await client(server).streamChat(helloRequest) { _ in } }
        #expect(error == .malformedReply(reason: .eventNotAChunk, excerpt: "not json"))
    }

    @Test func aStreamWithNoTextIsAMalformedReply() async throws {
        let server = try OpenAIServer(defaultReply: .stream([]))
        let error = await expectFailure { try await client(server).streamChat(helloRequest) { _ in } }
        guard case .malformedReply(let reason, _) = error else { return #expect(Bool(false), "\(String(describing: error))") }
        #expect(reason == .streamWithoutContent)
    }
}

@Suite("Streamed chat timeouts", .ownThread)
struct StreamingTimeoutTests {
    /// The timeout is for a stall, not for the whole answer: a long answer that keeps coming is fine.
    @Test func aSlowButSteadyStreamDoesNotTimeOut() async throws {
        let server = try OpenAIServer(defaultReply: .stream(["a", "b", "c", "d"], delay: 0.6))
        let reply = try await client(server, timeout: 1).streamChat(helloRequest) { _ in }
        #expect(reply.content == "abcd")
    }

    @Test func aStreamThatStallsTimesOut() async throws {
        // "b" would come a minute later; the loose bound allows for a busy test pool, as above.
        let server = try OpenAIServer(defaultReply: .stream(["a", "b"], delay: 600))
        let pieces = Locked<[String]>([])
        var error: OpenAIError?
        let elapsed = await seconds {
            error = await expectFailure {
                try await client(server, timeout: 1).streamChat(helloRequest) { piece in pieces.withValue { $0.append(piece) } }
            }
        }
        #expect(error == .timedOut(seconds: 1))
        #expect(pieces.current == ["a"])
        #expect(elapsed < 300, "took \(elapsed) s")
    }
}

@Suite("A server that trickles, and a key that must not cross the network in clear text", .ownThread)
struct TrickleAndClearTextTests {
    @Test func aServerTricklingItsHeadEndsAtTheTimeoutNotTheDeadline() async throws {
        // A byte every 0.3 s is never 2 s of silence, and well above a byte a second: but the head
        // is not whole within 2 s, and that is no progress.
        let server = try OpenAIServer(defaultReply: .trickled(every: 0.3, .stream(["a long", " answer"], delay: 0)))
        var error: OpenAIError?
        let elapsed = await seconds {
            error = await expectFailure {
                try await OpenAIClient(baseURL: server.baseURL, timeout: 2, deadline: 600).streamChat(helloRequest) { _ in }
            }
        }
        #expect(error == .timedOut(seconds: 2))
        #expect(elapsed < 20, "took \(elapsed) s")
    }

    @Test func oneByteEveryTwoSecondsEndsWithinATimeoutOfThree() async throws {
        let server = try OpenAIServer(defaultReply: .trickled(every: 2, .chat("Hello.")))
        var error: OpenAIError?
        let elapsed = await seconds {
            error = await expectFailure { try await OpenAIClient(baseURL: server.baseURL, timeout: 3).chat(helloRequest) }
        }
        // Both limits end it at 3 s, whichever is checked first: too slow, or no progress.
        #expect(error == .tooSlow(bytesPerSecond: 1, seconds: 3) || error == .timedOut(seconds: 3), "\(String(describing: error))")
        #expect(elapsed < 30, "took \(elapsed) s")
    }

    /// The class of a trickle, step by step: every request of the client ends within its timeout
    /// when no progress comes, however steadily the bytes do.
    @Test(arguments: ["chat body", "stream between events", "transcription head", "transcription body", "embeddings body"])
    func aTrickleAnywhereEndsAtTheTimeout(_ place: String) async throws {
        let reply: OpenAIServer.Reply =
            switch place {
            case "chat body": .trickledBody(every: 0.5, .chat("Hello, a whole reply taken only whole."))
            case "stream between events": .stream(["a piece"], ending: .trickleBetweenEvents(every: 0.5))
            case "transcription head": .trickled(every: 0.5, .transcription("rain on the roof"))
            case "transcription body": .trickledBody(every: 0.5, .transcription("rain on the roof"))
            default: .trickledBody(every: 0.5, .raw(body: #"{"data":[{"index":0,"embedding":[0.1,0.2,0.3]}],"model":"e5"}"#))
            }
        let server = try OpenAIServer(defaultReply: reply)
        let client = OpenAIClient(baseURL: server.baseURL, timeout: 2, deadline: 600)
        var error: OpenAIError?
        let elapsed = await seconds {
            error = await expectFailure {
                switch place {
                case "chat body": _ = try await client.chat(helloRequest)
                case "stream between events": _ = try await client.streamChat(helloRequest) { _ in }
                case "transcription head", "transcription body":
                    _ = try await client.transcribe(
                        TranscriptionRequest(model: "whisper-1", audio: Data("RIFF".utf8), filename: "a.wav", contentType: "audio/wav"))
                default: _ = try await client.embed(EmbeddingsRequest(model: "e5", texts: ["rain"], input: .query))
                }
            }
        }
        #expect(error == .timedOut(seconds: 2), "\(place): \(String(describing: error))")
        #expect(elapsed < 20, "\(place): took \(elapsed) s")
    }

    @Test func aValidEventEveryHalfSecondForeverEndsAtTheDeadline() async throws {
        // Each event is progress (as a thinking model's keep-alive comment is): only the deadline
        // ends it, and it does.
        let server = try OpenAIServer(defaultReply: .stream(Array(repeating: "雨", count: 100_000), delay: 0.5))
        var error: OpenAIError?
        let elapsed = await seconds {
            error = await expectFailure {
                try await OpenAIClient(baseURL: server.baseURL, timeout: 2, deadline: 4).streamChat(helloRequest) { _ in }
            }
        }
        #expect(error == .deadlinePassed(seconds: 4))
        #expect(elapsed < 30, "took \(elapsed) s")
    }

    @Test func theKeyIsNotSentInClearTextToAnotherMachine() async throws {
        guard let address = nonLoopbackAddress() else {
            Issue.record("skipped: this machine has no address besides loopback to serve plain HTTP on")
            return
        }
        // A local model server on the network needs no key, and gets none.
        let open = try OpenAIServer(defaultReply: .chat("Hello."), address: address)
        let reply = try await OpenAIClient(baseURL: open.baseURL, apiKey: "sk-cleartext-0123456789abcdef", timeout: 5).chat(helloRequest)
        #expect(reply.content == "Hello.")
        #expect(open.lastRequest?.header("Authorization") == nil)
        // One that asks for it is told why it has none.
        let closed = try OpenAIServer(defaultReply: .error(status: 401, message: "no key"), address: address)
        let error = await expectFailure {
            try await OpenAIClient(baseURL: closed.baseURL, apiKey: "sk-cleartext-0123456789abcdef", timeout: 5).chat(helloRequest)
        }
        #expect(error == .keyWithheld(url: closed.baseURL))
        #expect(closed.lastRequest?.header("Authorization") == nil)
    }
}
