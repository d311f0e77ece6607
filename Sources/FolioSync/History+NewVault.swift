import FolioCore
import FolioStore
import Foundation
import Git

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
    ///
    /// Nothing is made when `directory` is a bare git repository (a remote, not a folder for a
    /// vault), nor when `remote` already holds a history: a new vault needs an empty remote, and
    /// one with a history is joined with `folio clone`. A remote that cannot be reached now is
    /// taken as given (the first sync reaches it).
    /// - Parameter shownDirectory: the folder as the user named it, for the command a refusal names.
    public static func makeVault(
        at directory: URL, shownDirectory: String, owner: Owner?, language: Language, remote: String?, allowSecrets: Bool,
        environment: [String: String], encrypt: Bool = false, lfs: Bool = false
    ) throws(FolioError) -> NewVault {
        if isBareRepository(directory) { throw FolioError(.remote(.bareRepository(path: shownDirectory))) }
        if let remote, try !remoteIsEmpty(remote, environment: environment) {
            throw FolioError(.remote(.remoteHoldsVault(url: remote, directory: shownDirectory)))
        }
        if let remote { try UserInput.checkSecrets(remote, .setting("sync.remote"), allowed: allowSecrets) }
        try AtomicFile.makeDirectory(directory)
        try initialise(at: directory)
        let vault = try Vault.initialise(at: directory, owner: owner, language: language, clock: Clock.from(environment: environment))
        vault.allowSecrets = allowSecrets
        if let remote {
            try vault.changeSettings { (settings: inout Settings) throws(FolioError) in try settings.set("sync.remote", to: remote) }
        }
        guard let history = try open(vault, environment: environment) else { return NewVault(vault: vault, leftOut: []) }
        try setNameOptions(history.repository, during: .initialise)
        if let remote { try history.setRemote(remote, during: .initialise) }
        if encrypt { _ = try history.prepareEncryption(vault) }
        if lfs { try history.prepareLFS(vault) }
        let leftOut = try history.commitHandChanges(in: vault, message: "init: new vault", during: .initialise).leftOut
        // An adopted folder's earlier commits: its files are committed again, encrypted.
        if encrypt { _ = try history.cryptInit(vault: vault) }
        return NewVault(vault: vault, leftOut: leftOut, keyPath: encrypt ? history.keyURL.path : nil)
    }

    /// The git options a vault of CJK names wants, as `git config` would set them in `.git/config`:
    /// `core.quotepath false` (`git status` and `git diff` show `日記.md`, not `"\346\227\245…"`)
    /// and `core.precomposeunicode true` (git on macOS commits the NFC names other devices write).
    static func setNameOptions(_ repository: Repository, during operation: GitOperation) throws(FolioError) {
        do {
            try repository.setConfig([("core.quotepath", "false"), ("core.precomposeunicode", "true")])
        } catch {
            throw FolioError.git(error, during: operation, file: ".git/config")
        }
    }

    /// Whether `directory` is a bare git repository (its own git directory, with no working tree).
    static func isBareRepository(_ directory: URL) -> Bool {
        guard FileManager.default.fileExists(atPath: directory.appendingPathComponent("HEAD").path),
            // try?: a folder that does not open as a repository is not a bare one.
            let repository = try? Repository.open(at: directory)
        else { return false }
        return repository.isBare
    }

    /// Whether the remote at `url` has no branch; true as well when it cannot be reached now.
    static func remoteIsEmpty(_ url: String, environment: [String: String]) throws(FolioError) -> Bool {
        let transport = SyncTransport(environment: environment, timeout: .seconds(20))
        let access = try transport.access(url)
        var heads = RemoteHeads(branches: [], defaultBranch: nil)
        do {
            try transport.run(access) { callbacks in
                heads = try Repository.listRemote(url: url, callbacks: callbacks, limits: transport.limits)
            }
        } catch {
            return true
        }
        return heads.branches.isEmpty
    }
}
