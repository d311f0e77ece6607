import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A port on 127.0.0.1 where a connection is never even answered: the listener's queue is full,
/// so the kernel drops every SYN and a client's `connect` waits as it would for a host that
/// swallows packets (about two minutes before the system gives up).
public final class SilentPort: @unchecked Sendable {
    public let port: Int
    private let listener: Int32
    private let fillers: [Int32]

    public init() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw HarnessError(description: "socket() failed: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, size) } }
        guard bound == 0, listen(listener, 0) == 0 else {
            close(listener)
            throw HarnessError(description: "bind/listen failed: errno \(errno)")
        }
        var length = size
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        // Fill the accept queue (backlog 0 holds one) with connections nobody accepts.
        var fillers: [Int32] = []
        for _ in 0..<3 {
            let filler = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard filler >= 0 else { continue }
            _ = fcntl(filler, F_SETFL, fcntl(filler, F_GETFL) | O_NONBLOCK)
            var target = address
            _ = withUnsafePointer(to: &target) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(filler, $0, size) } }
            fillers.append(filler)
        }
        // Wait until the queue is really full: the first filler's handshake completes at once.
        var first = [pollfd(fd: fillers.first ?? -1, events: Int16(POLLOUT), revents: 0)]
        _ = poll(&first, 1, 2000)
        self.listener = listener
        self.fillers = fillers
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit {
        for fd in fillers { close(fd) }
        close(listener)
    }
}
