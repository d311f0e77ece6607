import FolioCore
import FolioStore
import Foundation

extension History {
    /// What `folio init` makes: the folder, its git repository (or the one already there), the
    /// vault's files and owner, the remote as setting and `origin`, and the first commit.
    public struct NewVault {
        public let vault: Vault
        /// Files the first commit left out, each with its reason.
        public let leftOut: [FolioError]
    }

    /// Makes `directory` a vault (or adopts the one there) and commits what it holds.
    public static func makeVault(
        at directory: URL, owner: Owner?, language: Language, remote: String?, allowSecrets: Bool,
        environment: [String: String]
    ) throws(FolioError) -> NewVault {
        try AtomicFile.makeDirectory(directory)
        try initialise(at: directory)
        let vault = try Vault.initialise(at: directory, owner: owner, language: language, clock: Clock.from(environment: environment))
        vault.allowSecrets = allowSecrets
        if let remote {
            var settings = vault.settings
            try settings.set("sync.remote", to: remote)
            try vault.saveSettings(settings)
        }
        guard let history = try open(vault, environment: environment) else { return NewVault(vault: vault, leftOut: []) }
        if let remote { try history.setRemote(remote) }
        return NewVault(vault: vault, leftOut: try history.commitHandChanges(in: vault, message: "init: new vault").leftOut)
    }
}
