import Foundation

/// What is wrong with one entry of an export that `folio import` reads.
public enum EntryProblem: Sendable, Equatable {
    case missingKey(String)
    /// `expected` is one of: text, list, object, true/false, number.
    case wrongType(key: String, expected: String)
    case badDate(key: String, value: String)
    case duplicateID(String)
    case nameLeavesFolder(String)
    case notUTF8
    /// The front matter does not parse: why, in the user's language, and on which line when known.
    indirect case frontMatter(Message, line: Int?)
    /// folio JSON's `front_matter` holds more than a front matter.
    case frontMatterHoldsMore
    /// Front matter that parses but takes no new keys at its top: a root that is not a plain
    /// block mapping (a tag such as `!` before it, a list, a single value).
    case frontMatterTakesNoKeys
    case badMediaData(String)
    /// The entry's record would be larger than one imported record may be.
    case tooLarge(bytes: Int, limit: Int)

    var pair: (String, String) {
        switch self {
        case .missingKey(let key): ("缺少「\(key)」", "it has no '\(key)'")
        case .wrongType(let key, let expected):
            ("「\(key)」應該是\(Self.typeWord(expected).0)", "'\(key)' should be \(Self.typeWord(expected).1)")
        case .badDate(let key, let value): ("「\(key)」的「\(value)」不是日期或時間", "'\(key)' holds '\(value)', which is not a date or time")
        case .duplicateID(let id): ("id \(id) 在匯出檔裡出現兩次", "the id \(id) appears twice in the export")
        case .nameLeavesFolder(let name):
            ("路徑「\(name)」會跑到資料庫外面（../、絕對路徑或 NUL），已拒絕", "the path '\(name)' would leave the vault (../, an absolute path or NUL); refused")
        case .notUTF8: ("內容不是 UTF-8 文字", "it is not UTF-8 text")
        case .tooLarge(let bytes, let limit):
            (
                "它有 \(ByteCount.text(UInt64(bytes)))，超過一筆紀錄能匯入的上限 \(ByteCount.text(UInt64(limit)))",
                "it is \(ByteCount.text(UInt64(bytes))), over the \(ByteCount.text(UInt64(limit))) one imported record may be"
            )
        case .frontMatter(let reason, let line):
            (
                String(Substring(reason.text(.zhHant)).trimmingSuffix("。")) + (line.map { "（第 \($0) 行）" } ?? ""),
                String(Substring(reason.text(.en)).trimmingSuffix(".")) + (line.map { " (line \($0))" } ?? "")
            )
        case .frontMatterHoldsMore: ("「front_matter」裡不只有 front matter", "'front_matter' holds more than the front matter")
        case .frontMatterTakesNoKeys:
            (
                "front matter 不是一行一個「鍵: 值」的寫法（例如開頭有 ! 標記，或是清單），folio 無法加上 id 和種類；請先改成一般寫法",
                "its front matter is not plain 'key: value' lines (a tag such as ! before them, or a list), so folio cannot add its id and kind; rewrite it as such lines first"
            )
        case .badMediaData(let file):
            ("媒體「\(file)」的內容與它的 sha256 不符或無法解碼", "the media '\(file)' does not decode or does not match its sha256")
        }
    }

    private static func typeWord(_ expected: String) -> (String, String) {
        switch expected {
        case "list": ("清單", "a list")
        case "object": ("物件", "an object")
        case "true/false": ("「true」或「false」", "true or false")
        case "number": ("數字", "a number")
        default: ("文字", "text")
        }
    }
}

/// Why a file is not an export of the format named: what its shape lacks.
public enum ExportShapeProblem: Sendable, Equatable {
    case notAnObject
    case noList(String)
    case notAList(String)
    case noKey(String)
    case notAFolder
    case noFile(String)
    case wrongFormat(String)
    /// A jrnl journal with no line starting with `[date] `.
    case noEntries

    var pair: (String, String) {
        switch self {
        case .notAnObject: ("不是 JSON 物件", "not a JSON object")
        case .noList(let key): ("沒有「\(key)」清單", "no '\(key)' list")
        case .notAList(let key): ("「\(key)」不是清單", "'\(key)' is not a list")
        case .noKey(let key): ("沒有「\(key)」", "no '\(key)'")
        case .notAFolder: ("不是資料夾", "not a folder")
        case .noFile(let name): ("裡面沒有 \(name)", "no \(name) in it")
        case .wrongFormat(let format): ("「format」不是「\(format)」", "no \"format\": \"\(format)\"")
        case .noEntries: ("沒有任何一行以 [日期] 開頭的紀錄", "no line starts an entry with [date]")
        }
    }
}

/// Which entry of an export a message is about, in the user's words.
public enum ExportEntry: Sendable, Equatable {
    /// The n-th entry (from 1), with what names it in the export (a date, a uuid), when known.
    case entry(Int, detail: String?)
    /// The n-th record of folio's own JSON export, with its path when known.
    case record(Int, path: String?)
    /// The n-th embedded media file of folio's own JSON export.
    case media(Int)
    /// A file of a folder, or a record, by its path or title.
    case named(String)

    /// The entry as a record's `source` names it, the same in both languages: `#3 (2026-01-01 09:00)`.
    public var label: String {
        switch self {
        case .entry(let n, let detail): detail.map { "#\(n) (\($0))" } ?? "#\(n)"
        case .record(let n, let path): path.map { "#\(n) (\($0))" } ?? "#\(n)"
        case .media(let n): "media #\(n)"
        case .named(let name): name
        }
    }

    var pair: (String, String) {
        func detailed(_ zh: String, _ en: String, _ detail: String?) -> (String, String) {
            guard let detail else { return (zh, en) }
            return ("\(zh)（\(detail)）", "\(en) (\(detail))")
        }
        switch self {
        case .entry(let n, let detail): return detailed("第 \(n) 則", "entry \(n)", detail)
        case .record(let n, let path): return detailed("第 \(n) 筆紀錄", "record \(n)", path)
        case .media(let n): return ("第 \(n) 個媒體檔", "media \(n)")
        case .named(let name): return (name, name)
        }
    }
}

/// Everything `folio import` and `folio export` say.
public enum ExchangeMessage: Sendable, Equatable {
    /// `format`: jrnl, Day One, folio JSON.
    case notAnExport(format: String, file: String, problem: ExportShapeProblem)
    case badJSON(file: String, reason: String)
    case badEntry(file: String, entry: ExportEntry, problem: EntryProblem)
    case sourceMissing(String)
    case sourceTooLarge(file: String, bytes: UInt64, limit: UInt64)
    case unzipMissing
    case unzipFailed(file: String, reason: String)
    case hostileArchive(file: String, name: String)
    /// A member of a zip unpacked to more than its cap (`limit`) while it was read.
    case archiveMemberTooLarge(file: String, name: String, limit: UInt64)
    /// A zip whose members unpack to more than its directory says.
    case archiveHoldsMore(file: String, declared: UInt64)
    /// A zip that says it unpacks to more than `ratio` times its own size: a zip bomb.
    case archiveRatio(file: String, bytes: UInt64, ratio: UInt64)
    /// Not enough room to unpack: `bytes` needed, `available` free.
    case archiveNoRoom(file: String, bytes: UInt64, available: UInt64)
    case mediaNotInExport(file: String, entry: ExportEntry, media: String)
    /// Files of a folder import that no note links and that are not notes (an Obsidian canvas, a
    /// link, a stray file): the first of them named, none dropped without a word.
    case filesNotImported(source: String, count: Int, first: [String])
    case dryRunHeader(new: Int, media: Int, skipped: Int)
    case imported(new: Int, media: Int, skipped: Int)
    case nothingNew(skipped: Int)
    /// One part of the source (a Day One journal): how many of its entries are new, how many the vault has.
    case group(name: String, new: Int, skipped: Int)
    /// Links of the imported notes to files the source does not have (listed after it), left as written.
    case unresolvedLinks(count: Int)
    /// Wikilinks whose name several files of the source have (listed after it): the one taken is named.
    case ambiguousLinks(count: Int)
    /// Which of the files one name means was taken.
    case ambiguousChoice(chosen: String, candidates: Int)
    case importing(done: Int, total: Int)
    case importingMedia(done: Int, total: Int)
    case exported(records: Int, media: Int, folder: String)
    case outputNotEmpty(String)

    public var pair: (String, String) {
        switch self {
        case .notAnExport(let format, let file, let problem):
            (
                "\(file.quotedPath) 不是 \(format) 的匯出檔（\(problem.pair.0)），沒有匯入任何東西。",
                "\(file.quotedPath) is not a \(format) export (\(problem.pair.1)); nothing was imported."
            )
        case .badJSON(let file, let reason):
            (
                "\(file.quotedPath) 不是完整的 JSON（\(Self.chineseJSONReason(reason))），可能被截斷了；沒有匯入任何東西。",
                "\(file.quotedPath) is not valid JSON (\(reason)); it may be truncated. Nothing was imported."
            )
        case .badEntry(let file, let entry, let problem):
            (
                "\(file.quotedPath) 的\(entry.pair.0)有問題：\(problem.pair.0)。沒有匯入任何東西。",
                "\(file.quotedPath), \(entry.pair.1): \(problem.pair.1). Nothing was imported."
            )
        case .sourceMissing(let file):
            ("找不到 \(file.quotedPath)。", "\(file.quotedPath) does not exist.")
        case .sourceTooLarge(let file, let bytes, let limit):
            (
                "\(file.quotedPath) 有 \(ByteCount.text(bytes))，超過能讀進來的上限 \(ByteCount.text(limit))。",
                "\(file.quotedPath) is \(ByteCount.text(bytes)), over the \(ByteCount.text(limit)) folio reads at once."
            )
        case .unzipMissing:
            (
                "讀取 zip 需要 unzip 指令（Debian：sudo apt-get install unzip），或先自行解壓縮再匯入資料夾。",
                "reading a zip needs the unzip command (Debian: sudo apt-get install unzip); or unzip it yourself and import the folder."
            )
        case .unzipFailed(let file, let reason):
            ("無法解壓縮 \(file.quotedPath)：\(reason)", "could not unzip \(file.quotedPath): \(reason)")
        case .hostileArchive(let file, let name):
            (
                "\(file.quotedPath) 裡的「\(name)」會寫到資料夾外面（../、絕對路徑或連結），已拒絕整個檔案。",
                "\(file.quotedPath) holds '\(name)', which would land outside its folder (../, an absolute path or a link); the whole file is refused."
            )
        case .archiveMemberTooLarge(let file, let name, let limit):
            (
                "\(file.quotedPath) 裡的「\(name)」解壓縮後超過上限 \(ByteCount.text(limit))，讀到這裡就停了；沒有匯入任何東西。",
                "\(file.quotedPath) holds '\(name)', which unpacks to more than \(ByteCount.text(limit)); folio stopped reading it there. Nothing was imported."
            )
        case .archiveHoldsMore(let file, let declared):
            (
                "\(file.quotedPath) 解壓縮後比它自己說的 \(ByteCount.text(declared)) 還多，檔案可能被動過手腳；已停止，沒有匯入任何東西。",
                "\(file.quotedPath) unpacks to more than the \(ByteCount.text(declared)) it says it holds; it may have been tampered with. folio stopped; nothing was imported."
            )
        case .archiveRatio(let file, let bytes, let ratio):
            (
                "\(file.quotedPath) 說它會解壓縮成 \(ByteCount.text(bytes))，是檔案本身的 \(ratio) 倍以上，像是 zip 炸彈；沒有解壓縮，也沒有匯入任何東西。",
                "\(file.quotedPath) says it unpacks to \(ByteCount.text(bytes)), over \(ratio) times its own size, as a zip bomb does; nothing was unpacked or imported."
            )
        case .archiveNoRoom(let file, let bytes, let available):
            (
                "解壓縮 \(file.quotedPath) 需要 \(ByteCount.text(bytes))，但暫存資料夾只剩 \(ByteCount.text(available))；沒有匯入任何東西。先解壓縮到有空間的地方，再匯入那個資料夾。",
                "unpacking \(file.quotedPath) needs \(ByteCount.text(bytes)), and the temporary folder has \(ByteCount.text(available)) free; nothing was imported. Unzip it where there is room, and import that folder."
            )
        case .filesNotImported(let source, let count, let first):
            (
                "\(source.quotedPath) 裡有 \(count) 個檔案不是筆記，也沒有筆記連到它，所以沒有匯入："
                    + first.map(\.quotedPath).joined(separator: "、") + (count > first.count ? " 等" : "") + "。",
                "\(count) file\(count == 1 ? "" : "s") of \(source.quotedPath) \(count == 1 ? "is" : "are") not a note and no note links \(count == 1 ? "it" : "them"), so \(count == 1 ? "it was" : "they were") not imported: "
                    + first.map(\.quotedPath).joined(separator: ", ") + (count > first.count ? ", …" : "") + "."
            )
        case .mediaNotInExport(let file, let entry, let media):
            (
                "\(file.quotedPath) 的\(entry.pair.0)的媒體 \(media) 不在匯出檔裡，連結保留原樣。",
                "\(file.quotedPath), \(entry.pair.1): the media \(media) is not in the export; its link is left as it was."
            )
        case .group(let name, let new, let skipped):
            ("「\(name)」：\(new) 筆新的、\(skipped) 筆已經在資料庫裡", "\(name): \(new) new, \(skipped) already in the vault")
        case .dryRunHeader(let new, let media, let skipped):
            (
                "會新增 \(new) 筆紀錄、\(media) 個媒體檔；\(skipped) 筆已經在資料庫裡，略過：",
                "would add \(new) record\(new == 1 ? "" : "s") and \(media) media file\(media == 1 ? "" : "s"); \(skipped) already in the vault, skipped:"
            )
        case .imported(let new, let media, let skipped):
            (
                "已匯入 \(new) 筆紀錄、\(media) 個媒體檔；\(skipped) 筆已經在資料庫裡，略過。",
                "imported \(new) record\(new == 1 ? "" : "s") and \(media) media file\(media == 1 ? "" : "s"); \(skipped) already in the vault, skipped."
            )
        case .nothingNew(let skipped):
            ("沒有新的紀錄：\(skipped) 筆都已經在資料庫裡。", "nothing new: all \(skipped) records are already in the vault.")
        case .unresolvedLinks(let count):
            (
                "有 \(count) 個連結指向來源裡沒有的檔案，保留原樣（folio check 也會列出）：",
                "\(count) link\(count == 1 ? " points" : "s point") to files the source does not have, left as written (folio check lists them too):"
            )
        case .ambiguousLinks(let count):
            (
                "有 \(count) 個連結的檔名在來源裡不只一個檔案，採用跟筆記同一個資料夾的那一個，否則路徑最短的那一個：",
                "\(count) link\(count == 1 ? " names" : "s name") a file the source has more than once; folio took the one Obsidian takes (in the note's folder, else the shortest path):"
            )
        case .ambiguousChoice(let chosen, let candidates):
            ("採用 \(chosen.quotedPath)（共 \(candidates) 個）", "took \(chosen.quotedPath) (of \(candidates))")
        case .importing(let done, let total):
            ("匯入紀錄 \(done)/\(total)", "writing records \(done)/\(total)")
        case .importingMedia(let done, let total):
            ("匯入媒體 \(done)/\(total)", "copying media \(done)/\(total)")
        case .exported(let records, let media, let folder):
            (
                "已匯出 \(records) 筆紀錄、\(media) 個媒體檔到 \(folder.quotedPath)。",
                "exported \(records) record\(records == 1 ? "" : "s") and \(media) media file\(media == 1 ? "" : "s") to \(folder.quotedPath)."
            )
        case .outputNotEmpty(let folder):
            (
                "\(folder.quotedPath) 已經有檔案了；請指定一個空的或還不存在的資料夾。",
                "\(folder.quotedPath) already holds files; name an empty folder or one that does not exist yet."
            )
        }
    }

    /// Where the JSON reader (its words are English) says the text stops being JSON, in zh-Hant:
    /// the line and column or character it names, else no more than that it is not JSON.
    static func chineseJSONReason(_ reason: String) -> String {
        func numbers(after word: String) -> Int? {
            guard let range = reason.range(of: word + " ") else { return nil }
            return Int(reason[range.upperBound...].prefix { $0.isNumber })
        }
        if let line = numbers(after: "line"), let column = numbers(after: "column") { return "第 \(line) 行第 \(column) 欄附近有錯" }
        if let character = numbers(after: "character") { return "第 \(character) 個字元附近有錯" }
        if reason.lowercased().contains("end of") { return "內容在中途結束" }
        return "格式不對"
    }
}
