import Crypto
import FolioStore
import Foundation
import Synchronization

/// Who may use the server, decided on every request.
///
/// A browser is paired by opening the pairing link the terminal shows (`/pair?secret=…`): the
/// server answers with an HttpOnly, SameSite=Strict cookie holding a session token of that
/// browser's own, and nothing but the pairing page is answered without one. A link pairs one
/// browser: once used, the terminal shows the next one. Sessions outlive the server
/// (``PairedDevices``) until `folio serve devices --revoke` cuts one off. Every write also needs
/// the request's own anti-forgery token (derived from its session, so a page holds one only for
/// the browser it was sent to), an `Origin` that is this server when the browser sends one, and a
/// `Host` that is one of this server's names (no DNS rebinding).
struct WebGuard: Sendable {
    static let cookieName = "folio_session"

    /// The link's secret that pairs the next browser.
    let pairing: PairingSecret
    let devices: PairedDevices
    /// The names and addresses a request may name in `Host` (lowercased, IPv6 without brackets).
    let hostNames: Set<String>
    /// The port the server listens on, known once it does (`--port 0` lets the system choose).
    let port: BoundPort
    /// `https` when the server speaks HTTPS (`--tls-cert`): origins are named with it, and the
    /// session cookie is `Secure`.
    let scheme: String

    init(pairing: PairingSecret, devices: PairedDevices, hosts: [String], port: BoundPort, secure: Bool = false) {
        self.pairing = pairing
        self.devices = devices
        hostNames = Set(hosts.map { $0.lowercased() })
        self.port = port
        scheme = secure ? "https" : "http"
    }

    /// 32 random bytes as URL-safe text.
    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The session of the browser whose cookie is `cookie`: nil when it names no paired device.
    func session(cookie: String?) -> WebSession? {
        guard let cookie, let device = devices.device(forToken: cookie) else { return nil }
        return WebSession(device: device)
    }

    /// Whether `token` is the anti-forgery token of `session`.
    func acceptsForm(token: String?, session: WebSession?) -> Bool {
        guard let token, let session else { return false }
        return Self.equalInConstantTime(token, session.formToken)
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
        return origin.lowercased() == scheme + "://" + host.lowercased()
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

/// A paired browser's session, as a request carries it past the door.
struct WebSession: Sendable {
    let device: PairedDevice
    /// The anti-forgery token its pages carry: an HMAC of the session's stored hash, never the
    /// session token (the cookie) itself, and the same across restarts of the server.
    let formToken: String

    init(device: PairedDevice) {
        self.device = device
        let mac = HMAC<SHA256>.authenticationCode(for: Data("folio form".utf8), using: SymmetricKey(data: Data(device.tokenHash.utf8)))
        formToken = MediaNaming.hex(Data(mac))
    }
}

/// The secret of the pairing link: good for one browser, then replaced by a new one.
final class PairingSecret: Sendable {
    private let secret: Mutex<String>

    init(_ value: String = WebGuard.randomToken()) { secret = Mutex(value) }

    var current: String { secret.withLock { $0 } }

    /// Whether `offered` is the link's secret; when it is, the secret is spent and the next one
    /// returned (two browsers opening one link at once: only the first pairs).
    func spend(_ offered: String?) -> String? {
        guard let offered else { return nil }
        return secret.withLock { value -> String? in
            guard WebGuard.equalInConstantTime(offered, value) else { return nil }
            value = WebGuard.randomToken()
            return value
        }
    }
}

/// The port the server listens on, set once it does.
final class BoundPort: Sendable {
    private let number: Mutex<Int>

    init(_ value: Int = 0) { number = Mutex(value) }

    var value: Int { number.withLock { $0 } }

    func set(_ value: Int) { number.withLock { $0 = value } }
}
