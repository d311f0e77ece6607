import FolioCore
import FolioStore
import Foundation

extension History {
    /// Where `folio clone` put a vault, and the remote it was cloned from.
    public struct Cloned: Sendable {
        public let vault: URL
        /// The remote as `origin` holds it: a local path made absolute.
        public let remote: String
    }

    /// `folio clone URL [DIRECTORY]`: the remote as typed (a path is taken from
    /// `workingDirectory`), into `directory`, else a folder named for the remote.
    public static func clone(_ typed: String, into directory: String?, from workingDirectory: URL, transport: SyncTransport)
        throws(FolioError) -> Cloned
    {
        let target = absoluteURL(directory ?? defaultDirectory(for: typed), from: workingDirectory)
        let remote = isLocalPath(typed) ? absoluteURL(typed, from: workingDirectory).path : typed
        try clone(url: remote, into: target, transport: transport)
        return Cloned(vault: target, remote: remote)
    }

    /// Whether a remote is a folder on this machine: no `scheme://`, and no `host:` before a path.
    static func isLocalPath(_ url: String) -> Bool {
        !url.contains("://") && !(url.contains(":") && !url.hasPrefix("/") && !url.hasPrefix("."))
    }

    /// The remote's last name without `.git` (`git@host:me/journal.git` → `journal`), as `git clone` names it.
    static func defaultDirectory(for url: String) -> String {
        var name = url.split(whereSeparator: { $0 == "/" || $0 == ":" }).last.map(String.init) ?? "journal"
        if name.hasSuffix(".git") { name = String(name.dropLast(4)) }
        return name.isEmpty ? "journal" : name
    }
}
