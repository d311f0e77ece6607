import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One HTTP answer as read off the socket.
public struct RawHTTPResponse: CustomStringConvertible {
    public var status: Int
    public var headers: [String]
    public var body: String
    /// Whether the server closed the connection after it.
    public var closed: Bool

    public func header(_ name: String) -> String? {
        headers.first { $0.lowercased().hasPrefix(name.lowercased() + ":") }.map {
            String($0.dropFirst(name.count + 1)).trimmingCharacters(in: .whitespaces)
        }
    }

    public var description: String { "\(status) \(headers) \(body.prefix(300))" }
}

/// A blocking TCP connection to 127.0.0.1 whose reads and writes give up after ten seconds.
public final class RawHTTPConnection {
    let fd: Int32
    let port: Int

    public init(port: Int) throws {
        self.port = port
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw HarnessError(description: "socket: \(errno)") }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            throw HarnessError(description: "connect: \(errno)")
        }
    }

    deinit { close(fd) }

    /// Sends all of `bytes`, adding `Host` to a head that names none; false once the server stopped reading.
    public func send(_ bytes: [UInt8]) -> Bool {
        var payload = bytes
        let text = String(decoding: bytes.prefix(2048), as: UTF8.self)
        if text.hasPrefix("POST "), !text.contains("\r\nHost: "), let end = bytes.firstIndex(of: UInt8(ascii: "\r")) {
            payload.insert(contentsOf: Array("\r\nHost: 127.0.0.1:\(port)".utf8), at: end)
        }
        var done = 0
        while done < payload.count {
            let count = payload.withUnsafeBytes {
                Glibc.send(fd, $0.baseAddress.map { $0 + done }, payload.count - done, Int32(MSG_NOSIGNAL))
            }
            guard count > 0 else { return false }
            done += count
        }
        return true
    }

    public func readable(withinMilliseconds milliseconds: Int32) -> Bool {
        var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&ready, 1, milliseconds) > 0
    }

    /// Reads one answer: its head, then as many bytes as its `Content-Length`; whether the server then closed.
    public func response() throws -> RawHTTPResponse {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        func fill() -> Bool {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return false }
            received += buffer.prefix(count)
            return true
        }
        let separator = Array("\r\n\r\n".utf8)
        var headEnd: Int?
        while headEnd == nil {
            guard fill() else { throw HarnessError(description: "no answer: \(String(decoding: received, as: UTF8.self))") }
            headEnd = received.indices.dropLast(3).first { Array(received[$0..<$0 + 4]) == separator }
        }
        let end = headEnd ?? 0
        let lines = String(decoding: received[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let status = lines.first.flatMap { $0.split(separator: " ").dropFirst().first }.flatMap { Int($0) } ?? 0
        var answer = RawHTTPResponse(status: status, headers: Array(lines.dropFirst()), body: "", closed: false)
        let length = answer.header("Content-Length").flatMap { Int($0) } ?? 0
        while received.count < end + 4 + length { guard fill() else { break } }
        answer.body = String(decoding: received[(end + 4)...].prefix(length), as: UTF8.self)
        if answer.header("Connection") == "close" {
            // Closed: the next read ends (0) or is reset, and never waits out the timeout.
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            answer.closed = count <= 0 && !(count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
        }
        return answer
    }
}
