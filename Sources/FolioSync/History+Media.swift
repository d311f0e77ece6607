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
        guard let sha = MediaNaming.sha(ofStoredName: (path as NSString).lastPathComponent) else { return false }
        let commits: [OID]
        do {
            commits = try repository.log(limit: nil, path: path).map(\.oid)
        } catch {
            throw FolioError.git(error, during: .check)
        }
        for oid in commits {
            guard let data = try file(path, at: oid, during: .check), MediaNaming.hex(SHA256.hash(data: data)) == sha else { continue }
            return try vault.withLock { () throws(FolioError) -> Bool in
                let target = vault.url(path)
                guard !FileManager.default.fileExists(atPath: target.path) else { return false }
                try AtomicFile.makeDirectory(target.deletingLastPathComponent())
                try AtomicFile.write([UInt8](data), to: target)
                vault.recordWritten([path], "media: restore \(path)")
                return true
            }
        }
        return false
    }
}
