import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A TCP proxy on 127.0.0.1 between a client (folio, libgit2) and a real server (git daemon,
/// sshd) that a test turns into a bad network: it passes bytes through, drops the connection
/// after so many bytes, or stalls (keeps the connection open and stops forwarding).
///
/// Each connection takes the ``mode`` in force when it is accepted and counts its own bytes, so
/// `drop(after: 32_768, …)` cuts the first connection that carries more than 32 KiB that way and
/// leaves a small fetch before it alone. ``faults`` says how many connections a fault actually hit,
/// so a test can check that what it meant to break did break.
///
/// Every thread waits in `poll(2)` on its sockets and a wake-up pipe, with non-blocking writes, so
/// ``stop()`` (also run when the proxy is released) ends them at once whatever the peers do: a
/// test never hangs on teardown.
public final class FaultProxy: @unchecked Sendable {
    public enum Direction: Sendable, CustomStringConvertible {
        case clientToServer, serverToClient
        public var description: String { self == .clientToServer ? "client→server" : "server→client" }
    }

    /// How a dropped connection ends for both peers.
    public enum Ending: Sendable, CustomStringConvertible {
        /// An orderly close (FIN), as a server that exits.
        case close
        /// A reset (RST, `SO_LINGER` 0), as a crashed host or a middlebox giving up.
        case reset
        public var description: String { self == .close ? "close" : "reset" }
    }

    public enum Mode: Sendable {
        /// Forward everything.
        case pass
        /// Forward `bytes` bytes in `direction`, then end the connection on both sides.
        case drop(after: Int, direction: Direction, ending: Ending)
        /// Forward `bytes` bytes in `direction` (0: nothing at all), then stop forwarding either
        /// way and keep both sockets open, as a server that hangs or a cable pulled mid-transfer.
        case stall(after: Int, direction: Direction)
        /// Forward what goes in `direction` one byte at a time, each after waiting `every`: a
        /// server (or client) that is never quite silent and never gets anywhere.
        case trickle(direction: Direction, every: Duration)
    }

    /// The port clients connect to.
    public let port: Int
    /// The server's port on 127.0.0.1.
    public let target: Int

    private let listener: Listener
    private let wake: (read: Int32, write: Int32)
    private let lock = NSLock()
    private var currentMode: Mode
    private var hit = 0
    private var stopped = false
    private let threads = DispatchGroup()

    /// Starts forwarding 127.0.0.1:``port`` to 127.0.0.1:`target`.
    public init(to target: Int, mode: Mode = .pass) throws {
        self.target = target
        listener = try Listener()
        port = listener.port
        currentMode = mode
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw HarnessError(description: "pipe() failed: errno \(errno)") }
        wake = (fds[0], fds[1])
        for fd in [fds[0], fds[1], listener.descriptor] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        threads.enter()
        Thread.detachNewThread { [self] in
            acceptLoop()
            threads.leave()
        }
    }

    deinit {
        stop()
        close(wake.read)
        close(wake.write)
    }

    /// The mode new connections take; connections already open keep theirs.
    public var mode: Mode {
        get { lock.withLock { currentMode } }
        set { lock.withLock { currentMode = newValue } }
    }

    /// How many connections a drop or stall has hit so far.
    public var faults: Int { lock.withLock { hit } }

    /// Closes the listener and every connection and ends the threads (waiting at most 5 seconds);
    /// idempotent.
    public func stop() {
        let first = lock.withLock { () -> Bool in
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
        _ = threads.wait(timeout: .now() + 5)
    }

    private var isStopped: Bool { lock.withLock { stopped } }

    // MARK: - Threads

    private func acceptLoop() {
        while !isStopped {
            var fds = [
                pollfd(fd: listener.descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&fds, 2, 1000)
            if ready < 0 && errno != EINTR { return }
            if fds[1].revents != 0 { return }
            guard fds[0].revents & Int16(POLLIN) != 0 else { continue }
            let client = accept(listener.descriptor, nil, nil)
            guard client >= 0 else { continue }
            let mode = lock.withLock { currentMode }
            threads.enter()
            Thread.detachNewThread { [self] in
                serve(client, mode: mode)
                threads.leave()
            }
        }
    }

    private func serve(_ client: Int32, mode: Mode) {
        guard let server = connectToTarget() else {
            end(client, -1, .reset)
            return
        }
        for fd in [client, server] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        var counted: [Direction: Int] = [.clientToServer: 0, .serverToClient: 0]
        var open: [Direction: Bool] = [.clientToServer: true, .serverToClient: true]
        var buffer = [UInt8](repeating: 0, count: 16_384)
        if case .stall(0, _) = mode {
            lock.withLock { hit += 1 }
            return stall(client, server)
        }
        while !isStopped, open.values.contains(true) {
            var fds = [
                pollfd(fd: client, events: open[.clientToServer] == true ? Int16(POLLIN) : 0, revents: 0),
                pollfd(fd: server, events: open[.serverToClient] == true ? Int16(POLLIN) : 0, revents: 0),
                pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0),
            ]
            if poll(&fds, 3, 1000) < 0 && errno != EINTR { break }
            if fds[2].revents != 0 { break }
            for (index, direction) in [(0, Direction.clientToServer), (1, .serverToClient)] where fds[index].revents != 0 {
                let from = direction == .clientToServer ? client : server
                let to = direction == .clientToServer ? server : client
                let count = read(from, &buffer, buffer.count)
                if count < 0 && (errno == EAGAIN || errno == EINTR) { continue }
                if count <= 0 {
                    // The sender closed (or failed): pass the half-close on.
                    open[direction] = false
                    _ = shutdown(to, Int32(SHUT_WR))
                    continue
                }
                if case .trickle(let trickled, let every) = mode, trickled == direction {
                    if counted[direction, default: 0] == 0 { lock.withLock { hit += 1 } }
                    counted[direction, default: 0] += count
                    guard trickle(buffer, count, to: to, every: every) else {
                        open = [.clientToServer: false, .serverToClient: false]
                        break
                    }
                    continue
                }
                var allowed = count
                var fault = false
                switch mode {
                case .pass, .trickle:
                    break
                case .drop(let limit, let faultDirection, _), .stall(let limit, let faultDirection):
                    if faultDirection == direction, counted[direction, default: 0] + count >= limit {
                        allowed = max(0, limit - counted[direction, default: 0])
                        fault = true
                    }
                }
                counted[direction, default: 0] += allowed
                if allowed > 0, !writeAll(to, buffer, allowed) {
                    open = [.clientToServer: false, .serverToClient: false]
                    break
                }
                if fault {
                    lock.withLock { hit += 1 }
                    switch mode {
                    case .drop(_, _, let ending):
                        end(client, server, ending)
                        return
                    case .stall:
                        return stall(client, server)
                    case .pass, .trickle:
                        break
                    }
                }
            }
        }
        end(client, server, .close)
    }

    /// Sends `count` bytes of `buffer` one by one, waiting `every` before each; false when the
    /// proxy stops or the peer is gone.
    private func trickle(_ buffer: [UInt8], _ count: Int, to fd: Int32, every: Duration) -> Bool {
        let milliseconds = Int32(clamping: Int(every.components.seconds * 1000 + every.components.attoseconds / 1_000_000_000_000_000))
        for index in 0..<count {
            var fds = [pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)]
            if poll(&fds, 1, milliseconds) > 0 { return false }
            guard writeAll(fd, [buffer[index]], 1) else { return false }
        }
        return true
    }

    /// Holds both sockets open, reading nothing, until the proxy stops.
    private func stall(_ client: Int32, _ server: Int32) {
        while !isStopped {
            var fds = [pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)]
            if poll(&fds, 1, 1000) > 0 { break }
        }
        end(client, server, .close)
    }

    private func writeAll(_ fd: Int32, _ buffer: [UInt8], _ count: Int) -> Bool {
        var offset = 0
        while offset < count {
            let written = buffer.withUnsafeBytes { bytes -> Int in
                guard let base = bytes.baseAddress else { return -1 }
                return send(fd, base + offset, count - offset, Int32(MSG_NOSIGNAL))
            }
            if written > 0 {
                offset += written
                continue
            }
            guard written < 0, errno == EAGAIN || errno == EINTR else { return false }
            var fds = [pollfd(fd: fd, events: Int16(POLLOUT), revents: 0), pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)]
            _ = poll(&fds, 2, 1000)
            if fds[1].revents != 0 { return false }
        }
        return true
    }

    private func connectToTarget() -> Int32? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(target).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            return nil
        }
        return fd
    }

    private func end(_ client: Int32, _ server: Int32, _ ending: Ending) {
        for fd in [client, server] where fd >= 0 {
            if ending == .reset {
                var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
                setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
            } else {
                _ = shutdown(fd, Int32(SHUT_RDWR))
            }
            close(fd)
        }
    }
}
