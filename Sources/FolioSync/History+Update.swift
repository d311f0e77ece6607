import Foundation
import FolioCore
import FolioStore
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
    func advance(from current: OID?, to target: OID, localDirectory: URL) throws {
        let journal = Self.journalURL(localDirectory)
        try AtomicFile.makeDirectory(localDirectory)
        try AtomicFile.write("\(current?.hex ?? "-") \(target.hex)\n", to: journal)
        if let current {
            try repository.checkout(commit: target, paths: try changedPaths(from: current, to: target), force: false)
        } else {
            try repository.checkout(commit: target, force: false)
        }
        try repository.moveHeadBranch(to: target, from: current, message: "folio sync: \(target.hex)")
        unlink(journal.path)
    }

    /// Paths whose content differs between two commits.
    func changedPaths(from old: OID, to new: OID) throws -> [String] {
        let before = try repository.files(in: old)
        let after = try repository.files(in: new)
        var paths: [String] = []
        for (path, oid) in after where before[path] != oid { paths.append(path) }
        for path in before.keys where after[path] == nil { paths.append(path) }
        return paths.sorted()
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
            throw FolioError(.syncFailed("finishing an interrupted sync: \(error.gitReason)"))
        }
    }
}
