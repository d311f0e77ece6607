import Crypto
import FolioCore
import FolioStore
import Foundation
import Git

extension History {
    /// Every path under `media/` that any commit added, changed or removed.
    public func mediaPaths() throws(FolioError) -> [String] {
        let paths = try log().flatMap { entry in entry.paths.filter { $0.hasPrefix("media/") } }
        return Array(Set(paths)).sorted()
    }

    /// Writes a media file back from the newest commit that holds it with the bytes its name promises.
    ///
    /// Only a missing file is restored; a file present on disk is never replaced. The file is
    /// committed when it differs from the last commit (its removal had been committed).
    /// - Returns: whether the file was restored.
    public func restoreMedia(_ path: String, in vault: Vault) throws(FolioError) -> Bool {
        guard let data = try goodBytes(of: path) else { return false }
        return try vault.withLock { () throws(FolioError) -> Bool in
            let target = vault.url(path)
            guard !FileManager.default.fileExists(atPath: target.path) else { return false }
            try AtomicFile.makeDirectory(target.deletingLastPathComponent())
            try AtomicFile.write([UInt8](data), to: target, expecting: .absent)
            vault.recordWritten([path], "media: restore \(path)")
            return true
        }
    }

    /// Puts back the bytes of a damaged media file (one whose bytes no longer hash to its name)
    /// from the newest commit that holds the bytes its name promises, after moving the damaged
    /// file to `.folio/local/damaged/` (it is never destroyed). Nothing is done to a file that is
    /// not damaged (any more).
    /// - Returns: where the damaged bytes were kept (vault-relative), or nil when no commit holds
    ///   the good bytes (the file then stays as it is).
    public func restoreDamagedMedia(_ path: String, in vault: Vault) throws(FolioError) -> String? {
        guard vault.isDamagedMedia(path), let data = try goodBytes(of: path) else { return nil }
        return try vault.withLock { () throws(FolioError) -> String? in
            guard vault.isDamagedMedia(path) else { return nil }
            let kept = try vault.keepAside(path)
            try AtomicFile.write([UInt8](data), to: vault.url(path), expecting: .absent)
            vault.recordWritten([path], "media: restore \(path)")
            return kept
        }
    }

    /// The bytes of the media file `path` from the newest commit in which they hash to its name.
    func goodBytes(of path: String) throws(FolioError) -> Data? {
        guard let sha = MediaNaming.sha(ofStoredName: (path as NSString).lastPathComponent) else { return nil }
        let commits: [OID]
        do {
            commits = try repository.log(limit: nil, path: path).map(\.oid)
        } catch {
            throw FolioError.git(error, during: .check)
        }
        for oid in commits {
            if let data = try file(path, at: oid, during: .check), MediaNaming.hex(SHA256.hash(data: data)) == sha { return data }
        }
        return nil
    }
}
