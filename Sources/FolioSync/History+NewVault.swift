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
        /// Where the key is, when the vault is encrypted from its first commit.
        public var keyPath: String?
    }

    /// Makes `directory` a vault (or adopts the one there) and commits what it holds; with
    /// `encrypt`, encrypted from the first commit on (see ``cryptInit(vault:)``), so no commit
    /// ever holds a file in the clear.
    public static func makeVault(
        at directory: URL, owner: Owner?, language: Language, remote: String?, allowSecrets: Bool,
        environment: [String: String], encrypt: Bool = false, lfs: Bool = false
    ) throws(FolioError) -> NewVault {
        if let remote { try UserInput.checkSecrets(remote, .setting("sync.remote"), allowed: allowSecrets) }
        try AtomicFile.makeDirectory(directory)
        try initialise(at: directory)
        let vault = try Vault.initialise(at: directory, owner: owner, language: language, clock: Clock.from(environment: environment))
        vault.allowSecrets = allowSecrets
        if let remote {
            try vault.changeSettings { (settings: inout Settings) throws(FolioError) in try settings.set("sync.remote", to: remote) }
        }
        guard let history = try open(vault, environment: environment) else { return NewVault(vault: vault, leftOut: []) }
        if let remote { try history.setRemote(remote) }
        if encrypt { _ = try history.prepareEncryption(vault) }
        if lfs { try history.prepareLFS(vault) }
        let leftOut = try history.commitHandChanges(in: vault, message: "init: new vault").leftOut
        // An adopted folder's earlier commits: its files are committed again, encrypted.
        if encrypt { _ = try history.cryptInit(vault: vault) }
        return NewVault(vault: vault, leftOut: leftOut, keyPath: encrypt ? history.keyURL.path : nil)
    }
}
