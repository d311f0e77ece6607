import Crypto
import FolioCore
import FolioCrypt
import FolioStore
import Foundation
import Git

/// One commit as `folio log` shows it.
public struct HistoryEntry: Sendable, Hashable {
    public var commit: String
    public var date: Date
    public var offsetMinutes: Int
    public var author: String
    public var device: String?
    public var message: String
    public var paths: [String]
}

extension History {
    /// Commits newest first, only those touching `path` when given.
    public func log(path: String? = nil, limit: Int? = nil) throws(FolioError) -> [HistoryEntry] {
        do {
            return try repository.log(limit: limit, path: path).map { commit in
                HistoryEntry(
                    commit: commit.oid.hex, date: commit.author.time, offsetMinutes: commit.author.offsetMinutes,
                    author: commit.author.name, device: Self.trailer(Self.deviceTrailer, in: commit.message),
                    message: commit.summary, paths: try repository.changedPaths(of: commit.oid))
            }
        } catch {
            throw FolioError.git(error, during: .log)
        }
    }

    /// The value of `key: value` in the trailer block (the last paragraph) of a commit message.
    static func trailer(_ key: String, in message: String) -> String? {
        let paragraphs = message.components(separatedBy: "\n\n")
        guard let last = paragraphs.last(where: { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }) else { return nil }
        for line in last.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0] == key { return parts[1].trimmingCharacters(in: .whitespaces) }
        }
        return nil
    }

    /// The commit `revision` names: a commit id (at least 4 hex digits) or `HEAD~n`, or a date
    /// (`YYYY-MM-DD` meaning the end of that day, or a full time): the newest commit made by then.
    public func commit(at revision: String, during operation: GitOperation) throws(FolioError) -> OID {
        do {
            if let stamp = Timestamp(revision.count == 10 ? revision + "T23:59:59" : revision) {
                let limit = stamp.date
                guard let found = try repository.log().first(where: { $0.time <= limit }) else {
                    throw FolioError(.unknownRevision(revision))
                }
                return found.oid
            }
            if revision.count >= 4 || revision.hasPrefix("HEAD"), let oid = try repository.resolveCommit(revision) {
                return oid
            }
        } catch {
            throw FolioError.git(error, during: operation)
        }
        throw FolioError(.unknownRevision(revision))
    }

    /// The bytes of `path` as of `commit`, or nil when it did not exist then.
    public func file(_ path: String, at commit: OID, during operation: GitOperation) throws(FolioError) -> Data? {
        do {
            return try repository.blob(at: path, in: commit)
        } catch {
            throw FolioError.git(error, during: operation)
        }
    }

    // MARK: - Undo

    /// What `undo` would revert, and whether other people's work came after it.
    public struct UndoPlan: Sendable {
        public var target: OID
        public var summary: String
        /// Commits after the target, not made by folio on this device, that touch the same files.
        public var laterOverlapping: Int
        /// The files the target changed, which the undo changes back.
        public var paths: [String] = []
    }

    /// Finds the newest commit folio made on this device that is not an undo and not undone yet.
    public func planUndo() throws(FolioError) -> UndoPlan? {
        do {
            let commits = try repository.log(limit: 500)
            var undone = Set<String>()
            var later: [Commit] = []
            for commit in commits {
                if let reverted = Self.trailer(Self.undoTrailer, in: commit.message) {
                    undone.insert(reverted)
                    continue
                }
                let ours = Self.trailer(Self.deviceTrailer, in: commit.message) == device && commit.parents.count <= 1
                if ours && !undone.contains(commit.oid.hex) {
                    let paths = Set(try repository.changedPaths(of: commit.oid))
                    var overlapping = 0
                    for other in later where !Set(try repository.changedPaths(of: other.oid)).isDisjoint(with: paths) {
                        overlapping += 1
                    }
                    return UndoPlan(target: commit.oid, summary: commit.summary, laterOverlapping: overlapping, paths: paths.sorted())
                }
                if !ours { later.append(commit) }
            }
            return nil
        } catch {
            throw FolioError.git(error, during: .undo)
        }
    }

    /// Reverts `plan.target` with a new commit (so the undo is history too, and syncs).
    public func undo(_ plan: UndoPlan, in vault: Vault) throws(FolioError) {
        try refuseDamagedMedia(undoing: plan)
        try vault.withLock { () throws(FolioError) in
            let signature = signature(vault: vault)
            let summary = "undo: \(plan.summary)"
            let message = Self.message(
                summary: try isEncrypted(settings: vault.settings) ? Self.withoutTitles(summary) : summary, device: device,
                trailers: [(Self.undoTrailer, plan.target.hex)])
            do {
                try repository.revert(commit: plan.target, author: signature, committer: signature, message: message)
            } catch let error as GitError where error.code == .conflict {
                throw FolioError(.undoConflicts(plan.summary))
            } catch {
                throw FolioError.file(from: error) ?? FolioError.git(error, during: .undo)
            }
        }
    }

    /// Refuses an undo that would commit a media file whose bytes do not hash to its name (the
    /// version before the undone commit was damaged, as a fix by `check --fix` undone would be).
    func refuseDamagedMedia(undoing plan: UndoPlan) throws(FolioError) {
        let media = plan.paths.compactMap { path in MediaNaming.promisedSHA(ofPath: path).map { (path, $0) } }
        guard !media.isEmpty else { return }
        let parent: OID?
        do {
            parent = try repository.commit(plan.target).parents.first
        } catch {
            throw FolioError.git(error, during: .undo)
        }
        guard let parent else { return }
        for (path, sha) in media {
            if let data = try file(path, at: parent, during: .undo), MediaNaming.hex(SHA256.hash(data: data)) != sha {
                throw FolioError(.file(.undoWouldCommitDamagedMedia(path)))
            }
        }
    }
}
