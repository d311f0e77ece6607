import Foundation

/// Why an HTTPS server's certificate was not trusted, in the terms of its fix.
public enum CertificateProblem: Sendable, Hashable {
    /// No CA this device trusts signed it; `trust` names the CA file or folder configured (with
    /// its setting), nil for the system's CAs.
    case unknownIssuer(trust: String?)
    /// It signs itself and is not among the trusted.
    case selfSigned(trust: String?)
    /// It expired on `on` (a date).
    case expired(on: String)
    case notYetValid
    /// It is made for `names`, not the host in the URL.
    case otherNames([String])
    case revoked
    /// The CA file or folder `path`, named by `setting`, cannot be read.
    case trustUnreadable(path: String, setting: String)
    /// Anything else, in OpenSSL's words.
    case other(String)
}

extension RemoteMessage {
    static func notTrusted(url: String, host: String, problem: CertificateProblem) -> (String, String) {
        let (zh, en) = Self.pair(problem, host: host)
        return (
            "folio 不信任 \(host) 的憑證，所以沒有連上遠端 \(url)：\(zh)。沒有送出任何東西，所有修改都已在本機提交。",
            "folio does not trust the certificate of \(host), so it did not talk to the remote \(url): \(en). Nothing was sent, and everything is committed on this device."
        )
    }

    static func checksOff(host: String, setting: String) -> (String, String) {
        return (
            "警告：\(setting) 關掉了憑證檢查，folio 無法確認連上的真的是 \(host)；同一個網路上的人可以讀取、改動同步的內容。請改為信任伺服器的憑證機構：在資料庫裡執行 `git config http.sslCAInfo 憑證機構.pem`。",
            "warning: \(setting) turns certificate checks off, so folio cannot tell that it is talking to \(host): anyone on the network could read and change what is synced. Trust the server's CA instead: `git config http.sslCAInfo CA.pem` in the vault."
        )
    }

    static func noSecret(url: String, host: String, setting: String) -> (String, String) {
        return (
            "遠端 \(url) 要求登入，但 \(setting) 關掉了憑證檢查：無法確認對方真的是 \(host)，所以 folio 不送出權杖或密碼。請改為信任伺服器的憑證機構（`git config http.sslCAInfo 憑證機構.pem`），並拿掉 \(setting)。",
            "the remote \(url) asks for a login, and \(setting) turns certificate checks off: nothing proves the server is \(host), so folio sends no token or password. Trust the server's CA instead (`git config http.sslCAInfo CA.pem`) and remove \(setting)."
        )
    }

    private static func pair(_ problem: CertificateProblem, host: String) -> (String, String) {
        let ownCA = (
            "如果伺服器用的是你自己的憑證機構，在資料庫裡執行 `git config http.sslCAInfo 憑證機構.pem`（或設定 SSL_CERT_FILE）",
            "if the server uses your own CA, run `git config http.sslCAInfo CA.pem` in the vault (or set SSL_CERT_FILE)"
        )
        switch problem {
        case .unknownIssuer(let trust?):
            return ("它不是由 \(trust) 裡的憑證機構簽發的", "it was not issued by a CA in \(trust)")
        case .unknownIssuer(nil):
            return ("它不是由這台裝置信任的憑證機構簽發的；\(ownCA.0)", "it was not issued by a CA this device trusts; \(ownCA.1)")
        case .selfSigned(let trust?):
            return ("它是自簽憑證，不在 \(trust) 裡", "it signs itself and is not in \(trust)")
        case .selfSigned(nil):
            return (
                "它是自簽憑證；如果它是你自己的伺服器，在資料庫裡執行 `git config http.sslCAInfo 伺服器憑證.pem`",
                "it signs itself; if the server is yours, run `git config http.sslCAInfo server-certificate.pem` in the vault"
            )
        case .expired(let date):
            return (
                "它在 \(date) 過期了；伺服器的管理者需要更新憑證（或這台裝置的日期不對）",
                "it expired on \(date); the server's owner must renew it (or this device's date is wrong)"
            )
        case .notYetValid:
            return ("它還沒有生效；請檢查這台裝置的日期和時間", "it is not valid yet; check this device's date and time")
        case .otherNames(let names):
            let list = names.isEmpty ? "" : names.joined(separator: ", ")
            return (
                "它是發給 \(list.isEmpty ? "別的名稱" : list) 的，不是 \(host)；請在遠端網址裡改用憑證上的名稱（`folio config set sync.remote …`），或為 \(host) 重新簽發憑證",
                "it is made for \(list.isEmpty ? "other names" : list), not \(host); use a name the certificate names in the remote's URL (`folio config set sync.remote …`), or have it made for \(host)"
            )
        case .revoked:
            return ("它已被簽發的憑證機構撤銷", "its CA revoked it")
        case .trustUnreadable(let path, let setting):
            return (
                "\(setting) 指定的憑證機構檔案 \(path) 無法讀取，或裡面沒有憑證；請檢查路徑",
                "the CA file \(path) that \(setting) names cannot be read, or holds no certificate; check the path"
            )
        case .other(let words):
            return ("OpenSSL 說：\(words)", "OpenSSL says: \(words)")
        }
    }
}
