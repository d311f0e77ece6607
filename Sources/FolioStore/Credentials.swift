import Foundation
import YAML

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `~/.config/folio/credentials.yaml`, the file of secrets folio keeps outside every vault: the AI
/// key (`ai_key`, read by the companion) and git tokens (`git_tokens`, `git_token`, read by sync).
/// This is its one reader. It is read only when no one but its owner may read it, as `ssh`
/// treats a private key, and parsed once; each key's meaning belongs to the part that uses it.
public struct Credentials: Sendable {
    public enum Problem: Error, Sendable, Equatable {
        /// Its group or others have some permission; `mode` is the file's permission bits.
        case tooOpen(path: String, mode: Int)
        /// It is not a regular UTF-8 file that can be read, or not YAML.
        case unreadable(path: String, reason: String)
    }

    /// The file's path, for messages.
    public let path: String
    /// The file's YAML.
    public let root: Node

    /// `~/.config/folio/credentials.yaml` under `home`.
    public static func location(home: URL) -> URL {
        home.appendingPathComponent(".config/folio/credentials.yaml")
    }

    /// The file under `home`, or nil when there is none.
    public static func load(home: URL) throws(Problem) -> Credentials? {
        try load(at: location(home: home))
    }

    /// The file at `url`, or nil when there is none.
    /// - Throws: ``Problem/tooOpen(path:mode:)`` when `mode & 0o077 != 0`, ``Problem/unreadable(path:reason:)``
    ///   when it is not a regular UTF-8 file that can be read, or does not parse.
    public static func load(at url: URL) throws(Problem) -> Credentials? {
        let path = url.path
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { return nil }
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        guard info.st_mode & S_IFMT == S_IFREG else { throw .unreadable(path: path, reason: "not a regular file") }
        let mode = Int(info.st_mode & 0o7777)
        if mode & 0o077 != 0 { throw .tooOpen(path: path, mode: mode) }
        // Read through the descriptor whose type is checked: a pipe swapped in since is never waited on.
        guard let bytes = Vault.readFile(path, followingLinks: true) else {
            throw .unreadable(path: path, reason: errno == EINVAL ? "not a regular file" : String(cString: strerror(errno)))
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .unreadable(path: path, reason: "not UTF-8") }
        return try Credentials(parsing: text, path: path)
    }

    /// The file's text parsed; `path` only names it in errors.
    public init(parsing text: String, path: String) throws(Problem) {
        do {
            root = try Parser.parse(text)
        } catch {
            throw .unreadable(path: path, reason: "\(error)")
        }
        self.path = path
    }

    /// The AI provider's key: `ai_key`, trimmed; nil when not set or blank.
    public var aiKey: String? {
        guard let key = root["ai_key"]?.scalarText?.trimmingCharacters(in: .whitespacesAndNewlines), !key.isEmpty else { return nil }
        return key
    }
}
