#if canImport(Glibc)
    import Glibc
#endif

/// What the kernel knows of a TCP connection: its state, how long since it last moved data, and
/// how many bytes it has moved. The one reader of `TCP_INFO`, for every module that judges a
/// transfer by what really crossed the socket (git's watchdog, the HTTP client): a server that
/// trickles a byte at a time moves bytes, however little a library above reports.
public struct TCPCounters: Sendable, Equatable {
    /// The kernel's `tcpi_state` (`TCP_SYN_SENT` is 2).
    public var state: Int32
    /// Milliseconds since the connection last received or sent data, whichever is later.
    public var quietMilliseconds: Int
    /// Bytes received (`tcpi_bytes_received`); nil on a kernel too old to count them (before 4.1).
    public var received: UInt64?
    /// Bytes sent and acknowledged by the peer (`tcpi_bytes_acked`); nil as for ``received``.
    public var sent: UInt64?

    /// `TCP_SYN_SENT`: still connecting.
    public static let connectingState: Int32 = 2

    /// The counters of TCP socket `descriptor`; nil for any other descriptor, and where there is
    /// no `TCP_INFO` (outside Linux).
    ///
    /// The byte counts (`tcpi_bytes_acked` at offset 120, `tcpi_bytes_received` at 128 of Linux's
    /// `struct tcp_info`, which only ever grows at its end) lie past the part Glibc's
    /// `struct tcp_info` declares, so they are read from the kernel's bytes.
    public static func read(_ descriptor: Int32) -> TCPCounters? {
        #if os(Linux)
            var buffer = [UInt8](repeating: 0, count: 256)
            var length = socklen_t(buffer.count)
            guard getsockopt(descriptor, Int32(IPPROTO_TCP), TCP_INFO, &buffer, &length) == 0,
                Int(length) >= MemoryLayout<tcp_info>.size
            else { return nil }
            let info = buffer.withUnsafeBytes { $0.loadUnaligned(as: tcp_info.self) }
            var counters = TCPCounters(
                state: Int32(info.tcpi_state), quietMilliseconds: Int(min(info.tcpi_last_data_recv, info.tcpi_last_data_sent)),
                received: nil, sent: nil)
            if Int(length) >= 136 {
                buffer.withUnsafeBytes {
                    counters.sent = $0.loadUnaligned(fromByteOffset: 120, as: UInt64.self)
                    counters.received = $0.loadUnaligned(fromByteOffset: 128, as: UInt64.self)
                }
            }
            return counters
        #else
            return nil
        #endif
    }

    /// Both ways together, when counted.
    public var moved: UInt64? {
        guard let received, let sent else { return nil }
        return received &+ sent
    }
}
