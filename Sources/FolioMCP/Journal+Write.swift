import FolioCompanion
import FolioCore
import FolioStore
import FolioSync
import Foundation
import Git

/// The write tools, each one use case of the command line: one change, one commit by the
/// assistant (`<client> via mcp`), which `folio undo` reverts. With `dry_run` the same use case
/// runs rehearsed (``Rehearsal``): every check is made, nothing is written, and the answer is the
/// diff the change would make.
extension Journal {
    /// `new <kind>`: validated against the kind's schema; an unknown key is refused as on the CLI.
    func create(_ request: NewRecord, dryRun: Bool) throws(ToolFailure) -> JSONValue {
        try write(dryRun: dryRun) { vault throws(FolioError) in try vault.create(request) }
    }

    /// `set KEY=VALUE … --unset KEY`: only those lines and `modified` change.
    func set(_ reference: String, fields: [(String, String)], unset: [String], dryRun: Bool) throws(ToolFailure) -> JSONValue {
        try write(dryRun: dryRun) { vault throws(FolioError) in
            try vault.update(try vault.findRecord(reference, workingDirectory: nil), set: fields, unset: unset)
        }
    }

    /// `done` / `undone`.
    func markDone(_ reference: String, done: Bool, dryRun: Bool) throws(ToolFailure) -> JSONValue {
        try write(dryRun: dryRun) { vault throws(FolioError) in
            try vault.markDone(try vault.findRecord(reference, workingDirectory: nil), done: done)
        }
    }

    /// `chat -m TEXT` without the companion's reply: the user's words join the page's
    /// `## Conversation` at the vault clock's time.
    func appendConversation(_ reference: String, text: String, dryRun: Bool) throws(ToolFailure) -> JSONValue {
        try write(dryRun: dryRun) { vault throws(FolioError) in
            let page = try vault.findRecord(reference, workingDirectory: nil)
            guard page.kind == "diary" else { throw FolioError(.mcp(.notADiaryPage(page.title))) }
            return try vault.appendUserMessage(text, to: page)
        }
    }

    /// Runs one use case: for real (`{"written": true, "record": …, "commit": …}`), or rehearsed
    /// (`{"written": false, "diff": …}`).
    private func write(dryRun: Bool, _ change: (Vault) throws(FolioError) -> Record) throws(ToolFailure) -> JSONValue {
        do throws(FolioError) {
            try open()
            try vault.requireProfile()
            guard dryRun else {
                let before = try headCommit()
                // The file is written but its commit failed: an error, never a clean write.
                let record = try service.committing(change)
                let after = try headCommit()
                return .object([
                    ("written", .bool(true)), ("record", RecordJSON.summary(record)),
                    ("commit", after != before ? after.map(JSONValue.string) ?? .null : .null),
                ])
            }
            let rehearsal = Rehearsal()
            vault.rehearsal = rehearsal
            defer { vault.rehearsal = nil }
            let record = try change(vault)
            var diff = ""
            for write in rehearsal.writes {
                do {
                    diff += try TextPatch.unified(from: write.before.map { Data($0.utf8) }, to: Data(write.after.utf8), path: write.path)
                } catch {
                    throw FolioError(.writeFailed(.other("git diff: \(error)")), file: write.path)
                }
            }
            return RecordJSON.masked(
                .object([
                    ("written", .bool(false)), ("id", record.id.map(JSONValue.string) ?? .null), ("path", .string(record.path)),
                    ("diff", .string(diff)),
                ]))
        } catch {
            throw .refused(error)
        }
    }

    /// The id of the commit HEAD names; nil without history.
    private func headCommit() throws(FolioError) -> String? {
        guard let history else { return nil }
        do {
            return try history.repository.head()?.description
        } catch {
            throw FolioError(.commitFailed(SystemReason(errno: (error as? GitError)?.systemError, words: "\(error)")))
        }
    }
}
