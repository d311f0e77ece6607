import FolioCore
import FolioExchange
import FolioStore
import Foundation
import Git

extension History {
    /// What adopting `inbox/` would do now (`folio inbox --dry-run`): nothing is written.
    /// - Throws: ``FolioError`` when `inbox.kind` names a kind no new record can be of.
    public func planInbox(in vault: Vault) throws(FolioError) -> InboxPlan {
        try Inbox.plan(vault) { path in addedTime(of: path, zone: vault.clock.zone) }
    }

    /// `folio inbox`, and `sync` once it has merged the remote: every file other apps dropped into
    /// `inbox/` becomes a record in one commit that also removes it (``FolioExchange/Inbox``).
    ///
    /// Inbox files this device never committed (dropped here by hand) are committed first as they
    /// came, so `folio undo` of the adoption brings them back.
    /// - Throws: ``FolioError``; every inbox file is where it was then.
    public func adoptInbox(in vault: Vault) throws(FolioError) -> InboxResult {
        try vault.withLock { () throws(FolioError) -> InboxResult in
            let plan = try planInbox(in: vault)
            guard !plan.isEmpty else { return InboxResult(notices: plan.notices) }
            let arrived = plan.removals.filter { !isCommittedAsOnDisk($0, in: vault) }
            if !arrived.isEmpty {
                try commit(paths: arrived, vault: vault) { held in "inbox: receive \(held.count) file\(held.count == 1 ? "" : "s")" }
            }
            return try Inbox.adopt(plan, into: vault)
        }
    }

    /// Adopts `inbox/` during a sync: a failure (a bad `inbox.kind`, a full disk) is one of the
    /// notices, never the end of the sync, which still sends what it merged.
    func adoptInboxDuringSync(_ vault: Vault, into report: inout SyncReport) {
        do {
            let result = try adoptInbox(in: vault)
            report.inbox.written += result.written
            report.inbox.sources += result.sources
            report.inbox.removed += result.removed
            report.inbox.newMedia += result.newMedia
            report.inbox.notices = result.notices
        } catch {
            report.inbox.notices = [error]
        }
    }

    /// When `path` was added: the author time of the oldest commit on HEAD's history that changed
    /// it, in the author's own offset, so every device that has that commit gets the same time.
    /// Nil for a file HEAD does not hold.
    func addedTime(of path: String, zone fallback: TimeZone) -> Timestamp? {
        let first: Commit
        do {
            guard let head = try repository.head(), try repository.blob(at: path, in: head) != nil,
                let oldest = try repository.log(from: head, path: path).last
            else { return nil }
            first = oldest
        } catch {
            // A history that cannot be read gives no time; the file's modification time is used then.
            return nil
        }
        let zone = TimeZone(secondsFromGMT: first.author.offsetMinutes * 60) ?? fallback
        return Timestamp(date: first.author.time, zone: zone)
    }

    /// Whether HEAD holds `path` with the bytes it has on disk.
    func isCommittedAsOnDisk(_ path: String, in vault: Vault) -> Bool {
        do {
            guard let head = try repository.head(), let committed = try repository.blob(at: path, in: head),
                let bytes = Vault.readFile(vault.url(path).path)
            else { return false }
            return committed.elementsEqual(bytes)
        } catch {
            // Committed bytes that cannot be read: the file is committed again (no change makes no commit).
            return false
        }
    }
}
