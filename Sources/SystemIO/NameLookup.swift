import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `getaddrinfo` on a thread of its own, so a caller can stop waiting for it: the system's
/// resolver has no deadline of its own (a name server that never answers holds it for as long as
/// `/etc/resolv.conf` lets it retry, 30 seconds and more). An answer nobody waits for any more is
/// dropped when it comes; the thread ends then.
///
/// The one way folio looks a host up: git's connections (``Git/SocketStream``) and HTTP requests
/// both go through it, so both resolve within their deadline.
// @unchecked: owns a thread blocked in getaddrinfo; its state is guarded by an NSCondition, waited on with a deadline.
public final class NameLookup: @unchecked Sendable {
    /// One address to connect to, copied out of `getaddrinfo`'s list.
    public struct Address: Sendable, Hashable {
        public var family: Int32
        public var type: Int32
        public var proto: Int32
        /// The `sockaddr` bytes.
        public var bytes: [UInt8]

        /// The address as digits (`192.0.2.7`, `::1`); nil if it cannot be written.
        public var numeric: String? {
            var text = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            let code = bytes.withUnsafeBytes { raw -> Int32 in
                guard let base = raw.baseAddress else { return -1 }
                return getnameinfo(
                    base.assumingMemoryBound(to: sockaddr.self), socklen_t(raw.count), &text, socklen_t(text.count), nil, 0,
                    NI_NUMERICHOST)
            }
            guard code == 0 else { return nil }
            return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }

    /// What the lookup gave.
    public enum Outcome: Sendable {
        case found([Address])
        /// The resolver's words (`Name or service not known`).
        case failed(String)
    }

    private let condition = NSCondition()
    private var answer: Outcome?

    /// Starts looking up `host` for `port` (a number or a service name), TCP.
    public init(host: String, port: String) {
        OffThePool.start("folio-resolve") { [self] in
            let found = Self.resolve(host: host, port: port)
            condition.lock()
            answer = found
            condition.broadcast()
            condition.unlock()
        }
    }

    /// The outcome, or nil when `gaveUp` said so first (asked every 50 ms while waiting).
    public func wait(until gaveUp: () -> Bool) -> Outcome? {
        condition.lock()
        defer { condition.unlock() }
        while answer == nil {
            if gaveUp() { return nil }
            _ = condition.wait(until: Date(timeIntervalSinceNow: 0.05))
        }
        return answer
    }

    private static func resolve(host: String, port: String) -> Outcome {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let code = getaddrinfo(host, port, &hints, &list)
        guard code == 0 else { return .failed(String(cString: gai_strerror(code))) }
        defer { freeaddrinfo(list) }
        var addresses: [Address] = []
        var entry = list
        while let current = entry {
            if let address = current.pointee.ai_addr, current.pointee.ai_addrlen > 0 {
                let bytes = Array(UnsafeRawBufferPointer(start: address, count: Int(current.pointee.ai_addrlen)))
                addresses.append(
                    Address(
                        family: current.pointee.ai_family, type: current.pointee.ai_socktype, proto: current.pointee.ai_protocol,
                        bytes: bytes))
            }
            entry = current.pointee.ai_next
        }
        return .found(addresses)
    }
}
