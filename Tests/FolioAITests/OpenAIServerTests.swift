import Foundation
import TestSupport
import Testing

@testable import FolioAI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#endif

/// The test server itself: other suites (and the CLI's tests) rely on it behaving like a server.
@Suite("OpenAI test server", .ownThread)
struct OpenAIServerTests {
    @Test func keepAliveConnectionsServeSeveralRequests() async throws {
        let server = try OpenAIServer()
        server.enqueue(.chat("one"), .transcription("two"))
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        for path in ["chat/completions", "audio/transcriptions"] {
            var request = URLRequest(url: try #require(URL(string: "\(server.baseURL)/\(path)")))
            request.httpMethod = "POST"
            request.httpBody = Data(#"{"model":"m"}"#.utf8)
            let (_, response) = try await session.data(for: request)
            #expect((response as? HTTPURLResponse)?.statusCode == 200)
        }
        #expect(server.requests.map(\.path) == ["/v1/chat/completions", "/v1/audio/transcriptions"])
        #expect(server.requests.map(\.connection) == [1, 1])
        #expect(server.requests.map { $0.json?["model"] } == [.string("m"), .string("m")])
    }

    @Test func chunkedRequestBodiesAndExpectContinue() throws {
        let server = try OpenAIServer()
        let reply = try exchangeRaw(
            port: server.port,
            "POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nTransfer-Encoding: chunked\r\n"
                + "Connection: close\r\n\r\n7\r\n{\"a\":\"b\r\n2\r\n\"}\r\n0\r\n\r\n")
        #expect(reply.hasPrefix("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\n"))
        #expect(reply.contains("Hello."))
        #expect(server.lastRequest?.json == (try json(#"{"a":"b"}"#)))
        #expect(server.lastRequest?.header("expect") == "100-continue")
    }

    @Test func stopEndsAPendingReply() async throws {
        let server = try OpenAIServer(defaultReply: .delayed(600, .chat("Never.")))
        let chat = client(server)
        let task = onOwnThread { try await chat.chat(helloRequest) }
        #expect(await server.waitForRequests(1, timeout: 60))
        let start = Date()
        server.stop()
        let result = await task.result
        #expect(Date().timeIntervalSince(start) < 300, "well before the ten minutes the reply would take")
        guard case .failure(let error) = result, case .connectionLost = error as? OpenAIError else {
            return #expect(Bool(false), "\(result)")
        }
    }

    /// Sends `text` on a fresh connection and reads until the server closes it.
    private func exchangeRaw(port: Int, _ text: String) throws -> String {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw HarnessError(description: "socket() failed") }
        defer { close(descriptor) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw HarnessError(description: "connect() failed: errno \(errno)") }
        let bytes = Array(text.utf8)
        guard bytes.withUnsafeBytes({ send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == bytes.count else {
            throw HarnessError(description: "send() failed")
        }
        var reply: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count <= 0 { break }
            reply.append(contentsOf: buffer[..<count])
        }
        return String(decoding: reply, as: UTF8.self)
    }
}
