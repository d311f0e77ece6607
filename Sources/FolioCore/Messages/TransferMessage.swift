/// How a transfer ended when all but part of it succeeded: what did not come, and the command
/// that tries again. Said as the command's failure, after what it did (never exit 0).
public enum TransferMessage: Sendable, Equatable {
    /// `sync` or `clone`: records merged, committed and sent, but these media did not download
    /// (each named above with why).
    case mediaNotDownloaded(files: [String])
    /// `sync` or `clone`: everything else done, but the LFS server was not asked for the media.
    case mediaServerNotAsked(reason: LFSReason)
    /// `export`: written, but without these media, which are not on this device (each named above).
    case mediaLeftOut(files: [String])

    public var pair: (String, String) {
        switch self {
        case .mediaNotDownloaded(let files):
            (
                "有 \(files.count) 個媒體檔沒有下載，仍是指標（原因見上）：\(Self.list(files, separator: "、"))。其他都已完成；用 `folio media fetch` 再試一次。",
                "\(files.count) media file\(files.count == 1 ? "" : "s") did not download and stay pointers (why is said above): \(Self.list(files, separator: ", ")). Everything else is done; folio media fetch tries again."
            )
        case .mediaServerNotAsked(let reason):
            (
                "媒體沒有下載，仍是指標：無法詢問 LFS 伺服器（\(reason.pair.0)）。其他都已完成；用 `folio media fetch` 再試一次。",
                "no media were downloaded and they stay pointers: the LFS server could not be asked (\(reason.pair.1)). Everything else is done; folio media fetch tries again."
            )
        case .mediaLeftOut(let files):
            (
                "匯出已寫好，但少了 \(files.count) 個媒體檔：它們不在這台裝置上（原因見上）：\(Self.list(files, separator: "、"))。用 `folio media fetch` 下載後再匯出一次。",
                "the export is written without \(files.count) media file\(files.count == 1 ? "" : "s"), which \(files.count == 1 ? "is" : "are") not on this device (why is said above): \(Self.list(files, separator: ", ")). folio media fetch brings them; then export again."
            )
        }
    }

    /// The first ten files, and how many more.
    static func list(_ files: [String], separator: String) -> String {
        files.prefix(10).joined(separator: separator) + (files.count > 10 ? " (+\(files.count - 10))" : "")
    }
}
