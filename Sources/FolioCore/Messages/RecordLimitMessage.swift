import Foundation

/// What folio says about a record file it refuses to read or change because of what is in it.
public enum RecordLimitMessage: Sendable, Equatable {
    /// The front matter is longer than `front_matter.max_bytes`.
    case frontMatterTooLarge(bytes: Int, limit: Int)
    /// Collections nested deeper than `front_matter.max_depth`.
    case frontMatterTooDeep(limit: Int)
    /// More nodes than `front_matter.max_nodes`, counting what aliases repeat.
    case frontMatterTooManyNodes(limit: Int)
    /// `*name` used with no `&name` before it.
    case undefinedAlias(String)
    /// The body is longer than `search.max_record_bytes`: only its first part is searched.
    case bodySearchedInPart(limit: Int)
    /// Changing or removing `key` would drop the anchor `anchor` that an alias elsewhere repeats.
    case anchorUsedElsewhere(key: String, anchor: String)

    public var pair: (String, String) {
        switch self {
        case .frontMatterTooLarge(let bytes, let limit):
            (
                "front matter 有 \(bytes) 位元組，超過上限 \(limit)（設定 front_matter.max_bytes），folio 不讀它也不改寫它。",
                "the front matter is \(bytes) bytes, over the limit of \(limit) (setting front_matter.max_bytes); folio neither reads nor rewrites it."
            )
        case .frontMatterTooDeep(let limit):
            (
                "front matter 的巢狀層數超過 \(limit)（設定 front_matter.max_depth），folio 不讀它也不改寫它。",
                "the front matter nests collections more than \(limit) deep (setting front_matter.max_depth); folio neither reads nor rewrites it."
            )
        case .frontMatterTooManyNodes(let limit):
            (
                "front matter 展開後超過 \(limit) 個值（別名 *name 重複的也算，設定 front_matter.max_nodes），folio 不讀它也不改寫它。",
                "the front matter stands for more than \(limit) values, counting what aliases (*name) repeat (setting front_matter.max_nodes); folio neither reads nor rewrites it."
            )
        case .undefinedAlias(let name):
            ("別名 *\(name) 前面沒有對應的 &\(name)。", "the alias *\(name) has no anchor &\(name) before it.")
        case .bodySearchedInPart(let limit):
            (
                "這筆紀錄很長：只有前 \(limit) 位元組能被搜尋到（設定 search.max_record_bytes）；list、show 照常顯示它。",
                "this record is long: only its first \(limit) bytes are searched (setting search.max_record_bytes); list and show treat it as usual."
            )
        case .anchorUsedElsewhere(let key, let anchor):
            (
                "「\(key)」帶著錨點 &\(anchor)，檔案裡別處的 *\(anchor) 還在用它；folio 不會只改這一項而讓那裡失去意義，請手動編輯。",
                "'\(key)' holds the anchor &\(anchor), which *\(anchor) elsewhere in the file repeats; folio will not change it and leave that alias meaningless. Edit the file by hand."
            )
        }
    }
}
