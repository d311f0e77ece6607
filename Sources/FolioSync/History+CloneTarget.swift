import FolioCore
import FolioSecrets
import FolioStore
import Foundation

extension History {
    /// Where `folio clone` put a vault, the remote it was cloned from, and whether it is locked.
    public struct ClonedVault: Sendable {
        public let vault: URL
        /// The remote as `origin` holds it: a local path made absolute, a password taken out.
        public let remote: String
        /// Encrypted, and no key given: its files are ciphertext until `crypt unlock`.
        public let locked: Bool
        /// The URL held a password, used for the clone and kept nowhere.
        public let passwordNotKept: Bool
        /// The media downloaded after the checkout (LFS vaults).
        public let mediaFetch: MediaFetchReport?
    }

    /// `folio clone URL [DIRECTORY] [--key FILE]`: the remote as typed (a path, and the key
    /// file, are taken from `workingDirectory`), into `directory`, else a folder named for the remote.
    public static func clone(
        _ typed: String, into directory: String?, key: String?, from workingDirectory: URL, transport: SyncTransport
    ) async throws(FolioError) -> ClonedVault {
        let shown = directory ?? defaultDirectory(for: typed)
        let target = absoluteURL(shown, from: workingDirectory)
        let remote = isLocalPath(typed) ? absoluteURL(typed, from: workingDirectory).path : typed
        let cloned = try await clone(
            url: remote, into: target, transport: transport, keyFile: key.map { absoluteURL($0, from: workingDirectory) },
            shownDirectory: shown)
        let kept = URLPassword.removed(from: remote)
        return ClonedVault(
            vault: target, remote: kept, locked: cloned.locked, passwordNotKept: kept != remote, mediaFetch: cloned.mediaFetch)
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
