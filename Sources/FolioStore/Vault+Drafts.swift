import FolioCore
import Foundation
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

/// A copy of a record that `folio edit` hands to the editor, in `.folio/local/` (never beside the
/// record, so a crash never leaves a second copy of it in the vault): `edit-<id>-<pid>.md`.
public struct EditDraft: Sendable, Equatable {
    public var url: URL
    /// When the draft was last written.
    public var modified: Date
    /// The `folio edit` that made it.
    public var processID: Int32
}

extension Vault {
    /// How long a draft left by an edit that did not finish is kept: a week.
    public static let draftLifetime: TimeInterval = 7 * 86_400

    /// Where this process's draft of the record `id` goes.
    public func draftURL(for id: String) -> URL {
        localDirectory.appendingPathComponent("edit-\(Self.draftName(id))-\(getpid()).md")
    }

    /// Drafts of the record `id` that earlier `folio edit`s left behind (interrupted, or refused
    /// and kept), newest first; a draft whose edit is still running is not among them.
    /// - Throws: ``FolioError`` when `.folio/local/` is there and cannot be listed: a draft is never hidden.
    public func leftoverDrafts(of id: String) throws(FolioError) -> [EditDraft] {
        let prefix = "edit-\(Self.draftName(id))-"
        return try allDrafts().filter { draft in
            let name = draft.url.lastPathComponent
            return name.hasPrefix(prefix) && draft.processID != getpid() && !Self.isRunning(draft.processID)
                && !name.dropFirst(prefix.count).dropLast(3).contains("-")
        }.sorted { $0.modified > $1.modified }
    }

    /// Removes drafts older than ``draftLifetime`` (by their files' time, against `now`) whose edit is
    /// no longer running; returns how many.
    @discardableResult
    public func removeStaleDrafts(now: Date = Date()) -> Int {
        var removed = 0
        // try?: clean-up only; an unlistable folder is said by the edit's own look for drafts.
        for draft in (try? allDrafts()) ?? []
        where now.timeIntervalSince(draft.modified) > Self.draftLifetime && !Self.isRunning(draft.processID) {
            if unlink(draft.url.path) == 0 { removed += 1 }
        }
        return removed
    }

    /// Every `edit-*.md` in `.folio/local/`.
    func allDrafts() throws(FolioError) -> [EditDraft] {
        let names = try Self.folderNames(at: localDirectory.path, shown: ".folio/local")
        return names.compactMap { name -> EditDraft? in
            guard name.hasPrefix("edit-"), name.hasSuffix(".md"), let dash = name.dropLast(3).lastIndex(of: "-") else { return nil }
            let url = localDirectory.appendingPathComponent(name)
            var info = stat()
            guard lstat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
            let pid = Int32(name[name.index(after: dash)..<name.index(name.endIndex, offsetBy: -3)]) ?? 0
            return EditDraft(
                url: url, modified: Date(timeIntervalSince1970: TimeInterval(FileStamp(info).modified.seconds)), processID: pid)
        }
    }

    /// An id as it may stand in a file name: ids are UUIDs, kept as they are (so drafts older
    /// folios left are found too); any other character is cut to `_`.
    static func draftName(_ id: String) -> String {
        String(id.prefix(64).map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") ? $0 : "_" })
    }

    static func isRunning(_ pid: Int32) -> Bool {
        pid > 0 && (kill(pid, 0) == 0 || errno == EPERM)
    }
}
