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
        let original = found.document.text
        let editor = context.environment["VISUAL"].flatMap { $0.isEmpty ? nil : $0 }
            ?? context.environment["EDITOR"].flatMap { $0.isEmpty ? nil : $0 } ?? "vi"
        // The draft lives outside the record's folder, so a crash never leaves a second copy of the record.
        let draft = context.vault.localDirectory.appendingPathComponent("edit-\(found.id ?? "record")-\(getpid()).md")
        try AtomicFile.makeDirectory(context.vault.localDirectory)
        try AtomicFile.write(original, to: draft)
        while true {
            try runEditor(editor, file: draft, context: context)
            let edited = (try? String(contentsOf: draft, encoding: .utf8)) ?? original
            if edited == original {
                try? FileManager.default.removeItem(at: draft)
                return context.say(.nothingChanged)
            }
            do {
                let saved = try context.vault.replaceText(of: found, with: edited, expecting: original)
                try? FileManager.default.removeItem(at: draft)
                return context.say(.updated(title: saved.title, path: saved.path))
            } catch {
                Console.err(error.rendered(in: context.language))
                if context.terminal.isInteractive, Console.confirm(Message.editReopenPrompt.text(context.language), defaultYes: true) {
                    continue
                }
                throw FolioError(.editDiscarded(draft.path))
            }
        }
    }

    private func runEditor(_ editor: String, file: URL, context: Context) throws(FolioError) {
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
