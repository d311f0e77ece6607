/// Everything folio says about questions put to the magic 8 ball and about removing by filter.
public enum AskMessage: Sendable, Equatable {
    case emptyQuestion
    case questionTooLong(length: Int, limit: Int)
    case aiNotConfigured
    case shaking
    case noneMatched
    case needsRecordsOrFilter
    case recordsAndFilters
    case badAge(option: String, text: String)
    case moreNotShown(Int)

    var pair: (String, String) {
        switch self {
        case .emptyQuestion:
            ("請輸入問題，例如：folio ask \"明天會下雨嗎？\"", "type a question, e.g. folio ask \"Will it rain tomorrow?\"")
        case .questionTooLong(let length, let limit):
            (
                "文字太長，請簡短一點（這題 \(length) 字，上限 \(limit) 字；上限可用 `folio config set qa.max_question_length N` 調整）。",
                "the question is too long; keep it shorter (\(length) characters, the limit is \(limit); change it with `folio config set qa.max_question_length N`)."
            )
        case .aiNotConfigured:
            (
                "AI 尚未設定（ai.provider 是 builtin，只在本機運作），所以沒有記錄這一題。不加 --ai 就由魔術 8 號球回答；要讓 AI 回答，請先 `folio config set ai.provider openai` 並設定 ai.base_url、ai.model 和金鑰（見 `docs/ai.md`）。",
                "AI is not configured (ai.provider is builtin, which works offline), so nothing was recorded. Without --ai the magic 8 ball answers; for an AI answer run `folio config set ai.provider openai` and set ai.base_url, ai.model and a key (see docs/ai.md)."
            )
        case .shaking:
            ("🎱 搖一搖……", "🎱 shaking…")
        case .noneMatched:
            ("沒有符合條件的紀錄，沒有刪除任何東西。", "no records match; nothing was removed.")
        case .needsRecordsOrFilter:
            (
                "請指定要刪除的紀錄，或用 --kind、--tag、--since、--until、--search 篩選。",
                "name the records to remove, or choose them with --kind, --tag, --since, --until or --search."
            )
        case .recordsAndFilters:
            ("請擇一：指定紀錄，或用篩選條件，不要同時使用。", "name records or give filters, not both.")
        case .badAge(let option, let text):
            (
                "\(option) 要的是日期（2026-11-22、昨天、上週五、3 天前）或多久以前（90d、6m、2w、1y），不是「\(text)」。",
                "\(option) takes a date (2026-11-22, yesterday, last friday, 3 days ago) or an age (90d, 6m, 2w, 1y), not '\(text)'."
            )
        case .moreNotShown(let count):
            ("……還有 \(count) 筆（加 --json 可列出全部）", "… and \(count) more (--json lists them all)")
        }
    }
}
