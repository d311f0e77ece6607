import Foundation
import HTTPServing
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import Synchronization
import SystemIO
import TestSupport
import Testing

/// A refusal before the body is read: the client gets the whole answer, then the end of the
/// connection, and the server reads at most a few megabytes more of a body that never ends.
@Suite("A refusal that ends the connection")
struct RefusalResponseTests {
    /// Refuses every request whose stated length is over 1,000 bytes, without reading its body.
    struct Refuser: HTTPResponder {
        func respond(to request: Request, context: ConnectionContext) async throws -> Response {
            if let length = request.head.headerFields[.contentLength].flatMap({ Int($0) }), length > 1_000 {
                return RefusalResponse.make(
                    status: .contentTooLarge, headers: [.contentType: "text/plain"], body: ByteBuffer(string: "too large\n"),
                    channel: context.channel)
            }
            return Response(status: .ok, body: ResponseBody(byteBuffer: ByteBuffer(string: "fine\n")))
        }
    }

    @Test("a 200 MB body: the 413 arrives whole, the connection ends, little of the body was read; others are answered")
    func refusedWhileSending() async throws {
        let port = Mutex<Int?>(nil)
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let app = Application(
            responder: Refuser(), configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in port.withLock { $0 = channel.localAddress?.port } }, logger: logger)
        let executor = DedicatedThread(name: "folio-test-http")
        let server = Task(executorPreference: executor) { try await app.runService(gracefulShutdownSignals: []) }
        defer { server.cancel() }
        let deadline = ContinuousClock.now + .seconds(30)
        while port.withLock({ $0 }) == nil, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        let bound = try #require(port.withLock { $0 }, "the server never listened")

        let connection = try RawHTTPConnection(port: bound)
        let head = "POST /upload HTTP/1.1\r\nContent-Type: application/octet-stream\r\nContent-Length: 200000000\r\n\r\n"
        #expect(connection.send(Array(head.utf8)))
        // The client keeps sending, as a phone uploading a video does, until the server stops it.
        let block = [UInt8](repeating: 0, count: 65_536)
        var sent = 0
        while sent < 200_000_000, !connection.readable(withinMilliseconds: 0) {
            guard connection.send(block) else { break }
            sent += block.count
        }
        let answer = try connection.response()
        #expect(answer.status == 413, "\(answer)")
        #expect(answer.body == "too large\n", "the answer arrives whole, not destroyed by a reset")
        #expect(answer.header("Connection") == "close")
        #expect(sent < 32_000_000, "the server stopped the body after \(sent) bytes")

        let other = try RawHTTPConnection(port: bound)
        #expect(other.send(Array("GET / HTTP/1.1\r\nContent-Length: 0\r\n\r\n".utf8)))
        #expect(try other.response().status == 200)
    }
}
