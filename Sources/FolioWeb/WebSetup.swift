import FolioCore
import Foundation

/// What `folio serve` is started with.
public struct WebSetup: Sendable {
    /// Where the server listens.
    public enum Reach: Sendable, Equatable {
        /// This computer only (127.0.0.1): the default.
        case loopback
        /// Every interface, for a phone on the same network (`--lan`); `hosts` are the names and
        /// addresses the phone may call this computer by (its `Host` header is checked against them).
        case localNetwork(hosts: [String])
    }

    public var root: URL
    public var environment: [String: String]
    public var language: Language?
    public var reach: Reach
    /// 0: a free port, chosen by the system.
    public var port: Int
    /// `--allow-secret`: pages may save text that looks like a key or a token.
    public var allowSecrets: Bool

    public init(
        root: URL, environment: [String: String], language: Language? = nil, reach: Reach = .loopback, port: Int = 8400,
        allowSecrets: Bool = false
    ) {
        self.root = root
        self.environment = environment
        self.language = language
        self.reach = reach
        self.port = port
        self.allowSecrets = allowSecrets
    }
}

/// The server as it came up: where to reach it and the link that pairs a browser with it.
public struct WebAddress: Sendable {
    /// `http://127.0.0.1:8400/pair?secret=…`, or the computer's network address with `--lan`.
    public var pairingURLs: [String]
}
