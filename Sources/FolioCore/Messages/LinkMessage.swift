/// What `folio links` says above each list.
public enum LinkMessage: Sendable, Equatable {
    /// The records this one links to.
    case outgoing(Int)
    /// Links that lead to no one record.
    case unresolved(Int)
    /// The records that link to this one.
    case backlinks(Int)

    public var pair: (String, String) {
        switch self {
        case .outgoing(let count): ("連到 \(count) 筆紀錄：", count == 1 ? "links to 1 record:" : "links to \(count) records:")
        case .unresolved(let count):
            (
                "\(count) 個連結找不到唯一的紀錄（還沒寫的筆記，或兩筆紀錄同名）：",
                count == 1
                    ? "1 link leads to no one record (a note not written yet, or a name two records share):"
                    : "\(count) links lead to no one record (notes not written yet, or names two records share):"
            )
        case .backlinks(let count): ("被 \(count) 筆紀錄連到：", count == 1 ? "linked from 1 record:" : "linked from \(count) records:")
        }
    }
}
