import FolioCore
import FolioStore
import Foundation

extension HistoryEntry {
    /// When the commit was made, in the time zone of the device that made it:
    /// `2026-11-22T18:04:11+08:00`.
    public var time: Timestamp {
        Timestamp(date: date, zone: TimeZone(secondsFromGMT: offsetMinutes * 60) ?? .current)
    }
}

extension History {
    /// The vault-relative path `folio log` follows: a media file's (`--media`) or a record's, or
    /// nil for the whole vault.
    public func logPath(record: String?, media: String?, in vault: Vault, workingDirectory: URL) throws(FolioError) -> String? {
        if let media { return try mediaPath(media, in: vault, workingDirectory: workingDirectory) }
        return try record.map { reference throws(FolioError) in try vault.recordPath(reference, workingDirectory: workingDirectory) }
    }

    /// The vault-relative path of a media file: as typed (`media/ab/….jpg`, a path into the
    /// vault), or found by a hash prefix (6 or more hex digits) among the files present and in history.
    public func mediaPath(_ reference: String, in vault: Vault, workingDirectory: URL) throws(FolioError) -> String {
        if reference.hasPrefix("media/") { return reference }
        // try?: a reference is tried as a media path, then as a record, which says when it names nothing.
        if let relative = try? vault.relativePath(of: reference, from: workingDirectory), relative.hasPrefix("media/") { return relative }
        let prefix = reference.lowercased()
        guard prefix.count >= 6, prefix.allSatisfy(\.isHexDigit) else { throw FolioError(.media(.notFound(reference))) }
        let present = try vault.storedMedia().files.map(\.path)
        let known = present + (try mediaPaths())
        let matches = Set(known.filter { ($0 as NSString).lastPathComponent.hasPrefix(prefix) })
        guard matches.count == 1, let only = matches.first else {
            if matches.isEmpty { throw FolioError(.media(.notFound(reference))) }
            throw FolioError(.ambiguousReference(reference, matches.sorted()))
        }
        return only
    }

    /// Why a commit leaves each changed file out, in a few words, for `status`: a key or a
    /// token in it, or a link leading out of the vault.
    public func heldBackNotes(_ paths: [String], in vault: Vault) throws(FolioError) -> [String: Message] {
        var problems = heldBack(paths, in: vault)
        for collision in try nameCollisions(involving: paths, in: vault) where problems[collision.path] == nil {
            problems[collision.path] = collision.error
        }
        // What a commit refuses (conflict markers among it, until they are merged), by the commit's own check.
        for path in paths where problems[path] == nil {
            if let problem = Self.problem(with: path, in: vault) { problems[path] = problem }
        }
        return problems.compactMapValues { problem in
            switch problem.message {
            case .guarded(.secretLeftOut(let kind, let masked)): .guarded(.heldBackSecret(kind: kind, masked: masked))
            case .guarded(.linkLeftOut), .guarded(.folderLeadsOutside): .guarded(.heldBackLink)
            case .file(.mediaNotItsName): .file(.heldBackDamagedMedia)
            case .file(.nameCollides(let other, _, _)): .file(.heldBackCollision(with: other))
            case .conflict(.markers(let path, _)): .conflict(.heldBackMarkers(path: path, line: problem.line ?? 1))
            default: nil
            }
        }
    }
}

extension History {
    /// `folio undo`: reverts the newest change folio made on this device with a new commit, or
    /// with `dryRun` only says which it would be; nil when there is none.
    /// - Throws: ``FolioError`` when later commits from elsewhere touch the same files, unless `force`.
    public func undoLast(in vault: Vault, force: Bool, dryRun: Bool) throws(FolioError) -> UndoPlan? {
        guard let plan = try planUndo() else { return nil }
        if plan.laterOverlapping > 0 && !force && !dryRun {
            throw FolioError(.undoWouldRevertOthers(summary: plan.summary, later: plan.laterOverlapping))
        }
        if !dryRun { try undo(plan, in: vault) }
        return plan
    }
}

extension History {
    /// A file's text as it was at a commit (an id, 4 characters or more) or at the end of a day
    /// (`YYYY-MM-DD`).
    public func text(of path: String, at revision: String) throws(FolioError) -> String {
        guard let data = try file(path, at: try commit(at: revision, during: .showAt), during: .showAt) else {
            throw FolioError(.notInHistoryAt(record: path, at: revision))
        }
        return String(decoding: data, as: UTF8.self)
    }
}

extension History {
    /// `config set` with a history: the setting, and for `sync.remote` also this device's git
    /// `origin`, which sync uses.
    public static func setSetting(_ key: String, to value: String, in vault: Vault, history: History?) throws(FolioError) {
        try vault.setSetting(key, to: value)
        if key == "sync.remote" { try history?.setRemote(value, during: .config) }
    }
}
