import FolioSecrets
import Foundation

/// The parts of a remote URL that decide how folio authenticates to it.
///
/// Understood forms: `ssh://[user@]host[:port]/path` (also `git+ssh://`, `ssh+git://`), the
/// scp-like `[user@]host:path` (port 22), `https://[user@]host[:port]/path`, `http://…`,
/// `git://host[:port]/path`, `file://…` and plain paths. IPv6 literals go in brackets
/// (`ssh://git@[::1]:2222/x.git`).
public struct RemoteEndpoint: Sendable, Hashable {
    public enum Transport: String, Sendable, Hashable {
        case ssh, https, http, git
        /// A path or `file://` URL: no network, no credentials.
        case local
        /// A scheme folio does not know; libgit2 decides what it means.
        case other
    }

    public var transport: Transport
    /// The user name written in the URL, percent-decoded; nil when there is none.
    public var user: String?
    /// The host name or address, without IPv6 brackets; empty for local remotes.
    public var host: String
    /// The port written in the URL; nil means the transport's default (22 for SSH).
    public var port: Int?

    public init(transport: Transport, user: String? = nil, host: String = "", port: Int? = nil) {
        self.transport = transport
        self.user = user
        self.host = host
        self.port = port
    }

    /// Reads a remote URL; anything unrecognised is `.other` (with a scheme) or `.local` (without).
    public init(url: String) {
        if let separator = url.range(of: "://") {
            let scheme = url[..<separator.lowerBound].lowercased()
            let transport: Transport =
                switch scheme {
                case "ssh", "git+ssh", "ssh+git": .ssh
                case "https": .https
                case "http": .http
                case "git": .git
                case "file": .local
                default: .other
                }
            guard transport != .local else {
                self.init(transport: .local)
                return
            }
            let rest = url[separator.upperBound...]
            let authority = rest.prefix { $0 != "/" }
            var user: String?
            var hostPort = authority
            if let at = authority.lastIndex(of: "@") {
                let userInfo = authority[..<at]
                let name = userInfo.prefix { $0 != ":" }
                user = name.isEmpty ? nil : (String(name).removingPercentEncoding ?? String(name))
                hostPort = authority[authority.index(after: at)...]
            }
            let (host, port) = Self.splitHostPort(hostPort)
            self.init(transport: transport, user: user, host: host, port: port)
            return
        }
        // scp-like `[user@]host:path`: a colon before any slash. Anything else is a local path.
        guard let colon = url.firstIndex(of: ":"), !url[..<colon].contains("/"), colon != url.startIndex else {
            self.init(transport: .local)
            return
        }
        var hostPart = url[..<colon]
        var user: String?
        if let at = hostPart.lastIndex(of: "@") {
            user = String(hostPart[..<at])
            hostPart = hostPart[hostPart.index(after: at)...]
        }
        if hostPart.hasPrefix("["), hostPart.hasSuffix("]") { hostPart = hostPart.dropFirst().dropLast() }
        self.init(transport: .ssh, user: user?.isEmpty == true ? nil : user, host: String(hostPart))
    }

    private static func splitHostPort(_ text: Substring) -> (String, Int?) {
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            let host = String(text[text.index(after: text.startIndex)..<close])
            let after = text[text.index(after: close)...]
            let port = after.hasPrefix(":") ? Int(after.dropFirst()) : nil
            return (host, port)
        }
        if let colon = text.lastIndex(of: ":") {
            return (String(text[..<colon]), Int(text[text.index(after: colon)...]))
        }
        return (String(text), nil)
    }

    /// Whether the host is this machine (`localhost`, `127.x.x.x`, `::1`), where a plain-HTTP token
    /// cannot leak: ``Origin/isLoopback(host:)``, the one rule.
    public var isLoopback: Bool {
        Origin.isLoopback(host: host)
    }
}
