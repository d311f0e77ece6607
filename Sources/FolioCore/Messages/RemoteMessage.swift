import Foundation

/// What folio says about what a remote sent: a tree it will not write, a history rewritten by a
/// forced push or unrelated to this device's.
public enum RemoteMessage: Sendable, Equatable {
    /// Why a path in a remote's commit is never written.
    public enum Hazard: Sendable, Equatable {
        case climbsOut
        case absolute
        case gitDirectory
        case malformedName
        case duplicateName
        case symlinkOut(target: String)
        case tooDeep
        case normalisationTwin(of: String)

        var pair: (String, String) {
            switch self {
            case .climbsOut: ("它用 .. 跳出了資料庫", "it climbs out of the vault with ..")
            case .absolute: ("它是絕對路徑", "it is an absolute path")
            case .gitDirectory: ("它在 git 自己的資料夾 .git 裡", "it is inside git's own folder .git")
            case .malformedName: ("它的名稱含有斜線或反斜線", "its name holds a slash or backslash")
            case .duplicateName: ("同一個資料夾裡有兩個這個名字的項目", "the same folder holds two entries of that name")
            case .symlinkOut(let target):
                ("它是指向資料庫之外的符號連結（\(target)）", "it is a symbolic link leading out of the vault (to \(target))")
            case .tooDeep: ("它的資料夾一層套一層，超過 256 層", "its folders nest more than 256 deep")
            case .normalisationTwin(let other):
                (
                    "它和「\(other)」只差在重音字母的編碼方式（Unicode 正規化），macOS、Windows 和多數工具會把兩個當成同一個檔案。請在有這兩個檔案的裝置上執行 `folio check --fix` 把其中一個改名並同步（或用 git mv 改名並提交）",
                    "it and '\(other)' differ only in how accented letters are encoded (Unicode normalisation), and macOS, Windows and most tools take them for one file. On a device that has both, `folio check --fix` renames one (then sync), or rename one with git mv and commit"
                )
            }
        }
    }

    /// The remote's commit `commit` holds `path`, which folio will not write; `more` further paths too.
    case hostileTree(commit: String, path: String, hazard: Hazard, more: Int)
    /// The remote's branch no longer holds `dropped` commits this device had fetched from it (a
    /// forced push); folio merged the new history with this device's and dropped nothing.
    case historyRewritten(dropped: Int)
    /// `origin` names another remote than the one this device last fetched from; its history is
    /// merged as new, not compared with the old one's.
    case remoteChanged(from: String, to: String)
    /// The remote's history and this device's share no commit; folio merged them as two sets of files.
    case unrelatedHistories
    /// The disk holding the vault filled up (`reason`: the system's words, or what the remote's
    /// changes need against what is free); nothing was lost and the files were left as they were.
    case diskFull(reason: String)
    /// The remote's changes need `needed` bytes on the vault's disk and only `available` are free.
    case needsRoom(needed: UInt64, available: UInt64)
    /// A fetch or push with the remote at `url` ended at one of its limits; nothing was lost.
    case timedOut(url: String, limit: NetworkLimit)
    /// The remote at `url` sent folio to another host (`detail`: libgit2's words), which folio does
    /// not follow: the token for one host would go to the other.
    case redirectRefused(url: String, detail: String)
    /// This device has no `origin`, and the synced `sync.remote` was not set or confirmed here:
    /// the journal is not sent to a remote another device named.
    case remoteNotConfirmed(url: String)
    /// The remote is plain `http://` to another machine and a token would be needed: folio sends
    /// none in clear text.
    case cleartextRemote(url: String)
    /// folio refused the certificate of `host`, the remote `url`'s server, for `problem`.
    case certificateNotTrusted(url: String, host: String, problem: CertificateProblem)
    /// A warning: `setting` (`http.sslVerify false`, `GIT_SSL_NO_VERIFY`) turns certificate checks off for `host`.
    case certificateChecksOff(host: String, setting: String)
    /// A warning: git's credential `helper` gave no password folio uses for `host`, for `problem`.
    case credentialHelperFailed(helper: String, host: String, problem: CredentialHelperProblem)
    /// The remote asked for a login while `setting` had certificate checks off: no secret was sent.
    case noSecretWithoutChecks(url: String, host: String, setting: String)
    /// `clone` of a remote with no branch at all: the command that makes a vault for it.
    case emptyRemote(url: String, directory: String)
    /// `clone` of a remote whose branch holds no `.folio/`.
    case notAVaultRemote(url: String, branch: String)
    /// The remote has several branches and its HEAD names none of them.
    case noDefaultBranch(url: String, branches: [String])
    /// `sync` with HEAD on no branch: what to run to put it back.
    case detachedHead(commit: String, branch: String)
    /// `init --remote` with a remote that already holds a vault.
    case remoteHoldsVault(url: String, directory: String)
    /// `init` of a folder that is a bare git repository (a remote).
    case bareRepository(path: String)
    /// A command other than sync (`clone`) could not reach the remote (no such folder, when `reason` is nil).
    case notReached(url: String, reason: String?, operation: GitOperation)

    public var pair: (String, String) {
        switch self {
        case .certificateNotTrusted(let url, let host, let problem): return Self.notTrusted(url: url, host: host, problem: problem)
        case .certificateChecksOff(let host, let setting): return Self.checksOff(host: host, setting: setting)
        case .credentialHelperFailed(let helper, let host, let problem):
            return Self.helperFailed(helper: helper, host: host, problem: problem)
        case .noSecretWithoutChecks(let url, let host, let setting): return Self.noSecret(url: url, host: host, setting: setting)
        case .emptyRemote(let url, let directory):
            return (
                "遠端 \(url) 是空的，還沒有可以複製的資料庫；什麼都沒有建立。要在這裡建立一個與它同步的資料庫：folio init \(directory) --remote \(url)",
                "the remote \(url) is empty: there is no vault to clone yet, and nothing was made. To make one here that syncs with it: folio init \(directory) --remote \(url)"
            )
        case .notAVaultRemote(let url, let branch):
            return (
                "遠端 \(url) 是一個 git 儲存庫，但不是 folio 資料庫（它的分支 \(branch) 裡沒有 .folio/）；什麼都沒有複製。請複製資料庫的遠端，或給新的資料庫一個自己的空遠端：folio init 資料夾 --remote 空的遠端",
                "the remote \(url) holds a git repository that is not a folio vault (its branch \(branch) has no .folio/); nothing was cloned. Clone a vault's remote, or give a new vault an empty remote of its own: folio init FOLDER --remote EMPTY-REMOTE"
            )
        case .noDefaultBranch(let url, let branches):
            return (
                "遠端 \(url) 有好幾個分支（\(branches.joined(separator: "、"))），它的 HEAD 卻沒有指向其中任何一個，folio 無法判斷哪一個是資料庫的；沒有做任何改動。請在遠端把 HEAD 指向資料庫的分支（在伺服器上執行 `git symbolic-ref HEAD refs/heads/分支名稱`）。",
                "the remote \(url) has several branches (\(branches.joined(separator: ", "))) and its HEAD names none of them, so folio cannot tell which is the vault's; nothing was changed. Point the remote's HEAD at the vault's branch (git symbolic-ref HEAD refs/heads/NAME on the server)."
            )
        case .detachedHead(let commit, let branch):
            return (
                "HEAD 目前是分離狀態（在 \(commit)），不在任何分支上，同步不知道要送出什麼；什麼都沒有送出。請回到分支：git switch \(branch)，再把之後的提交合併回來：git merge \(commit)，然後再同步一次。",
                "HEAD is detached (at \(commit)), not on a branch, so sync cannot tell what to send; nothing was sent. Put it back on the branch: git switch \(branch), bring back the commits made since: git merge \(commit), then sync again."
            )
        case .remoteHoldsVault(let url, let directory):
            return (
                "遠端 \(url) 已經有一個資料庫了；什麼都沒有建立。要在這台裝置上加入它：folio clone \(url) \(directory)",
                "the remote \(url) already holds a vault; nothing was made. To join it on this device: folio clone \(url) \(directory)"
            )
        case .notReached(let url, let reason, let operation):
            return (
                "folio \(operation.rawValue) 無法連上遠端 \(url)（\(reason ?? "這台機器上沒有這個資料夾")）；什麼都沒有建立。",
                "folio \(operation.rawValue) could not reach the remote \(url) (\(reason ?? "there is no such folder on this machine")); nothing was made."
            )
        case .bareRepository(let path):
            return (
                "「\(path.quotedPath)」是一個裸 git 儲存庫（遠端），不是放資料庫的資料夾；什麼都沒有改動。要建立一個與它同步的資料庫：folio init 資料夾 --remote \(path.quotedPath)",
                "'\(path.quotedPath)' is a bare git repository (a remote), not a folder for a vault; nothing was changed. To make a vault that syncs with it: folio init FOLDER --remote \(path.quotedPath)"
            )
        case .hostileTree(let commit, let path, let hazard, let more):
            let (zhWhy, enWhy) = hazard.pair
            let zhMore = more > 0 ? "（還有另外 \(more) 個）" : ""
            let enMore = more > 0 ? " (and \(more) more)" : ""
            return (
                "遠端的提交 \(commit) 含有「\(path)」\(zhMore)，folio 不會寫入：\(zhWhy)。這台裝置上什麼都沒有改動，所有修改都已在本機提交。請先把這個路徑從遠端的歷史中移除（或把遠端重設到正常的提交），再同步一次。",
                "the remote's commit \(commit) holds '\(path)'\(enMore), which folio will not write: \(enWhy). Nothing was changed on this device, and everything here is committed. Remove that path from the remote's history (or reset the remote to a good commit), then sync again."
            )
        case .historyRewritten(let dropped):
            return (
                "遠端的歷史被改寫過（有人強制推送）：上次從遠端取得的提交中，有 \(dropped) 個已不在遠端。folio 把遠端的新歷史和這台裝置的歷史合併了，沒有丟掉這台裝置的任何提交；推送之後它們也會回到遠端。",
                "the remote's history was rewritten (a forced push): \(dropped) commit\(dropped == 1 ? "" : "s") this device had fetched from it \(dropped == 1 ? "is" : "are") no longer there. folio merged the remote's new history with this device's and dropped none of this device's commits; the push puts them back on the remote."
            )
        case .remoteChanged(let from, let to):
            return (
                "遠端已從 \(from) 換成 \(to)：把它的歷史當成新的來合併，不和舊遠端的比較。",
                "the remote is now \(to) (it was \(from)): its history was merged as a new remote's, not compared with the old one's."
            )
        case .diskFull(let reason):
            return (
                "資料庫所在的磁碟已滿（\(reason)）。沒有遺失任何東西：所有修改都已在本機提交，檔案也保持原樣。請先騰出一些空間，再同步一次。",
                "the disk holding the vault is full (\(reason)). Nothing is lost: everything is committed on this device and the files are as they were. Free some space, then sync again."
            )
        case .needsRoom(let needed, let available):
            return (
                "遠端的修改需要 \(ByteCount.text(needed)) 的空間，但資料庫所在的磁碟只剩 \(ByteCount.text(available))。什麼都沒有改動：所有修改都已在本機提交，檔案也保持原樣。請先騰出一些空間，再同步一次。",
                "the remote's changes need \(ByteCount.text(needed)) on the disk holding the vault, and it has \(ByteCount.text(available)) free. Nothing was changed: everything is committed on this device and the files are as they were. Free some space, then sync again."
            )
        case .timedOut(let url, let limit):
            let (zh, en) = limit.pair
            return (
                "與遠端 \(url) 的傳輸中斷：\(zh)。沒有遺失任何東西：所有修改都已在本機提交，下次同步時會一起送出。",
                "gave up on the remote \(url): \(en). Nothing is lost: everything is committed on this device and goes out with the next sync."
            )
        case .remoteNotConfirmed(let url):
            return (
                "sync.remote（\(url)）是在另一台裝置上設定的，這台裝置沒有自己的遠端，也還沒有確認過它；確認之前，folio 不會把日記送過去。請執行 `folio config trust sync.remote`。",
                "sync.remote (\(url)) was set on another device, this device has no remote of its own, and it is not confirmed here; until it is, folio sends your journal nowhere. Run `folio config trust sync.remote`."
            )
        case .redirectRefused(let url, let detail):
            return (
                "遠端 \(url) 把 folio 轉到另一台主機（\(detail)）。folio 不跟著轉址，免得權杖送到別的主機。如果遠端真的搬家了，請改用新的網址：`folio config set sync.remote 新網址`。",
                "the remote \(url) sent folio to another host (\(detail)). folio does not follow it, so no token goes to a host it was not meant for. If the remote really moved, use its new address: `folio config set sync.remote NEW-URL`."
            )
        case .cleartextRemote(let url):
            return (
                "遠端 \(url) 是以 http:// 連到另一台機器：權杖會以明文在網路上傳送，所以 folio 不送出。請改用 https:// 網址（`folio config set sync.remote https://…`）；http:// 只用在本機（localhost、127.0.0.1、::1）。",
                "the remote \(url) is plain http:// to another machine: a token would cross the network in clear text, so folio sends none. Use an https:// URL (`folio config set sync.remote https://…`); plain http:// is for this machine only (localhost, 127.0.0.1, ::1)."
            )
        case .unrelatedHistories:
            return (
                "遠端的歷史和這台裝置的歷史沒有共同的提交（兩個分開建立的資料庫，或遠端被換掉了）。folio 把兩邊當作兩組檔案合併，沒有丟掉任何提交。",
                "the remote's history and this device's share no commit (two vaults started apart, or a remote that was replaced). folio merged them as two sets of files and dropped no commit."
            )
        }
    }
}
