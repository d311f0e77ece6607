import FolioCore
import FolioSite
import Foundation
import TestSupport
import Testing

@testable import FolioWeb

/// What the phone keeps for when its computer cannot be reached: the service worker and its
/// offline page, answered before pairing (they hold nothing of the journal); the outbox's words on
/// every page; over HTTPS, origins and the cookie named for HTTPS.
@Suite("The app offline: the service worker, its offline page, HTTPS origins")
struct OfflineAppTests {
    typealias PairedApp = WriteRouteMethodTests.PairedApp
    typealias Browser = RoutesInProcessTests.Browser

    @Test("the worker and the offline page are answered to a browser not paired yet, as scripts and a page of the app's")
    func workerBeforePairing() async throws {
        let app = try await PairedApp()
        let worker = try await app.send(.get, "/sw.js")
        #expect(worker.status == .ok && worker.headers[.contentType] == "text/javascript; charset=utf-8")
        #expect(worker.body.hasPrefix("var VERSION = \"") && worker.body.contains("caches.match(\"/offline.html\")"))
        #expect(worker.headers[.contentSecurityPolicy]?.contains("http://127.0.0.1:8400/sw.js") == true, "the policy lets it run")
        let offline = try await app.send(.get, "/offline.html")
        #expect(offline.status == .ok && offline.body.contains("<h1>Offline</h1>") && offline.body.contains("href=\"/\""))
        let journal = try await app.send(.get, "/")
        #expect(journal.status == .unauthorized, "the journal itself still needs pairing")
    }

    @Test("every page of the app carries the outbox's words; the new-page sheet and the settings say what works without HTTPS")
    func wordsOnThePages() async throws {
        let browser = try await Browser()
        let home = try await browser.get("/")
        #expect(home.body.contains("data-kept=\"The computer cannot be reached: this page is kept on the phone"))
        #expect(home.body.contains("<p class=\"note offline-note\" hidden>This connection is not HTTPS"))
        let settings = try await browser.get("/settings")
        #expect(settings.body.contains("offline-note"))
    }

    @Test("over HTTPS a form's origin is the https one, and never the same address over plain HTTP")
    func httpsOrigins() {
        let devices = PairedDevices(localDirectory: URL(fileURLWithPath: "/nonexistent"))
        let secure = WebGuard(pairing: PairingSecret("s"), devices: devices, hosts: ["127.0.0.1"], port: BoundPort(8400), secure: true)
        #expect(secure.acceptsOrigin("https://127.0.0.1:8400", fetchSite: "same-origin", host: "127.0.0.1:8400"))
        #expect(!secure.acceptsOrigin("http://127.0.0.1:8400", fetchSite: nil, host: "127.0.0.1:8400"))
        let plain = WebGuard(pairing: PairingSecret("s"), devices: devices, hosts: ["127.0.0.1"], port: BoundPort(8400))
        #expect(!plain.acceptsOrigin("https://127.0.0.1:8400", fetchSite: nil, host: "127.0.0.1:8400"))
        #expect(plain.acceptsOrigin("http://127.0.0.1:8400", fetchSite: nil, host: "127.0.0.1:8400"))
    }
}
