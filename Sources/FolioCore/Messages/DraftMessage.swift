/// Everything `folio edit` says about drafts: the one an editor that failed leaves, and those an
/// earlier edit left behind.
public enum DraftMessage: Sendable, Equatable {
    /// The editor ended without finishing (a non-zero exit such as Vim's `:cq`, or a signal such
    /// as a hang-up): the record is unchanged, and the text it wrote stays as a draft at `path`.
    case keptAfterEditor(editor: String, ending: EditorEnding, path: String, reference: String)
    /// On a terminal: take the draft back?
    case offer(time: String)
    /// Off a terminal: the draft stays where it is.
    case kept(path: String, time: String)
    /// The user said no: the draft is gone.
    case discarded
    /// `folio new` in the editor: the editor ended without finishing; nothing written, the text
    /// kept at `path`.
    case newKeptAfterEditor(editor: String, ending: EditorEnding, path: String, kind: String)
    /// `folio new` in the editor: the record could not be written; the text kept at `path`.
    case newKept(path: String, kind: String)
    /// `folio new` in the editor: the text was left empty, so nothing was written.
    case newEmpty

    /// How an editor ended without finishing.
    public enum EditorEnding: Sendable, Equatable {
        case exited(status: Int32)
        case signal(Int32)

        var pair: (String, String) {
            switch self {
            case .exited(let status): ("以狀態 \(status) 結束，表示放棄這次編輯", "exited with status \(status), which abandons the edit")
            case .signal(let number): ("被訊號 \(number) 中止", "was stopped by signal \(number)")
            }
        }
    }

    public var pair: (String, String) {
        switch self {
        case .keptAfterEditor(let editor, let ending, let path, let reference):
            (
                "編輯器「\(editor)」\(ending.pair.0)：紀錄沒有改動。你寫的內容保留成草稿，在 \(path.quotedPath)；下次執行 folio edit \(reference) 會問你要不要接著編輯。",
                "the editor '\(editor)' \(ending.pair.1): the record is unchanged. What you wrote is kept as a draft at \(path.quotedPath); the next folio edit \(reference) offers it back."
            )
        case .offer(let time):
            (
                "這筆紀錄有一份上次沒有完成的編輯草稿（\(time)）。要接著編輯那份草稿嗎？[Y/n] ",
                "an edit of this record did not finish and left a draft (\(time)). Continue with that draft? [Y/n] "
            )
        case .kept(let path, let time):
            (
                "這筆紀錄有一份上次沒有完成的編輯草稿（\(time)），保留在 \(path.quotedPath)；在終端機上執行 folio edit 可以接著編輯，一週後會自動清除。",
                "an edit of this record did not finish and left a draft (\(time)), kept at \(path.quotedPath); run folio edit on a terminal to continue with it. Drafts are removed after a week."
            )
        case .discarded:
            ("已捨棄那份草稿。", "discarded that draft.")
        case .newKeptAfterEditor(let editor, let ending, let path, let kind):
            (
                "編輯器「\(editor)」\(ending.pair.0)：沒有寫入任何紀錄。你寫的內容保留在 \(path.quotedPath)；"
                    + "要寫入它，請執行 `folio new \(kind) --body - < \(path.quotedPath)`（草稿一週後會自動清除）。",
                "the editor '\(editor)' \(ending.pair.1): no record was written. What you wrote is kept at \(path.quotedPath); "
                    + "`folio new \(kind) --body - < \(path.quotedPath)` writes it (drafts are removed after a week)."
            )
        case .newKept(let path, let kind):
            (
                "你寫的內容保留在 \(path.quotedPath)；修好之後，執行 `folio new \(kind) --body - < \(path.quotedPath)` 寫入它。",
                "what you wrote is kept at \(path.quotedPath); once that is fixed, `folio new \(kind) --body - < \(path.quotedPath)` writes it."
            )
        case .newEmpty:
            ("內容是空的，沒有寫入任何紀錄。", "the text is empty: no record was written.")
        }
    }
}
