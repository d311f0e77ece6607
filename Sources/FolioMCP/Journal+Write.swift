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

    /// How `edit_body` changes a body.
    enum BodyEdit: Sendable {
        /// Section `index` of the outline (`show`'s), its heading line included, becomes `text`.
        case section(Int, String)
        /// The one place `old` is written becomes `new`.
        case passage(old: String, new: String)
    }

    /// A record's body changed by section or by passage; the front matter keeps every key but
    /// `modified`. An assistant's text is a page: a conversation heading in it is escaped, and a
    /// change that would touch a diary page's conversation (the owner's words) is refused.
    func editBody(_ reference: String, _ edit: BodyEdit, dryRun: Bool) throws(ToolFailure) -> JSONValue {
        try write(dryRun: dryRun) { vault throws(FolioError) in
            let record = try vault.findRecord(reference, workingDirectory: nil)
            // What the change adds is checked as typed text is, by `replaceText` (every face's edit).
            let changed = try Self.edited(record.document.body, edit, title: record.title)
            // Written only over the file as it was read: a hand edit since is never overwritten
            // (the refusal says so, and the assistant reads the record again).
            var document = record.document
            do throws(FrontMatterError) {
                _ = try Vault.apply(
                    [], body: { _ in changed }, to: &document, order: vault.kinds[record.kind ?? ""]?.keyOrder ?? Kind.commonKeys,
                    modified: vault.clock.timestamp)
            } catch {
                throw FolioError(error, file: record.path, text: document.text)
            }
            return try vault.replaceText(of: record, with: document.text, expecting: record.document.text)
        }
    }

    /// `body` with `edit` made.
    static func edited(_ body: String, _ edit: BodyEdit, title: String) throws(FolioError) -> String {
        var changed: String
        switch edit {
        case .section(let index, let text):
            let outline = RecordOutline(body)
            guard outline.sections.indices.contains(index) else {
                throw FolioError(.mcp(.noSuchSection(section: index, count: outline.sections.count)))
            }
            changed = outline.replacing(section: index, with: Conversation.escapingHeadings(text))
        case .passage(let old, let new):
            let places = body.ranges(of: old)
            guard places.count == 1, let place = places.first else { throw FolioError(.mcp(.passageFound(count: places.count))) }
            changed = body.replacingCharacters(in: place, with: Conversation.escapingHeadings(new))
        }
        if !changed.isEmpty, !changed.hasSuffix("\n") { changed += "\n" }
        let (before, after) = (Conversation.split(body), Conversation.split(changed))
        if before.hasSection || after.hasSection, before.messages != after.messages || before.after != after.after {
            throw FolioError(.mcp(.conversationIsTheOwners(title)))
        }
        return changed
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
