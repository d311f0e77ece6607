import Foundation
import Git

/// Where a repository's LFS objects are kept on the other side: an LFS server's batch API, or the
/// `lfs/objects` folder of a repository on this machine (a remote that is a path, as `git-lfs`'s
/// standalone file transfer does it).
public enum LFSEndpoint: Sendable, Equatable {
    /// The batch API's base URL (`…/info/lfs`); requests go to `<base>/objects/batch`.
    case server(url: String)
    /// A repository on this machine (its git directory): objects are copied straight into its store.
    case folder(gitDirectory: URL)

    /// The endpoint of `remote` as `git-lfs` finds it: `lfs.url`, then `remote.<name>.lfsurl`, each
    /// from git's configuration first and the committed `.lfsconfig` second, else the remote's URL
    /// with `/info/lfs` appended (`.git` first when the URL has none; SSH and `git://` remotes
    /// become `https://` on the same host). Nil when there is no remote URL.
    public static func discover(repository: Repository, remote: String = "origin", remoteURL: String?) throws -> LFSEndpoint? {
        try discovery(repository: repository, remote: remote, remoteURL: remoteURL)?.endpoint
    }

    /// An endpoint as found, and whether a synced file named it.
    public struct Discovery: Sendable, Equatable {
        public var endpoint: LFSEndpoint
        /// True when the committed `.lfsconfig` named it: a file any device that can push may
        /// change, unlike this device's git configuration and remote.
        public var namedBySyncedFile: Bool
    }

    /// ``discover(repository:remote:remoteURL:)``, saying where the endpoint came from.
    public static func discovery(repository: Repository, remote: String = "origin", remoteURL: String?) throws -> Discovery? {
        let keys = ["lfs.url", "remote.\(remote).lfsurl"]
        let lfsconfig = repository.workdir?.appendingPathComponent(".lfsconfig")
        for key in keys {
            if let value = try repository.configValue(key), !value.isEmpty {
                return Discovery(endpoint: endpoint(for: value), namedBySyncedFile: false)
            }
            if let lfsconfig, let value = try Repository.configValue(key, inFile: lfsconfig), !value.isEmpty {
                return Discovery(endpoint: endpoint(for: value), namedBySyncedFile: true)
            }
        }
        return remoteURL.flatMap(derived(from:)).map { Discovery(endpoint: $0, namedBySyncedFile: false) }
    }

    /// An explicit LFS URL: a web URL is the batch API's base; a path or `file://` a repository here.
    static func endpoint(for configured: String) -> LFSEndpoint {
        if configured.hasPrefix("https://") || configured.hasPrefix("http://") { return .server(url: trimmed(configured)) }
        return folder(configured) ?? .server(url: trimmed(configured))
    }

    /// The endpoint `git-lfs` derives from a git remote's URL.
    public static func derived(from remoteURL: String) -> LFSEndpoint? {
        if let folder = folder(remoteURL) { return folder }
        var url = remoteURL
        if url.hasPrefix("https://") || url.hasPrefix("http://") {
            // keep the scheme
        } else if let range = url.range(of: "://") {
            // ssh://[user@]host[:port]/path and git://host/path: https on the same host, no port or user.
            let rest = url[range.upperBound...]
            let authority = rest.prefix { $0 != "/" }
            var host = authority.split(separator: "@").last.map(String.init) ?? String(authority)
            if host.hasPrefix("["), let close = host.firstIndex(of: "]") {
                host = String(host[...close])
            } else if let colon = host.lastIndex(of: ":") {
                host = String(host[..<colon])
            }
            url = "https://" + host + String(rest.dropFirst(authority.count))
        } else if let colon = url.firstIndex(of: ":"), !url[..<colon].contains("/") {
            // scp-like user@host:path
            let hostPart = url[..<colon]
            let host = hostPart.split(separator: "@").last.map(String.init) ?? String(hostPart)
            var path = String(url[url.index(after: colon)...])
            if !path.hasPrefix("/") { path = "/" + path }
            url = "https://" + host + path
        } else {
            return nil
        }
        url = trimmed(url)
        if !url.hasSuffix(".git") { url += ".git" }
        return .server(url: url + "/info/lfs")
    }

    private static func trimmed(_ url: String) -> String {
        var url = url
        while url.hasSuffix("/") { url.removeLast() }
        return url
    }

    /// A path or `file://` URL naming a repository on this machine: its git directory.
    static func folder(_ url: String) -> LFSEndpoint? {
        var path: String
        if url.hasPrefix("file://") {
            path = URL(string: url)?.path ?? String(url.dropFirst("file://".count))
        } else if url.hasPrefix("/") || url.hasPrefix(".") {
            path = url
        } else {
            return nil
        }
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        let directory = URL(fileURLWithPath: path)
        let dotGit = directory.appendingPathComponent(".git")
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: dotGit.path, isDirectory: &isDirectory), isDirectory.boolValue {
            return .folder(gitDirectory: dotGit)
        }
        return .folder(gitDirectory: directory)
    }

    /// The host of a server endpoint (lower case, no port), for choosing credentials.
    public var host: String? {
        guard case .server(let url) = self, let components = URLComponents(string: url) else { return nil }
        return components.host?.lowercased()
    }

    public var port: Int? {
        guard case .server(let url) = self else { return nil }
        return URLComponents(string: url)?.port
    }

    /// What a message shows of the endpoint.
    public var display: String {
        switch self {
        case .server(let url): url
        case .folder(let directory): directory.path
        }
    }
}
