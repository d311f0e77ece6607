import FolioSecrets
import Foundation
import HTTP
import TestSupport
import Testing

@Suite("HTTP transfers through libcurl")
struct HTTPTransferTests {
    /// Runs `request` to the end, collecting the body.
    private func fetch(_ request: HTTPRequest) -> (Result<HTTPHead, HTTPFailure>, String) {
        let body = Locked(Data())
        let result = HTTPTransfer(request) { _, piece in
            body.withValue { $0.append(piece) }
            return true
        }.run()
        return (result, String(decoding: body.current, as: UTF8.self))
    }

    private static func answer(_ status: String, headers: String = "", body: String = "") -> [UInt8] {
        Array("HTTP/1.1 \(status)\r\n\(headers)Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)".utf8)
    }

    @Test("an error status is an answer with its body, not a failure")
    func errorStatusIsAnAnswer() throws {
        let server = try RecordingHTTPServer { _, _ in Self.answer("404 Not Found", headers: "X-Reason: gone\r\n", body: "no such page") }
        defer { server.stop() }
        let (result, body) = fetch(HTTPRequest(url: server.url("missing")))
        let head = try result.get()
        #expect(head.status == 404 && !head.isSuccess)
        #expect(head.header("x-reason") == "gone" && head.header("X-REASON") == "gone")
        #expect(body == "no such page")
        #expect(server.requests.current == ["GET /missing HTTP/1.1"])
    }

    @Test("a line break in a header value cannot start a header of its own")
    func headerLineBreaksAreFlattened() throws {
        let server = try RecordingHTTPServer { _, _ in Self.answer("200 OK", body: "ok") }
        defer { server.stop() }
        let request = HTTPRequest(
            url: server.url("v1"), method: .post, headers: [(name: "Authorization", value: "Bearer key\r\nX-Injected: yes")],
            body: Data("{}".utf8))
        let (result, body) = fetch(request)
        #expect(try result.get().status == 200 && body == "ok", "\(result)")
        #expect(server.requests.current == ["POST /v1 HTTP/1.1"])
        #expect(server.authorizations.current == ["Bearer key  X-Injected: yes"])
    }

    @Test("a redirect is followed only when the request asks for it")
    func redirectsOnRequest() throws {
        let server = try RecordingHTTPServer { line, _ in
            line.hasPrefix("GET /old ")
                ? Self.answer("302 Found", headers: "Location: /new\r\n") : Self.answer("200 OK", body: "moved here")
        }
        defer { server.stop() }
        let (stayed, _) = fetch(HTTPRequest(url: server.url("old")))
        #expect(try stayed.get().status == 302, "\(stayed)")
        let (followed, body) = fetch(HTTPRequest(url: server.url("old"), followsRedirects: true))
        #expect(try followed.get().status == 200 && body == "moved here", "\(followed) \(body)")
        #expect(server.requests.current == ["GET /old HTTP/1.1", "GET /old HTTP/1.1", "GET /new HTTP/1.1"])
    }

    @Test("a receiver that answers false stops the transfer")
    func receiverStops() throws {
        let server = try RecordingHTTPServer { _, _ in Self.answer("200 OK", body: String(repeating: "x", count: 100_000)) }
        defer { server.stop() }
        let result = HTTPTransfer(HTTPRequest(url: server.url("big"))) { _, _ in false }.run()
        #expect(result == .failure(.stoppedByReceiver))
    }

    @Test("a transfer cancelled before it runs sends nothing")
    func cancelledBeforeRunning() throws {
        let server = try RecordingHTTPServer { _, _ in Self.answer("200 OK") }
        defer { server.stop() }
        let transfer = HTTPTransfer(HTTPRequest(url: server.url("never"))) { _, _ in true }
        transfer.cancel()
        #expect(transfer.run() == .failure(.cancelled))
        #expect(server.requests.current.isEmpty)
    }

    @Test("a request's credential follows no redirect to another origin; without one, the redirect is followed")
    func credentialStaysWithItsOrigin() throws {
        let elsewhere = try RecordingHTTPServer { _, _ in Self.answer("200 OK", body: "elsewhere") }
        defer { elsewhere.stop() }
        let moved = try RecordingHTTPServer { _, _ in
            Self.answer("302 Found", headers: "Location: http://localhost:\(elsewhere.port)/v1/chat\r\n")
        }
        defer { moved.stop() }
        let secret = (name: "Authorization", value: "Bearer key-for-127-only")
        let (refused, _) = fetch(HTTPRequest(url: moved.url("v1/chat"), followsRedirects: true, credential: secret))
        guard case .failure(.secretRefused(.otherOrigin(_, let actual))) = refused else {
            Issue.record("expected a refused redirect, got \(refused)")
            return
        }
        #expect(actual.host == "localhost")
        #expect(elsewhere.requests.current.isEmpty && elsewhere.authorizations.current.isEmpty)
        #expect(moved.authorizations.current == ["Bearer key-for-127-only"])

        // A redirect on the same origin keeps the credential; one without a credential goes anywhere.
        let samePlace = try RecordingHTTPServer { line, _ in
            line.hasPrefix("GET /old ") ? Self.answer("302 Found", headers: "Location: /new\r\n") : Self.answer("200 OK", body: "new")
        }
        defer { samePlace.stop() }
        let (kept, body) = fetch(HTTPRequest(url: samePlace.url("old"), followsRedirects: true, credential: secret))
        #expect(try kept.get().status == 200 && body == "new", "\(kept)")
        #expect(samePlace.authorizations.current == ["Bearer key-for-127-only", "Bearer key-for-127-only"])
        let (followed, _) = fetch(HTTPRequest(url: moved.url("v1/chat"), followsRedirects: true))
        #expect(try followed.get().status == 200)
        #expect(elsewhere.requests.current == ["GET /v1/chat HTTP/1.1"] && elsewhere.authorizations.current.isEmpty)
    }

    @Test("a request with a credential is not sent in clear text to another machine; without one it is")
    func noCredentialInClearText() throws {
        guard let address = nonLoopbackAddress() else {
            Issue.record("skipped: this machine has no address besides loopback to serve plain HTTP on")
            return
        }
        let server = try RecordingHTTPServer(address: address) { _, _ in Self.answer("200 OK", body: "ok") }
        defer { server.stop() }
        let secret = (name: "Authorization", value: "Bearer cleartext-key-42")
        let (refused, _) = fetch(HTTPRequest(url: server.url("v1/chat"), credential: secret))
        #expect(refused == .failure(.secretRefused(.cleartext(Origin(scheme: "http", host: address, port: server.port)))))
        #expect(server.requests.current.isEmpty, "\(server.requests.current)")
        let (plain, body) = fetch(HTTPRequest(url: server.url("v1/chat")))
        #expect(try plain.get().status == 200 && body == "ok")
        #expect(server.authorizations.current.isEmpty)
    }

    @Test("a server that trickles a byte every 0.3 s ends at the total; one slower than the minimum rate after one window")
    func tricklingServers() throws {
        let steady = try OpenAIServer(defaultReply: .trickled(every: 0.3, .chat(String(repeating: "slow ", count: 200))))
        defer { steady.stop() }
        let started = ContinuousClock.now
        let (total, _) = fetch(HTTPRequest(url: steady.baseURL, limits: HTTPLimits(total: 3, window: 2, minimumBytesPerSecond: 1)))
        #expect(total == .failure(.timedOut(.total(seconds: 3))), "\(total)")
        #expect(ContinuousClock.now - started < .seconds(30))

        let slow = try OpenAIServer(defaultReply: .trickled(every: 0.6, .chat("slow")))
        defer { slow.stop() }
        let (tooSlow, _) = fetch(HTTPRequest(url: slow.baseURL, limits: HTTPLimits(total: 600, window: 2, minimumBytesPerSecond: 4)))
        #expect(tooSlow == .failure(.timedOut(.tooSlow(bytesPerSecond: 4, seconds: 2))), "\(tooSlow)")

        let silent = try OpenAIServer(defaultReply: .delayed(600, .chat("late")))
        defer { silent.stop() }
        let (quiet, _) = fetch(HTTPRequest(url: silent.baseURL, limits: HTTPLimits(total: 600, window: 1, minimumBytesPerSecond: 1)))
        #expect(quiet == .failure(.timedOut(.silence(seconds: 1))), "\(quiet)")
    }

    @Test("what cannot be reached: a closed port, a scheme other than HTTP")
    func unreachable() throws {
        let port = try freePort()
        #expect(fetch(HTTPRequest(url: "http://127.0.0.1:\(port)/")).0 == .failure(.refused))
        #expect(fetch(HTTPRequest(url: "file:///etc/passwd")).0 == .failure(.unsupportedURL))
    }
}
