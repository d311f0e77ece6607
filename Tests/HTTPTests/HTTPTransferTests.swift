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

    @Test("what cannot be reached: a closed port, a scheme other than HTTP")
    func unreachable() throws {
        let port = try freePort()
        #expect(fetch(HTTPRequest(url: "http://127.0.0.1:\(port)/")).0 == .failure(.refused))
        #expect(fetch(HTTPRequest(url: "file:///etc/passwd")).0 == .failure(.unsupportedURL))
    }
}
