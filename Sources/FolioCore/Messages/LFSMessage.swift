import Foundation

/// Everything folio says about media kept through Git LFS: turning it on, sending and fetching
/// objects, media not downloaded yet, `status`, `check` and `media prune`.
public enum LFSMessage: Sendable, Equatable {
    /// LFS is on: every media file (`minimumBytes` 0) or those of at least that size go to LFS from the next commit on.
    case enabled(minimumBytes: UInt64)
    /// `media lfs` when the settings already say so.
    case alreadyOn
    /// A media file whose bytes are not on this device yet (its pointer is).
    case notDownloaded(path: String)
    /// The mark after such a file in `show`'s media lines.
    case notDownloadedMark
    /// `media fetch`: how many files came, and their bytes.
    case fetched(count: Int, bytes: UInt64)
    /// `media fetch` with nothing to fetch.
    case nothingToFetch
    /// A file that could not be fetched, and why.
    case fetchFailed(path: String, reason: LFSReason)
    /// Sending media failed: no branch was pushed. The files are named.
    case uploadFailed(files: [String], reason: LFSReason)
    /// `sync`: media sent to the LFS server.
    case sent(count: Int)
    /// `status`: the media of the last commit by where their bytes are.
    case statusCounts(local: Int, localBytes: UInt64, remoteOnly: Int, remoteBytes: UInt64, unpushed: Int, unpushedBytes: UInt64)
    /// `check`: an object in the store whose bytes no longer hash to its id (the files using it).
    case objectCorrupt(oid: String, files: [String])
    /// `check`: a pointer whose object is neither on this device nor on the LFS server.
    case objectLost(path: String)
    /// `check`: the LFS server could not be asked which objects it holds.
    case serverNotAsked(reason: LFSReason)
    /// `media prune`: the local copies removed (each also on the server), and the bytes freed.
    case pruned(count: Int, bytes: UInt64)
    /// `media prune --dry-run`: the local copies a prune would remove, and the bytes it would free.
    case wouldPrune(count: Int, bytes: UInt64)
    /// `gc` and `media prune`: unfinished downloads removed, and LFS objects no commit to keep uses
    /// (each in a commit the remote has), with the bytes freed.
    case storeFreed(partials: Int, objects: Int, bytes: UInt64)
    /// The same with `--dry-run`: what would go.
    case storeWouldFree(partials: Int, objects: Int, bytes: UInt64)
    /// `media fetch`: some of the files asked for did not come (each was named before).
    case someNotFetched(failed: Int, requested: Int)
    /// `crypt init` of a vault whose media go through LFS: some are only pointers here, and a
    /// pointer cannot be encrypted.
    case fetchBeforeEncrypting(count: Int)
    /// `sync` of an encrypted vault whose last commit keeps media in LFS unencrypted: nothing sent.
    case plainInEncryptedVault(files: [String])
    /// `sync` of an encrypted vault: unencrypted LFS objects of earlier commits, not sent.
    case plainWithheld(count: Int)
    /// A pointer named a file not tracked by LFS, or a request that needs LFS in a vault without it.
    case off

    public var pair: (String, String) {
        switch self {
        case .enabled(let minimumBytes):
            minimumBytes == 0
                ? (
                    "從下一個提交起，所有媒體都經由 Git LFS 保存（git 裡只留指標）。之前的提交照舊保存原檔。",
                    "from the next commit on, every media file goes through Git LFS (git keeps only its pointer). Earlier commits keep their files as they were."
                )
                : (
                    "從下一個提交起，\(Self.size(minimumBytes)) 以上的媒體經由 Git LFS 保存，較小的照舊留在 git 裡。之前的提交照舊保存原檔。",
                    "from the next commit on, media of \(Self.size(minimumBytes)) or more go through Git LFS; smaller ones stay in git. Earlier commits keep their files as they were."
                )
        case .alreadyOn:
            ("這個資料庫的媒體已經經由 Git LFS 保存。", "this vault's media already go through Git LFS.")
        case .notDownloaded(let path):
            ("\(path)：還沒下載（`folio media fetch` 取得）", "\(path): not downloaded yet (folio media fetch brings it)")
        case .notDownloadedMark:
            ("（還沒下載：`folio media fetch`）", "(not downloaded yet: folio media fetch)")
        case .fetched(let count, let bytes):
            ("已下載 \(count) 個媒體檔，共 \(Self.size(bytes))。", "downloaded \(count) media file\(count == 1 ? "" : "s"), \(Self.size(bytes)).")
        case .nothingToFetch:
            ("沒有要下載的媒體。", "no media to download.")
        case .fetchFailed(let path, let reason):
            ("\(path)：下載失敗：\(reason.pair.0)", "\(path): could not be downloaded: \(reason.pair.1)")
        case .uploadFailed(let files, let reason):
            (
                "媒體沒能送到 LFS 伺服器：\(reason.pair.0)。為了不讓遠端出現沒有檔案的提交，這次沒有推送任何分支；一切都已在本機提交，下次同步會再送。檔案：\(Self.list(files))",
                "media could not be sent to the LFS server: \(reason.pair.1). No branch was pushed, so the remote never holds a commit without its files; everything is committed here and the next sync sends it. Files: \(Self.list(files))"
            )
        case .sent(let count):
            ("已送出 \(count) 個媒體到 LFS 伺服器。", "sent \(count) media file\(count == 1 ? "" : "s") to the LFS server.")
        case .statusCounts(let local, let localBytes, let remoteOnly, let remoteBytes, let unpushed, let unpushedBytes):
            (
                "媒體（LFS）：本機 \(local) 個（\(Self.size(localBytes))），只在遠端 \(remoteOnly) 個（\(Self.size(remoteBytes))），尚未推送 \(unpushed) 個（\(Self.size(unpushedBytes))）",
                "media (LFS): \(local) here (\(Self.size(localBytes))), \(remoteOnly) only on the remote (\(Self.size(remoteBytes))), \(unpushed) not pushed yet (\(Self.size(unpushedBytes)))"
            )
        case .objectCorrupt(let oid, let files):
            (
                ".git/lfs/objects 裡的 \(oid) 內容與它的雜湊不符（損壞）；用到它的檔案：\(Self.list(files))。刪掉它，再用 `folio media fetch` 重新下載。",
                "the object \(oid) in .git/lfs/objects no longer hashes to its name (damaged); files using it: \(Self.list(files)). Remove it and run folio media fetch to download it again."
            )
        case .objectLost(let path):
            (
                "這個媒體檔的內容不在本機，LFS 伺服器上也沒有：只有指標留下。若另一台裝置還有原檔，在那台執行 `folio sync` 送出。",
                "this media file's bytes are neither on this device nor on the LFS server: only its pointer is left. If another device still has the file, run folio sync there to send it."
            )
        case .serverNotAsked(let reason):
            ("無法詢問 LFS 伺服器有哪些媒體：\(reason.pair.0)", "could not ask the LFS server which media it holds: \(reason.pair.1)")
        case .pruned(let count, let bytes):
            (
                "已移除 \(count) 個本機副本（伺服器上都有），釋出 \(Self.size(bytes))。需要時 `folio media fetch` 會再下載。",
                "removed \(count) local cop\(count == 1 ? "y" : "ies") (each is on the server), freeing \(Self.size(bytes)). folio media fetch brings them back when needed."
            )
        case .storeFreed(let partials, let objects, let bytes):
            (
                "LFS 存放區釋出了 \(Self.size(bytes))：\(partials) 個沒下載完的檔案，\(objects) 個要保留的提交都不再用到的媒體副本（都在遠端已有的提交裡）。",
                "freed \(Self.size(bytes)) of the LFS store: \(partials) unfinished download\(partials == 1 ? "" : "s") and \(objects) media cop\(objects == 1 ? "y" : "ies") no commit to keep uses (each in a commit the remote has)."
            )
        case .storeWouldFree(let partials, let objects, let bytes):
            (
                "LFS 存放區會釋出 \(Self.size(bytes))：\(partials) 個沒下載完的檔案，\(objects) 個要保留的提交都不再用到的媒體副本。這次什麼都沒有移除。",
                "would free \(Self.size(bytes)) of the LFS store: \(partials) unfinished download\(partials == 1 ? "" : "s") and \(objects) media cop\(objects == 1 ? "y" : "ies") no commit to keep uses. Nothing was removed."
            )
        case .wouldPrune(let count, let bytes):
            (
                "會移除 \(count) 個本機副本（伺服器上都有），釋出 \(Self.size(bytes))。這次什麼都沒有移除。",
                "would remove \(count) local cop\(count == 1 ? "y" : "ies") (each is on the server), which would free \(Self.size(bytes)). Nothing was removed."
            )
        case .someNotFetched(let failed, let requested):
            (
                "\(requested) 個媒體檔中有 \(failed) 個沒有下載，仍是指標（原因見上）。",
                "\(failed) of \(requested) media file\(requested == 1 ? "" : "s") did not download and stay pointers (why is said above)."
            )
        case .plainInEncryptedVault(let files):
            (
                "這個資料庫是加密的，但最後一個提交把這些媒體檔以未加密的方式交給 LFS：\(Self.list(files))。什麼都沒有送出。執行 `folio crypt init` 把它們加密後重新提交，再同步。",
                "the vault is encrypted, but the last commit keeps these media files in LFS unencrypted: \(Self.list(files)). Nothing was sent. Run folio crypt init to commit them again encrypted, then sync."
            )
        case .plainWithheld(let count):
            (
                "較早的提交裡有 \(count) 個未加密的媒體沒有送到 LFS 伺服器（資料庫是加密的）：其他裝置看那些舊版本時只有指標。",
                "\(count) unencrypted media file\(count == 1 ? "" : "s") of earlier commits \(count == 1 ? "was" : "were") not sent to the LFS server (the vault is encrypted): other devices see only pointers in those old versions."
            )
        case .fetchBeforeEncrypting(let count):
            (
                "有 \(count) 個媒體檔還沒下載到這台裝置：加密要用到原檔。先執行 `folio media fetch --all`，再執行 `folio crypt init`。",
                "\(count) media file\(count == 1 ? " is" : "s are") not on this device yet: encrypting needs their bytes. Run folio media fetch --all, then folio crypt init again."
            )
        case .off:
            (
                "這個資料庫沒有使用 Git LFS：用 `folio media lfs` 開啟。",
                "this vault does not use Git LFS: folio media lfs turns it on."
            )
        }
    }

    static func list(_ files: [String]) -> String {
        files.prefix(5).joined(separator: ", ") + (files.count > 5 ? " (+\(files.count - 5))" : "")
    }

    /// Bytes as people read them: `812 B`, `1.5 MiB`, `2.0 GiB`.
    public static func size(_ bytes: UInt64) -> String {
        let units = ["B", "KiB", "MiB", "GiB", "TiB"]
        var value = Double(bytes)
        var unit = 0
        while value >= 1024 && unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        return unit == 0 ? "\(bytes) B" : String(format: "%.1f %@", value, units[unit])
    }
}

/// Why an LFS transfer failed, in words a user can act on.
public enum LFSReason: Sendable, Equatable {
    case unreachable(String)
    case needsCredentials(host: String)
    case credentialsRefused(host: String)
    case forbidden
    case noServer(url: String)
    case missingOnServer
    case refused(status: Int, message: String)
    case busy(status: Int)
    case badReply(String)
    case wrongBytes
    case insecure(url: String)
    case diskProblem(String)
    /// The object is on this device but cannot be used: it does not decrypt with this device's key.
    case unusableHere(String)
    case cancelled
    case noEndpoint
    /// A server (or folder) a synced `.lfsconfig` names, not confirmed on this device.
    case notConfirmed(url: String)
    /// The server answered with a redirect, which is not followed.
    case redirected(url: String, location: String)

    public var pair: (String, String) {
        switch self {
        case .unreachable(let reason): ("連不上 LFS 伺服器（\(reason)）", "the LFS server could not be reached (\(reason))")
        case .needsCredentials(let host):
            (
                "LFS 伺服器要求登入：在 ~/.config/folio/credentials.yaml 的 `git_tokens` 為 \(host) 設定存取權杖、設定 FOLIO_GIT_TOKEN，或用 git 的 `credential.helper` 記住它的密碼",
                "the LFS server asks for credentials: give \(host) a token under git_tokens in ~/.config/folio/credentials.yaml, set FOLIO_GIT_TOKEN, or let a git credential helper keep its password"
            )
        case .credentialsRefused(let host): ("\(host) 拒絕了這個存取權杖", "\(host) refused the token")
        case .forbidden: ("LFS 伺服器不允許這個帳號這樣做（HTTP 403）", "the LFS server does not allow this account to do that (HTTP 403)")
        case .noServer(let url): ("\(url) 沒有 LFS 伺服器（用 `lfs.url` 指定）", "there is no LFS server at \(url) (set lfs.url)")
        case .missingOnServer: ("LFS 伺服器上沒有這個檔案", "the LFS server does not have it")
        case .refused(let status, let message):
            ("LFS 伺服器拒絕了（HTTP \(status)：\(message)）", "the LFS server refused it (HTTP \(status): \(message))")
        case .busy(let status):
            ("LFS 伺服器忙碌中，重試後仍失敗（HTTP \(status)）", "the LFS server is busy and still was after the retries (HTTP \(status))")
        case .badReply(let reason): ("LFS 伺服器的回覆不合規格（\(reason)）", "the LFS server's reply is not what the protocol allows (\(reason))")
        case .wrongBytes: ("收到的內容與雜湊不符，沒有保留", "the bytes received do not hash to the file's id, so they were not kept")
        case .insecure(let url):
            ("不會以未加密的 HTTP 把存取權杖送到其他機器（\(url)）", "a token is never sent over plain HTTP to another machine (\(url))")
        case .diskProblem(let reason): ("寫入本機失敗（\(reason)）", "writing on this device failed (\(reason))")
        case .unusableHere(let reason): ("本機的副本無法使用：\(reason)", "the copy on this device cannot be used: \(reason)")
        case .cancelled: ("已取消", "cancelled")
        case .noEndpoint: ("沒有遠端，也沒有設定 `lfs.url`", "there is no remote and no lfs.url")
        case .redirected(let url, let location):
            (
                "LFS 伺服器 \(url) 要 folio 轉到 \(location)；folio 不跟隨 LFS 伺服器的轉址，所以什麼都沒有送過去（伺服器若真的搬了，請用 `lfs.url` 設定新位址）",
                "the LFS server \(url) redirects to \(location); folio follows no redirect of an LFS server, so nothing went there (if the server really moved, set lfs.url to its new address)"
            )
        case .notConfirmed(let url):
            (
                "LFS 伺服器 \(url) 是同步來的 `.lfsconfig` 指定的，不是這台裝置的遠端，這台裝置也還沒有確認過；確認之前，folio 不會把照片或權杖送過去。請執行 `folio config trust lfs.url`",
                "the LFS server \(url) is named by the synced .lfsconfig, not by this device's remote, and is not confirmed on this device; until it is, folio sends it no photo and no token. Run `folio config trust lfs.url`"
            )
        }
    }
}
