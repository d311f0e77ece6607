import Foundation

/// Everything `folio inbox` and `sync` say about the files other apps drop into `inbox/`.
public enum InboxMessage: Sendable, Equatable {
    /// `count` files became records (with `media` media files): one commit.
    case adopted(count: Int, media: Int)
    /// `folio inbox` found nothing to adopt.
    case empty
    /// `--dry-run`: what would be adopted, before the list.
    case dryRunHeader(count: Int, media: Int)
    /// A hidden file (`.DS_Store`): never adopted, left where it is.
    case hidden
    /// An empty file: nothing to adopt, left where it is.
    case emptyFile
    /// A note larger than a record folio writes, or a media file larger than `media.max_bytes`.
    case tooLarge(bytes: UInt64, limit: UInt64)
    /// The file is not UTF-8 text.
    case notText
    /// Not plain text or Markdown, and no note links it: left for the note that will.
    case notANote
    /// The front matter does not parse: why (the error carries the line and column).
    indirect case unparsable(Message)
    /// The front matter names a kind this vault does not have.
    case unknownKind(String, known: [String])
    /// The front matter's id is a record the vault already has.
    case idTaken(String)
    /// A link in the note that names no photo, video or audio file in `inbox/`: kept as written.
    case linkKept(String)
    /// The `inbox.kind` setting names a kind this vault cannot write new records of.
    case badKindSetting(String, known: [String])

    public var pair: (String, String) {
        let left = ("；檔案留在原處。", "; the file is left where it is.")
        switch self {
        case .adopted(let count, let media):
            return (
                "已把 inbox/ 的 \(count) 個檔案收成紀錄（\(media) 個媒體檔），一個提交；`folio undo` 可以整個收回。",
                "adopted \(count) file\(count == 1 ? "" : "s") from inbox/ as record\(count == 1 ? "" : "s") (\(media) media file\(media == 1 ? "" : "s")), one commit; `folio undo` takes it back."
            )
        case .empty:
            return ("inbox/ 裡沒有可以收成紀錄的檔案。", "nothing in inbox/ to adopt.")
        case .dryRunHeader(let count, let media):
            return (
                "會把 \(count) 個檔案收成紀錄（\(media) 個媒體檔）：",
                "would adopt \(count) file\(count == 1 ? "" : "s") as record\(count == 1 ? "" : "s") (\(media) media file\(media == 1 ? "" : "s")):"
            )
        case .hidden:
            return ("隱藏檔（名稱以 . 開頭）不會收成紀錄" + left.0, "a hidden file (its name starts with .) is never adopted" + left.1)
        case .emptyFile:
            return ("檔案是空的，沒有東西可以收成紀錄" + left.0, "the file is empty, so there is nothing to adopt" + left.1)
        case .tooLarge(let bytes, let limit):
            return (
                "它有 \(ByteCount.text(bytes))，超過這台裝置的上限 \(ByteCount.text(limit))" + left.0,
                "it is \(ByteCount.text(bytes)), over this device's limit of \(ByteCount.text(limit))" + left.1
            )
        case .notText:
            return ("內容不是 UTF-8 文字" + left.0, "it is not UTF-8 text" + left.1)
        case .notANote:
            return (
                "不是文字或 Markdown 檔，也沒有任何筆記連結到它" + left.0,
                "it is neither plain text nor Markdown, and no note links it" + left.1
            )
        case .unparsable(let reason):
            return (
                String(Substring(reason.text(.zhHant)).trimmingSuffix("。")) + "；檔案留在原處，修好之後下次同步或 `folio inbox` 就會收進來。",
                String(Substring(reason.text(.en)).trimmingSuffix("."))
                    + "; the file is left where it is. Fix it, and the next sync or `folio inbox` adopts it."
            )
        case .unknownKind(let kind, let known):
            return (
                "front matter 的種類「\(kind)」這個資料庫沒有（有的是：\(known.joined(separator: "、"))）" + left.0,
                "its front matter names the kind '\(kind)', which this vault does not have (it has: \(known.joined(separator: ", ")))"
                    + left.1
            )
        case .idTaken(let id):
            return (
                "front matter 的 id \(id) 已經是資料庫裡另一筆紀錄的 id" + left.0,
                "its front matter's id \(id) is already another record's" + left.1
            )
        case .linkKept(let link):
            return (
                "連結「\(link)」指向的不是 inbox/ 裡的照片、影片或聲音檔，保留原樣。",
                "the link '\(link)' names no photo, video or audio file in inbox/; it is kept as written."
            )
        case .badKindSetting(let kind, let known):
            return (
                "設定 inbox.kind 是「\(kind)」，但這個資料庫不能用這個種類新增紀錄（可以用的有：\(known.joined(separator: "、"))）；inbox/ 的檔案都留在原處。"
                    + "請執行 `folio config set inbox.kind diary`（或其中一個種類）。",
                "the setting inbox.kind is '\(kind)', which this vault cannot write new records of (it can: \(known.joined(separator: ", "))); "
                    + "the files in inbox/ are left where they are. Run `folio config set inbox.kind diary` (or one of those kinds)."
            )
        }
    }
}
