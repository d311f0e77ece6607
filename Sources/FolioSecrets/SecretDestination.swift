import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a request goes, as far as a secret cares: the scheme, the host and the port of a URL.
///
/// Hosts are compared without regard to case and without IPv6 brackets; a port not written in the
/// URL is the scheme's own (80 for `http`, 443 for `https`), so `https://h/` and `https://h:443/`
/// are one origin.
public struct Origin: Sendable, Hashable, CustomStringConvertible {
    /// Lowercased: `https`, `http`, `ssh`…
    public var scheme: String
    /// Lowercased, without IPv6 brackets or a trailing dot.
    public var host: String
    /// The port written in the URL, else the scheme's default; nil when neither is known.
    public var port: Int?

    public init(scheme: String, host: String, port: Int?) {
        self.scheme = scheme.lowercased()
        var host = host.lowercased()
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host.hasSuffix("."), host.count > 1 { host.removeLast() }
        self.host = host
        self.port = port ?? Self.defaultPort(self.scheme)
    }

    /// The origin of `scheme://[user[:password]@]host[:port]/…`; nil for anything without a host.
    public init?(url: String) {
        guard let separator = url.range(of: "://") else { return nil }
        let scheme = String(url[..<separator.lowerBound])
        guard !scheme.isEmpty, scheme.allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }) else { return nil }
        var authority = url[separator.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        var host = authority
        var port: Int?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            host = authority[...close]
            let after = authority[authority.index(after: close)...]
            if after.hasPrefix(":") {
                guard let number = Int(after.dropFirst()), (1...65_535).contains(number) else { return nil }
                port = number
            } else if !after.isEmpty {
                return nil
            }
        } else if let colon = authority.lastIndex(of: ":") {
            host = authority[..<colon]
            let digits = authority[authority.index(after: colon)...]
            if !digits.isEmpty {
                guard let number = Int(digits), (1...65_535).contains(number) else { return nil }
                port = number
            }
        }
        guard !host.isEmpty else { return nil }
        self.init(scheme: scheme, host: String(host), port: port)
    }

    static func defaultPort(_ scheme: String) -> Int? {
        switch scheme {
        case "http": 80
        case "https": 443
        case "ssh", "git+ssh", "ssh+git": 22
        case "git": 9418
        default: nil
        }
    }

    /// Whether the host is this machine: `localhost`, an address in 127.0.0.0/8, `::1` (or
    /// 127.x.y.z written as an IPv4-mapped IPv6 address). A name that merely starts with `127.`
    /// (`127.0.0.1.example.com`) is not.
    public var isLoopback: Bool {
        Self.isLoopback(host: host)
    }

    /// See ``isLoopback``; `host` as written in a URL (brackets allowed).
    public static func isLoopback(host: String) -> Bool {
        var host = host.lowercased()
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host.hasSuffix("."), host.count > 1 { host.removeLast() }
        if host == "localhost" { return true }
        if let octets = ipv4Octets(host) { return octets[0] == 127 }
        var address = in6_addr()
        guard !host.contains("%"), inet_pton(AF_INET6, host, &address) == 1 else { return false }
        let bytes = withUnsafeBytes(of: address) { Array($0) }
        if bytes[0..<15].allSatisfy({ $0 == 0 }) && bytes[15] == 1 { return true }
        // ::ffff:127.x.y.z
        return bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF && bytes[12] == 127
    }

    /// Whether `text` is an IPv4 address written in decimal (`192.0.2.7`).
    public static func ipv4Literal(_ text: String) -> Bool {
        ipv4Octets(text) != nil
    }

    /// The four numbers of a dotted IPv4 address written in decimal (`127.0.0.1`), else nil.
    static func ipv4Octets(_ text: String) -> [Int]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var octets: [Int] = []
        for part in parts {
            guard (1...3).contains(part.count), part.allSatisfy(\.isASCII), part.allSatisfy(\.isNumber), let value = Int(part),
                value <= 255
            else { return nil }
            octets.append(value)
        }
        return octets
    }

    /// Whether what is sent there crosses a network unencrypted: `http://` (and `git://`) to
    /// another machine.
    public var isCleartext: Bool {
        (scheme == "http" || scheme == "git") && !isLoopback
    }

    /// `https://host:port`, the port only when it is not the scheme's own.
    public var description: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        guard let port, port != Self.defaultPort(scheme) else { return "\(scheme)://\(shownHost)" }
        return "\(scheme)://\(shownHost):\(port)"
    }
}

/// The one rule for sending a secret (a git token, the AI key, a URL's password): it goes only to
/// the origin it was configured for, and never across a network in clear text.
///
/// Every sender asks ``refusal(sending:configuredFor:)`` before a secret leaves: libgit2's
/// credentials callback, the HTTP client for each request and each redirect it would follow.
public enum SecretDestination {
    /// Why a secret may not go somewhere.
    public enum Refusal: Error, Sendable, Hashable {
        /// Plain `http://` to another machine: anyone on the way could read it.
        case cleartext(Origin)
        /// Another host, port or scheme than the one the secret belongs to (a redirect, most often).
        case otherOrigin(configured: Origin, actual: Origin)
        /// A URL without a host folio can compare.
        case unreadable(String)
    }

    /// Nil when a secret configured for `configured` may be sent to `url`; else why not.
    ///
    /// The same origin, except that `http` to a host may become `https` to the same host (an
    /// upgrade, never a downgrade); and never `http` off this machine.
    public static func refusal(sending url: String, configuredFor configured: Origin) -> Refusal? {
        guard let actual = Origin(url: url) else { return .unreadable(url) }
        return refusal(sending: actual, configuredFor: configured)
    }

    /// ``refusal(sending:configuredFor:)`` for an origin already read.
    public static func refusal(sending actual: Origin, configuredFor configured: Origin) -> Refusal? {
        if actual.isCleartext { return .cleartext(actual) }
        if actual == configured { return nil }
        let upgrade = configured.scheme == "http" && actual.scheme == "https" && actual.host == configured.host
        return upgrade ? nil : .otherOrigin(configured: configured, actual: actual)
    }

    /// Nil when `url` may carry a secret at all (``refusal(sending:configuredFor:)`` with `url` as
    /// its own origin: only the clear-text rule applies).
    public static func refusal(sending url: String) -> Refusal? {
        guard let origin = Origin(url: url) else { return .unreadable(url) }
        return refusal(sending: origin, configuredFor: origin)
    }
}
