import FolioCore
import FolioStore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `folio new KIND` written in the editor, as `jrnl` and `nb add` do when no text is given: a
/// draft in `.folio/local/`, the editor, and the text it leaves. What was typed is never lost: an
/// editor that does not finish, or a record that cannot be written, leaves the draft where it
/// is, named with the command that writes it.
struct NewInEditor {
    let context: Context
    let kind: String
    let draft: URL

    init(context: Context, kind: String) throws(FolioError) {
        self.context = context
        self.kind = kind
        context.vault.removeStaleDrafts()
        draft = context.vault.draftURL(for: "new-" + kind)
        try AtomicFile.write("", to: draft)
    }

    /// The text typed, or nil when it was left empty (the draft is then gone).
    func typed() throws(FolioError) -> String? {
        let editor = EditSession.editor(context.environment)
        do {
            try EditSession.open(editor, file: draft)
        } catch {
            throw unfinished(error, editor: editor)
        }
        let text = Vault.readFile(draft.path).flatMap { String(validating: $0, as: UTF8.self) } ?? ""
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            unlink(draft.path)
            return nil
        }
        // The line break an editor ends a file with is not the page's.
        var page = text
        while page.last?.isNewline == true { page.removeLast() }
        return page
    }

    /// Writes the record with `write`; the draft goes once it is written, and stays, named, when
    /// it cannot be.
    func finish<T>(_ write: () throws(FolioError) -> T) throws(FolioError) -> T {
        do throws(FolioError) {
            let written = try write()
            unlink(draft.path)
            return written
        } catch {
            context.warn(FolioError(.draft(.newKept(path: draft.path, kind: kind))))
            throw error
        }
    }

    private func unfinished(_ error: FolioError, editor: String) -> FolioError {
        let written = Vault.readFile(draft.path).flatMap { String(validating: $0, as: UTF8.self) } ?? ""
        guard !written.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            unlink(draft.path)
            return error
        }
        switch error.message {
        case .editorExited(_, let status):
            return FolioError(.draft(.newKeptAfterEditor(editor: editor, ending: .exited(status: status), path: draft.path, kind: kind)))
        case .editorKilled(_, let signal):
            return FolioError(.draft(.newKeptAfterEditor(editor: editor, ending: .signal(signal), path: draft.path, kind: kind)))
        default:
            context.warn(FolioError(.draft(.newKept(path: draft.path, kind: kind))))
            return error
        }
    }
}
