import FolioCore
import FolioStore
import Foundation
import Git

extension History {
    /// The records, templates and settings file that git ignores and does not track (a `*.md` rule
    /// in a `.gitignore` that came from another device): no commit of hand edits takes them, so
    /// they never sync. `status`, `check`, `commit` and `sync` name them.
    ///
    /// Right after a status that listed the vault itself, its records are those of the ignored
    /// files it met; else (libgit2's status, or a folder git ignores whole that may hold records)
    /// every record path is asked about.
    public func ignoredFiles(in vault: Vault) throws(FolioError) -> [String] {
        var settings: [String] = []
        if FileManager.default.fileExists(atPath: vault.configURL.path) { settings.append(".folio/config.yaml") }
        let templates = try Vault.folderNames(at: vault.templatesDirectory.path, shown: ".folio/templates")
        settings += templates.filter { $0.hasSuffix(".md") && !$0.hasPrefix(".") }.map { ".folio/templates/" + $0 }
        do {
            if let seen = repository.takeIgnoredFromLastStatus(), !seen.folders.contains(where: Vault.mayHoldRecords(folder:)) {
                return try (seen.files.filter(Vault.isRecordPath) + repository.ignoredUntracked(settings)).sorted()
            }
            return try repository.ignoredUntracked(vault.recordPaths() + settings).sorted()
        } catch {
            throw FolioError.file(from: error) ?? FolioError.git(error, during: .status)
        }
    }
}

extension History {
    /// The collisions (names another device would take for one) that involve `paths`, the one the
    /// index holds being the one that stays.
    public func nameCollisions(involving paths: [String], in vault: Vault) throws(FolioError) -> [NameCollision] {
        guard !paths.isEmpty else { return [] }
        let candidates = vault.nameCollisionCandidates(paths)
        let tracked: Set<[UInt8]>
        do {
            tracked = try repository.trackedPaths(among: candidates)
        } catch {
            throw FolioError.file(from: error) ?? FolioError.git(error, during: .status)
        }
        return vault.nameCollisions(involving: paths) { tracked.contains(Array($0.utf8)) }
    }
}
