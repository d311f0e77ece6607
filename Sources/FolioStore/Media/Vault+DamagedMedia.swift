import FolioCore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Media files are named by the sha256 of their bytes (`media/ab/ab12…ef.jpg`): a file whose bytes
/// no longer hash to its name is damaged (a disk error, a tool that rewrote it). Such a file is
/// never committed — committed, it would replace the good copy on every device — and it is never
/// destroyed either: what replaces it first moves it to `.folio/local/damaged/`, on this device only.
extension Vault {
    /// The folder damaged files are kept in: `.folio/local/damaged/`, never synced.
    public static let damagedFolder = ".folio/local/damaged"

    /// Whether the vault-relative `path` is a media file named by a hash its bytes no longer match.
    /// Files folio stored in this process are not hashed again while their stat is unchanged.
    public func isDamagedMedia(_ path: String) -> Bool {
        guard let sha = MediaNaming.promisedSHA(ofPath: path) else { return false }
        var info = stat()
        // A link or another kind of file is judged by the other checks (links leading out, names).
        guard lstat(url(path).path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
        let stamp = FileStamp(info)
        if verifiedMedia[path] == stamp { return false }
        let matches = Self.sha256(ofFile: url(path).path) == sha
        if matches { verifiedMedia[path] = stamp }
        return !matches
    }

    /// Remembers that freshly stored media files hold the bytes their names promise.
    func rememberVerified(_ media: [ImportedMedia]) {
        for item in media where item.needsCommit {
            var info = stat()
            if lstat(url(item.path).path, &info) == 0 { verifiedMedia[item.path] = FileStamp(info) }
        }
    }

    /// Moves the vault-relative `path` to `.folio/local/damaged/<path>.<stamp>` (a free name), keeping
    /// its bytes; the kept file's vault-relative path.
    /// - Throws: ``FolioError`` `.writeFailed` when it cannot be moved (it stays where it was).
    static func keepAside(_ path: String, root: URL, stamp: String) throws(FolioError) -> String {
        let base = "\(damagedFolder)/\(path).\(stamp)"
        var kept = base
        var counter = 2
        while lstatExists(root.appendingPathComponent(kept)) {
            kept = "\(base)-\(counter)"
            counter += 1
        }
        let target = root.appendingPathComponent(kept)
        try AtomicFile.makeDirectory(target.deletingLastPathComponent())
        guard rename(root.appendingPathComponent(path).path, target.path) == 0 else {
            throw FolioError(.writeFailed(SystemReason(errno: errno)), file: path)
        }
        return kept
    }

    /// Moves a damaged file aside (see ``keepAside(_:root:stamp:)``), stamped with this vault's clock.
    public func keepAside(_ path: String) throws(FolioError) -> String {
        try Self.keepAside(path, root: root, stamp: Self.keptStamp(clock))
    }

    /// `20261122-180411`: when a damaged file was kept, in the vault's zone.
    static func keptStamp(_ clock: Clock) -> String {
        let text = clock.timestamp.text
        let digits = text.prefix(19).filter(\.isNumber)
        guard digits.count == 14 else { return "kept" }
        return String(digits.prefix(8)) + "-" + String(digits.suffix(6))
    }
}
