import Foundation

/// Everything folio says about git's lock files.
public enum LockMessage: Sendable, Equatable {
    /// A lock folio did not leave is still there after waiting `waited` seconds (`git.lock_wait`).
    case gitLockHeld(path: String, waited: Int)

    public var pair: (String, String) {
        switch self {
        case .gitLockHeld(let path, let waited):
            (
                "git 的鎖檔 \(path.quotedPath) 還在（等了 \(waited) 秒），可能有另一個 git 程式正在這個資料庫裡工作（例如等著編輯器的 git commit）。folio 沒有做任何改動。請先完成或結束那個 git 指令再試一次；如果確定沒有 git 程式在執行，請自行刪除這個檔案：rm \(path.quotedPath)",
                "git's lock \(path.quotedPath) is still there after \(waited) s: another git process may be running in this vault (a git commit waiting for its editor, for example). folio changed nothing. Finish or quit that git command and try again; if no git process is running, remove the file by hand: rm \(path.quotedPath)"
            )
        }
    }
}
