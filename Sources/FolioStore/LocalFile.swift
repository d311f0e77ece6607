import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Reads the small files folio keeps for this device in `.folio/local/` (the device name, the last
/// sync's result, AI failures, the interrupted-update journal). They are derived and never trusted:
/// a file that is not a regular file, is a link, is larger than it could honestly be, or cannot be
/// read reads as absent, and its owner falls back to its default or rebuilds it.
public enum LocalFile {
    /// The file's bytes, or nil when it is missing, not a regular file, a link, or over `maxBytes`.
    public static func read(_ url: URL, maxBytes: Int = 1 << 20) -> Data? {
        guard let bytes = Vault.readFile(url.path, atMost: maxBytes + 1), bytes.count <= maxBytes else { return nil }
        return Data(bytes)
    }

    /// The file as UTF-8 text; nil as for ``read(_:maxBytes:)`` or when the bytes are not UTF-8.
    public static func text(_ url: URL, maxBytes: Int = 1 << 20) -> String? {
        read(url, maxBytes: maxBytes).flatMap { String(data: $0, encoding: .utf8) }
    }

    /// Makes `.folio/local/` this user's alone (mode 0700) when `url` is in it or is it: it holds
    /// the MCP token, the browsers' sessions, drafts of what was typed and the embedding vectors.
    /// A folder an older folio made 0755 is narrowed the next time a command makes one in it.
    public static func keepPrivate(_ url: URL) {
        let components = url.standardizedFileURL.pathComponents
        guard let local = (0..<max(0, components.count - 1)).last(where: { components[$0] == ".folio" && components[$0 + 1] == "local" })
        else { return }
        let path = NSString.path(withComponents: Array(components[...(local + 1)]))
        var info = stat()
        // Only a real folder of this user's: a link or another's folder is not changed through.
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_uid == getuid(), info.st_mode & 0o077 != 0
        else { return }
        chmod(path, 0o700)
    }

    /// Clears the way for folio to write `url` (a file, or a folder with `directory`) inside
    /// `.folio/local/`: a folder standing where a file belongs, a file where a folder belongs, a link
    /// or a pipe on the way is moved aside to `<name>.damaged-<pid>` (never deleted: it may hold
    /// something someone put there), so the derived file is simply made again. Paths outside
    /// `.folio/local/` are left alone.
    public static func clearWay(to url: URL, directory: Bool = false) {
        let components = url.standardizedFileURL.pathComponents
        guard let local = (0..<max(0, components.count - 1)).last(where: { components[$0] == ".folio" && components[$0 + 1] == "local" })
        else { return }
        var path = NSString.path(withComponents: Array(components[...local]))
        for index in (local + 1)..<components.count {
            path += "/" + components[index]
            var info = stat()
            guard lstat(path, &info) == 0 else { return }
            let isLast = index == components.count - 1
            let type = info.st_mode & S_IFMT
            let wanted: mode_t = isLast && !directory ? S_IFREG : S_IFDIR
            if type != wanted {
                // Moved aside, never over an earlier one: the name holds the pid and the time.
                rename(path, path + ".damaged-\(getpid())-\(Vault.nowNanoseconds())")
                return
            }
        }
    }
}
