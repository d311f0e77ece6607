import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A minimal HTTP server on 127.0.0.1 that answers every request with `401 Unauthorized`
/// (asking for Basic authentication), or as its `answer` says, and records each request's
/// `Authorization` header.
///
/// Enough to see what credentials a client sends to an HTTP(S) remote without a real git server:
/// libgit2 asks the credentials callback again after each 401, so a fetch ends in an
/// authentication failure after the callback gives up. ``stop()`` (or release) closes it.
public final class RecordingHTTPServer: @unchecked Sendable {
    private let listener: Listener
    private let thread: Thread
    /// The `Authorization` header values seen, in order (e.g. `Basic eC1hY2Nlc3MtdG9rZW46…`).
    public let authorizations = Locked<[String]>([])
    /// The request lines seen, e.g. `GET /vault.git/info/refs?service=git-upload-pack HTTP/1.1`.
    public let requests = Locked<[String]>([])

    public var port: Int { listener.port }
    /// The address it listens on: 127.0.0.1 unless another was asked for.
    public let address: String

    /// `http://<address>:<port>/<path>`.
    public func url(_ path: String) -> String {
        "http://\(address):\(port)/\(path)"
    }

    /// What the server answers a request with: the whole response, status line to body.
    public typealias Answer = @Sendable (_ requestLine: String, _ authorization: String?) -> [UInt8]

    /// - Parameters:
    ///   - address: an IPv4 address of this machine to listen on (``nonLoopbackAddress()`` for one
    ///     that counts as another machine).
    ///   - answer: the response to each request; by default `401` asking for Basic authentication.
    public init(address: String = "127.0.0.1", answer: Answer? = nil) throws {
        self.address = address
        let listener = try Listener(address: address)
        self.listener = listener
        let authorizations = self.authorizations
        let requests = self.requests
        let respond = answer ?? { _, _ in Self.unauthorized }
        // The thread holds the listener, so its descriptor stays open until the thread has seen
        // stop(): closed any earlier, the number could go to another test's server, whose
        // connections this thread would then take.
        thread = Thread {
            while true {
                let client = accept(listener.descriptor, nil, nil)
                if client < 0 { return }
                Self.serve(client, authorizations: authorizations, requests: requests, answer: respond)
            }
        }
        thread.start()
    }

    /// `401 Unauthorized`, asking for Basic authentication.
    public static let unauthorized = Array(
        ("HTTP/1.1 401 Unauthorized\r\nWWW-Authenticate: Basic realm=\"folio\"\r\n"
            + "Content-Length: 0\r\nConnection: close\r\n\r\n").utf8)

    /// A git smart-HTTP reference advertisement that is only an `ERR` line: what a git server sends
    /// to refuse a fetch with its own words (git shows them as `remote error: …`).
    public static func gitError(_ message: String) -> [UInt8] {
        func packetLine(_ text: String) -> String {
            let hex = String(text.utf8.count + 4, radix: 16)
            return String(repeating: "0", count: 4 - hex.count) + hex + text
        }
        let body = packetLine("# service=git-upload-pack\n") + "0000" + packetLine("ERR " + message + "\n")
        return Array(
            ("HTTP/1.1 200 OK\r\nContent-Type: application/x-git-upload-pack-advertisement\r\n"
                + "Cache-Control: no-cache\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body).utf8)
    }

    /// The password of a `Basic` authorization value (`x-access-token:TOKEN` → `TOKEN`).
    public static func basicPassword(_ authorization: String) -> String? {
        let parts = authorization.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "basic", let data = Data(base64Encoded: String(parts[1])) else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        return text.firstIndex(of: ":").map { String(text[text.index(after: $0)...]) }
    }

    /// Stops accepting; the serving thread sees accept() fail and ends.
    public func stop() {
        shutdown(listener.descriptor, Int32(SHUT_RDWR))
    }

    deinit {
        stop()
    }

    private static func serve(_ client: Int32, authorizations: Locked<[String]>, requests: Locked<[String]>, answer: Answer) {
        defer { close(client) }
        var request = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !containsHeaderEnd(request) {
            let count = read(client, &buffer, buffer.count)
            if count <= 0 { break }
            request.append(contentsOf: buffer[0..<count])
        }
        let lines = String(decoding: request, as: UTF8.self).split(separator: "\r\n")
        if let first = lines.first { requests.withValue { $0.append(String(first)) } }
        var authorization: String?
        for line in lines where line.lowercased().hasPrefix("authorization:") {
            let value = line.dropFirst("authorization:".count).trimmingCharacters(in: .whitespaces)
            authorizations.withValue { $0.append(value) }
            authorization = value
        }
        let response = answer(lines.first.map(String.init) ?? "", authorization)
        _ = response.withUnsafeBytes { write(client, $0.baseAddress, $0.count) }
    }

    private static func containsHeaderEnd(_ bytes: [UInt8]) -> Bool {
        let end: [UInt8] = [13, 10, 13, 10]
        guard bytes.count >= 4 else { return false }
        return (0...(bytes.count - 4)).contains { bytes[$0..<($0 + 4)].elementsEqual(end) }
    }
}
