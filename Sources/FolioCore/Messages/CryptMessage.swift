import Foundation

/// Everything folio says about an encrypted vault: `folio crypt`, `clone --key`, and the refusal
/// of a device without the key.
public enum CryptMessage: Sendable, Equatable {
    /// The vault is encrypted and this device has no key: every command that needs the plain files.
    case locked
    /// A file in history does not decrypt with the key this device has (`path` in the commit).
    case fileUnreadable(path: String)
    /// `unlock` or `clone --key`: the key does not decrypt the vault's files (`file` is one of them).
    case wrongKey(keyFile: String, file: String)
    /// The key file cannot be read: missing, a folder, unreadable.
    case keyUnreadable(keyFile: String, reason: String)
    /// The file is not a git-crypt key, nor its text form.
    case keyMalformed(keyFile: String)
    /// A key file of a later format.
    case keyIncompatible(keyFile: String)
    /// A named key (`git-crypt init -k NAME`): folio uses the default key.
    case namedKey(keyFile: String, name: String)
    /// A file of 64 GiB or more.
    case tooLarge(path: String)
    /// `export-key`, `status` of a vault that is not encrypted.
    case notEncrypted
    /// `export-key` to a file that is already there.
    case keyFileExists(String)
    /// The key could not be written (the system's reason).
    case keyNotWritten(path: String, reason: String)
    /// libgit2 would not take folio's filter, so nothing could be encrypted.
    case filterUnavailable(reason: String)

    /// `crypt init` made a new key and committed `encrypted` files encrypted.
    case initialised(encrypted: Int, keyPath: String, newKey: Bool)
    /// `init --encrypt`: the vault is encrypted from its first commit.
    case encryptedFromStart(keyPath: String)
    /// `crypt init` with everything already encrypted.
    case alreadyEncrypted(keyPath: String)
    /// `crypt unlock`: the key is installed and `decrypted` files were written plain.
    case unlocked(decrypted: Int, keyPath: String)
    /// `crypt export-key PATH`.
    case exported(String)
    /// `clone` of an encrypted vault without `--key`.
    case clonedLocked(String)
    /// `crypt status`: the vault's state.
    case statusOff
    case statusUnlocked(keyPath: String)
    case statusLocked
    /// `crypt status`: one file as HEAD stores it.
    case statusEncrypted(String)
    case statusPlain(String)
    case statusShouldBeEncrypted(String)
    /// `crypt status`: the counts.
    case statusSummary(encrypted: Int, plain: Int, shouldBe: Int)
    /// `check`: a record or media file HEAD stores unencrypted in an encrypted vault (the file is the error's).
    case storedUnencrypted

    public var pair: (String, String) {
        switch self {
        case .locked:
            (
                "這個資料庫是加密的：folio crypt unlock KEYFILE（KEYFILE 是在有金鑰的裝置上用 folio crypt export-key 匯出的金鑰檔）。在那之前，這台裝置上的檔案都是密文，folio 不會讀取或寫入它們。",
                "this vault is encrypted: folio crypt unlock KEYFILE (the key exported with folio crypt export-key on a device that has it). Until then the files on this device are ciphertext, and folio neither reads nor writes them."
            )
        case .fileUnreadable(let path):
            (
                "\(path.quotedPath) 無法用這台裝置的金鑰解密（可能是另一把金鑰，或檔案已損壞）。什麼都沒有改動。",
                "\(path.quotedPath) does not decrypt with this device's key (another key, or damaged bytes). Nothing was changed."
            )
        case .wrongKey(let keyFile, let file):
            (
                "\(keyFile.quotedPath) 不是這個資料庫的金鑰：它解不開 \(file.quotedPath)。什麼都沒有寫入。請改用這個資料庫匯出的金鑰。",
                "\(keyFile.quotedPath) is not this vault's key: it does not decrypt \(file.quotedPath). Nothing was written. Use the key exported from this vault."
            )
        case .keyUnreadable(let keyFile, let reason):
            ("讀不到金鑰檔 \(keyFile.quotedPath)（\(reason)）。", "cannot read the key file \(keyFile.quotedPath) (\(reason)).")
        case .keyMalformed(let keyFile):
            (
                "\(keyFile.quotedPath) 不是 git-crypt 金鑰檔，也不是它的文字形式（folio crypt export-key --text 印出的那種）。",
                "\(keyFile.quotedPath) is not a git-crypt key file, nor its text form (what folio crypt export-key --text prints)."
            )
        case .keyIncompatible(let keyFile):
            (
                "\(keyFile.quotedPath) 是較新格式的 git-crypt 金鑰，這個版本的 folio 讀不懂。",
                "\(keyFile.quotedPath) is a git-crypt key of a later format than this folio reads."
            )
        case .namedKey(let keyFile, let name):
            (
                "\(keyFile.quotedPath) 是名為「\(name)」的 git-crypt 金鑰；folio 只用預設的金鑰（git-crypt init 不加 -k 時做的那把）。",
                "\(keyFile.quotedPath) is the git-crypt key named '\(name)'; folio uses the default key (the one git-crypt init makes without -k)."
            )
        case .tooLarge(let path):
            ("\(path.quotedPath) 太大（64 GiB 以上），無法安全加密。", "\(path.quotedPath) is too large to encrypt safely (64 GiB or more).")
        case .notEncrypted:
            (
                "這個資料庫沒有加密。要加密請執行 folio crypt init。",
                "this vault is not encrypted. To encrypt it, run folio crypt init."
            )
        case .keyFileExists(let path):
            (
                "\(path.quotedPath) 已經存在，folio 不會覆寫它。請換一個檔名，或先自行移走它。",
                "\(path.quotedPath) already exists, and folio does not overwrite it. Choose another name, or move it away first."
            )
        case .keyNotWritten(let path, let reason):
            ("無法寫入金鑰 \(path.quotedPath)（\(reason)）。", "could not write the key \(path.quotedPath) (\(reason)).")
        case .filterUnavailable(let reason):
            (
                "無法在 libgit2 裡啟用加密過濾器（\(reason)），所以什麼都沒有加密，也沒有提交。",
                "could not set up the encryption filter in libgit2 (\(reason)), so nothing was encrypted or committed."
            )
        case .initialised(let encrypted, let keyPath, let newKey):
            (
                "已加密：\(encrypted) 個檔案以加密的形式提交了。\(newKey ? "新的" : "")金鑰在 \(keyPath.quotedPath)（只在這台裝置上，不會提交）。用 folio crypt export-key 路徑 把它帶到其他裝置；沒有它，誰都讀不到這個資料庫。之前的提交仍然保有未加密的檔案。",
                "encrypted: \(encrypted) file\(encrypted == 1 ? " is" : "s are") now committed encrypted. The \(newKey ? "new " : "")key is in \(keyPath.quotedPath) (on this device only, never committed). Carry it to your other devices with folio crypt export-key PATH; without it nobody can read this vault. Earlier commits still hold the files unencrypted."
            )
        case .encryptedFromStart(let keyPath):
            (
                "記錄和媒體從第一個提交起就是加密的。金鑰在 \(keyPath.quotedPath)（只在這台裝置上，不會提交）。用 folio crypt export-key 路徑 把它帶到其他裝置；沒有它，誰都讀不到這個資料庫。",
                "records and media are encrypted from the first commit on. The key is in \(keyPath.quotedPath) (on this device only, never committed). Carry it to your other devices with folio crypt export-key PATH; without it nobody can read this vault."
            )
        case .alreadyEncrypted(let keyPath):
            (
                "這個資料庫已經加密了，所有該加密的檔案都已加密。金鑰在 \(keyPath.quotedPath)。",
                "this vault is already encrypted, and every file that should be is. The key is in \(keyPath.quotedPath)."
            )
        case .unlocked(let decrypted, let keyPath):
            (
                "已解鎖：金鑰放在 \(keyPath.quotedPath)，\(decrypted) 個檔案已解密成明文。",
                "unlocked: the key is in \(keyPath.quotedPath), and \(decrypted) file\(decrypted == 1 ? " was" : "s were") decrypted."
            )
        case .exported(let path):
            (
                "金鑰已匯出到 \(path.quotedPath)（權限 0600）。請妥善保管：拿到它的人就能讀這個資料庫。",
                "the key is in \(path.quotedPath) (mode 0600). Keep it safe: whoever has it can read the vault."
            )
        case .clonedLocked(let path):
            (
                "已複製到 \(path.quotedPath)，但這個資料庫是加密的，這台裝置還沒有金鑰：請在那裡執行 folio crypt unlock KEYFILE。",
                "cloned into \(path.quotedPath), but the vault is encrypted and this device has no key yet: run folio crypt unlock KEYFILE there."
            )
        case .statusOff: ("這個資料庫沒有加密。", "this vault is not encrypted.")
        case .statusUnlocked(let keyPath):
            ("這個資料庫是加密的；這台裝置的金鑰在 \(keyPath.quotedPath)。", "this vault is encrypted; this device's key is in \(keyPath.quotedPath).")
        case .statusLocked:
            ("這個資料庫是加密的，但這台裝置沒有金鑰。", "this vault is encrypted, and this device has no key.")
        case .statusEncrypted(let path): ("    已加密：\(path.quotedPath)", "    encrypted: \(path.quotedPath)")
        case .statusPlain(let path): ("      未加密：\(path.quotedPath)", "not encrypted: \(path.quotedPath)")
        case .statusShouldBeEncrypted(let path):
            ("  應加密卻未加密：\(path.quotedPath)", "NOT ENCRYPTED, should be: \(path.quotedPath)")
        case .statusSummary(let encrypted, let plain, let shouldBe):
            (
                "最新的提交裡：\(encrypted) 個檔案已加密，\(plain) 個本來就不加密（設定、.gitattributes），\(shouldBe) 個應加密卻未加密\(shouldBe > 0 ? "：執行 folio crypt init 把它們加密後再提交" : "")。",
                "in the last commit: \(encrypted) file\(encrypted == 1 ? "" : "s") encrypted, \(plain) plain by design (settings, .gitattributes), \(shouldBe) that should be encrypted and \(shouldBe == 1 ? "is" : "are") not\(shouldBe > 0 ? ": run folio crypt init to commit them encrypted" : "")."
            )
        case .storedUnencrypted:
            (
                "這個資料庫是加密的，但最新的提交裡這個檔案沒有加密，推送後遠端看得到它的內容。請執行 folio crypt init 把它加密後再提交。",
                "the vault is encrypted, but the last commit holds this file unencrypted: a remote it is pushed to can read it. Run folio crypt init to commit it encrypted."
            )
        }
    }
}
