import FolioCore
import FolioStore
import Foundation
import Git

extension History {
    /// The settings of `.git/config` with which a stock `git` (with `git-crypt` and `git-lfs`
    /// installed) reads and writes this vault as folio does: git-crypt's filter when the vault is
    /// encrypted and this device has its key, LFS's (chained after git-crypt's in an encrypted
    /// vault) when media go through LFS. Without them `git add` of a photo in an unlocked vault
    /// stores it plain, and `git push` sends it to the host. A locked vault wants none: its files
    /// on disk are ciphertext, which git must take as they are.
    func stockGitSettings(_ vault: Vault) throws(FolioError) -> [(name: String, value: String)] {
        let encryption = try encryption(of: vault)
        guard encryption != .locked else { return [] }
        var wanted = encryption == .unlocked ? Self.gitCryptConfig : []
        if usesLFS(vault) { wanted += lfsSetup(encrypted: encryption == .unlocked).config }
        return wanted
    }

    /// Writes into `.git/config` those of ``stockGitSettings(_:)`` it lacks or holds otherwise, and
    /// returns their names. The one place these settings are written: init, clone, `crypt unlock`,
    /// `crypt init`, `media lfs`, and every command that writes (a vault an older folio set up).
    @discardableResult
    public func configureStockGit(_ vault: Vault, during operation: GitOperation) throws(FolioError) -> [String] {
        let own = repository.gitDirectory.appendingPathComponent("config")
        let wanted = try stockGitSettings(vault)
        guard !wanted.isEmpty else { return [] }
        // Every writer runs this under its lock: the file is read once, whatever the settings.
        let current: [String: String]
        do {
            current = try Repository.configValues(wanted.map(\.name), inFile: own)
        } catch {
            throw FolioError.git(error, during: operation, file: ".git/config")
        }
        let missing = wanted.filter { current[$0.name] != $0.value }
        guard !missing.isEmpty else { return [] }
        do {
            try repository.setConfig(missing)
        } catch {
            throw FolioError.git(error, during: operation, file: ".git/config")
        }
        return missing.map(\.name)
    }
}
