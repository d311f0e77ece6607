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
    /// HTTPS with the user's own certificate (`--tls-cert`, `--tls-key`); nil: plain HTTP.
    public var tls: TLSFiles?
    /// Names the phone reaches this computer by (`--host`, the certificate's name with HTTPS):
    /// accepted in `Host` and used in the pairing link.
    public var names: [String]

    public init(
        root: URL, environment: [String: String], language: Language? = nil, reach: Reach = .loopback, port: Int = 8400,
        allowSecrets: Bool = false, tls: TLSFiles? = nil, names: [String] = []
    ) {
        self.root = root
        self.environment = environment
        self.language = language
        self.reach = reach
        self.port = port
        self.allowSecrets = allowSecrets
        self.tls = tls
        self.names = names
    }
}

/// A certificate chain and its private key, both PEM files (`tailscale cert`, `mkcert`).
public struct TLSFiles: Sendable, Equatable {
    public var certificate: URL
    public var key: URL

    public init(certificate: URL, key: URL) {
        self.certificate = certificate
        self.key = key
    }
}

/// The server as it came up: where to reach it and the link that pairs a browser with it.
public struct WebAddress: Sendable {
    /// `http://127.0.0.1:8400/pair?secret=…`, or the computer's network address with `--lan`.
    public var pairingURLs: [String]
}
