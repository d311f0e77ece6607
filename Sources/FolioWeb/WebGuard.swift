import Crypto
import FolioStore
import Foundation
import Synchronization

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
    /// The anti-forgery token of the session: an HMAC of the session token, never the token itself.
    let formToken: String
    /// The names and addresses a request may name in `Host` (lowercased, IPv6 without brackets).
    let hostNames: Set<String>
    /// The port the server listens on, known once it does (`--port 0` lets the system choose).
    let port: BoundPort

    init(pairingSecret: String, hosts: [String], port: BoundPort) {
        self.pairingSecret = pairingSecret
        sessionToken = Self.randomToken()
        let mac = HMAC<SHA256>.authenticationCode(for: Data("folio form".utf8), using: SymmetricKey(data: Data(sessionToken.utf8)))
        formToken = MediaNaming.hex(Data(mac))
        hostNames = Set(hosts.map { $0.lowercased() })
        self.port = port
    }

    /// 32 random bytes as URL-safe text.
    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
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

    /// `host:port` as a request names this server: one of its names, with the port it listens on.
    func acceptsHost(_ authority: String?) -> Bool {
        guard let authority, let colon = authority.lastIndex(of: ":"), let number = Int(authority[authority.index(after: colon)...]),
            number == port.value
        else { return false }
        var name = authority[..<colon].lowercased()
        if name.hasPrefix("[") && name.hasSuffix("]") {
            name = String(name.dropFirst().dropLast())
        } else if name.contains(":") {
            return false  // an IPv6 address without its brackets is not a valid Host
        }
        return hostNames.contains(name)
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

/// The port the server listens on, set once it does.
final class BoundPort: Sendable {
    private let number: Mutex<Int>

    init(_ value: Int = 0) { number = Mutex(value) }

    var value: Int { number.withLock { $0 } }

    func set(_ value: Int) { number.withLock { $0 = value } }
}
