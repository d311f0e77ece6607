import Foundation

/// Why a media file could not be imported.
public enum MediaReadProblem: Sendable, Equatable {
    case notFound
    case isDirectory
    case notRegularFile
    case permissionDenied
    case empty
    case tooLarge(bytes: UInt64, limit: UInt64)
    case notMedia
    case readFailed(String)
    case changedWhileReading

    var pair: (String, String) {
        switch self {
        case .notFound: ("找不到這個檔案", "no such file")
        case .isDirectory: ("這是資料夾，不是檔案", "it is a folder, not a file")
        case .notRegularFile: ("這不是一般檔案", "it is not a regular file")
        case .permissionDenied: ("沒有讀取權限", "permission denied")
        case .empty: ("檔案是空的", "the file is empty")
        case .tooLarge(let bytes, let limit):
            (
                "檔案 \(ByteCount.text(bytes)) 超過上限 \(ByteCount.text(limit))（media.max_bytes；GitHub 等 git 主機拒收更大的檔案）",
                "it is \(ByteCount.text(bytes)), over the limit of \(ByteCount.text(limit)) (media.max_bytes; git hosts such as GitHub refuse larger files)"
            )
        case .notMedia: ("不是照片、影片或錄音", "it is not a photo, video or audio file")
        case .readFailed(let reason): ("讀取錯誤：\(reason)", "read error: \(reason)")
        case .changedWhileReading: ("讀取時檔案被修改了", "the file changed while it was read")
        }
    }
}

/// Everything folio says about media.
public enum MediaMessage: Sendable, Equatable {
    case required
    /// `noun` is photo, video or audio when the file's name says which.
    case unreadable(file: String, noun: String?, problem: MediaReadProblem)
    case attached(count: Int, title: String)
    case alreadyAttached(String)
    case noDateTaken
    case heading
    case missingMark
    case corrupt(file: String, records: [String])
    case missing(file: String, record: String)
    case sizeMismatch(file: String, expected: UInt64, found: UInt64)
    case brokenLink(target: String)
    case strayFile(String)
    case unreferencedNone
    case unreferencedHeader(count: Int, bytes: UInt64)
    case confirmRemove(Int)
    case removed(count: Int, bytes: UInt64)
    case relinked(record: String, from: String, to: String)
    case restored(String)
    case notFound(String)
    case checking(done: Int, total: Int)
    case checkedMedia(Int)

    public var pair: (String, String) {
        switch self {
        case .required:
            ("請先選擇照片或影片（--media 檔案）。", "Choose a photo or video first (--media FILE).")
        case .unreadable(let file, let noun, let problem):
            switch noun {
            case "photo":
                (
                    "照片讀取失敗，請換一張或稍後再試：\(file)（\(problem.pair.0)）",
                    "could not read the photo \(file): \(problem.pair.1). Choose another or try again later."
                )
            case "audio":
                (
                    "錄音讀取失敗，請換一段或稍後再試：\(file)（\(problem.pair.0)）",
                    "could not read the recording \(file): \(problem.pair.1). Choose another or try again later."
                )
            default:
                (
                    "影片讀取失敗，請換一段或稍後再試：\(file)（\(problem.pair.0)）",
                    "could not read the media file \(file): \(problem.pair.1). Choose another or try again later."
                )
            }
        case .attached(let count, let title):
            ("已加入 \(count) 個媒體到「\(title)」。", "attached \(count) media file\(count == 1 ? "" : "s") to '\(title)'.")
        case .alreadyAttached(let file):
            ("\(file) 已經在這筆紀錄裡了。", "\(file) is already attached to this record.")
        case .noDateTaken:
            ("媒體裡沒有拍攝時間，日期用現在。", "the media says nothing about when it was taken; the page is dated now.")
        case .heading:
            ("媒體", "Media")
        case .missingMark:
            ("（檔案不見了）", "(missing)")
        case .corrupt(let file, let records):
            (
                "\(file)：內容和檔名的雜湊不符（檔案損壞）。用到它的紀錄：\(records.joined(separator: ", "))。從歷史找回：folio log --media \(file)",
                "\(file): its bytes no longer hash to its name (corrupt). Used by: \(records.joined(separator: ", ")). Find it in history: folio log --media \(file)"
            )
        case .missing(let file, let record):
            ("\(record)：媒體 \(file) 不存在", "\(record): the media file \(file) is missing")
        case .sizeMismatch(let file, let expected, let found):
            (
                "\(file)：大小 \(found) 位元組，紀錄寫的是 \(expected)（檔案損壞？執行 folio check 重新計算雜湊）",
                "\(file): \(found) bytes where the record says \(expected) (corrupt? run folio check to re-hash it)"
            )
        case .brokenLink(let target):
            ("連結指向不存在的檔案：\(target)", "the link points nowhere: \(target)")
        case .strayFile(let path):
            ("\(path.quotedPath)：media/ 裡不屬於任何內容位址的檔案", "\(path.quotedPath): a stray file in media/ (not named by its content)")
        case .unreferencedNone:
            ("沒有未被使用的媒體。", "no unreferenced media.")
        case .unreferencedHeader(let count, let bytes):
            (
                "\(count) 個媒體沒有任何紀錄使用（\(ByteCount.text(bytes))）：",
                "\(count) media file\(count == 1 ? "" : "s") no record uses (\(ByteCount.text(bytes))):"
            )
        case .confirmRemove(let count):
            ("要移除這 \(count) 個媒體嗎？（可從歷史找回）[y/N] ", "Remove these \(count) media file\(count == 1 ? "" : "s")? (history keeps them) [y/N] ")
        case .removed(let count, let bytes):
            (
                "已移除 \(count) 個媒體（\(ByteCount.text(bytes))），並已提交；歷史裡仍找得回來。",
                "removed \(count) media file\(count == 1 ? "" : "s") (\(ByteCount.text(bytes))), committed; history keeps them."
            )
        case .relinked(let record, let from, let to):
            ("\(record)：連結 \(from) 改為 \(to)", "\(record): relinked \(from) to \(to)")
        case .restored(let file):
            ("\(file)：已從歷史還原", "\(file): restored from history")
        case .notFound(let reference):
            ("找不到媒體「\(reference)」。", "no media file '\(reference)'.")
        case .checking(let done, let total):
            ("檢查媒體 \(done)/\(total)", "checking media \(done)/\(total)")
        case .checkedMedia(let count):
            ("已重新計算 \(count) 個媒體的雜湊。", "re-hashed \(count) media file\(count == 1 ? "" : "s").")
        }
    }
}

/// Byte counts as people read them: 1.5 MiB, 820 KiB, 12 B (binary units, as `ls -h` and the 100 MiB limit of git hosts).
public enum ByteCount {
    public static func text(_ bytes: UInt64) -> String {
        let units: [(Double, String)] = [(1_099_511_627_776, "TiB"), (1_073_741_824, "GiB"), (1_048_576, "MiB"), (1024, "KiB")]
        let value = Double(bytes)
        for (scale, unit) in units where value >= scale {
            let scaled = value / scale
            return (scaled >= 100 ? String(Int(scaled.rounded())) : String(format: "%.1f", scaled)) + " " + unit
        }
        return "\(bytes) B"
    }
}
