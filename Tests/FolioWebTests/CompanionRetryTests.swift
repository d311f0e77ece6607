import FolioCompanion
import FolioCore
import FolioSite
import FolioStore
import Foundation
import NIOCore
import TestSupport
import Testing

@testable import FolioWeb

/// Every step of the companion in the browser may fail without losing what the page holds: the
/// page is answered again (never "not saved"), it says which step failed and why in the person's
/// words, and its retry button (a plain form, no terminal) tries that step again. A real
/// OpenAI-shaped server answers; its failures are the ones a model or a network gives.
@Suite("The companion's steps in the browser: kept, said on the page, tried again from it")
struct CompanionRetryTests {
    typealias Browser = RoutesInProcessTests.Browser

    /// A paired browser on a vault whose companion is `server`'s model, confirmed on this device.
    static func browser(_ server: OpenAIServer) async throws -> Browser {
        let scratch = try Scratch("companion-retry-home")
        let settings = "ai:\n  provider: openai\n  base_url: \(server.baseURL)\n  model: friend-1\n"
        let browser = try await Browser(settings: settings, environment: ["HOME": scratch.path("home").path, "FOLIO_AI_KEY": "sk-test"])
        try EndpointTrust.trust(server.baseURL, for: "ai.base_url", localDirectory: browser.app.root.appendingPathComponent(".folio/local"))
        return browser
    }

    /// A diary page of words alone, and the address of its page on the server.
    static func diaryPage(_ browser: Browser, words: String = "Walked by the river at dusk.") async throws -> (path: String, url: String) {
        let page = try await browser.app.journal.newPage(upload: nil, voice: nil, text: words)
        let url = try #require(try await browser.app.journal.page(ofRecordAt: page.path))
        return (page.path, "/" + url)
    }

    /// What a person sees of the page's companion box: the failed step's block, if any.
    static func failureBlock(_ html: String) -> String? {
        guard let start = html.range(of: "<div class=\"step-failed\"") else { return nil }
        guard let end = html.range(of: "</div>", range: start.upperBound..<html.endIndex) else { return String(html[start.lowerBound...]) }
        return String(html[start.lowerBound..<end.upperBound])
    }

    @Test("a summary no model made: the talk is saved, the page says why and offers to try again; the retry writes it")
    func summaryFailsThenRetries() async throws {
        let server = try OpenAIServer()
        defer { server.stop() }
        let browser = try await Self.browser(server)
        let (path, url) = try await Self.diaryPage(browser)
        let before = try String(contentsOf: browser.app.root.appendingPathComponent(path), encoding: .utf8)

        server.enqueue(.chat("I'd rather not."))
        let finished = try await browser.post("/finish", [("record", path)])
        #expect(finished.status == .seeOther, "the page again, not a 'not saved' page: \(finished.status) \(finished.body)")
        #expect(try String(contentsOf: browser.app.root.appendingPathComponent(path), encoding: .utf8) == before, "the page as it was")
        #expect(try browser.clean())

        let shown = try await browser.get(url)
        let block = try #require(Self.failureBlock(shown.body), "the page says the step failed: \(shown.body)")
        #expect(block.contains("could not be written up, but the chat is saved"), "\(block)")
        #expect(block.contains("class=\"reason\""), "with the model's reason: \(block)")
        #expect(!block.contains("folio summarize"), "no terminal command on a phone: \(block)")
        #expect(block.contains("action=\"/retry\"") && block.contains("value=\"summarize\""), "a retry button: \(block)")
        #expect(block.contains("value=\"\(browser.token)\""), "the button's form carries the session's token")

        server.enqueue(.chat(#"{"title": "River", "page": "I walked by the river at dusk.", "tags": ["river", "dusk", "walk"]}"#))
        let commits = try browser.commits()
        let retried = try await browser.post("/retry", [("record", path), ("step", "summarize")])
        #expect(retried.status == .seeOther, "\(retried.status) \(retried.body)")
        let file = try String(contentsOf: browser.app.root.appendingPathComponent(path), encoding: .utf8)
        #expect(file.contains("summarized_by: openai") && file.contains("I walked by the river at dusk."), "\(file)")
        #expect(try browser.commits() == commits + 1 && browser.clean(), "one commit")
        #expect(Self.failureBlock(try await browser.get(url).body) == nil, "the failure is gone once the step succeeds")
    }

    @Test("a reply that does not come: the message is saved; the retry answers it, streamed")
    func chatFailsThenRetries() async throws {
        let server = try OpenAIServer()
        defer { server.stop() }
        let browser = try await Self.browser(server)
        let (path, url) = try await Self.diaryPage(browser)
        server.enqueue(.chat("Good evening! How was the river?"))
        #expect(try await browser.post("/greet", [("record", path)]).status == .seeOther)

        server.defaultReply = .error(status: 500, message: "the model is down", type: "server_error")
        let chatted = try await browser.post("/chat", [("record", path), ("message", "Calm, and cold.")])
        #expect(chatted.status == .seeOther, "\(chatted.status) \(chatted.body)")
        #expect(try browser.lastChangedFile().contains("Calm, and cold."), "the message is saved")
        let block = try #require(Self.failureBlock(try await browser.get(url).body))
        #expect(block.contains("did not reply, but your message is saved"), "\(block)")
        #expect(block.contains("data-stream") && block.contains("value=\"chat\""), "the retry streams as a chat turn does: \(block)")

        server.defaultReply = .stream(["Cold air makes ", "the water look still."])
        let retried = try await browser.post("/retry", [("record", path), ("step", "chat"), ("stream", "1")])
        #expect(retried.status == .ok && retried.body.contains("Cold air makes the water look still."), "\(retried.body)")
        let file = try browser.lastChangedFile()
        #expect(file.contains("Cold air makes the water look still."), "\(file)")
        #expect(file.components(separatedBy: "Calm, and cold.").count == 2, "the message is not written twice")
        #expect(try browser.clean())
        #expect(Self.failureBlock(try await browser.get(url).body) == nil)
    }

    @Test("a voice note no model could hear is kept as its recording; the retry adds its words and keeps the recording")
    func voiceNoteHeardOnRetry() async throws {
        let server = try OpenAIServer()
        defer { server.stop() }
        let browser = try await Self.browser(server)
        let scratch = try Scratch("companion-retry-voice")
        let voice = try AlwaysSavesTests.received(MediaFixtures.wav(seconds: 0.5), named: "voice.wav", in: scratch)
        server.defaultReply = .error(status: 500, message: "the model is down", type: "server_error")
        let page = try await browser.app.journal.newPage(upload: nil, voice: voice, text: "By the river.")
        let url = "/" + (try #require(try await browser.app.journal.page(ofRecordAt: page.path)))
        let block = try #require(Self.failureBlock(try await browser.get(url).body))
        #expect(block.contains("the recording is saved on this page") && block.contains("value=\"transcribe\""), "\(block)")

        server.defaultReply = .transcription("A heron stood in the shallows.")
        let retried = try await browser.post("/retry", [("record", page.path), ("step", "transcribe")])
        #expect(retried.status == .seeOther, "\(retried.status) \(retried.body)")
        let file = try String(contentsOf: browser.app.root.appendingPathComponent(page.path), encoding: .utf8)
        #expect(file.contains("By the river.") && file.contains("A heron stood in the shallows."), "\(file)")
        #expect(file.contains(".wav"), "the recording stays on the page")
        let record = try FrontMatterDocument(parsing: file)
        #expect(record.body.hasPrefix("By the river.\n\nA heron stood in the shallows.\n"), "\(record.body)")
        #expect(record.string("text") == nil, "the words live once, in the body")
        #expect(try browser.clean())
        #expect(Self.failureBlock(try await browser.get(url).body) == nil)
    }

    @Test("settings changed on the vault reach a running server: a provider set in a terminal ends 'only listens' at the next load")
    func settingsReachRunningServer() async throws {
        let browser = try await Browser()
        let (_, url) = try await Self.diaryPage(browser)
        #expect(try await browser.get(url).body.contains("listens and does not answer"), "the built-in companion, said")
        let config = browser.app.root.appendingPathComponent(".folio/config.yaml")
        let old = try String(contentsOf: config, encoding: .utf8)
        try (old + "ai:\n  provider: openai\n  base_url: http://127.0.0.1:9/v1\n  model: friend-1\n").write(
            to: config, atomically: true, encoding: .utf8)
        let after = try await browser.get(url)
        #expect(!after.body.contains("listens and does not answer"), "the server follows the file without a restart")
    }

    @Test("a retry of a step no button offers is refused as a bad form; nothing is written")
    func unknownStepRefused() async throws {
        let browser = try await Browser()
        let (path, _) = try await Self.diaryPage(browser)
        let commits = try browser.commits()
        let refused = try await browser.post("/retry", [("record", path), ("step", "delete")])
        #expect(refused.status == .badRequest)
        #expect(try browser.commits() == commits && browser.clean())
    }

    @Test("the marker in a page names its record percent-encoded; read back whole, and nothing else is taken for it")
    func markerReadBack() throws {
        for reference in ["01JD2ZK8Q5", "diary/2026/河邊 --> <b>.md"] {
            let page = "<section><div class=\"talk\"></div>\n\(LiveSite.companionMarker(reference))\n</section>"
            let found = try #require(SitePages.companionMarker(in: ByteBuffer(string: page)))
            #expect(found.1 == reference)
            #expect(page.utf8.count == found.0.upperBound + "\n</section>".utf8.count)
        }
        #expect(
            SitePages.companionMarker(in: ByteBuffer(string: "<p>&lt;!--folio-companion:x--&gt;</p>")) == nil, "escaped text is no marker")
    }
}
