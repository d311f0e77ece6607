import FolioCore
import Foundation
import TestSupport
import Testing

@testable import FolioAI

@Suite("Errors", .ownThread)
struct ErrorTests {
    @Test func unauthorizedCarriesTheServersMessageWithTheKeyMasked() async throws {
        let server = try OpenAIServer(
            defaultReply: .error(
                status: 401, message: "Incorrect API key provided: sk-wrong.", code: "invalid_api_key"))
        let error = await expectFailure { try await client(server, apiKey: "sk-wrong").chat(helloRequest) }
        #expect(
            error
                == .unauthorized(
                    HTTPErrorReply(
                        status: 401, message: "Incorrect API key provided: sk-w….", type: "invalid_request_error",
                        code: "invalid_api_key",
                        excerpt:
                            #"{"error":{"code":"invalid_api_key","message":"Incorrect API key provided: sk-w….","type":"invalid_request_error"}}"#
                    )))
        #expect(words(error) == "the AI server refused the request (HTTP 401: Incorrect API key provided: sk-w….); check the API key")
        #expect(words(error, .zhHant) == "AI 伺服器拒絕了請求（HTTP 401：Incorrect API key provided: sk-w….），請檢查 API 金鑰")
    }

    @Test("no error of the client carries its key or a key-shaped string the server sent, whole or streamed")
    func errorsNeverCarryTheKey() async throws {
        let key = "local-server-key-0042"
        let other = "gh" + "p_" + Fake.body(36, seed: 80)
        let server = try OpenAIServer(defaultReply: .error(status: 500, message: "upstream refused \(key); also tried \(other)"))
        let whole = await expectFailure { try await client(server, apiKey: key).chat(helloRequest) }
        let streamed = await expectFailure { try await client(server, apiKey: key).streamChat(helloRequest) { _ in } }
        server.enqueue(.raw(status: 200, body: "not json, key=\(key)"))
        let malformed = await expectFailure { try await client(server, apiKey: key).chat(helloRequest) }
        for error in [whole, streamed, malformed] {
            let text = "\(String(describing: error)) \(words(error) ?? "")"
            #expect(!text.contains(key) && !text.contains(other), "\(text)")
        }
        #expect(words(whole)?.contains("upstream refused loca…; also tried ghp_…") == true, "\(words(whole) ?? "")")
    }

    @Test func forbiddenIsUnauthorizedToo() async throws {
        let server = try OpenAIServer(defaultReply: .error(status: 403, message: "Project does not have access"))
        let error = await expectFailure { try await client(server).chat(helloRequest) }
        guard case .unauthorized(let reply) = error else { return #expect(Bool(false), "\(String(describing: error))") }
        #expect(reply.status == 403)
    }

    @Test func rateLimitedKeepsRetryAfter() async throws {
        let server = try OpenAIServer(
            defaultReply: .error(
                status: 429, message: "Rate limit reached for gpt-test.", type: "requests", code: "rate_limit_exceeded", retryAfter: "20"))
        let error = await expectFailure { try await client(server).chat(helloRequest) }
        guard case .rateLimited(let reply) = error else { return #expect(Bool(false), "\(String(describing: error))") }
        #expect(reply.retryAfter == "20")
        #expect(reply.retryAfterSeconds == 20)
        #expect(reply.message == "Rate limit reached for gpt-test.")
        #expect(
            words(error)
                == "the AI server is rate limiting or out of quota (HTTP 429: Rate limit reached for gpt-test.); retry in 20 seconds")
    }

    @Test func retryAfterAsAnHTTPDate() {
        let reply = HTTPErrorReply(status: 429, retryAfter: "Wed, 21 Oct 2015 07:28:00 GMT")
        #expect(reply.retryAfterSeconds == 0)
        #expect(HTTPErrorReply(status: 429, retryAfter: "soon").retryAfterSeconds == nil)
        // A Retry-After of 1e999 seconds is no time a user can wait for: no trap, no number.
        #expect(words(.rateLimited(HTTPErrorReply(status: 429, retryAfter: "1e999")))?.hasSuffix("; try again later") == true)
    }

    @Test(arguments: [500, 503])
    func serverErrors(status: Int) async throws {
        let server = try OpenAIServer(defaultReply: .error(status: status, message: "The server had an error.", type: "server_error"))
        let error = await expectFailure { try await client(server).chat(helloRequest) }
        guard case .serverError(let reply) = error else { return #expect(Bool(false), "\(String(describing: error))") }
        #expect(reply.status == status)
        #expect(words(error) == "the AI server failed (HTTP \(status): The server had an error.); try again later")
    }

    @Test func anHTMLErrorPageIsQuotedWhenThereIsNoMessage() async throws {
        let server = try OpenAIServer(
            defaultReply: .raw(
                status: 502, contentType: "text/html", body: "<html>\n<h1>502 Bad Gateway</h1>\n</html>\n"))
        let error = await expectFailure { try await client(server).chat(helloRequest) }
        #expect(error == .serverError(HTTPErrorReply(status: 502, excerpt: "<html> <h1>502 Bad Gateway</h1> </html>")))
        #expect(words(error) == "the AI server failed (HTTP 502: <html> <h1>502 Bad Gateway</h1> </html>); try again later")
    }

    @Test func otherStatusesAndBareErrorStrings() async throws {
        let server = try OpenAIServer(defaultReply: .raw(status: 400, body: #"{"error":"model 'llama9' not found, try pulling it first"}"#))
        let error = await expectFailure { try await client(server).chat(helloRequest) }
        guard case .httpStatus(let reply) = error else { return #expect(Bool(false), "\(String(describing: error))") }
        #expect(reply.status == 400)
        #expect(reply.message == "model 'llama9' not found, try pulling it first")
    }

    @Test func anErrorObjectInASuccessfulReply() async throws {
        let server = try OpenAIServer(defaultReply: .raw(body: #"{"error":{"message":"You exceeded your current quota.","code":429}}"#))
        let error = await expectFailure { try await client(server).chat(helloRequest) }
        guard case .httpStatus(let reply) = error else { return #expect(Bool(false), "\(String(describing: error))") }
        #expect(reply.message == "You exceeded your current quota.")
        #expect(reply.code == "429")
        #expect(words(error) == "the AI server reported an error: You exceeded your current quota.")
    }

    @Test func aTruncatedBodyIsALostConnection() async throws {
        let server = try OpenAIServer(
            defaultReply: .raw(body: #"{"choices":[]}"#, headers: ["content-length": "100", "Connection": "close"]))
        let error = await expectFailure { try await client(server).chat(helloRequest) }
        guard case .connectionLost = error else { return #expect(Bool(false), "\(String(describing: error))") }
    }

    @Test(arguments: [
        ("not json", AIReplyTrouble.notAChatCompletion),
        (#"{"id":"chatcmpl-1","object":"chat.completion"}"#, AIReplyTrouble.noChoices),
        (#"{"choices":[]}"#, AIReplyTrouble.noChoices),
        (#"{"choices":[{"message":{"role":"assistant","content":""}}]}"#, AIReplyTrouble.emptyMessage),
        (#"{"choices":[{"message":{"role":"assistant","content":null}}]}"#, AIReplyTrouble.emptyMessage),
        (#"{"choices":"many"}"#, AIReplyTrouble.notAChatCompletion),
        ("", AIReplyTrouble.notAChatCompletion),
    ])
    func malformedReplies(body: String, reason: AIReplyTrouble) async throws {
        let server = try OpenAIServer(defaultReply: .raw(body: body))
        let error = await expectFailure { try await client(server).chat(helloRequest) }
        #expect(error == .malformedReply(reason: reason, excerpt: body))
    }

    @Test func aLongMalformedReplyIsShortenedInTheExcerpt() async throws {
        let server = try OpenAIServer(defaultReply: .raw(contentType: "text/plain", body: String(repeating: "ab", count: 1000)))
        let error = await expectFailure { try await client(server).chat(helloRequest) }
        guard case .malformedReply(_, let excerpt) = error else { return #expect(Bool(false), "\(String(describing: error))") }
        #expect(excerpt == String(repeating: "ab", count: 100) + "…")
    }

    @Test("a reply past ai.max_reply_bytes stops the transfer, whole or streamed, with the limit named")
    func aReplyPastTheLimitIsRefused() async throws {
        let server = try OpenAIServer(defaultReply: .raw(contentType: "text/plain", body: String(repeating: "ab", count: 4000)))
        let small = OpenAIClient(OpenAIConfiguration(baseURL: server.baseURL, timeout: 5, maxReplyBytes: 1000))
        let whole = await expectFailure { try await small.chat(helloRequest) }
        guard case .malformedReply(.tooLarge(limit: 1000), _) = whole else { return #expect(Bool(false), "\(String(describing: whole))") }
        #expect(words(whole)?.contains("larger than 1000 bytes (ai.max_reply_bytes)") == true, "\(words(whole) ?? "")")

        let streaming = try OpenAIServer(defaultReply: .stream((1...60).map { "piece \($0) " + String(repeating: "x", count: 40) }))
        let limited = OpenAIClient(OpenAIConfiguration(baseURL: streaming.baseURL, timeout: 5, maxReplyBytes: 2000))
        let streamed = await expectFailure { try await limited.streamChat(helloRequest) { _ in } }
        guard case .malformedReply(.tooLarge(limit: 2000), _) = streamed else {
            return #expect(Bool(false), "\(String(describing: streamed))")
        }
        // The same replies under the default limit are read: the first is not a completion, the second is whole.
        let read = await expectFailure { try await client(server).chat(helloRequest) }
        guard case .malformedReply(.notAChatCompletion, _) = read else { return #expect(Bool(false), "\(String(describing: read))") }
        #expect(try await client(streaming).streamChat(helloRequest) { _ in }.content.hasPrefix("piece 1 "))
    }

    @Test func connectionRefused() async throws {
        let port = try freePort()
        let baseURL = "http://127.0.0.1:\(port)/v1"
        let error = await expectFailure { try await OpenAIClient(baseURL: baseURL, timeout: 5).chat(helloRequest) }
        #expect(error == .cannotConnect(url: baseURL + "/chat/completions", reason: .refused))
    }

    @Test func timesOutWhenTheServerStalls() async throws {
        // The reply would take a minute: failing with a timeout at all proves it did not wait for it.
        // The upper bound is loose because on a loaded 2-core machine other tests may hold every
        // thread of the test pool for a while before this one resumes.
        let server = try OpenAIServer(defaultReply: .delayed(600, .chat("Too late.")))
        var error: OpenAIError?
        let elapsed = await seconds {
            error = await expectFailure { try await client(server, timeout: 1).chat(helloRequest) }
        }
        #expect(error == .timedOut(seconds: 1))
        #expect(words(error) == "the AI did not answer within 1 second (ai.timeout)")
        #expect(elapsed >= 0.9 && elapsed < 300, "took \(elapsed) s")
    }

    @Test func theServerHangingUpIsALostConnection() async throws {
        let server = try OpenAIServer(defaultReply: .hangUp)
        let error = await expectFailure { try await client(server).chat(helloRequest) }
        guard case .connectionLost = error else { return #expect(Bool(false), "\(String(describing: error))") }
    }

    @Test(arguments: ["", "127.0.0.1:11434/v1", "ftp://example.com/v1", "http://", "not a url"])
    func invalidBaseURLs(baseURL: String) async {
        let error = await expectFailure { try await OpenAIClient(baseURL: baseURL).chat(helloRequest) }
        #expect(error == .invalidBaseURL(baseURL))
    }
}

@Suite("Cancellation", .ownThread)
struct CancellationTests {
    @Test func cancellingTheTaskCancelsAPendingRequest() async throws {
        let server = try OpenAIServer(defaultReply: .delayed(600, .chat("Too late.")))
        let chat = client(server)
        let task = onOwnThread { try await chat.chat(helloRequest) }
        #expect(await server.waitForRequests(1, timeout: 60))
        let start = Date()
        task.cancel()
        let result = await task.result
        #expect(Date().timeIntervalSince(start) < 300, "well before the ten minutes the reply would take")
        guard case .failure(let error) = result else { return #expect(Bool(false), "finished: \(result)") }
        #expect(error as? OpenAIError == .cancelled)
    }

    @Test func cancellingMidStreamStopsTheStream() async throws {
        let server = try OpenAIServer()
        let gate = ReplyGate()
        // Ten seconds between the later pieces, so a busy test pool cannot let "third" slip in before the cancel.
        server.enqueue(.streamed(.init(pieces: ["first ", "second ", "third"], delay: 10, gate: gate)))
        let pieces = Locked<[String]>([])
        let chat = client(server)
        let task = onOwnThread {
            try await chat.streamChat(helloRequest) { piece in
                pieces.withValue { $0.append(piece) }
                gate.open()
            }
        }
        #expect(await gate.opened(within: 60))
        task.cancel()
        let result = await task.result
        guard case .failure(let error) = result else { return #expect(Bool(false), "finished: \(result)") }
        #expect(error as? OpenAIError == .cancelled)
        #expect(pieces.current.first == "first ")
        #expect(!pieces.current.contains("third"))
    }

    @Test func anAlreadyCancelledTaskSendsNothing() async throws {
        let server = try OpenAIServer()
        let chat = client(server)
        let task = onOwnThread {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await chat.chat(helloRequest)
        }
        let result = await task.result
        guard case .failure(let error) = result else { return #expect(Bool(false), "finished: \(result)") }
        #expect(error as? OpenAIError == .cancelled)
        try await Task.sleep(for: .milliseconds(100))
        #expect(server.requests.isEmpty)
    }
}

@Suite("AI failures have one vocabulary: the catalog's")
struct FailureVocabularyTests {
    static let reply = HTTPErrorReply(status: 500, message: "boom from the server")

    /// One of each wire failure, with what its message must carry.
    static let cases: [(OpenAIError, carries: String)] = [
        (.invalidBaseURL("ftp://ai.example"), "ftp://ai.example"),
        (.cannotConnect(url: "https://ai.example/v1", reason: .refused), "https://ai.example/v1"),
        (.cannotConnect(url: "https://ai.example/v1", reason: .tls("certificate expired")), "certificate expired"),
        (.connectionLost(reason: .other("reset by peer")), "reset by peer"),
        (.timedOut(seconds: 30), "30"),
        (.deadlinePassed(seconds: 600), "600"),
        (.tooSlow(bytesPerSecond: 100, seconds: 30), "100"),
        (.keyWithheld(url: "http://10.0.0.2/v1"), "http://10.0.0.2/v1"),
        (.unauthorized(HTTPErrorReply(status: 403, message: "revoked")), "revoked"),
        (.notFound(HTTPErrorReply(status: 404, message: "no model")), "no model"),
        (.rateLimited(HTTPErrorReply(status: 429, message: "slow down", retryAfter: "7")), "7"),
        (.serverError(reply), "boom from the server"),
        (.httpStatus(HTTPErrorReply(status: 400, message: "bad request body")), "bad request body"),
        (.httpStatus(HTTPErrorReply(status: 200, message: "overloaded")), "overloaded"),
        (.malformedReply(reason: .noChoices, excerpt: "{\"x\":1}"), "{\"x\":1}"),
        (.malformedReply(reason: .tooLarge(limit: 1000), excerpt: ""), "1000"),
        (.streamEndedEarly(partial: "half a sen"), "10"),
    ]

    @Test("every wire failure reads in both languages, carrying what the user needs to act")
    func everyFailureInBothLanguages() {
        for (error, carries) in Self.cases {
            let english = words(error, .en) ?? ""
            let chinese = words(error, .zhHant) ?? ""
            #expect(english.contains(carries), "\(error): \(english)")
            #expect(chinese.contains(carries), "\(error): \(chinese)")
            #expect(chinese.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) }, "\(error): \(chinese)")
            #expect(english != chinese)
        }
    }

    @Test("a cancelled request reads as cancelled, in the user's language")
    func cancelled() {
        #expect(words(.cancelled, .en) == "cancelled")
        #expect(words(.cancelled, .zhHant) == "已取消")
    }
}
