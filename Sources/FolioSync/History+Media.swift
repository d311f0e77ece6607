import Crypto
import Foundation
import FolioCore
import FolioStore
import Git

extension History {
    /// Every path under `media/` that any commit added, changed or removed.
    public func mediaPaths() throws(FolioError) -> [String] {
        let paths = try log().flatMap { entry in entry.paths.filter { $0.hasPrefix("media/") } }
        return Array(Set(paths)).sorted()
    }

    /// Writes a media file back from the newest commit that holds it with the bytes its name promises.
    ///
    /// Only a missing file is restored; a file present on disk is never replaced.
    /// - Returns: whether the file was restored.
    public func restoreMedia(_ path: String, in vault: Vault) throws(FolioError) -> Bool {
        guard let sha = MediaNaming.sha(ofStoredName: (path as NSString).lastPathComponent) else { return false }
        for entry in try log(path: path) {
            guard let oid = OID(hex: entry.commit), let data = try file(path, at: oid) else { continue }
            let digest = SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
            guard digest == sha else { continue }
            return try vault.withLock { () throws(FolioError) -> Bool in
                let target = vault.url(path)
                guard !FileManager.default.fileExists(atPath: target.path) else { return false }
                try AtomicFile.makeDirectory(target.deletingLastPathComponent())
                try AtomicFile.write([UInt8](data), to: target)
                return true
            }
        }
        return false
    }
}
