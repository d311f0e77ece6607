import FolioStore
import Foundation

/// Access tokens for HTTPS remotes, kept outside every vault in `~/.config/folio/credentials.yaml`.
///
/// The file is YAML with two optional keys:
///
/// ```yaml
/// # Readable by you only: chmod 600 ~/.config/folio/credentials.yaml
/// git_tokens:                  # per host; "host:port" when the URL has a port
///   github.com: ghp_0123456789
///   git.example.com:8443: glpat-abcdef
/// git_token: tok_for_any_other_host
/// ```
///
/// A token is looked up as `host:port` (when the URL names a port), then `host`, then
/// `git_token`. It is sent as the password, with the user name from the URL or else
/// `x-access-token` (which GitHub, Gitea and Forgejo accept; GitLab accepts any name).
/// `FOLIO_GIT_TOKEN` in the environment takes precedence over the file.
///
/// The file is refused, not read, when its group or others have any permission
/// (`mode & 0o077 != 0`), as `ssh` refuses a private key: run `chmod 600` on it.
public struct CredentialsFile: Sendable, Hashable {
    /// Tokens by `host` or `host:port`, as written (hosts compared without regard to case).
    public var tokens: [String: String]
    /// The token for hosts not in ``tokens``.
    public var fallback: String?

    public init(tokens: [String: String] = [:], fallback: String? = nil) {
        self.tokens = tokens
        self.fallback = fallback
    }

    /// `~/.config/folio/credentials.yaml` under `home`.
    public static func location(home: URL) -> URL {
        Credentials.location(home: home)
    }

    /// Reads the file at ``location(home:)``, or nil when there is none.
    /// - Throws: ``TransportProblem/credentialsFileTooOpen(path:mode:)`` when others may read it,
    ///   ``TransportProblem/credentialsFileUnreadable(path:reason:)`` when it cannot be read or parsed.
    public static func load(home: URL) throws(TransportProblem) -> CredentialsFile? {
        try load(at: location(home: home))
    }

    /// Reads the credentials file at `url`, or nil when there is none; see ``load(home:)``.
    public static func load(at url: URL) throws(TransportProblem) -> CredentialsFile? {
        try Self.reading { () throws(Credentials.Problem) in try Credentials.load(at: url) }.map(CredentialsFile.init)
    }

    /// Parses the documented format; `path` only names the file in errors.
    public init(parsing text: String, path: String) throws(TransportProblem) {
        try self.init(Self.reading { () throws(Credentials.Problem) in try Credentials(parsing: text, path: path) })
    }

    /// The git tokens of a credentials file as read (other keys, such as the AI key, are not sync's).
    public init(_ credentials: Credentials) throws(TransportProblem) {
        let path = credentials.path
        guard let pairs = credentials.root.pairs else {
            throw .credentialsFileUnreadable(path: path, reason: "expected a mapping with git_tokens or git_token")
        }
        var tokens: [String: String] = [:]
        var fallback: String?
        for pair in pairs {
            switch pair.key.scalarText {
            case "git_tokens":
                guard let hosts = pair.value.pairs else {
                    throw .credentialsFileUnreadable(path: path, reason: "git_tokens must map host names to tokens")
                }
                for entry in hosts {
                    guard let host = entry.key.scalarText, let token = entry.value.scalarText, !token.isEmpty else {
                        throw .credentialsFileUnreadable(path: path, reason: "git_tokens must map host names to tokens")
                    }
                    tokens[host.lowercased()] = token
                }
            case "git_token":
                guard let token = pair.value.scalarText, !token.isEmpty else {
                    throw .credentialsFileUnreadable(path: path, reason: "git_token must be a token")
                }
                fallback = token
            default:
                continue  // Other keys (the AI key) are read elsewhere; unknown ones are not an error.
            }
        }
        self.init(tokens: tokens, fallback: fallback)
    }

    /// The file read by `read`, its problems in sync's words.
    private static func reading<T>(_ read: () throws(Credentials.Problem) -> T) throws(TransportProblem) -> T {
        do {
            return try read()
        } catch {
            switch error {
            case .tooOpen(let path, let mode): throw .credentialsFileTooOpen(path: path, mode: mode)
            case .unreadable(let path, let reason): throw .credentialsFileUnreadable(path: path, reason: reason)
            }
        }
    }

    /// The token for `host` (and `port`, when the URL names one).
    public func token(host: String, port: Int?) -> String? {
        let host = host.lowercased()
        if let port, let token = tokens["\(host):\(port)"] { return token }
        return tokens[host] ?? fallback
    }
}
