import FolioCore
import Foundation
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

/// The secret every request to `folio mcp --http` carries (`Authorization: Bearer <token>`).
///
/// Listening on 127.0.0.1 keeps other machines out, not the other accounts of this one: any local
/// process can connect to a loopback port. So the server answers only those who hold a token only
/// this user can read: the vault's own, made once (32 random bytes) in `.folio/local/mcp-token`
/// (mode 0600, never synced), or one the user keeps in a file of their own (`--token-file`).
/// A token file that another user could read or replace is refused, never used.
public enum MCPToken {
    public static let fileName = "mcp-token"
    /// Bounds of a token's length in characters: shorter is guessable, longer is not a token.
    public static let shortest = 32
    public static let longest = 1_024

    /// The vault's token file.
    public static func vaultFile(root: URL) -> URL {
        root.appendingPathComponent(VaultLocation.folioDirectory).appendingPathComponent("local").appendingPathComponent(fileName)
    }

    /// The vault's token, made when there is none yet; with `renew`, a new one in place of the old
    /// (whoever held the old one is shut out).
    /// - Throws: ``FolioError`` when the file is exposed to another user, holds no token, or cannot
    ///   be read or written.
    public static func vaultToken(root: URL, renew: Bool = false) throws(FolioError) -> String {
        let file = vaultFile(root: root)
        if !renew, let token = try read(file: file.path, followingLinks: false) { return token }
        let token = generate()
        do throws(FolioError) {
            // Made with mode 0600 whatever the umask; a file made meanwhile by another server is kept and read.
            try AtomicFile.write(Array((token + "\n").utf8), to: file, mode: 0o600, expecting: renew ? .anything : .absent)
        } catch {
            guard case .file(.changedWhileWriting) = error.message, let made = try read(file: file.path, followingLinks: false) else {
                throw error
            }
            return made
        }
        return token
    }

    /// The token in a file the user keeps (`--token-file`): a link is followed, as the user named it.
    /// - Throws: ``FolioError`` when there is no such file, or it is exposed or holds no token.
    public static func token(inFile path: String) throws(FolioError) -> String {
        guard let token = try read(file: path, followingLinks: true) else {
            throw FolioError(.mcp(.tokenFileUnreadable(path: path, reason: SystemReason(errno: ENOENT))))
        }
        return token
    }

    /// 32 random bytes as URL-safe base64 without padding (43 characters).
    public static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Whether `text` can be a bearer token: RFC 6750's characters, within the bounds.
    public static func isWellFormed(_ text: String) -> Bool {
        (shortest...longest).contains(text.utf8.count)
            && text.utf8.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || Array("-._~+/=".utf8).contains(byte)
            }
    }

    /// The token in `path`; nil when there is no file.
    private static func read(file path: String, followingLinks: Bool) throws(FolioError) -> String? {
        guard let (fd, info) = Descriptor.openRegular(path, followingLinks: followingLinks) else {
            if errno == ENOENT { return nil }
            throw FolioError(.mcp(.tokenFileUnreadable(path: path, reason: SystemReason(errno: errno))))
        }
        defer { close(fd) }
        // Readable or writable by another user, or theirs: the token may be known, or be theirs.
        guard info.st_uid == geteuid(), info.st_mode & 0o077 == 0 else { throw FolioError(.mcp(.tokenFileExposed(path: path))) }
        var bytes = [UInt8](repeating: 0, count: longest + 2)
        let count = bytes.withUnsafeMutableBytes { Descriptor.read(fd, into: $0) }
        guard count >= 0 else { throw FolioError(.mcp(.tokenFileUnreadable(path: path, reason: SystemReason(errno: errno)))) }
        // One line: its line break (LF or CRLF) is not part of the token.
        var line = bytes.prefix(count)
        if line.last == UInt8(ascii: "\n") { line.removeLast() }
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        let text = String(decoding: line, as: UTF8.self)
        guard isWellFormed(text) else { throw FolioError(.mcp(.tokenFileMalformed(path: path))) }
        return text
    }
}
