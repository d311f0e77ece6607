import ArgumentParser
import Foundation
import FolioCore
import FolioStore

struct Edit: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Open a record in $VISUAL or $EDITOR; it is checked before it replaces the file.",
        discussion: "Example: EDITOR=vim folio edit 5b0c")

    @Argument(help: "The record: id, id prefix, path or slug.") var record: String
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try Context.open(global)
        let found = try context.record(record)
        context.say(try EditSession(record: found, context: context).edit())
    }
}

/// One `folio edit`: a draft of the record outside its folder (a crash never leaves a second
/// copy of the record), the editor, and the check before the draft replaces the file; a draft
/// that does not pass is reopened on a terminal, else kept and named.
struct EditSession {
    let record: Record
    let context: Context
    let draft: URL

    init(record: Record, context: Context) throws(FolioError) {
        self.record = record
        self.context = context
        draft = context.vault.localDirectory.appendingPathComponent("edit-\(record.id ?? "record")-\(getpid()).md")
        try AtomicFile.write(record.document.text, to: draft)
    }

    /// `$VISUAL`, else `$EDITOR`, else vi.
    private var editor: String {
        let environment = context.environment
        return environment["VISUAL"].flatMap { $0.isEmpty ? nil : $0 } ?? environment["EDITOR"].flatMap { $0.isEmpty ? nil : $0 } ?? "vi"
    }

    /// What became of the record: unchanged, or updated.
    func edit() throws(FolioError) -> Message {
        let original = record.document.text
        while true {
            try Self.open(editor, file: draft)
            let edited = (try? String(contentsOf: draft, encoding: .utf8)) ?? original
            do throws(FolioError) {
                var outcome = Message.nothingChanged
                if edited != original {
                    let saved = try context.vault.replaceText(of: record, with: edited, expecting: original)
                    outcome = .updated(title: saved.title, path: saved.path)
                }
                try? FileManager.default.removeItem(at: draft)
                return outcome
            } catch {
                Console.err(error.rendered(in: context.language))
                guard context.terminal.isInteractive, Console.confirm(Message.editReopenPrompt.text(context.language), defaultYes: true)
                else { throw FolioError(.editDiscarded(draft.path)) }
            }
        }
    }

    private static func open(_ editor: String, file: URL) throws(FolioError) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // The editor setting may carry flags (`code --wait`), so the shell splits it.
        process.arguments = ["-c", "\(editor) \"$1\"", "folio-edit", file.path]
        do {
            try process.run()
        } catch {
            throw FolioError(.editorFailed(error.localizedDescription))
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw FolioError(.editorFailed("\(editor) exited with \(process.terminationStatus)")) }
    }
}
