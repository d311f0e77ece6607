import FolioCore
import FolioStore
import Foundation
import Git

#if canImport(Glibc)
    import Glibc
#endif

extension History {
    /// The journal of a working-tree update in progress: `<from> <to>` commit ids.
    static func journalURL(_ localDirectory: URL) -> URL { localDirectory.appendingPathComponent("sync-update") }

    /// Moves the branch from `current` to `target` (a fast-forward or a merge commit) and makes
    /// the files on disk match, so that a crash at any moment is finished by the next folio command.
    ///
    /// Order: journal, files, branch, journal removed. A crash before the branch moves leaves files
    /// that `finishInterruptedUpdate` completes; the branch never points at a tree the disk lacks
    /// for longer than that.
    ///
    /// An update whose files would not fit on the vault's disk is refused before the journal.
    func advance(from current: OID?, to target: OID, localDirectory: URL) throws {
        // Only the folders that differ are read, not every file of both commits.
        let changes = try repository.differingFiles(from: current, to: target)
        try ensureRoom(for: changes.values.compactMap { $0 })
        let journal = Self.journalURL(localDirectory)
        try AtomicFile.makeDirectory(localDirectory)
        try AtomicFile.write("\(current?.hex ?? "-") \(target.hex)\n", to: journal)
        if current != nil {
            try repository.checkout(commit: target, paths: changes.keys.sorted(), force: false)
        } else {
            try repository.checkout(commit: target, force: false)
        }
        try repository.moveHeadBranch(to: target, from: current, message: "folio sync: \(target.hex)")
        unlink(journal.path)
    }

    /// Refuses an update that writes `blobs` when they cannot fit on the vault's disk: a checkout
    /// that ran out of room would leave the working tree half updated.
    ///
    /// Each file is counted whole, block by block, with one block for the journal, and without
    /// crediting the space the versions it replaces will free (a file is written before the old
    /// one goes).
    func ensureRoom(for blobs: [OID]) throws {
        var info = statvfs()
        guard statvfs(root.path, &info) == 0 else { return }
        let block = max(UInt64(info.f_frsize), 1)
        let (available, overflow) = UInt64(info.f_bavail).multipliedReportingOverflow(by: block)
        if overflow { return }
        var needed = block
        for blob in blobs {
            let (sum, overflow) = needed.addingReportingOverflow(try repository.objectSize(blob).roundedUp(to: block))
            needed = overflow ? .max : sum
        }
        if needed > available { throw FolioError(.remote(.needsRoom(needed: needed, available: available))) }
    }

    /// Paths whose content or mode differs between two commits.
    func changedPaths(from old: OID, to new: OID) throws -> [String] {
        try repository.differingFiles(from: old, to: new).keys.sorted()
    }

    /// Completes an update a crash interrupted; true when there was one.
    func finishInterruptedUpdate(localDirectory: URL) throws(FolioError) -> Bool {
        let journal = Self.journalURL(localDirectory)
        // A folder or a link in the journal's place is moved aside; a journal that cannot be read
        // (garbage, far too long) is damaged: there is nothing to finish.
        LocalFile.clearWay(to: journal)
        guard let text = LocalFile.text(journal, maxBytes: 200) else {
            unlink(journal.path)
            return false
        }
        let parts = text.split(whereSeparator: \.isWhitespace).map(String.init)
        defer { unlink(journal.path) }
        guard parts.count == 2, let target = OID(hex: parts[1]) else { return false }
        let from = OID(hex: parts[0])
        do {
            let head = try repository.head()
            if head == target { return true }
            guard head == from else { return false }
            // An update only ever moves the branch forward; a journal saying otherwise is damaged.
            if let from, try !repository.isDescendant(target, of: from) { return false }
            // The files may be half updated: take the target's version of every path the update touches.
            if let from {
                try repository.checkout(commit: target, paths: try changedPaths(from: from, to: target), force: true)
            } else {
                try repository.checkout(commit: target, force: true)
            }
            try repository.moveHeadBranch(to: target, from: from, message: "folio sync: finish \(target.hex)")
            return true
        } catch {
            throw FolioError(.interruptedSyncNotFinished(reason: error.gitReason))
        }
    }
}

extension UInt64 {
    /// The value rounded up to a whole number of `unit`s (the value itself when that would overflow).
    func roundedUp(to unit: UInt64) -> UInt64 {
        guard unit > 1 else { return self }
        let (sum, overflow) = addingReportingOverflow(unit - 1)
        return overflow ? self : sum / unit * unit
    }
}
