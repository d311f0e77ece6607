#if canImport(Glibc)
    import Glibc
#endif

/// Network sockets as folio opens them: never handed to a child process, and a write to a peer
/// that went away is an error to report, never a signal that ends folio.
public enum NetworkSocket {
    /// A new socket closed on `exec`, or -1 with `errno` set.
    public static func open(family: Int32, type: Int32, protocol: Int32) -> Int32 {
        #if os(Linux)
            socket(family, type | Int32(SOCK_CLOEXEC.rawValue), `protocol`)
        #else
            socket(family, type, `protocol`)
        #endif
    }

    /// Starts connecting `socket` to the address in `bytes` (a `sockaddr` of its family).
    public static func connect(_ socket: Int32, to bytes: UnsafeRawBufferPointer) -> Int32 {
        guard let base = bytes.baseAddress else { return -1 }
        #if canImport(Glibc)
            return Glibc.connect(socket, base.assumingMemoryBound(to: sockaddr.self), socklen_t(bytes.count))
        #else
            return Darwin.connect(socket, base.assumingMemoryBound(to: sockaddr.self), socklen_t(bytes.count))
        #endif
    }

    /// `send` without `SIGPIPE`: a closed peer answers -1 with `EPIPE`.
    public static func send(_ socket: Int32, _ bytes: UnsafeRawPointer?, count: Int) -> Int {
        #if os(Linux)
            Glibc.send(socket, bytes, count, Int32(MSG_NOSIGNAL))
        #else
            Darwin.send(socket, bytes, count, 0)
        #endif
    }
}
