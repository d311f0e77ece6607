import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A name server on a loopback address that takes every query and never answers, and a way to run
/// a program that uses it: in a mount namespace of its own (`unshare -m`) where `/etc/resolv.conf`
/// names only this server, with the resolver told to wait 30 seconds a try, three tries.
///
/// It needs root (port 53, and mounting); ``unavailableReason`` says why it cannot run here, so a
/// test can skip visibly with that reason.
public final class SilentNameServer: @unchecked Sendable {
    /// The loopback address it listens on (127.53.x.y), port 53.
    public let address: String
    /// The resolv.conf the wrapped program sees.
    public let resolvConf: URL
    /// How long the system's resolver alone would wait before giving up, for logs.
    public let resolverGivesUpAfter = "90 s a query (timeout:30 attempts:3)"
    private let descriptor: Int32
    private let scratch: Scratch
    private let count = Locked(0)
    private let stopped = Locked(false)
    private let thread: Thread

    /// The queries received so far.
    public var queries: Int { count.current }

    public init() throws {
        scratch = try Scratch("silent-dns")
        var found: (Int32, String)?
        for _ in 0..<20 {
            let candidate = "127.53.\(Int.random(in: 1...254)).\(Int.random(in: 1...254))"
            let socket = Glibc.socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
            guard socket >= 0 else { continue }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = UInt16(53).bigEndian
            address.sin_addr.s_addr = inet_addr(candidate)
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            if bound == 0 {
                found = (socket, candidate)
                break
            }
            close(socket)
        }
        guard let (descriptor, address) = found else {
            throw HarnessError(description: "could not bind UDP port 53 on 127.53.x.y: errno \(errno)")
        }
        self.descriptor = descriptor
        self.address = address
        resolvConf = scratch.path("resolv.conf")
        try "nameserver \(address)\noptions timeout:30 attempts:3\n".write(to: resolvConf, atomically: true, encoding: .utf8)
        let count = self.count
        let stopped = self.stopped
        thread = Thread {
            var buffer = [UInt8](repeating: 0, count: 2048)
            while !stopped.current {
                var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                guard poll(&ready, 1, 200) > 0 else { continue }
                if recv(descriptor, &buffer, buffer.count, 0) > 0 { count.withValue { $0 += 1 } }
            }
        }
        thread.start()
    }

    deinit {
        stopped.withValue { $0 = true }
        usleep(300_000)
        close(descriptor)
    }

    /// The command a program is run under so that it resolves names through this server only.
    public var wrapper: [String] {
        [
            "/usr/bin/unshare", "-m", "/bin/sh", "-c", "mount --bind \"$0\" /etc/resolv.conf && exec \"$@\"", resolvConf.path,
        ]
    }

    /// Nil when a silent name server can be used here; else why not (root, `unshare`, a private mount).
    public static let unavailableReason: String? = {
        guard geteuid() == 0 else { return "a silent name server needs root (port 53, and a private mount of /etc/resolv.conf)" }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else { return "unshare is missing (util-linux)" }
        do {
            let probe = try SilentNameServer()
            try Tool.run(probe.wrapper[0], Array(probe.wrapper.dropFirst()) + ["/bin/true"])
            return nil
        } catch {
            return "cannot run a program with a private /etc/resolv.conf here: \(error)"
        }
    }()
}
