import FolioCore
import Foundation

/// Finds a vault the way git finds a repository.
public enum VaultLocation {
    public static let folioDirectory = ".folio"

    /// `--vault PATH`, else `FOLIO_VAULT`, else the nearest ancestor of `workingDirectory` holding `.folio/`.
    /// - Throws: ``FolioError`` `.notAVault` for an explicit path without `.folio/`, `.noVaultFound` otherwise.
    public static func find(explicit: String?, environment: [String: String], workingDirectory: URL) throws(FolioError) -> URL {
        if let path = explicit ?? environment["FOLIO_VAULT"], !path.isEmpty {
            let url = absoluteURL(path, from: workingDirectory)
            guard isVault(url) else { throw FolioError(.notAVault(path)) }
            return url
        }
        var directory = workingDirectory.standardizedFileURL
        while true {
            if isVault(directory) { return directory }
            let parent = directory.deletingLastPathComponent()
            if parent.path == directory.path { break }
            directory = parent
        }
        throw FolioError(.noVaultFound)
    }

    public static func isVault(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.appendingPathComponent(folioDirectory).path, isDirectory: &isDirectory)
            && isDirectory.boolValue
    }
}

/// `path` made absolute against `directory` (a plain join: Foundation's relative URLs drop the
/// last component of a base without a trailing slash), with `.` and `..` removed.
public func absoluteURL(_ path: String, from directory: URL) -> URL {
    let joined = path.hasPrefix("/") ? path : directory.path + "/" + path
    return URL(fileURLWithPath: joined).standardizedFileURL
}
