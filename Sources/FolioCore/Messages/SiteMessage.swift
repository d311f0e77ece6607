/// Everything folio says about the browsable site `folio export html` writes.
public enum SiteMessage: Sendable, Equatable {
    /// The output folder holds files and no manifest of folio's.
    case foreignFolder(String)
    /// The output folder is the vault, holds it, or lies inside it but not under `.folio/local/`.
    case insideVault(String)
    /// A folder of the site is a symbolic link, which could lead writes out of the output folder.
    case symlinkInSite(String)
    /// The output path is a file.
    case notAFolder(String)
    /// A record could not be read or rendered; the others are exported.
    case recordSkipped(String)
    /// After an export: pages written, removed, left as they were.
    case exported(written: Int, removed: Int, unchanged: Int, records: Int)
    case thumbnailsMade(Int)
    case noThumbnailTool
    case openFailed(String)

    public var pair: (String, String) {
        switch self {
        case .foreignFolder(let path):
            (
                "輸出資料夾 \(path.quotedPath) 不是空的，也不是 folio 寫的；請用 --out 換一個資料夾，或先清空它。",
                "the output folder \(path.quotedPath) is not empty and was not written by folio: choose another with --out, or empty it."
            )
        case .insideVault(let path):
            (
                "網站不能寫到 \(path.quotedPath)：在資料庫裡的檔案會被 git 提交、同步到每台裝置（.folio/local 除外）；預設位置是 .folio/local/site，或用 --out 指定資料庫外的資料夾。",
                "the site cannot be written to \(path.quotedPath): inside the vault, git would commit it and sync it to every device (.folio/local is the exception); the default is .folio/local/site, or give --out a folder outside the vault."
            )
        case .symlinkInSite(let path):
            (
                "網站裡的 \(path.quotedPath) 是符號連結，folio 不會跟著它寫入；請刪除它再匯出。",
                "\(path.quotedPath) in the site is a symbolic link, which folio does not write through; remove it and export again."
            )
        case .notAFolder(let path):
            ("\(path.quotedPath) 是檔案，不是資料夾。", "\(path.quotedPath) is a file, not a folder.")
        case .recordSkipped(let reason):
            ("這筆紀錄沒有匯出：\(reason)", "this record was not exported: \(reason)")
        case .exported(let written, let removed, let unchanged, let records):
            (
                "已匯出 \(records) 筆紀錄：寫入 \(written) 個檔案，移除 \(removed) 個，\(unchanged) 個沒有變動。",
                "exported \(records) records: \(written) files written, \(removed) removed, \(unchanged) unchanged."
            )
        case .thumbnailsMade(let count):
            ("已產生 \(count) 張縮圖。", "made \(count) thumbnails.")
        case .noThumbnailTool:
            (
                "沒有找到 ffmpeg：照片以原圖縮放顯示，影片沒有縮圖（安裝 ffmpeg 後再匯出即可）。",
                "ffmpeg was not found: photos are shown scaled from the originals and videos have no thumbnail (install ffmpeg and export again)."
            )
        case .openFailed(let reason):
            ("無法開啟瀏覽器：\(reason)", "could not open a browser: \(reason)")
        }
    }
}
