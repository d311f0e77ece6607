import FolioCore
import Foundation
import TestSupport
import Testing

@testable import FolioWeb

/// Who may use the server: the pairing secret, the session cookie, the form token, the host
/// names it answers to, and where a write may come from.
@Suite("The web app's door")
struct WebGuardTests {
    let scratch: Scratch
    let guardian: WebGuard

    init() throws {
        scratch = try Scratch("guard")
        guardian = WebGuard(
            pairing: PairingSecret("s3cret"), devices: PairedDevices(localDirectory: scratch.path("local")),
            hosts: ["127.0.0.1", "localhost", "::1", "192.168.1.20"], port: BoundPort(8400))
    }

    static let time = Timestamp("2026-11-22T09:00:00+08:00")

    @Test("a pairing link pairs one browser: its secret is compared whole, and spent once used")
    func oneUseLink() throws {
        let pairing = PairingSecret("s3cret")
        #expect(pairing.spend("s3cre") == nil)
        #expect(pairing.spend("s3cret ") == nil)
        #expect(pairing.spend(nil) == nil)
        #expect(pairing.spend("") == nil)
        let next = try #require(pairing.spend("s3cret"))
        #expect(next != "s3cret" && next.count >= 43 && pairing.current == next)
        // The same link a second time, from another browser or the same: refused.
        #expect(pairing.spend("s3cret") == nil)
        #expect(pairing.spend(next) != nil)
    }

    @Test("each browser has a session of its own; the form token is derived, never the cookie")
    func sessions() throws {
        let time = try #require(Self.time)
        let phone = try guardian.devices.pair(name: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0) Safari/604.1", at: time)
        let laptop = try guardian.devices.pair(name: "Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36", at: time)
        let phoneSession = try #require(guardian.session(cookie: phone.token))
        let laptopSession = try #require(guardian.session(cookie: laptop.token))
        #expect(phone.device.name == "iPhone · Safari" && laptop.device.name == "Linux · Chrome")
        #expect(phoneSession.formToken != laptopSession.formToken && phoneSession.formToken.count == 64)
        #expect(guardian.session(cookie: nil) == nil)
        #expect(guardian.session(cookie: "") == nil)
        #expect(guardian.session(cookie: phoneSession.formToken) == nil)
        #expect(guardian.session(cookie: phone.device.tokenHash) == nil, "the stored hash is no cookie")
        #expect(guardian.acceptsForm(token: phoneSession.formToken, session: phoneSession))
        #expect(!guardian.acceptsForm(token: laptopSession.formToken, session: phoneSession), "one browser's token is not another's")
        #expect(!guardian.acceptsForm(token: phone.token, session: phoneSession))
        #expect(!guardian.acceptsForm(token: "", session: phoneSession))
        #expect(!guardian.acceptsForm(token: phoneSession.formToken, session: nil))
    }

    @Test("pairings outlive the server, are kept as hashes only, and one can be revoked without the others")
    func lastingAndRevoked() throws {
        let time = try #require(Self.time)
        let phone = try guardian.devices.pair(name: "iPhone Safari/1", at: time)
        let laptop = try guardian.devices.pair(name: "curl/8.0", at: time)
        let file = try String(contentsOf: guardian.devices.file, encoding: .utf8)
        #expect(!file.contains(phone.token) && !file.contains(laptop.token) && file.contains(phone.device.tokenHash))
        let mode = try FileManager.default.attributesOfItem(atPath: guardian.devices.file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        // A new server on the same vault: the same browsers are still paired, the same form tokens hold.
        let restarted = WebGuard(
            pairing: PairingSecret(), devices: PairedDevices(localDirectory: scratch.path("local")), hosts: ["127.0.0.1"],
            port: BoundPort(8400))
        let again = try #require(restarted.session(cookie: phone.token))
        #expect(again.formToken == guardian.session(cookie: phone.token)?.formToken)
        // Revoked from another process (the command line): the running server sees it at once.
        let revoked = try PairedDevices(localDirectory: scratch.path("local")).revoke(String(phone.device.id.prefix(5)))
        #expect(revoked.map(\.id) == [phone.device.id])
        #expect(guardian.session(cookie: phone.token) == nil && restarted.session(cookie: phone.token) == nil)
        #expect(guardian.session(cookie: laptop.token) != nil)
        #expect(throws: FolioError.self) { try guardian.devices.revoke("zzzz") }
        #expect(throws: FolioError.self) { try guardian.devices.revoke("") }
        #expect(try guardian.devices.revoke(nil, all: true).count == 1)
        #expect(guardian.devices.list().isEmpty && guardian.session(cookie: laptop.token) == nil)
    }

    @Test("a damaged or hostile devices file pairs nobody and crashes nothing")
    func damagedFile() throws {
        let file = guardian.devices.file
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        for text in [
            "", "\n\n", "zz 2026-11-22T09:00:00+08:00 x\n", String(repeating: "a", count: 64) + " yesterday x\n", "\u{0}\u{1B}[2J",
        ] {
            try Data(text.utf8).write(to: file)
            #expect(guardian.devices.list().isEmpty, "\(text.debugDescription)")
            #expect(guardian.session(cookie: "") == nil)
        }
    }

    @Test("only this server's own names, with its port (no DNS rebinding)")
    func hosts() {
        for host in ["127.0.0.1:8400", "LOCALHOST:8400", "[::1]:8400", "192.168.1.20:8400"] {
            #expect(guardian.acceptsHost(host), "\(host)")
        }
        for host in ["127.0.0.1", "127.0.0.1:8401", "evil.example:8400", "127.0.0.1.evil.example:8400", "", "::1:8400"] {
            #expect(!guardian.acceptsHost(host), "\(host)")
        }
        #expect(!guardian.acceptsHost(nil))
    }

    @Test("a write comes from this site: no foreign or null Origin, no cross-site fetch")
    func origins() {
        let host = "127.0.0.1:8400"
        #expect(guardian.acceptsOrigin("http://127.0.0.1:8400", fetchSite: "same-origin", host: host))
        #expect(guardian.acceptsOrigin(nil, fetchSite: nil, host: host))
        #expect(!guardian.acceptsOrigin("http://evil.example", fetchSite: nil, host: host))
        #expect(!guardian.acceptsOrigin("null", fetchSite: nil, host: host))
        #expect(!guardian.acceptsOrigin("https://127.0.0.1:8400", fetchSite: nil, host: host))
        #expect(!guardian.acceptsOrigin(nil, fetchSite: "cross-site", host: host))
        #expect(!guardian.acceptsOrigin(nil, fetchSite: "same-site", host: host))
    }

    @Test("paths: no climbing out, no hidden files, however they are encoded")
    func paths() {
        for path in ["/", "/index.html", "/records/abc.html", "/vault/media/ab/cd.jpg", "/calendar/2026-11.html"] {
            #expect(WebPath.isSafe(path), "\(path)")
        }
        for path in [
            "/../etc/passwd", "/..%2f..%2fetc", "/.git/config", "/vault/.git/HEAD", "/a/%2e%2e/b", "/a\\..\\b", "/a%00b", "relative",
        ] {
            #expect(!WebPath.isSafe(path), "\(path)")
        }
    }

    @Test("gzip only for a browser that takes it, and not when it refuses it with q=0")
    func acceptEncoding() {
        for value in ["gzip", "gzip, deflate, br", "br;q=1.0, gzip;q=0.8", "x-gzip", "GZIP"] {
            #expect(SitePages.acceptsGzip(value), "\(value)")
        }
        for value in ["", "identity", "br", "gzip;q=0", "deflate, gzip; q=0.0", "gzipper"] {
            #expect(!SitePages.acceptsGzip(value), "\(value)")
        }
    }
}
