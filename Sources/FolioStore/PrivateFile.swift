import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file of secrets outside every vault (`~/.config/folio/credentials.yaml`), read only when
/// no one but its owner may read it, as `ssh` treats a private key.
public enum PrivateFile {
    public enum Problem: Error, Sendable, Equatable {
        /// Its group or others have some permission; `mode` is the file's permission bits.
        case tooOpen(mode: Int)
        case unreadable(String)
    }

    /// `~/.config/folio/credentials.yaml` under `home`.
    public static func credentials(home: URL) -> URL {
        home.appendingPathComponent(".config/folio/credentials.yaml")
    }

    /// The file's text, or nil when there is no file.
    /// - Throws: ``Problem/tooOpen(mode:)`` when `mode & 0o077 != 0`, ``Problem/unreadable(_:)``
    ///   when it is not a regular UTF-8 file that can be read.
    public static func read(_ url: URL) throws(Problem) -> String? {
        let path = url.path
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { return nil }
            throw .unreadable(String(cString: strerror(errno)))
        }
        guard info.st_mode & S_IFMT == S_IFREG else { throw .unreadable("not a regular file") }
        let mode = Int(info.st_mode & 0o7777)
        if mode & 0o077 != 0 { throw .tooOpen(mode: mode) }
        guard let data = FileManager.default.contents(atPath: path) else { throw .unreadable("cannot be read") }
        guard let text = String(data: data, encoding: .utf8) else { throw .unreadable("not UTF-8") }
        return text
    }
}
