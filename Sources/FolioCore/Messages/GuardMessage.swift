import FolioSecrets

/// What folio refuses to write or commit, and what `check` finds that must not be published by
/// accident: keys and tokens, control bytes in typed text, links out of the vault, conflict copies.
public enum GuardMessage: Sendable, Equatable {
    /// `folio check`: a file holds what looks like a credential.
    case secretFound(kind: SecretKind, masked: String)
    /// Typed text holds what looks like a credential; nothing was written.
    case secretInInput(input: InputName, kind: SecretKind, masked: String)
    /// The file a command would rewrite (and commit) holds what looks like a credential.
    case secretInFile(kind: SecretKind, masked: String)
    /// `commit` or `sync` left out a file that holds what looks like a credential.
    case secretLeftOut(kind: SecretKind, masked: String)
    /// A URL typed as a setting (or a remote) holds a password (`masked`: the URL with it masked);
    /// nothing was written.
    case passwordInURL(input: InputName, masked: String)
    /// Typed text holds a NUL byte; nothing was written.
    case nulInInput(InputName)
    /// Typed text holds another control character (`scalar`); nothing was written.
    case controlInInput(InputName, scalar: UInt32)
    /// A symbolic link that leads outside the vault was left out of a commit.
    case linkLeftOut(target: String)
    /// A record's folder is a symbolic link that leads outside the vault: nothing is written there.
    case folderLeadsOutside(String)
    /// `folio check`: a file that also has names outside the vault (a hard link).
    case hardLinkOutside(otherNames: Int)
    /// `folio check --fix`: the file now has a copy of its own.
    case hardLinkSeparated(String)
    /// `folio check`: a conflict copy sync kept beside `record`.
    case conflictCopy(record: String, recordExists: Bool)
    /// `folio status`: a changed file that commits leave out, holding what looks like a credential.
    case heldBackSecret(kind: SecretKind, masked: String)
    /// `folio status`: a changed file that commits leave out, a link leading outside the vault.
    case heldBackLink

    /// What the user typed, named in messages.
    public enum InputName: Sendable, Equatable {
        case title, body, text, tag, question, note, message, name, commitMessage, editedRecord
        case field(String)
        case setting(String)

        var pair: (String, String) {
            switch self {
            case .title: ("標題", "title")
            case .body: ("內文", "body")
            case .text: ("文字", "text")
            case .tag: ("標籤", "tag")
            case .question: ("問題", "question")
            case .note: ("備註", "note")
            case .message: ("訊息", "message")
            case .name: ("名字", "name")
            case .commitMessage: ("提交訊息", "commit message")
            case .editedRecord: ("編輯後的內容", "edited text")
            case .field(let key): ("欄位「\(key)」", "value of '\(key)'")
            case .setting(let key): ("設定「\(key)」", "value of the setting '\(key)'")
            }
        }
    }

    public var pair: (String, String) {
        switch self {
        case .secretFound(let kind, let masked):
            (
                "看起來是\(kind.chineseName)（\(masked)）。金鑰不該放在資料庫裡：git 會把它複製到每台裝置和遠端。請改放在環境變數或 ~/.config/folio/credentials.yaml，從這裡刪除；若曾推送出去，請撤銷它。如果不是金鑰，在那一行加上 folio:allow-secret。",
                "looks like \(kind.englishName) (\(masked)). Keys do not belong in the vault, which git copies to every device and remote: keep it in the environment or ~/.config/folio/credentials.yaml, remove it here, and revoke it if it was ever pushed. If it is not a key, add folio:allow-secret to its line."
            )
        case .secretInInput(let input, let kind, let masked):
            (
                "\(input.pair.0)裡有看起來是\(kind.chineseName)的內容（\(masked)），folio 沒有寫入任何東西。金鑰請放在環境變數或 ~/.config/folio/credentials.yaml，不要放進資料庫（git 會把它複製到每台裝置和遠端）。如果這不是金鑰，或你確定要存進資料庫，請加上 --allow-secret 再執行一次。",
                "the \(input.pair.1) holds what looks like \(kind.englishName) (\(masked)); folio wrote nothing. Keys belong in the environment or ~/.config/folio/credentials.yaml, never in the vault, which git copies to every device and remote. If it is not a key, or you mean to keep it in the vault, run the command again with --allow-secret."
            )
        case .secretInFile(let kind, let masked):
            (
                "這個檔案裡有看起來是\(kind.chineseName)的內容（\(masked)），這次修改會把它提交，所以 folio 沒有改動這個檔案。請先把它從檔案中刪除（若曾推送出去，請撤銷它），或加上 --allow-secret 再執行一次。",
                "this file holds what looks like \(kind.englishName) (\(masked)) and the change would commit it, so folio did not change the file. Remove it from the file (and revoke it if it was ever pushed), or run the command again with --allow-secret."
            )
        case .secretLeftOut(let kind, let masked):
            (
                "有看起來是\(kind.chineseName)的內容（\(masked)），這個檔案沒有提交。請刪除它（若曾推送出去，請撤銷它）後執行 `folio commit`；確定要提交的話：`folio commit --allow-secret`。",
                "holds what looks like \(kind.englishName) (\(masked)), so the file was left out of the commit. Remove it (and revoke it if it was ever pushed), then run `folio commit`; to commit it anyway: `folio commit --allow-secret`."
            )
        case .passwordInURL(let input, let masked):
            (
                "\(input.pair.0)的網址裡有密碼（\(masked)），folio 沒有寫入任何東西：設定會被提交，並同步到每台裝置和遠端。請改用不含密碼的網址，權杖放在 ~/.config/folio/credentials.yaml（git_tokens）或環境變數 FOLIO_GIT_TOKEN。",
                "the \(input.pair.1) holds a password in its URL (\(masked)); folio wrote nothing: settings are committed and synced to every device and remote. Use the URL without it, and keep the token in ~/.config/folio/credentials.yaml (git_tokens) or FOLIO_GIT_TOKEN."
            )
        case .nulInInput(let input):
            (
                "\(input.pair.0)裡有 NUL 位元組（\\0），文字檔無法保存它；folio 沒有寫入任何東西。請刪除它再試一次。",
                "the \(input.pair.1) holds a NUL byte (\\0), which a text file cannot keep; folio wrote nothing. Remove it and try again."
            )
        case .controlInInput(let input, let scalar):
            (
                "\(input.pair.0)裡有控制字元 \(Self.codePoint(scalar))，它會弄亂終端機和提交訊息；folio 沒有寫入任何東西。請刪除它再試一次。",
                "the \(input.pair.1) holds the control character \(Self.codePoint(scalar)), which would garble terminals and commit messages; folio wrote nothing. Remove it and try again."
            )
        case .linkLeftOut(let target):
            (
                "是指向資料庫之外（\(target)）的符號連結，沒有提交：它只會公開這台機器上的路徑，在其他裝置上也找不到。請換成檔案本身，或刪除它。",
                "is a symbolic link that leads outside the vault (\(target)), so it was left out of the commit: it would publish a path of this machine and lead nowhere on other devices. Put the file itself there, or remove the link."
            )
        case .folderLeadsOutside(let path):
            (
                "資料夾「\(path)」是指向資料庫之外的符號連結，folio 不會寫到那裡。請把它換成資料庫裡真正的資料夾。",
                "the folder '\(path)' is a symbolic link that leads outside the vault; folio will not write there. Make it a real folder of the vault."
            )
        case .hardLinkOutside(let names):
            (
                "這個檔案在資料庫之外還有 \(names) 個名字（硬連結）。folio 的寫入會換掉檔案，那些名字會留著舊內容；直接在原處修改的編輯器則會兩邊一起改。若它不該共用，執行 `folio check --fix` 讓它有自己的一份。",
                "this file has \(names) other name\(names == 1 ? "" : "s") outside the vault (a hard link). folio's writes replace the file, so \(names == 1 ? "that name keeps" : "those names keep") the old text, while an editor that saves in place changes both. If it is not meant to be shared, `folio check --fix` gives it a copy of its own."
            )
        case .hardLinkSeparated(let path):
            ("\(path) 現在有自己的一份，不再和資料庫外的檔案共用。", "\(path) now has a copy of its own, no longer shared with a file outside the vault.")
        case .heldBackSecret(let kind, let masked):
            (
                "（不會提交：看起來是\(kind.chineseName)（\(masked)）；要提交請用 `folio commit --allow-secret`）",
                "(held back: looks like \(kind.englishName) (\(masked)); `folio commit --allow-secret` commits it)"
            )
        case .heldBackLink:
            ("（不會提交：指向資料庫之外的連結）", "(held back: a link leading outside the vault)")
        case .conflictCopy(let record, let exists):
            exists
                ? (
                    "同步時保留的衝突副本，屬於 \(record)：讀一讀兩個版本，把想留下的內容手動合併進 \(record)，然後刪除這個副本。`folio conflicts resolve` 可以一步完成（--keep mine、theirs 或 both）。",
                    "a conflict copy sync kept beside \(record): read both versions, merge by hand what you want to keep into \(record), then delete this copy. `folio conflicts resolve` does it in one step (--keep mine, theirs or both)."
                )
                : (
                    "同步時保留的衝突副本，原本屬於 \(record)（已不存在）：把需要的內容留下（例如改名成一般紀錄），然後刪除這個副本。`folio conflicts resolve --keep theirs` 會把它放回原處。",
                    "a conflict copy sync kept beside \(record), which no longer exists: keep what you need (rename it into a record of its own), then delete this copy. `folio conflicts resolve --keep theirs` puts it back in its place."
                )
        }
    }

    /// `U+001B (␛)`.
    static func codePoint(_ scalar: UInt32) -> String {
        let hex = String(scalar, radix: 16, uppercase: true)
        let picture = scalar < 0x20 || scalar == 0x7F ? Unicode.Scalar(scalar)?.controlPicture : nil
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + (picture.map { " (\(Character($0)))" } ?? "")
    }
}
