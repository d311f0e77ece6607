import Foundation

/// What went wrong with one of git's credential helpers (a program of the user's that folio asks
/// for a password), in the terms of its fix.
public enum CredentialHelperProblem: Sendable, Hashable {
    /// It did not answer within `seconds` (all helpers together): it was stopped.
    case timedOut(seconds: Int)
    /// It answered more than `limit` bytes: it was stopped.
    case tooLong(limit: Int)
    /// It exited with `status` (or was ended by a signal, when nil).
    case failed(status: Int32?)
    /// It could not be started.
    case notStarted
    /// Its answer named another place (`host=`, `protocol=`, `path=` or `url=` of `named`): its
    /// password belongs there and was not sent here.
    case answeredForElsewhere(named: String)
    /// Its answer held a NUL or a control character.
    case unreadableAnswer
}

extension RemoteMessage {
    static func helperFailed(helper: String, host: String, problem: CredentialHelperProblem) -> (String, String) {
        let (zhWhy, enWhy, zhFix, enFix): (String, String, String, String)
        switch problem {
        case .timedOut(let seconds):
            (zhWhy, enWhy) = ("它在 \(seconds) 秒內沒有回答，已被停止", "it did not answer within \(seconds) seconds and was stopped")
            (zhFix, enFix) = (
                "請確認它不需要在終端機輸入（folio 不給它終端機），或用 `folio config set sync.timeout 秒數` 給它更多時間",
                "check that it does not wait for typing at a terminal (folio gives it none), or give it more time with `folio config set sync.timeout SECONDS`"
            )
        case .tooLong(let limit):
            (zhWhy, enWhy) = ("它的回答超過 \(limit) 位元組，已被停止", "it answered more than \(limit) bytes and was stopped")
            (zhFix, enFix) = ("請檢查它印出的內容，只應有幾行「名稱=值」", "check what it prints: it should be a few key=value lines")
        case .failed(let status):
            (zhWhy, enWhy) =
                status.map { ("它以狀態 \($0) 結束", "it exited with status \($0)") } ?? ("它被訊號結束", "it was ended by a signal")
            (zhFix, enFix) = ("請在終端機執行 `git credential fill` 看它說什麼", "run `git credential fill` in a terminal to see what it says")
        case .notStarted:
            (zhWhy, enWhy) = ("它無法啟動", "it could not be started")
            (zhFix, enFix) = ("請檢查 `git config --get-all credential.helper`", "check `git config --get-all credential.helper`")
        case .answeredForElsewhere(let named):
            (zhWhy, enWhy) = (
                "它的回答是給另一個地方的（\(named)），所以它的密碼沒有送給 \(host)",
                "its answer is for another place (\(named)), so its password was not sent to \(host)"
            )
            (zhFix, enFix) = (
                "請確認它只回答被問到的主機，或用 `credential.<網址>.helper` 只為該主機設定它",
                "make it answer for the host it is asked about, or set it for that host only with `credential.<URL>.helper`"
            )
        case .unreadableAnswer:
            (zhWhy, enWhy) = ("它的回答含有 NUL 或控制字元，folio 不使用", "its answer holds a NUL or a control character, which folio does not use")
            (zhFix, enFix) = ("請檢查它存放的密碼", "check the password it keeps")
        }
        return (
            "警告：git 的憑證小幫手「\(helper)」沒有給 \(host) 可用的密碼：\(zhWhy)。\(zhFix)。",
            "warning: git's credential helper \"\(helper)\" gave no usable password for \(host): \(enWhy). To fix: \(enFix)."
        )
    }
}
