/// What `folio recall` says: questions answered from the journal's own pages.
public enum JournalMessage: Sendable, Equatable {
    case emptyQuestion
    /// The builtin provider's answer: the passages themselves.
    case passagesOnly
    case nothingFound
    case sourcesHeading
    /// A passage cited: `[1] 2026-03-02 淡水的夕陽 · a1b2c3d4:5-7`.
    case lines(from: Int, to: Int)
    case saved(path: String)

    var pair: (String, String) {
        switch self {
        case .emptyQuestion:
            ("請輸入問題，例如：folio recall \"上次去淡水是什麼時候？\"", "type a question, e.g. folio recall \"When did I last go to Tamsui?\"")
        case .passagesOnly:
            (
                "沒有設定 AI（builtin 只在本機運作），所以沒有人替你讀這些段落；以下是日記裡最相關的幾段：",
                "no AI is set up (builtin works offline), so nothing read these for you; these are the passages of your journal that match best:"
            )
        case .nothingFound: ("日記裡找不到和這個問題有關的內容。", "nothing in your journal bears on this question.")
        case .sourcesHeading: ("出處", "Sources")
        case .lines(let from, let to): from == to ? ("第 \(from) 行", "line \(from)") : ("第 \(from)–\(to) 行", "lines \(from)–\(to)")
        case .saved(let path): ("答案已存成 \(path)", "the answer is saved as \(path)")
        }
    }
}
