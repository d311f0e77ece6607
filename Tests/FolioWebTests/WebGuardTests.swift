import Testing

@testable import FolioWeb

/// Who may use the server: the pairing secret, the session cookie, the form token, the host
/// names it answers to, and where a write may come from.
@Suite("The web app's door")
struct WebGuardTests {
    let guardian = WebGuard(pairingSecret: "s3cret", hosts: ["127.0.0.1", "localhost", "::1", "192.168.1.20"], port: BoundPort(8400))

    @Test("the pairing secret and the session token are compared whole; the form token is neither")
    func secrets() {
        #expect(guardian.pairs("s3cret"))
        #expect(!guardian.pairs("s3cre"))
        #expect(!guardian.pairs("s3cret "))
        #expect(!guardian.pairs(nil))
        #expect(guardian.isPaired(cookie: guardian.sessionToken))
        #expect(!guardian.isPaired(cookie: nil))
        #expect(!guardian.isPaired(cookie: guardian.formToken))
        #expect(guardian.acceptsForm(token: guardian.formToken))
        #expect(!guardian.acceptsForm(token: guardian.sessionToken))
        #expect(!guardian.acceptsForm(token: ""))
        #expect(guardian.formToken.count == 64)
        // A new server, a new session: an old cookie or token is worth nothing.
        let next = WebGuard(pairingSecret: "s3cret", hosts: ["127.0.0.1"], port: BoundPort(8400))
        #expect(!next.isPaired(cookie: guardian.sessionToken))
        #expect(!next.acceptsForm(token: guardian.formToken))
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
