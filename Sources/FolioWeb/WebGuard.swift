import Crypto
import Foundation

/// Who may use the server, decided on every request.
///
/// A browser is paired by opening the pairing link the terminal shows (`/pair?secret=…`): the
/// server answers with an HttpOnly, SameSite=Strict cookie holding a session token, and nothing
/// but the pairing page is answered without it. Every write also needs the request's own
/// anti-forgery token (derived from the session token, so a page holds one only for the browser it
/// was sent to), an `Origin` that is this server when the browser sends one, and a `Host` that is
/// one of this server's names (no DNS rebinding).
struct WebGuard: Sendable {
    static let cookieName = "folio_session"

    let pairingSecret: String
    let sessionToken: String
    /// `host:port` values a request may name in `Host`.
    let allowedHosts: Set<String>

    init(pairingSecret: String, hosts: [String], port: Int) {
        self.pairingSecret = pairingSecret
        sessionToken = Self.randomToken()
        var allowed = Set<String>()
        for host in hosts {
            let bracketed = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
            allowed.insert("\(bracketed):\(port)".lowercased())
        }
        allowedHosts = allowed
    }

    /// 32 random bytes as URL-safe text.
    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The anti-forgery token of the session: an HMAC of the session token, never the token itself.
    var formToken: String {
        let key = SymmetricKey(data: Data(sessionToken.utf8))
        let mac = HMAC<SHA256>.authenticationCode(for: Data("folio form".utf8), using: key)
        return Data(mac).map { String(format: "%02x", $0) }.joined()
    }

    func pairs(_ secret: String?) -> Bool {
        guard let secret else { return false }
        return Self.equalInConstantTime(secret, pairingSecret)
    }

    func isPaired(cookie: String?) -> Bool {
        guard let cookie else { return false }
        return Self.equalInConstantTime(cookie, sessionToken)
    }

    func acceptsForm(token: String?) -> Bool {
        guard let token else { return false }
        return Self.equalInConstantTime(token, formToken)
    }

    func acceptsHost(_ host: String?) -> Bool {
        guard let host else { return false }
        return allowedHosts.contains(host.lowercased())
    }

    /// A write's `Origin` must be this server when the browser sends one (`null` is refused);
    /// `Sec-Fetch-Site`, when sent, must say the request comes from this site.
    func acceptsOrigin(_ origin: String?, fetchSite: String?, host: String) -> Bool {
        if let fetchSite, fetchSite != "same-origin", fetchSite != "none" { return false }
        guard let origin else { return true }
        return origin.lowercased() == "http://" + host.lowercased()
    }

    static func equalInConstantTime(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8)
        let y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for i in x.indices { difference |= x[i] ^ y[i] }
        return difference == 0
    }
}
