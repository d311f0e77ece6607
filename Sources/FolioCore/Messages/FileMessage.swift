import Foundation

/// Everything folio says about files on disk as files: saves that landed while folio wrote, what a
/// commit leaves out and why, names that collide on other devices, and text on standard input.
public enum FileMessage: Sendable, Equatable {
    /// A read-modify-write found the file replaced or rewritten since it read it (an editor's save).
    /// `kept`: a save that landed in the instant the file was put back, kept under that name.
    case changedWhileWriting(kept: String?)
    /// A file folio must read or replace is a pipe, a device, a socket or a link.
    case notRegularFile
    /// `.gitignore` or `.gitattributes` (named by the error's file) is not a regular file: git,
    /// which reads it, would wait on it forever.
    case gitFileNotRegular
    /// A media file whose bytes no longer hash to its name: left out of commits.
    case mediaNotItsName
    /// `check --fix`: the committed bytes of a media file are back; the damaged ones kept at `kept`.
    case mediaRestored(file: String, kept: String)
    /// `check --fix`: no commit holds bytes that hash to the media file's name.
    case mediaNotRestorable(String)
    /// `sync`: the other device's copy of a media file does not hash to its name; this device's was kept.
    case mediaKeptOurs(String)
    /// `undo`: undoing would commit a media file whose bytes do not hash to its name.
    case undoWouldCommitDamagedMedia(String)
    /// A file git ignores (a rule in a `.gitignore`, `.git/info/exclude` or git's settings): never committed.
    case ignoredByGit
    /// `status`: the heading over the records git ignores.
    case ignoredHeading(Int)
    /// `status`: a changed media file commits leave out because its bytes do not match its name.
    case heldBackDamagedMedia
    /// `status`: a new file commits leave out because another device would take it for `with`.
    case heldBackCollision(with: String)
    /// `check --fix`: a name macOS and Windows took for `other` now has a name of its own;
    /// `relinked` records' links follow it.
    case collisionRenamed(from: String, to: String, other: String, relinked: Int)
    /// Two names that macOS or Windows would see as one file; this one stays out of commits.
    case nameCollides(with: String, kind: NameCollision, rename: String)
    /// A name another device would see differently, on its own (no twin beside it): `rename` is
    /// the `mv` arguments that give it the name `check --fix` gives it.
    case nameSeenDifferently(NameDifference, rename: String)
    /// `check --fix`: a name another device would have seen differently now has one it sees the
    /// same; `relinked` records' links follow it.
    case nameRenamed(from: String, to: String, relinked: Int)
    /// Text came on standard input but the command was given that text already (by `option`).
    case standardInputUnused(option: String)
    /// `-` given twice in one command: standard input can be read once.
    case standardInputTwice
    /// More than `limit` bytes came on standard input (or as one line typed to a prompt).
    case standardInputTooLarge(limit: Int)

    /// How two names collide.
    public enum NameCollision: Sendable, Equatable {
        /// They differ only in how accented letters are encoded (Unicode normalisation: NFC `é`, NFD `e` + `◌́`).
        case normalisation
        /// They differ only in upper and lower case.
        case letterCase
    }

    /// Why another device would see a name differently.
    public enum NameDifference: Sendable, Equatable {
        /// An accented letter spelled decomposed (Unicode NFD, as macOS hands names back): every
        /// other device, git on a Mac and a link typed anywhere spell it composed (NFC).
        case decomposed
        /// Windows (or a common file system) cannot hold it at all.
        case notPortable(PortablePath.NameProblem)
    }

    public var pair: (String, String) {
        switch self {
        case .nameSeenDifferently(let difference, let rename):
            switch difference {
            case .decomposed:
                (
                    "這個名字的重音字母是分解形式（Unicode NFD，macOS 交回的檔名就是這樣），其他裝置、蘋果電腦上的 git 和任何地方輸入的連結都用組合形式（NFC），會把它當成另一個檔案。`folio check --fix` 會改名（連結跟著改；或 `mv \(rename)`）",
                    "this name spells an accented letter decomposed (Unicode NFD, as macOS hands names back); other devices, git on a Mac and links typed anywhere spell it composed (NFC) and would take it for another file. `folio check --fix` renames it (links to it follow; or mv \(rename))"
                )
            case .notPortable(let problem):
                (
                    Message.nameNotPortable(problem).pair.0 + "`folio check --fix` 會改名（連結跟著改；或 `mv \(rename)`）",
                    Message.nameNotPortable(problem).pair.1 + " `folio check --fix` renames it (links to it follow; or mv \(rename))"
                )
            }
        case .nameRenamed(let from, let to, let relinked):
            (
                "已把 \(from.quotedPath) 改名為 \(to.quotedPath)，每台裝置看到的都是同一個名字"
                    + (relinked > 0 ? "；\(relinked) 筆紀錄裡指向它的連結已跟著改。" : "。"),
                "renamed \(from.quotedPath) to \(to.quotedPath), a name every device sees the same"
                    + (relinked > 0 ? "; the links to it in \(relinked) record\(relinked == 1 ? "" : "s") follow it." : ".")
            )
        case .changedWhileWriting(let kept):
            (
                "沒有寫入：folio 讀取這個檔案之後，另一個程式（例如編輯器）存了它。那次存檔原封不動，folio 什麼都沒寫；再執行一次指令會從新的內容開始。"
                    + (kept.map { "同一瞬間的另一次存檔保留在 \($0.quotedPath)。" } ?? ""),
                "not written: another program (an editor?) saved this file after folio read it. That save is kept as it is and folio wrote nothing; run the command again to start from the new text."
                    + (kept.map { " A save made in the same instant is kept as \($0.quotedPath)." } ?? "")
            )
        case .notRegularFile:
            (
                "這不是一般檔案（是具名管道、裝置、通訊端或連結），folio 不讀取也不取代它。請刪除或改名。",
                "this is not a regular file (a named pipe, a device, a socket or a link); folio neither reads nor replaces it. Remove or rename it."
            )
        case .gitFileNotRegular:
            (
                "git 會讀這個檔案，但它不是一般檔案（例如具名管道），git 會一直等下去，所以 folio 在 git 讀它之前就停下了。請刪除或改名，再試一次；之後 folio commit 會提交期間已存下的改動。",
                "git reads this file, but it is not a regular file (a named pipe, for example) and git would wait on it forever, so folio stopped before git read it. Remove or rename it and try again; folio commit then commits anything saved meanwhile."
            )
        case .mediaNotItsName:
            (
                "這個媒體檔的內容和它的名字（內容的 sha256）不符：存進來之後被改過或損壞了。它不會被 commit，歷史裡好的版本因此留著；folio check --fix 會把 commit 過的內容放回來（損壞的內容另外保存）。",
                "this media file's bytes no longer match its name (the sha256 of its content): it was changed or damaged after it was stored. It is left out of commits, so the good copy in history stays; folio check --fix puts the committed bytes back (keeping the damaged ones aside)."
            )
        case .collisionRenamed(let from, let to, let other, let relinked):
            (
                "已把 \(from.quotedPath) 改名為 \(to.quotedPath)，macOS 和 Windows 不會再把它和 \(other.quotedPath) 當成同一個檔案"
                    + (relinked > 0 ? "；\(relinked) 筆紀錄裡指向它的連結已跟著改。" : "。"),
                "renamed \(from.quotedPath) to \(to.quotedPath): macOS and Windows no longer take it for \(other.quotedPath)"
                    + (relinked > 0 ? "; the links to it in \(relinked) record\(relinked == 1 ? "" : "s") follow it." : ".")
            )
        case .mediaRestored(let file, let kept):
            (
                "已從歷史放回 \(file.quotedPath) 的正確內容；損壞的內容保存在 \(kept.quotedPath)。",
                "put the committed bytes of \(file.quotedPath) back from history; the damaged bytes are kept in \(kept.quotedPath)."
            )
        case .mediaNotRestorable(let file):
            (
                "\(file.quotedPath) 沒有辦法修復：沒有任何 commit 存有符合它名字的內容。檔案維持原樣，也不會被 commit。",
                "\(file.quotedPath) cannot be repaired: no commit holds bytes that match its name. The file stays as it is, out of commits."
            )
        case .mediaKeptOurs(let file):
            (
                "\(file.quotedPath)：另一台裝置送來的內容和檔名不符（損壞的媒體檔），保留這台裝置上正確的版本。",
                "\(file.quotedPath): the other device's copy does not match its name (a damaged media file); this device's good copy is kept."
            )
        case .undoWouldCommitDamagedMedia(let file):
            (
                "沒有復原：這會把內容和檔名不符的媒體檔 \(file.quotedPath) 再 commit 一次。什麼都沒改。",
                "not undone: it would commit \(file.quotedPath) again, a media file whose bytes do not match its name. Nothing was changed."
            )
        case .ignoredByGit:
            (
                "git 忽略這個檔案（.gitignore、.git/info/exclude 或 git 設定裡的規則），所以它永遠不會被 commit 或同步。請移除那條規則，或把檔案改名。",
                "git ignores this file (a rule in a .gitignore, .git/info/exclude or git's settings), so it is never committed or synced. Remove the rule, or rename the file."
            )
        case .ignoredHeading(let count):
            (
                "git 忽略 \(count) 個檔案，它們永遠不會被 commit 或同步（移除 .gitignore 等處的規則，或把檔案改名）：",
                "git ignores \(count) file\(count == 1 ? "" : "s") folio reads, never committed nor synced (remove the rule in a .gitignore or elsewhere, or rename them):"
            )
        case .heldBackDamagedMedia:
            (
                "（不會提交：內容和檔名不符；folio check --fix 會放回 commit 過的內容）",
                "(held back: its bytes no longer match its name; folio check --fix puts the committed bytes back)"
            )
        case .heldBackCollision(let other):
            (
                "（不會提交：在 macOS 或 Windows 上和 \(other.quotedPath) 是同一個檔名；請改名，folio check 會說怎麼改）",
                "(held back: macOS and Windows would take it for \(other.quotedPath); rename it, folio check says how)"
            )
        case .nameCollides(let other, let kind, let rename):
            (
                "這個名字和 \(other.quotedPath) "
                    + (kind == .normalisation ? "只差在重音字母的編碼方式（Unicode 正規化）" : "只差在大小寫")
                    + "，macOS 和 Windows 上會變成同一個檔案。它不會被 commit，直到改名：`folio check --fix` 會改（或 `mv \(rename)`）",
                "this name and \(other.quotedPath) differ only "
                    + (kind == .normalisation ? "in how accented letters are encoded (Unicode normalisation)" : "in upper and lower case")
                    + "; macOS and Windows see one file. It is left out of commits until renamed: `folio check --fix` renames it (or mv \(rename))"
            )
        case .standardInputUnused(let option):
            (
                "標準輸入有文字，但沒有地方用它：已經用 \(option) 給了這段文字。要用標準輸入，請寫 \(option) -；否則不要把文字傳進來。什麼都沒寫。",
                "standard input holds text that nothing would read: \(option) was given as well. Write \(option) - to use standard input, or do not pipe text in. Nothing was written."
            )
        case .standardInputTwice:
            (
                "標準輸入只能讀一次：一個指令裡只能有一個 -。",
                "standard input can be read once: only one - per command."
            )
        case .standardInputTooLarge(let limit):
            (
                "標準輸入超過 \(limit) 位元組，folio 讀到這裡就停了，什麼都沒寫。把很長的內容存成檔案，用 folio attach 或 folio import 帶進來。",
                "standard input holds more than \(limit) bytes; folio stopped reading there and wrote nothing. Keep something that long as a file, and bring it in with folio attach or folio import."
            )
        }
    }
}
