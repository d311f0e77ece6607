import Foundation

/// What is wrong with a file given for HTTPS.
public enum TLSProblem: Sendable, Equatable {
    case missing
    case notCertificate
    case notKey
    /// The key is not the certificate's.
    case keyMismatch

    var text: (String, String) {
        switch self {
        case .missing: ("沒有這個檔案", "no such file")
        case .notCertificate: ("不是 PEM 格式的憑證", "not a PEM certificate")
        case .notKey: ("不是 PEM 格式的私鑰", "not a PEM private key")
        case .keyMismatch: ("這把私鑰不是這張憑證的", "this key is not the certificate's")
        }
    }
}

/// What `folio serve` says: on its pages to the person at the browser, and on standard error to
/// the person who started it.
public enum WebMessage: Sendable, Equatable {
    /// A port that cannot be listened on.
    case cannotListen(String)
    /// `--tls-cert` / `--tls-key`: a file that is not a PEM certificate or key, or a key that is
    /// not the certificate's.
    case tlsUnreadable(file: String, problem: TLSProblem)
    /// Only one of `--tls-cert` and `--tls-key`.
    case tlsNeedsBoth
    /// Where the server listens, with the link that pairs a browser.
    case listening(urls: [String], localNetwork: Bool)
    /// A browser without the pairing cookie.
    case notPaired
    /// A pairing link with a wrong secret.
    case wrongPairingSecret
    /// A write without the page's token, from another site, or to a name this server does not answer to.
    case forged
    /// A `Host` this server does not answer to (another name pointing here).
    case wrongHost
    /// An upload over the limit.
    case uploadTooLarge(limit: UInt64)
    /// A form the server cannot read (cut off, or not a form).
    case badForm
    /// The page changed since the form was made: nothing was written.
    case changedSince(String)
    /// No page at this address.
    case notFound
    /// A method other than GET, HEAD and POST.
    case methodNotAllowed
    /// A browser was paired: the pairing link it used is spent, and the link for the next one.
    case paired(device: String, next: [String])
    /// `folio serve devices --revoke` named no paired device.
    case noSuchDevice(String)
    /// `folio serve devices --revoke` named the start of several devices' ids.
    case ambiguousDevice(String)
    /// `folio serve devices` with none paired.
    case noDevices
    /// What `folio serve devices --revoke` did.
    case revoked(count: Int)
    /// The first pages are being written (a server's first start on a vault): `done` of `total`
    /// records' pages so far; `total` is 0 until the records are counted.
    case preparingPages(done: Int, total: Int)
    /// On the server's terminal: the first pages are written.
    case pagesReady(records: Int)
    /// On a diary page: a step of the companion failed (`step` is `analyze`, `summarize`, `chat`
    /// or `transcribe`); what the page holds is saved.
    case companionStepFailed(step: String)
    /// The retry button of a failed step.
    case tryAgain
    /// On a diary page whose companion is the built-in one: it keeps the talk and does not answer.
    case companionOnlyListens

    public var pair: (String, String) {
        switch self {
        case .cannotListen(let reason): ("無法在這個連接埠上接聽：\(reason)", "cannot listen on that port: \(reason)")
        case .tlsUnreadable(let file, let problem):
            (
                "無法使用 HTTPS 的檔案 \(file)：\(problem.text.0)\n請給 PEM 格式的憑證（--tls-cert）和它的私鑰（--tls-key），例如 `tailscale cert` 或 `mkcert` 做的檔案。",
                "cannot use the HTTPS file \(file): \(problem.text.1)\nGive a PEM certificate (--tls-cert) and its private key (--tls-key), such as `tailscale cert` or `mkcert` make."
            )
        case .tlsNeedsBoth:
            ("HTTPS 需要 --tls-cert 和 --tls-key 兩個都給。", "HTTPS needs both --tls-cert and --tls-key.")
        case .listening(let urls, let localNetwork):
            (
                "folio 已啟動。在瀏覽器開啟這個連結配對（只給你自己的裝置）：\n  " + urls.joined(separator: "\n  ")
                    + (localNetwork ? "\n同一個無線網路上的手機可以掃描上面的 QR 碼。不要把這個連接埠開放到網際網路。" : "") + "\n按 Ctrl-C 停止。",
                "folio is running. Open this link in a browser to pair it (your own devices only):\n  " + urls.joined(separator: "\n  ")
                    + (localNetwork ? "\nA phone on the same Wi-Fi can scan the QR code above. Never open this port to the internet." : "")
                    + "\nPress Ctrl-C to stop."
            )
        case .notPaired:
            (
                "這個瀏覽器還沒有配對。請開啟 `folio serve` 在終端機上顯示的連結。",
                "This browser is not paired yet. Open the link `folio serve` shows in its terminal."
            )
        case .wrongPairingSecret:
            (
                "配對連結不對，或已經用過了（每個連結只能配對一個裝置）。請用 `folio serve` 在終端機上顯示的最新連結。",
                "That pairing link is wrong or used up (each link pairs one device). Open the newest link `folio serve` shows in its terminal."
            )
        case .forged:
            (
                "這個請求不是從這裡的頁面送出的，folio 沒有接受。請重新載入頁面再試一次。",
                "This request did not come from one of this app's pages; folio did not take it. Reload the page and try again."
            )
        case .wrongHost:
            ("folio 不回應這個主機名稱。", "folio does not answer to this host name.")
        case .uploadTooLarge(let limit):
            (
                "檔案超過 \(limit) 位元組的上限（設定 `media.max_bytes`）。",
                "the file is over the limit of \(limit) bytes (setting `media.max_bytes`)."
            )
        case .badForm:
            ("表單沒有完整送達（連線中斷了嗎？），沒有存任何東西。請再送一次。", "The form did not arrive whole (a dropped connection?); nothing was saved. Send it again.")
        case .changedSince(let title):
            (
                "「\(title)」在你開啟這頁之後被改過了（另一個分頁、裝置或編輯器），所以沒有存。你打的內容還在下面；對照目前的版本後再存一次。",
                "“\(title)” changed after you opened this page (another tab, device or editor), so nothing was saved. What you typed is below; compare it with the page as it is now and save again."
            )
        case .notFound: ("這裡沒有頁面。", "There is no page here.")
        case .paired(let device, let next):
            (
                "已配對：\(device)。剛才的連結已經用掉了；下一個裝置請開啟：\n  " + next.joined(separator: "\n  "),
                "Paired: \(device). That link is used up; for the next device, open:\n  " + next.joined(separator: "\n  ")
            )
        case .noSuchDevice(let id):
            ("沒有配對過 id 是「\(id)」的裝置。`folio serve devices` 會列出它們。", "No paired device has the id '\(id)'. `folio serve devices` lists them.")
        case .ambiguousDevice(let id):
            ("不只一個裝置的 id 以「\(id)」開頭：請多打幾個字。", "More than one device's id starts with '\(id)': type more of it.")
        case .noDevices: ("還沒有配對任何裝置。", "No device is paired.")
        case .revoked(let count):
            (
                "已取消 \(count) 個裝置的配對；它們要再用 `folio serve` 顯示的新連結配對。",
                "Revoked \(count) device\(count == 1 ? "" : "s"); \(count == 1 ? "it needs" : "they need") a new link from `folio serve` to pair again."
            )
        case .preparingPages(let done, let total):
            total == 0
                ? ("正在準備你的頁面……這一頁會自己重新整理。", "Preparing your pages… this page reloads by itself.")
                : (
                    "正在準備你的頁面（\(done) / \(total) 篇）……這一頁會自己重新整理。",
                    "Preparing your pages (\(done) of \(total))… this page reloads by itself."
                )
        case .pagesReady(let records):
            ("頁面準備好了：\(records) 篇。", "Pages ready: \(records) record\(records == 1 ? "" : "s").")
        case .companionStepFailed(let step):
            switch step {
            case "analyze": ("夥伴沒能看這一頁的照片或影片。頁面已經存好了。", "The companion could not look at this page's photos or videos. The page is saved.")
            case "summarize": ("沒能整理成日記和標籤，但聊天都已經存好了。", "The page and its tags could not be written up, but the chat is saved.")
            case "chat": ("夥伴沒有回覆，但你的訊息已經存好了。", "The companion did not reply, but your message is saved.")
            case "transcribe":
                ("語音沒能轉成文字，錄音已經存在這一頁。", "The voice note could not be turned into words; the recording is saved on this page.")
            default: ("夥伴的一個步驟沒有成功（\(step)）。頁面已經存好了。", "A step of the companion did not work (\(step)). The page is saved.")
            }
        case .tryAgain: ("再試一次", "Try again")
        case .companionOnlyListens:
            (
                "離線的夥伴只會聽、不會回答：你說的話都存在這一頁。要它回答，請在電腦上設定 AI 供應商（ai.provider）。",
                "The offline companion listens and does not answer: what you say is saved on this page. For replies, set an AI provider (ai.provider) on the computer."
            )
        case .methodNotAllowed: ("folio 只接受讀取頁面（GET）和送出表單（POST）。", "folio takes only reading a page (GET) and sending a form (POST).")
        }
    }
}
