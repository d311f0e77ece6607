import FolioCore
import FolioLFS
import FolioStore
import Foundation
import Git
import LFSStore

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

    /// What `check` found, and how many records it read.
    public struct Report {
        public var findings: [CheckFinding]
        public var recordCount: Int
    }

    /// The record checks, then the media checks; `progress` hears how many media files were hashed.
    /// The records are read a batch at a time (``Vault/forEachRecordBatch(_:)``): what the checks
    /// keep of each is its id, its parent, the media it lists and what was found in it, so a large
    /// vault is never held whole.
    public func findings(quick: Bool, progress: (@Sendable (Int, Int) -> Void)? = nil) -> Report {
        let files = vault.allFiles()
        // The history's parts come first, each letting go of what libgit2 cached for it, so that
        // none of it is held while the records are read (at 300,000 records the history's walk,
        // the status and the index were 150 MB kept beside the records' checks).
        var repository: [CheckFinding] = history?.repositoryFindings() ?? []
        history?.repository.releaseCaches()
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
        // Right after the status, whose listing of ignored files it uses.
        let inGit = gitFindings(files)
        history?.repository.releaseCaches()
        var records = RecordChecks(vault: vault)
        var media = MediaChecks(vault: vault)
        var secrets = SecretChecks(vault: vault, paths: publishable)
        var escaping: [String] = []
        vault.forEachRecordBatch { batch in
            records.add(batch)
            media.add(batch)
            secrets.add(batch)
            escaping += batch.escapingLinks
        }
        let findings =
            repository + records.findings() + vault.linksLeadingOutside(publishable, besides: escaping) + vault.conflictCopies(files)
            + vault.hardLinksOutside(publishable) + media.findings(quick: quick, progress: progress)
            + secrets.findings() + vault.namesNotPortable(files)
            + unencrypted.map(CheckFinding.storedUnencrypted)
            + inGit
            + vault.warnings.filter(Self.isSettingsProblem).map(CheckFinding.setting)
            + (vault.inboxKindProblem().map { [CheckFinding.setting($0)] } ?? [])
        return Report(findings: findings, recordCount: records.recordCount)
    }

    /// A warning every command gives about `.folio/config.yaml`: it could not be read, or a value
    /// in it is one its setting does not take (that setting is its default meanwhile).
    public static func isSettingsProblem(_ warning: FolioError) -> Bool {
        switch warning.message {
        case .configDamaged, .settingFallsBack: true
        default: false
        }
    }

    /// What git makes of the files: control files it would wait on, names another device would
    /// take for one, and files it ignores. Without a history, only the names.
    func gitFindings(_ files: [String]) -> [CheckFinding] {
        var findings: [CheckFinding] = []
        let gitDirectory = vault.root.appendingPathComponent(".git")
        if let bad = ControlFiles.problem(inTreeAt: vault.root, gitDirectory: gitDirectory) {
            // git cannot be asked anything more: it would wait on that file.
            return [.gitFileNotRegular(bad)]
        }
        if let history {
            // Each part that fails is said, and the other still runs.
            do {
                findings += try history.nameCollisions(involving: files, in: vault).map(CheckFinding.nameCollision)
            } catch {
                findings.append(.notChecked(.nameCollisions, error))
            }
            do {
                findings += try history.ignoredFiles(in: vault).map(CheckFinding.ignoredByGit)
            } catch {
                findings.append(.notChecked(.ignoredFiles, error))
            }
        } else {
            findings += vault.nameCollisions(involving: files) { _ in false }.map(CheckFinding.nameCollision)
        }
        return findings
    }

    /// A problem of the LFS store as the user reads it, the path made the vault's own.
    func storeError(_ problem: LFSStoreProblem) -> FolioError {
        let prefix = vault.root.path + "/"
        func shown(_ path: String) -> String { path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path }
        switch problem {
        case .unreadable(let path, let reason), .unwritable(let path, let reason):
            return FolioError(.fileUnreadable(reason), file: shown(path))
        case .wrongHash, .wrongSize: return FolioError(.fileUnreadable(problem.description))
        }
    }

    /// LFS: every object of the local store hashed again (unless `quick`), and the pointers of the
    /// last commit whose object is neither here nor, as the server says, there. Offline, the
    /// server's part is a warning that it could not be asked.
    public func lfsFindings(quick: Bool, transport: SyncTransport) async -> [CheckFinding] {
        guard let history, history.usesLFS(vault) else { return [] }
        var findings: [CheckFinding] = []
        let store = history.lfsStore
        let pointers: [History.PointerFile]
        do {
            guard let head = try history.gitStep("git", { try history.repository.head() }) else { return [] }
            pointers = try history.pointers(in: head)
        } catch {
            // Not checked is said, never taken for "nothing found".
            return [.unreadable(error)]
        }
        if !quick {
            do {
                for object in try store.objects() where try !store.verify(object.oid) {
                    findings.append(.lfsObjectCorrupt(oid: object.oid, files: pointers.filter { $0.pointer.oid == object.oid }.map(\.path)))
                }
            } catch {
                findings.append(.notChecked(.lfsObjects, storeError(error)))
            }
        }
        let absent = pointers.filter { !store.contains($0.pointer) && LFSPointerFile.pointer(in: vault.url($0.path)) != nil }
        guard !absent.isEmpty else { return findings }
        do {
            let remoteURL = try history.gitStep("git remote") { try history.repository.remoteURL() }
            // No server to ask is not proof of loss: said as a warning.
            guard let client = try await history.lfsClient(transport: transport, remoteURL: remoteURL) else {
                return findings + [.lfsServerNotAsked(.noEndpoint)]
            }
            let present = try await client.present(absent.map(\.pointer))
            findings += absent.filter { !present.contains($0.pointer.oid) }.map { .lfsObjectLost(path: $0.path) }
        } catch let error as LFSTransferFailure {
            // The reason alone: the message already says the server could not be reached.
            if case .unreachable(let reason) = error {
                findings.append(.lfsServerNotAsked(.unreachable(reason)))
            } else {
                findings.append(.lfsServerNotAsked(.unreachable(error.description)))
            }
        } catch let error as FolioError {
            findings.append(.unreadable(error))
        } catch {
            findings.append(.lfsServerNotAsked(.unreachable(String(describing: error))))
        }
        return findings
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
    /// away from, gives a name that macOS and Windows take for another its free NFC name, and a name
    /// another device would see differently (NFD, or one Windows cannot hold) one it sees the same
    /// (links to them following), restores missing media from history, puts back the committed bytes of damaged
    /// media (the damaged bytes moved to `.folio/local/damaged/`, never destroyed), and applies each
    /// orphan's delete rule when `confirm` agrees. What it did goes to `said`.
    ///
    /// The records are read whole only when a name must be freed (links to it follow) or an orphan
    /// may be removed with what belongs to it, each time as the repairs before left them.
    public func repair(_ findings: [CheckFinding], confirm: (Question) -> Bool, said: (Message) -> Void) throws(FolioError) {
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
                for file in Self.damagedMedia(findings) {
                    if let kept = try history.restoreDamagedMedia(file, in: vault) {
                        said(.file(.mediaRestored(file: file, kept: kept)))
                    } else {
                        said(.file(.mediaNotRestorable(file)))
                    }
                }
            }
            let collisions = findings.compactMap { if case .nameCollision(let collision) = $0 { collision } else { nil } }
            for renamed in try vault.renameCollidingNames(collisions, in: collisions.isEmpty ? .empty : vault.loadRecords()) {
                said(.file(.collisionRenamed(from: renamed.from, to: renamed.to, other: renamed.other, relinked: renamed.relinked.count)))
            }
            let renames = findings.compactMap { if case .nameSeenDifferently(let name) = $0 { name } else { nil } }
            for renamed in try vault.renameNamesSeenDifferently(renames, in: renames.isEmpty ? .empty : vault.loadRecords()) {
                said(.file(.nameRenamed(from: renamed.from, to: renamed.to, relinked: renamed.relinked.count)))
            }
            let copies = findings.compactMap { if case .keptTwice(let path, let key, _) = $0 { (path, key) } else { nil } }
            for (path, key) in copies {
                try vault.update(try vault.findRecord(path, workingDirectory: nil), keys: [(key, nil)], verb: "unset \(key)")
                said(.check(.copyRemoved(path: path, key: key)))
            }
            let orphans = findings.contains { if case .orphan(_, _, let rule) = $0 { rule != .refuse } else { false } }
            if orphans { try repairOrphans(findings, in: vault.loadRecords(), confirm: confirm, said: said) }
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
    /// size only), and the damaged media files found before that are damaged still.
    public func remaining(after findings: [CheckFinding]) -> [CheckFinding] {
        let damaged = Set(Self.damagedMedia(findings).filter(vault.isDamagedMedia))
        let corrupt = findings.filter { if case .mediaCorrupt(let file, _) = $0 { damaged.contains(file) } else { false } }
        return self.findings(quick: true).findings + corrupt
    }

    /// The media files the findings name as damaged (bytes that no longer hash to their names).
    static func damagedMedia(_ findings: [CheckFinding]) -> [String] {
        findings.compactMap { if case .mediaCorrupt(let file, _) = $0 { file } else { nil } }.sorted()
    }
}

extension History {
    /// What is wrong with the repository itself: a shallow history, and the objects its history
    /// needs and lacks, as `git fsck --connectivity-only` finds them (from every reference, HEAD,
    /// the reflogs and the index; commits, trees and tags read, blobs looked up).
    public func repositoryFindings() -> [CheckFinding] {
        var findings: [CheckFinding] = []
        do {
            let roots = try repository.shallowRoots
            if !roots.isEmpty { findings.append(.shallowHistory(cutAt: roots.map(\.short))) }
            findings += try repository.missingObjects().map { .objectMissing(id: $0.id.hex, kind: $0.kind.rawValue, neededBy: $0.neededBy) }
        } catch {
            findings.append(.unreadable(FolioError.git(error, during: .check, file: ".git")))
        }
        return findings
    }
}
