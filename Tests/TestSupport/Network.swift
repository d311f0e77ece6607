import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A listening TCP socket on 127.0.0.1 (or another address of this machine) with a port the
/// kernel chose; closed when released.
public final class Listener: @unchecked Sendable {
    public let descriptor: Int32
    public let port: Int

    /// Listens on `address`, an IPv4 address of this machine (127.0.0.1 unless given).
    public init(address host: String = "127.0.0.1") throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw HarnessError(description: "socket() failed: errno \(errno)") }
        var reuse: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = loopback(port: 0)
        address.sin_addr.s_addr = inet_addr(host)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(descriptor, 64) == 0 else {
            close(descriptor)
            throw HarnessError(description: "bind/listen on \(host) failed: errno \(errno)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        self.descriptor = descriptor
        self.port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit {
        close(descriptor)
    }
}

/// An IPv4 address of this machine that is not loopback (the first one up, from `getifaddrs`), to
/// serve something that must count as "another machine"; nil when there is none.
public func nonLoopbackAddress() -> String? {
    var list: UnsafeMutablePointer<ifaddrs>?
    guard getifaddrs(&list) == 0 else { return nil }
    defer { freeifaddrs(list) }
    var entry = list
    while let current = entry {
        defer { entry = current.pointee.ifa_next }
        guard let address = current.pointee.ifa_addr, Int32(address.pointee.sa_family) == AF_INET,
            current.pointee.ifa_flags & UInt32(IFF_UP) != 0, current.pointee.ifa_flags & UInt32(IFF_LOOPBACK) == 0
        else { continue }
        let ipv4 = UnsafeRawPointer(address).assumingMemoryBound(to: sockaddr_in.self).pointee
        var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
        var raw = ipv4.sin_addr
        guard inet_ntop(AF_INET, &raw, &text, socklen_t(text.count)) != nil else { continue }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    return nil
}

/// A TCP port on 127.0.0.1 that was free a moment ago (bound to port 0, then released).
///
/// Another process may take it before the server that asked does; servers here retry on a new
/// port when theirs turns out to be in use.
public func freePort() throws -> Int {
    try Listener().port
}

/// Whether something accepts TCP connections on 127.0.0.1:`port` right now.
public func acceptsConnections(_ port: Int) -> Bool {
    let probe = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard probe >= 0 else { return false }
    defer { close(probe) }
    var address = loopback(port: port)
    return withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(probe, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    } == 0
}

/// Waits until 127.0.0.1:`port` accepts connections; `alive` is polled too, so a server that died
/// on startup fails at once rather than after the timeout.
public func waitForPort(_ port: Int, timeout: TimeInterval = 10, alive: () -> Bool = { true }) throws {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if acceptsConnections(port) { return }
        guard alive() else { throw HarnessError(description: "the server for 127.0.0.1:\(port) exited on startup") }
        Thread.sleep(forTimeInterval: 0.02)
    }
    throw HarnessError(description: "nothing listened on 127.0.0.1:\(port) within \(timeout)s")
}

private func loopback(port: Int) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    return address
}
