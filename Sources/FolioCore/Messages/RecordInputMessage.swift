/// What folio says when what a user typed for a record does not fit its kind: a key the kind does
/// not declare, a title that cannot be one.
public enum RecordInputMessage: Sendable, Equatable {
    /// `key` is not one of `kind`'s keys; `closest` is the declared key it most looks like.
    case unknownKey(key: String, kind: String, known: [String], closest: String?)
    /// The title is empty or only spaces.
    case emptyTitle
    /// The title holds a line break, a tab or another control character.
    case titleControl(scalar: UInt32)
    /// The title is longer than `record.max_title_length`.
    case titleTooLong(length: Int, limit: Int)

    public var pair: (String, String) {
        switch self {
        case .unknownKey(let key, let kind, let known, let closest):
            (
                "\(kind) 沒有「\(key)」這個欄位" + (closest.map { "，你是指「\($0)」嗎？" } ?? "。")
                    + "它的欄位有：\(known.joined(separator: "、"))。確定要加上自己的欄位，請加上 --extra；folio 沒有寫入任何東西。",
                "\(kind) has no key '\(key)'" + (closest.map { "; did you mean '\($0)'?" } ?? ".")
                    + " Its keys are: \(known.joined(separator: ", ")). To add a key of your own on purpose, add --extra; folio wrote nothing."
            )
        case .emptyTitle:
            ("標題是空的，請寫幾個字；folio 沒有寫入任何東西。", "the title is empty; write a few words. folio wrote nothing.")
        case .titleControl(let scalar):
            (
                "標題只能是一行文字，裡面有 \(GuardMessage.codePoint(scalar))（換行、定位字元或控制字元）；folio 沒有寫入任何東西。",
                "a title is one line of text, and this one holds \(GuardMessage.codePoint(scalar)) (a line break, a tab or a control character); folio wrote nothing."
            )
        case .titleTooLong(let length, let limit):
            (
                "文字太長，請簡短一點：標題有 \(length) 字，上限 \(limit) 字（上限可用 `folio config set record.max_title_length N` 調整）。",
                "the title is too long; keep it shorter (\(length) characters, the limit is \(limit); change it with `folio config set record.max_title_length N`)."
            )
        }
    }

    /// The declared key `key` most looks like: at most two edits away (a typo), else nil.
    public static func closest(to key: String, among known: [String]) -> String? {
        let scored = known.map { ($0, editDistance(key.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= min(2, max(1, key.count / 2)) else { return nil }
        return best.0
    }

    /// Levenshtein distance, with a swap of two neighbours counting as one edit (doen → done).
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var best = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { best = min(best, table[i - 2][j - 2] + 1) }
                table[i][j] = best
            }
        }
        return table[a.count][b.count]
    }
}
