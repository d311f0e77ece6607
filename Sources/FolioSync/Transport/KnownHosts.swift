import Crypto
import FolioStore
import Foundation
import Git

/// What `known_hosts` says about the key an SSH server presented.
public enum HostKeyVerdict: Sendable, Hashable {
    /// A line for this host lists exactly this key.
    case trusted
    /// No line names this host with a key of this type.
    case unknown
    /// The host is listed with a different key of the same type: the server was reinstalled, or
    /// someone is impersonating it.
    case changed
    /// A `@revoked` line lists this key for this host (usually as `*`): never accept it.
    case revoked
}

/// The trusted SSH host keys of OpenSSH `known_hosts` files, as `ssh` reads them.
///
/// Understood: plain host patterns separated by commas (`host,alias,10.0.0.1`), the
/// `[host]:port` form for servers not on port 22, hashed names (`|1|salt|hash`, HMAC-SHA1 of the
/// name, as `ssh-keygen -H` and `HashKnownHosts yes` write them), the wildcards `*` and `?`,
/// negated patterns (`!pattern`, which veto a line for the names they match), the `@revoked`
/// marker, comments and blank lines. Host names are compared without regard to case.
/// `@cert-authority` lines are ignored (folio trusts no host certificates), and lines that cannot
/// be read (an old RSA1 line, broken base64, an unknown marker) are skipped and counted in
/// ``skippedLines``, as `ssh` skips them.
///
/// libgit2 1.5.1 also checks the process's own `~/.ssh/known_hosts` through libssh2 and passes its
/// opinion to the certificate check, but libssh2 matches no wildcard and takes a `@revoked` line
/// for a trusted key; folio's certificate check ignores that opinion and consults this type, for
/// the home directory it was given.
public struct KnownHosts: Sendable, Hashable {
    /// One usable line of a `known_hosts` file.
    public struct Entry: Sendable, Hashable {
        public enum Marker: Sendable, Hashable {
            case none
            /// `@revoked`: the key must never be accepted for the hosts matched.
            case revoked
            /// `@cert-authority`: a CA key for host certificates; never matched by ``KnownHosts``.
            case certificateAuthority
        }

        /// The host field of a line.
        public enum Hosts: Sendable, Hashable {
            /// Comma-separated patterns, lowercased, each possibly negated (`!`) or with `*` and `?`.
            case patterns([String])
            /// `|1|salt|hash`: the HMAC-SHA1 of one host name (in `[host]:port` form off port 22) keyed by `salt`.
            case hashed(salt: Data, hash: Data)
        }

        public var marker: Marker
        public var hosts: Hosts
        /// The key type as written, e.g. `ssh-ed25519`, `ssh-rsa`, `ecdsa-sha2-nistp256`.
        public var keyType: String
        /// The key blob, base64-decoded from the line.
        public var key: Data
        /// Where the line came from: a file path, or nil for text given directly.
        public var source: String?
        /// The 1-based line number in ``source``.
        public var line: Int

        /// Whether the host field admits `name`, the lowercased ``KnownHosts/hostName(host:port:)``.
        ///
        /// As in OpenSSH, a line matches when one of its positive patterns matches and none of
        /// its negated ones does.
        public func matches(hostName name: String) -> Bool {
            switch hosts {
            case .hashed(let salt, let hash):
                let code = HMAC<Insecure.SHA1>.authenticationCode(for: Data(name.utf8), using: SymmetricKey(data: salt))
                return Data(code) == hash
            case .patterns(let patterns):
                var matched = false
                for pattern in patterns {
                    if pattern.hasPrefix("!") {
                        if wildcardMatch(Array(pattern.utf8.dropFirst()), Array(name.utf8)) { return false }
                    } else if !matched, wildcardMatch(Array(pattern.utf8), Array(name.utf8)) {
                        matched = true
                    }
                }
                return matched
            }
        }
    }

    /// Where a line is: its file (nil for text given directly) and 1-based number.
    public struct Location: Sendable, Hashable {
        public var source: String?
        public var line: Int
    }

    /// The usable lines, in file order.
    public private(set) var entries: [Entry] = []
    /// The lines that were neither blank, a comment, nor readable.
    public private(set) var skippedLines: [Location] = []

    /// The files `ssh` reads by default for `home`: `~/.ssh/known_hosts` and `/etc/ssh/ssh_known_hosts`.
    public static func defaultFiles(home: URL) -> [URL] {
        [
            home.appendingPathComponent(".ssh/known_hosts"),
            URL(fileURLWithPath: "/etc/ssh/ssh_known_hosts"),
        ]
    }

    /// No entries: every host is unknown.
    public init() {}

    /// Reads `known_hosts` text; `source` names it in ``Entry/source``.
    public init(_ text: String, source: String? = nil) {
        add(text, source: source)
    }

    /// Reads the given files in order; missing or unreadable files count as empty, as for `ssh`.
    public init(files: [URL]) {
        for file in files {
            // A pipe or a device in the file's place counts as empty too: it is never waited on.
            guard let bytes = Vault.readFile(file.path, followingLinks: true) else { continue }
            add(String(decoding: bytes, as: UTF8.self), source: file.path)
        }
    }

    /// Adds the lines of another `known_hosts` text after the present ones.
    public mutating func add(_ text: String, source: String? = nil) {
        var number = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            var line = Substring(rawLine)
            if line.hasSuffix("\r") { line = line.dropLast() }
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let first = fields.first, !first.hasPrefix("#") else { continue }
            if let entry = Self.entry(fields, source: source, line: number) {
                entries.append(entry)
            } else {
                skippedLines.append(Location(source: source, line: number))
            }
        }
    }

    private static func entry(_ fields: [Substring], source: String?, line: Int) -> Entry? {
        var fields = fields[...]
        var marker = Entry.Marker.none
        if let first = fields.first, first.hasPrefix("@") {
            switch first {
            case "@revoked": marker = .revoked
            case "@cert-authority": marker = .certificateAuthority
            default: return nil
            }
            fields = fields.dropFirst()
        }
        guard fields.count >= 3 else { return nil }
        let hostField = fields[fields.startIndex]
        let keyType = String(fields[fields.startIndex + 1])
        // The blob names its own type; a line whose type field disagrees is broken (ssh skips it too).
        guard let key = Data(base64Encoded: String(fields[fields.startIndex + 2])), KnownHosts.keyType(ofBlob: key) == keyType
        else { return nil }

        let hosts: Entry.Hosts
        if hostField.hasPrefix("|1|") {
            let parts = hostField.split(separator: "|", omittingEmptySubsequences: false)
            guard parts.count == 4, let salt = Data(base64Encoded: String(parts[2])),
                let hash = Data(base64Encoded: String(parts[3])), hash.count == Insecure.SHA1.byteCount
            else { return nil }
            hosts = .hashed(salt: salt, hash: hash)
        } else {
            let patterns = hostField.split(separator: ",").map { $0.lowercased() }
            guard !patterns.isEmpty else { return nil }
            hosts = .patterns(patterns)
        }
        return Entry(marker: marker, hosts: hosts, keyType: keyType, key: key, source: source, line: line)
    }

    /// The name `ssh` looks a server up by: `host` on port 22 (or none), else `[host]:port`; lowercased.
    public static func hostName(host: String, port: Int?) -> String {
        let host = host.lowercased()
        guard let port, port != 22 else { return host }
        return "[\(host)]:\(port)"
    }

    /// Judges the key `key` (the blob as base64-decoded from a `known_hosts` line) of type `keyType`
    /// (an OpenSSH name such as `ssh-ed25519`) presented by `host` on `port` (nil meaning 22).
    ///
    /// `.revoked` wins over everything; then an exact match is `.trusted`; then a listed key of the
    /// same type is `.changed`; anything else is `.unknown`, including a host known only with keys
    /// of other types.
    public func verdict(host: String, port: Int?, keyType: String, key: Data) -> HostKeyVerdict {
        verdict(host: host, port: port, keyType: keyType) { $0.key == key }
    }

    /// Judges a key known only by its SHA-256 fingerprint (`SHA256:…` or the bare unpadded base64,
    /// as `ssh-keygen -l` prints it), for when the raw key is not available.
    public func verdict(host: String, port: Int?, keyType: String, sha256Fingerprint: String) -> HostKeyVerdict {
        let wanted = Self.bareFingerprint(sha256Fingerprint)
        return verdict(host: host, port: port, keyType: keyType) { Self.bareFingerprint(Self.fingerprint(of: $0.key)) == wanted }
    }

    private func verdict(host: String, port: Int?, keyType: String, isSameKey: (Entry) -> Bool) -> HostKeyVerdict {
        let name = Self.hostName(host: host, port: port)
        let relevant = entries.filter { $0.marker != .certificateAuthority && $0.matches(hostName: name) }
        if relevant.contains(where: { $0.marker == .revoked && isSameKey($0) }) { return .revoked }
        let listed = relevant.filter { $0.marker == .none }
        if listed.contains(where: isSameKey) { return .trusted }
        if listed.contains(where: { $0.keyType == keyType }) { return .changed }
        return .unknown
    }

    /// `SHA256:` and the unpadded base64 SHA-256 of a key blob, as `ssh-keygen -l` prints it.
    public static func fingerprint(of key: Data) -> String {
        let digest = Data(SHA256.hash(data: key)).base64EncodedString()
        return "SHA256:" + String(digest.prefix { $0 != "=" })
    }

    /// The key type a key blob names in its first field (`ssh-ed25519`, `ssh-rsa`, …), or nil.
    public static func keyType(ofBlob blob: Data) -> String? {
        let bytes = [UInt8](blob)
        guard bytes.count >= 4 else { return nil }
        let length = bytes[0..<4].reduce(0) { $0 << 8 | Int($1) }
        guard length > 0, length <= 64, bytes.count >= 4 + length else { return nil }
        return String(bytes: bytes[4..<(4 + length)], encoding: .ascii)
    }

    private static func bareFingerprint(_ text: String) -> String {
        var text = Substring(text)
        if text.hasPrefix("SHA256:") { text = text.dropFirst("SHA256:".count) }
        return String(text.prefix { $0 != "=" })
    }
}

/// OpenSSH's `match_pattern`: `*` matches any run of bytes (also none), `?` exactly one byte.
private func wildcardMatch(_ pattern: [UInt8], _ text: [UInt8]) -> Bool {
    var p = 0
    var t = 0
    var star: Int?
    var resume = 0
    while t < text.count {
        if p < pattern.count, pattern[p] == UInt8(ascii: "?") || pattern[p] == text[t] {
            p += 1
            t += 1
        } else if p < pattern.count, pattern[p] == UInt8(ascii: "*") {
            star = p
            resume = t
            p += 1
        } else if let star {
            p = star + 1
            resume += 1
            t = resume
        } else {
            return false
        }
    }
    while p < pattern.count, pattern[p] == UInt8(ascii: "*") { p += 1 }
    return p == pattern.count
}

extension HostKeyType {
    /// The key type as OpenSSH writes it in `known_hosts` (`ssh-ed25519`, `ssh-rsa`, …); nil when unknown.
    public var openSSHName: String? {
        switch self {
        case .rsa: "ssh-rsa"
        case .dss: "ssh-dss"
        case .ecdsa256: "ecdsa-sha2-nistp256"
        case .ecdsa384: "ecdsa-sha2-nistp384"
        case .ecdsa521: "ecdsa-sha2-nistp521"
        case .ed25519: "ssh-ed25519"
        case .unknown: nil
        }
    }

    /// The short name `ssh` and `ssh-keygen -l` show: `ED25519`, `RSA`, `ECDSA`, `DSA`.
    public var label: String {
        switch self {
        case .rsa: "RSA"
        case .dss: "DSA"
        case .ecdsa256, .ecdsa384, .ecdsa521: "ECDSA"
        case .ed25519: "ED25519"
        case .unknown: "unknown"
        }
    }

    /// The type for an OpenSSH key type name, `.unknown` for any other.
    public init(openSSHName name: String) {
        self =
            switch name {
            case "ssh-rsa": .rsa
            case "ssh-dss": .dss
            case "ecdsa-sha2-nistp256": .ecdsa256
            case "ecdsa-sha2-nistp384": .ecdsa384
            case "ecdsa-sha2-nistp521": .ecdsa521
            case "ssh-ed25519": .ed25519
            default: .unknown
            }
    }
}
