import Foundation
import Synchronization
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

/// Where a repository keeps its git-crypt key: `<git directory>/git-crypt/keys/default`, the file
/// `git-crypt unlock` writes, so folio and the `git-crypt` command share one key in one checkout.
///
/// It lies inside the git directory, which git never commits nor sends, and is written with mode
/// 0600 in folders of mode 0700. What is read from it is checked as any file on disk is: a link,
/// something else than a regular file, or a file that is not a key is refused as a damaged key,
/// never taken for no key (which would have a new key made over it).
public enum GitCryptKeyStore {
    /// The default key's file in the git directory `gitDirectory`.
    public static func url(gitDirectory: URL) -> URL {
        gitDirectory.appendingPathComponent(filePath)
    }

    /// The default key's file inside the git directory, as messages name it.
    static let filePath = "git-crypt/keys/default"
    public static var relativePath: String { ".git/" + filePath }

    /// The key installed in `gitDirectory`, or nil when there is none.
    /// - Throws: ``CryptProblem`` when the file is there and is not a key folio can use.
    public static func installed(gitDirectory: URL) throws(CryptProblem) -> GitCryptKey? {
        try cache.key(at: url(gitDirectory: gitDirectory).path)
    }

    /// Writes `key` as the repository's default key, replacing one that is there; the file is
    /// complete or absent, never half written.
    /// - Throws: the system's error when the folder or the file cannot be written.
    public static func install(_ key: GitCryptKey, gitDirectory: URL) throws {
        let target = url(gitDirectory: gitDirectory)
        var folder = gitDirectory
        for name in ["git-crypt", "keys"] {
            folder.appendPathComponent(name)
            if mkdir(folder.path, 0o700) != 0 && errno != EEXIST { throw systemError("mkdir", folder.path) }
        }
        try writePrivately(key.fileBytes, to: target)
    }

    /// Writes `bytes` to `url` with mode 0600: a new file beside it, flushed, renamed over it.
    public static func writePrivately(_ bytes: [UInt8], to url: URL) throws {
        let temporary = url.deletingLastPathComponent().appendingPathComponent(
            ".\(url.lastPathComponent)." + TemporaryName.unique() + ".tmp")
        unlink(temporary.path)
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw systemError("open", temporary.path) }
        var written = 0
        let complete = bytes.withUnsafeBytes { buffer -> Bool in
            while written < buffer.count {
                let count = write(descriptor, buffer.baseAddress.map { $0 + written }, buffer.count - written)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                written += count
            }
            return true
        }
        let flushed = complete && fsync(descriptor) == 0
        let closed = close(descriptor) == 0
        guard flushed, closed, rename(temporary.path, url.path) == 0 else {
            let error = systemError("write", url.path)
            unlink(temporary.path)
            throw error
        }
    }

    private static func systemError(_ call: String, _ path: String) -> NSError {
        let code = errno
        return NSError(
            domain: NSPOSIXErrorDomain, code: Int(code),
            userInfo: [NSLocalizedDescriptionKey: "\(call) \(path): \(String(cString: strerror(code)))"])
    }

    /// Keys read, by file and the file's stamp: a filter asks for the key once per file it filters.
    private static let cache = KeyCache()
}

/// The keys read so far, each with the stamp of the file it came from, read again when that changes.
private final class KeyCache: Sendable {
    private let entries = Mutex<[String: (stamp: FileIdentity, key: Result<GitCryptKey, CryptProblem>)]>([:])
    /// No key file is longer than this (a few entries of 128 bytes).
    private let longest = 64 * 1024

    func key(at path: String) throws(CryptProblem) -> GitCryptKey? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        guard info.st_mode & S_IFMT == S_IFREG else { throw .malformedKey(reason: "not a regular file") }
        let stamp = FileIdentity(info)
        let known = entries.withLock { $0[path] }
        if let known, known.stamp == stamp { return try known.key.get() }
        let result: Result<GitCryptKey, CryptProblem>
        if let bytes = read(path) {
            do throws(CryptProblem) {
                result = .success(try GitCryptKey(file: bytes))
            } catch {
                result = .failure(error)
            }
        } else {
            result = .failure(.malformedKey(reason: "unreadable"))
        }
        entries.withLock { $0[path] = (stamp, result) }
        return try result.get()
    }

    /// The whole file, read without following a link; nil when it cannot be read or is too long.
    private func read(_ path: String) -> [UInt8]? {
        // Never waits on a pipe: the type is checked before anything is read.
        guard let (descriptor, _) = Descriptor.openRegular(path) else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while bytes.count <= longest {
            let count = buffer.withUnsafeMutableBytes { Descriptor.read(descriptor, into: $0) }
            guard count >= 0 else { return nil }
            if count == 0 { return bytes }
            bytes.append(contentsOf: buffer[0..<count])
        }
        return nil
    }
}
