import Foundation

/// What one fetch or push may take before folio ends it: a deadline for the whole of it, a limit
/// on silence, a minimum rate and a cap on what it receives. Nil means no such limit.
///
/// Every limit counts from the moment the operation starts, so name resolution and connecting
/// are inside the deadline and the silence limit (a server that never answers a DNS query, a host
/// that swallows the connection). Bytes are counted by the kernel on the operation's own sockets,
/// both ways, so a server that trickles a byte at a time is not mistaken for a live one.
public struct TransferLimits: Sendable, Hashable {
    /// How long the whole operation may take.
    public var total: Duration?
    /// How long nothing may move: no byte either way and no callback.
    public var idle: Duration?
    /// The least the operation must move, both ways together, over each spell of ``Rate/window``.
    public var minimumRate: Rate?
    /// The most bytes the operation may receive.
    public var maxReceivedBytes: Int?
    /// The most bytes the server may send before any history (a fetch's pack) comes: its list of
    /// branches and the negotiation. libgit2 keeps that list in memory whole, so an endless one
    /// would take all of it.
    public var maxListingBytes: Int?

    /// A rate measured over spells of `window`: at least `bytesPerSecond × window` bytes in each.
    public struct Rate: Sendable, Hashable {
        public var bytesPerSecond: Int
        public var window: Duration

        public init(bytesPerSecond: Int, window: Duration) {
            self.bytesPerSecond = bytesPerSecond
            self.window = window
        }

        /// The bytes a spell of ``window`` must move, at least 1.
        var bytesPerWindow: Int {
            let seconds = max(window.seconds, 0.001)
            let bytes = Double(bytesPerSecond) * seconds
            guard bytes.isFinite, bytes < Double(Int.max) else { return Int.max }
            return max(1, Int(bytes.rounded(.up)))
        }
    }

    public init(
        total: Duration? = nil, idle: Duration? = nil, minimumRate: Rate? = nil, maxReceivedBytes: Int? = nil, maxListingBytes: Int? = nil
    ) {
        self.maxListingBytes = maxListingBytes
        self.total = total
        self.idle = idle
        self.minimumRate = minimumRate
        self.maxReceivedBytes = maxReceivedBytes
    }

    /// Only a silence limit, as the `timeout:` of earlier versions of this binding.
    public static func idle(_ limit: Duration?) -> TransferLimits {
        TransferLimits(idle: limit)
    }

    /// Whether any limit is set.
    var isEmpty: Bool {
        total == nil && idle == nil && minimumRate == nil && maxReceivedBytes == nil && maxListingBytes == nil
    }
}

/// Which limit ended a transfer, and what it was doing then.
public struct TransferLimitHit: Sendable, Hashable, CustomStringConvertible {
    public enum Limit: Sendable, Hashable {
        /// Nothing moved for this long.
        case idle(Duration)
        /// The whole operation took this long.
        case total(Duration)
        /// Less than the rate moved over one window.
        case tooSlow(TransferLimits.Rate)
        /// More than this many bytes arrived.
        case tooLarge(Int)
    }

    /// What the operation was doing when the limit was reached.
    public enum Phase: Sendable, Hashable {
        /// Looking up the host's address.
        case resolving(host: String)
        /// Opening the connection to the host.
        case connecting(host: String)
        /// Talking to the server.
        case transferring
        /// Reading the server's list of branches, before any history.
        case listing
    }

    public var limit: Limit
    public var phase: Phase

    public init(limit: Limit, phase: Phase) {
        self.limit = limit
        self.phase = phase
    }

    /// libgit2-style English words, for logs and for the error's message.
    public var description: String {
        let what: String =
            switch limit {
            case .idle(let duration): "nothing moved for \(Self.describe(duration))"
            case .total(let duration): "took longer than \(Self.describe(duration)) in all"
            case .tooSlow(let rate):
                "moved less than \(rate.bytesPerSecond) bytes a second over \(Self.describe(rate.window))"
            case .tooLarge(let bytes): "received more than \(bytes) bytes"
            }
        switch phase {
        case .resolving(let host): return "timed out looking up \(host): \(what)"
        case .connecting(let host): return "timed out connecting to \(host): \(what)"
        case .transferring:
            if case .tooLarge = limit { return "stopped: \(what)" }
            return "timed out: \(what)"
        case .listing:
            if case .tooLarge = limit { return "stopped reading the list of branches: \(what)" }
            return "timed out reading the list of branches: \(what)"
        }
    }

    /// `5 seconds`, `1.5 seconds`.
    static func describe(_ duration: Duration) -> String {
        let seconds = duration.seconds
        let text = seconds == seconds.rounded() && seconds < 1e15 ? String(Int(seconds)) : String(format: "%.1f", seconds)
        return text + (seconds == 1 ? " second" : " seconds")
    }
}
