import FolioCore
import FolioStore
import Foundation
import Git

/// `folio check`: what hand edits, crashes and syncs leave behind, and `--fix`, which repairs what
/// can be repaired in one commit (so one `folio undo` puts it all back). A vault without a history
/// is checked too; only restoring missing media needs one.
public struct VaultCheck {
    public let vault: Vault
    public let history: History?

    public init(vault: Vault, history: History?) {
        self.vault = vault
        self.history = history
    }

    /// The record checks, then the media checks; `progress` hears how many media files were hashed.
    public func findings(_ set: RecordSet, quick: Bool, progress: (@Sendable (Int, Int) -> Void)? = nil) -> [CheckFinding] {
        let files = vault.allFiles()
        var repository: [CheckFinding] = history?.repositoryFindings() ?? []
        // What a commit would hold: git's view when there is a history (ignored files are never
        // committed); the files on disk when git cannot say, which is said too.
        var publishable = files.filter { !AtomicFile.isTemporaryPath($0) }
        var unencrypted: [String] = []
        do {
            if let history {
                publishable = try history.publishablePaths()
                unencrypted = try history.storedUnencrypted(vault: vault)
            }
        } catch {
            repository.append(.unreadable(error))
        }
        return repository + vault.check(set) + vault.linksLeadingOutside(publishable, in: set) + vault.conflictCopies(files)
            + vault.hardLinksOutside(publishable) + vault.checkMedia(set, quick: quick, progress: progress)
            + vault.checkSecrets(publishable, in: set) + vault.namesNotPortable(files)
            + unencrypted.map(CheckFinding.storedUnencrypted)
    }

    /// What `--fix` asks before it changes a record.
    public enum Question {
        /// An orphan whose kind keeps it: clear its `parent`?
        case clearParent(path: String)
        /// An orphan whose kind goes with its parent: remove it and what belongs to it?
        case cascade(DeletePlan, records: [Record])
    }

    /// Repairs what can be repaired, in one commit: removes leftover temporary files, gives a file
    /// shared with one outside the vault a copy of its own, relinks links to media a record moved
    /// away from, restores missing media from history, and applies each orphan's delete rule
    /// when `confirm` agrees. A damaged media file is never touched. What it did goes to `said`.
    public func repair(
        _ findings: [CheckFinding], in set: RecordSet, confirm: (Question) -> Bool, said: (Message) -> Void
    ) throws(FolioError) {
        try vault.inOneCommit({ $0.count == 1 ? $0[0] : "check: fix \($0.count) problems" }) { () throws(FolioError) in
            let strays = findings.compactMap { if case .strayTemporaryFile(let path) = $0 { path } else { nil } }
            if !strays.isEmpty { try vault.removeStrayTemporaryFiles(strays) }
            let shared = findings.compactMap { if case .hardLink(let path, _) = $0 { path } else { nil } }
            try vault.separateHardLinks(shared)
            for path in shared { said(.guarded(.hardLinkSeparated(path))) }
            let links = findings.compactMap { if case .brokenLink(let link) = $0 { link } else { nil } }
            for link in try vault.repairLinks(links) {
                said(.media(.relinked(record: link.record, from: link.destination, to: link.repair ?? "")))
            }
            if let history {
                let missing = Set(findings.compactMap { if case .mediaMissing(let file, _) = $0 { file } else { nil } })
                for file in missing.sorted() where try history.restoreMedia(file, in: vault) { said(.media(.restored(file))) }
            }
            try repairOrphans(findings, in: set, confirm: confirm, said: said)
        }
    }

    private func repairOrphans(
        _ findings: [CheckFinding], in set: RecordSet, confirm: (Question) -> Bool, said: (Message) -> Void
    ) throws(FolioError) {
        for finding in findings {
            guard case .orphan(let path, _, let rule) = finding, let record = set.records.first(where: { $0.path == path }) else {
                continue
            }
            switch rule {
            case .refuse:
                continue
            case .keep:
                guard confirm(.clearParent(path: path)) else { continue }
                try vault.update(record, set: [], unset: ["parent"])
                said(.orphanUnlinked(path))
            case .cascade:
                let plan = vault.planDelete([record], in: set)
                guard confirm(.cascade(plan, records: set.records)) else { continue }
                try vault.execute(plan, in: set)
                said(.deleted(plan.removals.count))
            }
        }
    }

    /// What a check would report after `--fix`: the rest of the vault checked again (media by
    /// size only), and the damaged media files as found, which `--fix` never touches.
    public func remaining(after findings: [CheckFinding]) -> [CheckFinding] {
        let corrupt = findings.filter { if case .mediaCorrupt = $0 { true } else { false } }
        return self.findings(vault.loadRecords(), quick: true) + corrupt
    }
}

extension History {
    /// What is wrong with the repository itself: a shallow history, and the objects its history
    /// needs and lacks, as `git fsck --connectivity-only` finds them (from every reference, HEAD,
    /// the reflogs and the index; commits, trees and tags read, blobs looked up).
    public func repositoryFindings() -> [CheckFinding] {
        var findings: [CheckFinding] = []
        let roots = repository.shallowRoots
        if !roots.isEmpty { findings.append(.shallowHistory(cutAt: roots.map(\.short))) }
        do {
            findings += try repository.missingObjects().map { .objectMissing(id: $0.id.hex, kind: $0.kind.rawValue, neededBy: $0.neededBy) }
        } catch {
            findings.append(.unreadable(FolioError.git(error, during: .check, file: ".git")))
        }
        return findings
    }
}
