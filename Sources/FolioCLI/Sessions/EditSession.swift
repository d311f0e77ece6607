import FolioCore
import FolioStore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One `folio edit`: a draft of the record outside its folder (a crash never leaves a second
/// copy of the record), the editor, and the check before the draft replaces the file; a draft
/// that does not pass is reopened on a terminal, else kept and named. A draft an earlier edit of
/// the record left behind (interrupted, or kept) is offered back on a terminal; drafts older than
/// a week are removed.
struct EditSession {
    let record: Record
    let context: Context
    let draft: URL

    init(record: Record, context: Context) throws(FolioError) {
        self.record = record
        self.context = context
        let vault = context.vault
        vault.removeStaleDrafts()
        let id = record.id ?? "record"
        draft = vault.draftURL(for: id)
        var start = record.document.text
        if let leftover = try Self.leftover(of: id, record: record, context: context) { start = leftover }
        try AtomicFile.write(start, to: draft)
        // A draft whose text is now in this edit's draft, or is the record's own, has served; any
        // other stays, to be offered by a later edit (or removed after a week).
        for old in try vault.leftoverDrafts(of: id) {
            let text = Self.text(of: old.url)
            if text == start || text == record.document.text { unlink(old.url.path) }
        }
    }

    /// The text of the newest draft an earlier edit of the record left, when it differs from the
    /// record and the user takes it back; off a terminal the draft stays and a warning names it.
    private static func leftover(of id: String, record: Record, context: Context) throws(FolioError) -> String? {
        let drafts = try context.vault.leftoverDrafts(of: id)
        guard let newest = drafts.first(where: { text(of: $0.url).map { $0 != record.document.text } ?? false }),
            let text = text(of: newest.url)
        else { return nil }
        let time = Timestamp(date: newest.modified, zone: context.vault.clock.zone).text
        guard context.terminal.isInteractive else {
            context.warn(FolioError(.draft(.kept(path: newest.url.path, time: time))))
            return nil
        }
        if Console.confirm(Message.draft(.offer(time: time)).text(context.language), defaultYes: true) { return text }
        unlink(newest.url.path)
        context.say(.draft(.discarded))
        return nil
    }

    private static func text(of url: URL) -> String? {
        Vault.readFile(url.path).flatMap { String(validating: $0, as: UTF8.self) }
    }

    private var editor: String { Self.editor(context.environment) }

    /// `$VISUAL`, else `$EDITOR`, else vi, as git and jrnl choose.
    static func editor(_ environment: [String: String]) -> String {
        environment["VISUAL"].flatMap { $0.isEmpty ? nil : $0 } ?? environment["EDITOR"].flatMap { $0.isEmpty ? nil : $0 } ?? "vi"
    }

    /// The record as saved, or nil when the edit changed nothing.
    func edit() throws(FolioError) -> Record? {
        let original = record.document.text
        while true {
            do {
                try Self.open(editor, file: draft)
            } catch {
                throw unfinished(error, original: original)
            }
            // The draft as the editor left it: a regular file (a pipe in its place is never waited on).
            let edited = Vault.readFile(draft.path).flatMap { String(validating: $0, as: UTF8.self) } ?? original
            do throws(FolioError) {
                var outcome: Record?
                if edited != original { outcome = try context.vault.replaceText(of: record, with: edited, expecting: original) }
                try? FileManager.default.removeItem(at: draft)
                return outcome
            } catch {
                Console.err(error.rendered(in: context.language))
                guard context.terminal.isInteractive, Console.confirm(Message.editReopenPrompt.text(context.language), defaultYes: true)
                else { throw FolioError(.editDiscarded(draft.path)) }
            }
        }
    }

    /// An editor that did not finish: an abandoning exit (Vim's `:cq`) or a signal (a hang-up) is
    /// obeyed, so nothing is saved, but text it wrote that the record does not hold is never
    /// thrown away: the draft stays, is named, and the next edit offers it back. A draft that
    /// holds nothing new goes.
    private func unfinished(_ error: FolioError, original: String) -> FolioError {
        guard let written = Self.text(of: draft), written != original else {
            unlink(draft.path)
            return error
        }
        let reference = record.shortID.isEmpty ? record.path : record.shortID
        switch error.message {
        case .editorExited(let editor, let status):
            return FolioError(
                .draft(.keptAfterEditor(editor: editor, ending: .exited(status: status), path: draft.path, reference: reference)))
        case .editorKilled(let editor, let signal):
            return FolioError(.draft(.keptAfterEditor(editor: editor, ending: .signal(signal), path: draft.path, reference: reference)))
        default:
            // The editor never ran, but the draft holds an earlier edit's text taken back: it stays.
            let time = context.vault.clock.timestamp.text
            context.warn(FolioError(.draft(.kept(path: draft.path, time: time))))
            return error
        }
    }

    static func open(_ editor: String, file: URL) throws(FolioError) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // The editor setting may carry flags (`code --wait`), so the shell splits it.
        process.arguments = ["-c", "\(editor) \"$1\"", "folio-edit", file.path]
        do {
            try process.run()
        } catch {
            throw FolioError(.editorFailed(editor))
        }
        // blocking: on the command's own thread (CommandThread), waiting for the person in their editor.
        process.waitUntilExit()
        let status = process.terminationStatus
        // What the status means, as git reads it: a non-zero exit (Vim's `:cq`) abandons the edit.
        if process.terminationReason == .uncaughtSignal { throw FolioError(.editorKilled(editor: editor, signal: status)) }
        switch status {
        case 0: return
        case 126, 127: throw FolioError(.editorNotFound(editor))
        // The shell reports an editor a signal ended (a hang-up is 1) as 128 and the signal's number.
        case 129...192: throw FolioError(.editorKilled(editor: editor, signal: status - 128))
        default: throw FolioError(.editorExited(editor: editor, status: status))
        }
    }
}
