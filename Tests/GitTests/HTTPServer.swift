import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A minimal HTTP server that refuses every request with 401, recording the Authorization headers it saw.
final class UnauthorizedHTTPServer: @unchecked Sendable {
    private let listener: Listener
    private let thread: Thread
    let authorizations = Locked<[String]>([])
    let requests = Locked(0)

    var port: UInt16 { listener.port }

    init() throws {
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
    func stop() {
        shutdown(listener.descriptor, Int32(SHUT_RDWR))
    }

    private static func serve(_ client: Int32, authorizations: Locked<[String]>, requests: Locked<Int>) {
        defer { close(client) }
        var request = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !request.containsHeaderEnd {
            let count = read(client, &buffer, buffer.count)
            if count <= 0 { break }
            request.append(contentsOf: buffer[0..<count])
        }
        let text = String(decoding: request, as: UTF8.self)
        requests.withValue { $0 += 1 }
        for line in text.split(separator: "\r\n") where line.lowercased().hasPrefix("authorization:") {
            let value = line.dropFirst("authorization:".count).trimmingCharacters(in: .whitespaces)
            authorizations.withValue { $0.append(value) }
        }
        let response = Array(
            ("HTTP/1.1 401 Unauthorized\r\nWWW-Authenticate: Basic realm=\"folio\"\r\n"
                + "Content-Length: 0\r\nConnection: close\r\n\r\n").utf8)
        _ = response.withUnsafeBytes { write(client, $0.baseAddress, $0.count) }
    }
}

extension [UInt8] {
    fileprivate var containsHeaderEnd: Bool {
        let end: [UInt8] = [13, 10, 13, 10]
        guard count >= 4 else { return false }
        return (0...(count - 4)).contains { self[$0..<($0 + 4)].elementsEqual(end) }
    }
}
