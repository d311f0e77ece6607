import FolioCore
import FolioStore
import Foundation
import Git

extension History {
    /// The records, templates and settings file that git ignores and does not track (a `*.md` rule
    /// in a `.gitignore` that came from another device): no commit of hand edits takes them, so
    /// they never sync. `status`, `check`, `commit` and `sync` name them.
    public func ignoredFiles(in vault: Vault) throws(FolioError) -> [String] {
        var paths = vault.recordPaths()
        if FileManager.default.fileExists(atPath: vault.configURL.path) { paths.append(".folio/config.yaml") }
        let templates = try Vault.folderNames(at: vault.templatesDirectory.path, shown: ".folio/templates")
        paths += templates.filter { $0.hasSuffix(".md") && !$0.hasPrefix(".") }.map { ".folio/templates/" + $0 }
        do {
            return try repository.ignoredUntracked(paths).sorted()
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
