#if canImport(Glibc)
    import Glibc
#endif

/// `folio watch`: the server that tells commands which files changed, and what commands say when
/// it does not answer as it should.
public enum WatchMessage: Sendable, Equatable {
    /// inotify could not watch every folder (`ENOSPC`: the user's limit of watches).
    case cannotWatch(errno: Int32)
    /// A system without inotify.
    case notOnThisSystem
    /// Another `folio watch` already serves this vault.
    case alreadyWatching(pid: Int32)
    /// `folio watch start`: the server runs.
    case started(pid: Int32, folders: Int)
    /// The server did not answer within its time after it was started.
    case didNotStart
    /// `folio watch stop`: it stopped, or none ran.
    case stopped
    case notWatching
    /// `folio watch status`.
    case status(pid: Int32, folders: Int, since: String, changes: UInt64, answers: UInt64, rescans: Int)
    /// A command asked and the answer was late, malformed or from another user: it walked the vault.
    case unanswered(reason: String)
    /// A command checked every one of `files` files of a vault nobody watched, and started a watcher
    /// for the next ones.
    case startedAutomatically(files: Int)
    /// `folio watch status` with nothing watching and the vault marked off on this device, with why.
    case notWatchingAndOff(reason: String)
    /// The mark's reason when `folio watch stop` wrote it.
    case offByStop
    /// The socket could not be made.
    case cannotListen(SystemReason)

    public var pair: (String, String) {
        switch self {
        case .cannotWatch(let number):
            number == ENOSPC
                ? (
                    "無法監看資料庫的每個資料夾：已達到這個使用者的 `inotify` 監看上限（/proc/sys/fs/inotify/max_user_watches）；請提高上限，或不用 `folio watch`。",
                    "cannot watch every folder of the vault: this user's limit of inotify watches is reached (/proc/sys/fs/inotify/max_user_watches); raise it, or go on without folio watch."
                )
                : (
                    "無法監看資料庫的資料夾（\(Self.reason(number))）；沒有 `folio watch`，指令照樣正確，只是要檢查每個檔案。",
                    "cannot watch the vault's folders (\(Self.reason(number))); without folio watch every command is still right, it checks every file."
                )
        case .notOnThisSystem:
            (
                "`folio watch` 需要 `Linux` 的 `inotify`；在這個系統上，指令會檢查每個檔案。",
                "folio watch needs Linux's inotify; on this system commands check every file."
            )
        case .alreadyWatching(let pid):
            ("`folio watch` 已經在監看這個資料庫（行程 \(pid)）。", "folio watch is already watching this vault (process \(pid)).")
        case .started(let pid, let folders):
            (
                "`folio watch` 在背景監看 \(folders) 個資料夾（行程 \(pid)）；以 `folio watch stop` 停止。",
                "folio watch is watching \(Self.folders(folders)) in the background (process \(pid)); stop it with folio watch stop."
            )
        case .didNotStart:
            ("`folio watch` 沒有在時限內開始回應；指令照樣會檢查每個檔案。", "folio watch did not start answering in time; commands go on checking every file.")
        case .stopped:
            (
                "`folio watch` 已停止；在這台裝置上，要等 `folio watch start` 才會再監看這個資料庫。",
                "folio watch stopped; on this device it watches this vault again only after folio watch start."
            )
        case .notWatching:
            ("沒有 `folio watch` 在監看這個資料庫；指令會檢查每個檔案。", "no folio watch is watching this vault; commands check every file.")
        case .status(let pid, let folders, let since, let changes, let answers, let rescans):
            (
                "`folio watch` 監看 \(folders) 個資料夾（行程 \(pid)，自 \(since) 起）：記下 \(changes) 個變動，回答 \(answers) 次，重新監看 \(rescans) 次。",
                "folio watch is watching \(Self.folders(folders)) (process \(pid), since \(since)): \(changes) changes noted, \(answers) answers, \(rescans) rescans."
            )
        case .unanswered(let reason):
            (
                "`folio watch` 沒有好好回答（\(reason)），這次檢查了每個檔案；若一再發生，請以 `folio watch stop` 停止它。",
                "folio watch did not answer properly (\(reason)), so every file was checked this time; if it keeps happening, stop it with folio watch stop."
            )
        case .startedAutomatically(let files):
            (
                "這個資料庫有 \(files) 個 Markdown 檔案，這次每個都檢查過了：已在背景啟動 `folio watch`，之後的指令只檢查變動過的檔案（`folio watch stop` 可在這台裝置關閉它；見 docs/watch.md）。",
                "this vault has \(files) Markdown files and each was checked this time: folio watch now runs in the background, so later commands check only the files that change (folio watch stop turns it off on this device; see docs/watch.md)."
            )
        case .notWatchingAndOff(let reason):
            (
                "沒有 `folio watch` 在監看這個資料庫；指令會檢查每個檔案。在這台裝置上它不會自動啟動（\(reason)）；`folio watch start` 會再啟動它。",
                "no folio watch is watching this vault; commands check every file. On this device it does not start by itself (\(reason)); folio watch start starts it again."
            )
        case .offByStop:
            ("以 `folio watch stop` 停止", "stopped with folio watch stop")
        case .cannotListen(let reason):
            ("`folio watch` 無法建立連線端點：\(reason.pair.0)", "folio watch cannot make its socket: \(reason.pair.1)")
        }
    }

    private static func folders(_ count: Int) -> String { count == 1 ? "1 folder" : "\(count) folders" }

    private static func reason(_ number: Int32) -> String {
        strerror(number).map { String(cString: $0) } ?? "error \(number)"
    }
}
