import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A minimal HTTP server on 127.0.0.1 that answers every request with `401 Unauthorized`
/// (asking for Basic authentication) and records each request's `Authorization` header.
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

    /// `http://127.0.0.1:<port>/<path>`.
    public func url(_ path: String) -> String {
        "http://127.0.0.1:\(port)/\(path)"
    }

    public init() throws {
        let listener = try Listener()
        self.listener = listener
        let authorizations = self.authorizations
        let requests = self.requests
        let descriptor = listener.descriptor
        thread = Thread {
            while true {
                let client = accept(descriptor, nil, nil)
                if client < 0 { return }
                Self.serve(client, authorizations: authorizations, requests: requests)
            }
        }
        thread.start()
    }

    /// Stops accepting; the serving thread sees accept() fail and ends.
    public func stop() {
        shutdown(listener.descriptor, Int32(SHUT_RDWR))
    }

    deinit {
        stop()
    }

    private static func serve(_ client: Int32, authorizations: Locked<[String]>, requests: Locked<[String]>) {
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
        for line in lines where line.lowercased().hasPrefix("authorization:") {
            let value = line.dropFirst("authorization:".count).trimmingCharacters(in: .whitespaces)
            authorizations.withValue { $0.append(value) }
        }
        let response = Array(
            ("HTTP/1.1 401 Unauthorized\r\nWWW-Authenticate: Basic realm=\"folio\"\r\n"
                + "Content-Length: 0\r\nConnection: close\r\n\r\n").utf8)
        _ = response.withUnsafeBytes { write(client, $0.baseAddress, $0.count) }
    }

    private static func containsHeaderEnd(_ bytes: [UInt8]) -> Bool {
        let end: [UInt8] = [13, 10, 13, 10]
        guard bytes.count >= 4 else { return false }
        return (0...(bytes.count - 4)).contains { bytes[$0..<($0 + 4)].elementsEqual(end) }
    }
}
