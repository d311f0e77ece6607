import FolioCore
import Foundation
import TestSupport
import Testing

@testable import FolioWeb

/// The app's settings page: who answers (read-only), the tone, and what the companion writes and
/// is sent, saved as the vault's settings in one commit.
@Suite("The settings page: the provider shown, the tone and privacy saved in one commit")
struct SettingsPageTests {
    typealias Browser = RoutesInProcessTests.Browser

    @Test("the page shows the built-in companion, the tone chosen and each switch as the settings say")
    func shows() async throws {
        let browser = try await Browser()
        let home = try await browser.get("/")
        #expect(home.body.contains("href=\"/settings\""), "the home screen links its settings")
        let page = try await browser.get("/settings")
        #expect(page.status == .ok)
        #expect(page.body.contains("The built-in companion (offline; it listens and does not answer)"), "\(page.body)")
        #expect(page.body.contains("<option value=\"warm\" selected>Warm</option>"))
        #expect(page.body.contains("name=\"autoTitle\" value=\"true\" checked"))
        #expect(page.body.contains("name=\"shareLocation\" value=\"true\">"), "off by default")
        #expect(page.body.contains("value=\"\(browser.token)\""), "the form carries the session's token")
        #expect(!page.body.contains("sk-"), "no key is ever shown")
    }

    @Test("saved: only the choices that changed, one commit; the same form again writes nothing; a tone folio does not know is refused")
    func saves() async throws {
        let browser = try await Browser()
        let commits = try browser.commits()
        let saved = try await browser.post(
            "/settings/save",
            [("tone", "humorous"), ("autoTitle", "true"), ("autoTags", "true"), ("sendMedia", "true"), ("shareLocation", "true")])
        #expect(saved.status == .seeOther && saved.headers[.location] == "/settings#saved", "\(saved.status) \(saved.body)")
        #expect(try browser.commits() == commits + 1 && browser.clean())
        #expect(try browser.lastCommit() == "config: set ai.tone, privacy.share_location, privacy.send_past_pages")
        let config = try String(contentsOf: browser.app.root.appendingPathComponent(".folio/config.yaml"), encoding: .utf8)
        #expect(config.contains("tone: humorous") && config.contains("share_location: true") && config.contains("send_past_pages: false"))
        let page = try await browser.get("/settings")
        #expect(page.body.contains("<option value=\"humorous\" selected>"), "the page shows what was saved")

        let again = try await browser.post(
            "/settings/save",
            [("tone", "humorous"), ("autoTitle", "true"), ("autoTags", "true"), ("sendMedia", "true"), ("shareLocation", "true")])
        #expect(again.status == .seeOther)
        #expect(try browser.commits() == commits + 1, "nothing changed, nothing written")

        let refused = try await browser.post("/settings/save", [("tone", "sarcastic")])
        #expect(refused.status == .unprocessableContent)
        #expect(try browser.commits() == commits + 1 && browser.clean())
    }
}
