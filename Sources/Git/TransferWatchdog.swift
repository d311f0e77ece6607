import Foundation
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

/// Ends a fetch or push that broke one of its ``TransferLimits`` (or was cancelled) even while
/// libgit2 is blocked in a system call, which its progress callbacks alone cannot do.
///
/// libgit2 1.5 reads and connects with blocking calls and has no server timeout of its own, so a
/// server that accepts the connection and then says nothing, one that trickles a byte every few
/// seconds, or a host that swallows the SYN, would hold a fetch until the system's TCP timeout
/// (minutes) or for ever. A thread watches the operation:
///
/// - **Activity** is any callback libgit2 makes (progress, credentials, host key) and any byte the
///   kernel sent or received on the operation's sockets (`TCP_INFO`'s `last_data_sent` and
///   `last_data_recv`). A connection still connecting counts as quiet from when it was first seen.
/// - **Bytes moved** are the kernel's counts on those sockets (`tcpi_bytes_received` and
///   `tcpi_bytes_acked`), kept for sockets libgit2 has closed since: what the rate and the
///   received-bytes cap are measured with.
/// - **The operation's sockets** are the ones folio's socket stream (``SocketStream``) opened for
///   it: the stream hands each to the watchdog of the operation running on its thread
///   (``adopt(_:)``) and takes it back before closing it (``release(_:)``). No other socket of the
///   process is ever touched, whatever operations run beside it.
/// - When a limit is reached, or `shouldCancel` says so, the watchdog calls `shutdown(2)` — never
///   `close`, so no descriptor number is freed under libgit2 — on those sockets, and on any the
///   operation opens afterwards. The blocked `connect`, `recv` or `send` returns at once, libgit2
///   fails, and ``verdict`` says why. Name resolution, which has no socket to shut down, is folio's
///   own socket stream's (``SocketStream``), which gives up when ``verdict`` is set.
///
/// ``stop()`` returns only once the thread will touch no socket again, so a descriptor reused after
/// the operation is never shut down.
// @unchecked: owns a thread that shuts the operation's sockets down; its state is guarded by an NSCondition, waited on with a deadline.
final class TransferWatchdog: @unchecked Sendable {
    /// Why the watchdog ended the operation.
    enum Verdict: Sendable, Equatable {
        case limit(TransferLimitHit)
        case cancelled
    }

    /// What network the operation uses, from its remote's URL: none for a path, where the
    /// callbacks are all there is to watch. (Which sockets are the operation's the socket stream
    /// says, ``adopt(_:)``; the port only describes the remote.)
    enum Sockets: Sendable, Equatable {
        /// None: a path or `file://` remote uses no network.
        case none
        /// TCP connections to this port.
        case port(Int)
        /// TCP connections to a port folio cannot tell (an unknown scheme).
        case any

        /// The sockets of an operation on remote `url`: `git://` 9418, `ssh://` and scp-like 22,
        /// `http://` 80, `https://` 443, or the port written in the URL.
        init(url: String) {
            guard let separator = url.range(of: "://") else {
                // scp-like `[user@]host:path` has a colon before any slash; anything else is a path.
                if let colon = url.firstIndex(of: ":"), colon != url.startIndex, !url[..<colon].contains("/") {
                    self = .port(22)
                } else {
                    self = .none
                }
                return
            }
            let scheme = url[..<separator.lowerBound].lowercased()
            let defaultPort: Int? =
                switch scheme {
                case "git": 9418
                case "ssh", "git+ssh", "ssh+git": 22
                case "http": 80
                case "https": 443
                default: nil
                }
            if scheme == "file" {
                self = .none
                return
            }
            var authority = url[separator.upperBound...].prefix { $0 != "/" }
            if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
            if let close = authority.lastIndex(of: "]") { authority = authority[authority.index(after: close)...] }
            if let colon = authority.lastIndex(of: ":"), let port = Int(authority[authority.index(after: colon)...]),
                (1...65_535).contains(port)
            {
                self = .port(port)
            } else if let defaultPort {
                self = .port(defaultPort)
            } else {
                self = .any
            }
        }
    }

    let limits: TransferLimits
    let sockets: Sockets
    let shouldCancel: (@Sendable () -> Bool)?
    private let condition = NSCondition()
    private let started = ContinuousClock.now
    private var lastActivity = ContinuousClock.now
    /// The operation's sockets, by descriptor: when each was adopted, and a number of its own
    /// (descriptors are reused; ``moved`` outlives them).
    private var adopted: [Int32: (since: ContinuousClock.Instant, id: Int)] = [:]
    private var nextID = 0
    /// The kernel's counts of bytes moved (received, sent) on each socket of the operation, as last
    /// read; kept after the socket is gone.
    private var moved: [Int: (received: UInt64, sent: UInt64)] = [:]
    /// Where the current rate window began, and how much had moved by then.
    private var windowStart = ContinuousClock.now
    private var movedAtWindowStart: UInt64 = 0
    private var phase: TransferLimitHit.Phase = .transferring
    /// Whether history (a pack) has begun to arrive: until then ``TransferLimits/maxListingBytes`` holds.
    private var packArrived = false
    private var stopped = false
    private var result: Verdict?

    /// Starts watching; without limits or `shouldCancel` nothing is watched.
    init(limits: TransferLimits, sockets: Sockets, shouldCancel: (@Sendable () -> Bool)?) {
        self.limits = limits
        self.sockets = sockets
        self.shouldCancel = shouldCancel
        guard !limits.isEmpty || shouldCancel != nil else {
            stopped = true
            return
        }
        OffThePool.start("folio-watchdog") { [self] in run() }
    }

    /// A watchdog with only a silence limit.
    convenience init(limit: Duration?, sockets: Sockets, shouldCancel: (@Sendable () -> Bool)?) {
        self.init(limits: .idle(limit), sockets: sockets, shouldCancel: shouldCancel)
    }

    deinit {
        stop()
    }

    /// Called from each libgit2 callback: the verdict if the operation must end, else nil after
    /// recording the callback as activity.
    ///
    /// Without sockets (a path remote) the callbacks are all there is to watch, so the silence and
    /// the deadline are also checked here; over the network only the watching thread judges, since
    /// bytes may have moved while no callback came (a server sending keepalives while it works).
    func callback() -> Verdict? {
        condition.lock()
        defer { condition.unlock() }
        let now = ContinuousClock.now
        if result == nil, sockets == .none { result = timeVerdict(now: now, quiet: now - lastActivity) }
        if result == nil { lastActivity = now }
        return result
    }

    /// Says a pack has begun to arrive: the server's list of branches is over.
    func historyArrives() {
        condition.lock()
        defer { condition.unlock() }
        packArrived = true
    }

    /// Says what the operation is doing, for the verdict's words (``SocketStream`` while it
    /// resolves and connects); moving on to a phase is activity.
    func enter(_ phase: TransferLimitHit.Phase) {
        condition.lock()
        defer { condition.unlock() }
        self.phase = phase
        lastActivity = ContinuousClock.now
    }

    /// Takes `descriptor`, a socket the operation just opened, into the watch; one opened after the
    /// operation was ended is shut down at once.
    func adopt(_ descriptor: Int32) {
        condition.lock()
        defer { condition.unlock() }
        adopted[descriptor] = (ContinuousClock.now, nextID)
        nextID += 1
        if result != nil, !stopped { _ = shutdown(descriptor, Int32(SHUT_RDWR)) }
    }

    /// Gives `descriptor` back before it is closed: after this the watchdog never touches that
    /// number again.
    func release(_ descriptor: Int32) {
        condition.lock()
        defer { condition.unlock() }
        if let entry = adopted.removeValue(forKey: descriptor), let counts = Self.tcpState(descriptor)?.moved {
            moved[entry.id] = counts
        }
    }

    /// Why the operation was ended, or nil while it was not.
    var verdict: Verdict? {
        condition.lock()
        defer { condition.unlock() }
        return result
    }

    /// Stops watching; after it returns no socket is shut down by this watchdog.
    func stop() {
        condition.lock()
        stopped = true
        condition.signal()
        condition.unlock()
    }

    // MARK: - The watching thread

    private var interval: TimeInterval {
        let shortest = [limits.idle, limits.total, limits.minimumRate?.window].compactMap { $0 }.min()
        guard let shortest else { return 0.25 }
        return max(0.05, min(0.25, shortest.seconds / 8))
    }

    private func run() {
        condition.lock()
        defer { condition.unlock() }
        while !stopped {
            _ = condition.wait(until: Date(timeIntervalSinceNow: interval))
            if stopped { return }
            check()
        }
    }

    /// The verdict of the deadline or the silence limit at `now`, after `quiet` without activity.
    private func timeVerdict(now: ContinuousClock.Instant, quiet: Duration) -> Verdict? {
        if let total = limits.total, now - started >= total { return .limit(TransferLimitHit(limit: .total(total), phase: phase)) }
        if let idle = limits.idle, quiet >= idle { return .limit(TransferLimitHit(limit: .idle(idle), phase: phase)) }
        return nil
    }

    /// One look at the operation, under the lock; ends it when a limit is reached or it is cancelled.
    private func check() {
        let now = ContinuousClock.now
        let owned = ownedSockets(now: now)
        if result == nil {
            var quiet = now - lastActivity
            for socket in owned { quiet = min(quiet, socket.quiet) }
            if shouldCancel?() == true {
                result = .cancelled
            } else if let verdict = timeVerdict(now: now, quiet: quiet) {
                result = verdict
            } else {
                result = volumeVerdict(now: now)
            }
        }
        guard result != nil else { return }
        for socket in owned { _ = shutdown(socket.descriptor, Int32(SHUT_RDWR)) }
    }

    /// The verdict of the received-bytes cap and the minimum rate, from the kernel's counts.
    private func volumeVerdict(now: ContinuousClock.Instant) -> Verdict? {
        let received = moved.values.reduce(UInt64(0)) { $0 &+ $1.received }
        let total = moved.values.reduce(UInt64(0)) { $0 &+ $1.received &+ $1.sent }
        if let cap = limits.maxReceivedBytes, received > UInt64(max(0, cap)) {
            return .limit(TransferLimitHit(limit: .tooLarge(cap), phase: phase))
        }
        if !packArrived, let cap = limits.maxListingBytes, received > UInt64(max(0, cap)) {
            return .limit(TransferLimitHit(limit: .tooLarge(cap), phase: .listing))
        }
        guard let rate = limits.minimumRate, sockets != .none, now - windowStart >= rate.window else { return nil }
        let spell = total &- movedAtWindowStart
        windowStart = now
        movedAtWindowStart = total
        guard spell < UInt64(rate.bytesPerWindow) else { return nil }
        // Nothing at all is silence, which the silence limit reports in its own words.
        if spell == 0, limits.idle != nil { return nil }
        return .limit(TransferLimitHit(limit: .tooSlow(rate), phase: phase))
    }

    private struct Owned {
        var descriptor: Int32
        var quiet: Duration
    }

    /// The operation's sockets now, with how long each has been quiet; their byte counts are
    /// recorded in ``moved`` on the way.
    private func ownedSockets(now: ContinuousClock.Instant) -> [Owned] {
        var owned: [Owned] = []
        for (descriptor, entry) in adopted {
            guard let info = Self.tcpState(descriptor) else {
                owned.append(Owned(descriptor: descriptor, quiet: now - entry.since))
                continue
            }
            if info.state == Self.synSentState {
                owned.append(Owned(descriptor: descriptor, quiet: now - entry.since))
                continue
            }
            if let counts = info.moved { moved[entry.id] = counts }
            owned.append(Owned(descriptor: descriptor, quiet: min(now - entry.since, info.quiet)))
        }
        return owned
    }

    static let synSentState = TCPCounters.connectingState

    /// A TCP socket's state, how long since it last sent or received data, and the bytes it has
    /// received and had acknowledged; nil for any other descriptor (``SystemIO/TCPCounters``).
    static func tcpState(_ descriptor: Int32) -> (state: Int32, quiet: Duration, moved: (received: UInt64, sent: UInt64)?)? {
        guard let counters = TCPCounters.read(descriptor) else { return nil }
        let moved = counters.received.flatMap { received in counters.sent.map { (received: received, sent: $0) } }
        return (counters.state, .milliseconds(counters.quietMilliseconds), moved)
    }

}

extension Duration {
    /// The duration in seconds, as a floating-point number.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
