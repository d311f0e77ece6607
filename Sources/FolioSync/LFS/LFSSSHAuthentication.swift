import FolioLFS
import Foundation
import SystemIO

/// What an SSH git host says when asked `git-lfs-authenticate <path> <operation>`: the LFS
/// server's URL and the header that opens it (a short-lived token), as `git-lfs` asks for them
/// for an `ssh://` or `user@host:path` remote.
public struct LFSSSHAuthentication: Sendable, Equatable {
    /// The batch API's base URL; nil when the host names none (the derived `https://` one is used).
    public var href: String?
    /// The `Authorization` header to send to ``href``'s host.
    public var authorization: String?

    /// The largest reply read: a URL and a token are a few hundred bytes.
    static let maxReplyBytes = 64 * 1024

    /// Parses the JSON reply (`{"href": …, "header": {"Authorization": …}, "expires_in": …}`);
    /// nil for anything else.
    public init?(reply: Data) {
        guard reply.count <= Self.maxReplyBytes,
            // try?: a reply that is not JSON is refused in the guard below, naming it.
            let object = try? JSONSerialization.jsonObject(with: reply) as? [String: Any]
        else { return nil }
        let href = object["href"] as? String
        if let href, !(href.hasPrefix("https://") || href.hasPrefix("http://")) { return nil }
        self.href = href.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
        let headers = object["header"] as? [String: Any] ?? [:]
        authorization = headers.first { $0.key.lowercased() == "authorization" }?.value as? String
        guard self.href != nil || authorization != nil else { return nil }
    }

    /// The repository path of an SSH remote URL, as the host's `git-lfs-authenticate` takes it:
    /// `ssh://[user@]host[:port]/path` gives `/path`, `[user@]host:path` gives `path`.
    static func repositoryPath(of remoteURL: String) -> String? {
        if let separator = remoteURL.range(of: "://") {
            let rest = remoteURL[separator.upperBound...]
            guard let slash = rest.firstIndex(of: "/") else { return nil }
            let path = String(rest[slash...])
            return path.count > 1 ? path : nil
        }
        guard let colon = remoteURL.firstIndex(of: ":"), !remoteURL[..<colon].contains("/") else { return nil }
        let path = String(remoteURL[remoteURL.index(after: colon)...])
        return path.isEmpty ? nil : path
    }

    /// Asks the SSH host of `remoteURL` with the `ssh` command (the one LFS step that is not in
    /// process: libgit2 runs no command over SSH), as the sync's key and `known_hosts` allow:
    /// batch mode (no prompt), the host key checked strictly, the deadline `timeout`. Nil when
    /// `ssh` is not installed, the host refuses, or its reply is not one: the LFS server is then
    /// asked without this header, as before.
    static func ask(
        remoteURL: String, endpoint: RemoteEndpoint, operation: LFSClient.Operation, access: RemoteAccess, timeout: Double
    ) async -> LFSSSHAuthentication? {
        guard endpoint.transport == .ssh, !endpoint.host.isEmpty, !endpoint.host.hasPrefix("-"),
            let path = repositoryPath(of: remoteURL),
            let ssh = ["/usr/bin/ssh", "/usr/local/bin/ssh", "/bin/ssh"].first(where: FileManager.default.isExecutableFile)
        else { return nil }
        var arguments = [
            "-F", "/dev/null", "-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=yes", "-o", "ConnectTimeout=\(Int(timeout))",
        ]
        let knownHosts = access.knownHostsFiles.map(\.path).filter { FileManager.default.fileExists(atPath: $0) }
        if !knownHosts.isEmpty { arguments += ["-o", "UserKnownHostsFile=" + knownHosts.map(Self.quoted).joined(separator: " ")] }
        let keys =
            access.configuredKey.map { [$0] }
            ?? ["id_ed25519", "id_rsa"].map { access.home.appendingPathComponent(".ssh/\($0)") }
        for key in keys where FileManager.default.fileExists(atPath: key.path) { arguments += ["-i", key.path] }
        if let port = endpoint.port { arguments += ["-p", String(port)] }
        if let user = endpoint.user, !user.hasPrefix("-") { arguments += ["-l", user] }
        // The path is one word for the remote shell, as git quotes it for git-upload-pack.
        arguments += ["--", endpoint.host, "git-lfs-authenticate \(quoted(path)) \(operation.rawValue)"]
        var environment = ["PATH": "/usr/bin:/bin"]
        if let socket = access.environment["SSH_AUTH_SOCK"], access.configuredKey == nil { environment["SSH_AUTH_SOCK"] = socket }
        environment["HOME"] = access.home.path
        guard let reply = await run(ssh, arguments, environment: environment, timeout: timeout * 2) else { return nil }
        return LFSSSHAuthentication(reply: reply)
    }

    /// `text` in single quotes for a POSIX shell.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Runs `executable` and returns its standard output (at most ``maxReplyBytes``) when it exits
    /// with 0 before `timeout` seconds; the one bridge from a blocking child process to async.
    private static func run(_ executable: String, _ arguments: [String], environment: [String: String], timeout: Double) async -> Data? {
        await OffThePool.run("folio-lfs-auth") {
            HelperProcess.run(executable, arguments, environment: environment, timeout: timeout, maxBytes: maxReplyBytes)
        }
    }
}
