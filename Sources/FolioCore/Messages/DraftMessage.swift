/// Everything `folio edit` says about drafts an earlier edit left behind.
public enum DraftMessage: Sendable, Equatable {
    /// On a terminal: take the draft back?
    case offer(time: String)
    /// Off a terminal: the draft stays where it is.
    case kept(path: String, time: String)
    /// The user said no: the draft is gone.
    case discarded

    public var pair: (String, String) {
        switch self {
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
        }
    }
}
