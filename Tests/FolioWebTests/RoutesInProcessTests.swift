import FolioCore
import FolioSite
import FolioStore
import Foundation
import HTTPTypes
import TestSupport
import Testing

@testable import FolioWeb

/// Every route of the app answered in process, as a paired browser uses it: what it writes (one
/// commit, the file as a user would read it) and what it answers. Chromium drives the same routes
/// end to end in `folio serve in a real browser`; here the routes alone, fast.
@Suite("Every route in process: what a paired browser's form does")
struct RoutesInProcessTests {
    typealias PairedApp = WriteRouteMethodTests.PairedApp

    /// A paired browser: the app, its session's cookie and form token.
    struct Browser {
        let app: PairedApp
        let cookie: String
        let token: String

        init(settings: String = "", environment: [String: String] = [:]) async throws {
            app = try await PairedApp(settings: settings, environment: environment)
            let paired = try await app.pair()
            cookie = WriteRouteMethodTests.cookie(try #require(paired.headers[.setCookie])).value
            token = try #require(app.guardian.session(cookie: cookie)?.formToken)
        }

        var headers: HTTPFields {
            [.cookie: "\(WebGuard.cookieName)=\(cookie)", .origin: "http://127.0.0.1:8400"]
        }

        /// A URL-encoded form posted to `path` with the session's token.
        func post(_ path: String, _ fields: [(String, String)]) async throws -> PairedApp.Answer {
            var headers = headers
            headers[.contentType] = "application/x-www-form-urlencoded"
            let body = ([("token", token)] + fields)
                .map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")" }.joined(separator: "&")
            return try await app.send(.post, path, headers: headers, body: body)
        }

        func get(_ path: String) async throws -> PairedApp.Answer { try await app.send(.get, path, headers: headers) }

        func commits() throws -> Int { Int(try Tool.git(["rev-list", "--count", "HEAD"], in: app.root)) ?? -1 }

        func lastCommit() throws -> String { try Tool.git(["log", "-1", "--format=%s"], in: app.root) }

        /// The file of the record the last commit changed, as a user reads it.
        func lastChangedFile() throws -> String {
            let paths = try Tool.git(["-c", "core.quotePath=false", "log", "-1", "--format=", "--name-only"], in: app.root).split(
                separator: "\n")
            let record = try #require(paths.first { $0.hasSuffix(".md") }, "the commit holds a record: \(paths)")
            return try String(contentsOf: app.root.appendingPathComponent(String(record)), encoding: .utf8)
        }

        /// Nothing written that is not committed.
        func clean() throws -> Bool { try Tool.git(["status", "--porcelain"], in: app.root).isEmpty }
    }

    @Test("an idea, ticked off, opened again: one commit each, the page as the answer")
    func ideasAndDone() async throws {
        let browser = try await Browser()
        let start = try browser.commits()
        let added = try await browser.post("/ideas", [("title", "Fix the gate"), ("tags", "home, 週末")])
        #expect(added.status == .seeOther)
        #expect(added.headers[.location]?.hasSuffix("#saved") == true, "\(added.headers)")
        let idea = try browser.lastChangedFile()
        #expect(idea.contains("title: Fix the gate") && idea.contains("週末"), "\(idea)")
        #expect(try browser.commits() == start + 1 && browser.clean())

        let ticked = try await browser.post("/done", [("record", browser.app.idea), ("done", "true")])
        #expect(ticked.status == .seeOther)
        #expect(try browser.lastChangedFile().contains("done: true"))
        let reopened = try await browser.post("/done", [("record", browser.app.idea), ("done", "false")])
        #expect(reopened.status == .seeOther)
        #expect(try browser.lastChangedFile().contains("done: false"))
        #expect(try browser.commits() == start + 3 && browser.clean())
    }

    @Test("the 8 ball: the question and its answer in a record of their own")
    func ask() async throws {
        let browser = try await Browser()
        let answer = try await browser.post("/ask", [("question", "明天會下雨嗎？")])
        #expect(answer.status == .seeOther)
        let file = try browser.lastChangedFile()
        #expect(file.contains("明天會下雨嗎？") && file.contains("answer:"), "\(file)")
        #expect(try browser.clean())
    }

    @Test("an edit from the page's own version saves; one from an older version is kept beside the page, never written")
    func edit() async throws {
        let browser = try await Browser()
        // The version a page's form names: the file's text as it was when the page was made.
        let text = try String(contentsOf: browser.app.root.appendingPathComponent(browser.app.idea), encoding: .utf8)
        let version = LiveSite.version(of: text)
        let saved = try await browser.post(
            "/edit", [("record", browser.app.idea), ("version", version), ("text", "Under the stairs."), ("tags", "errand, home")])
        #expect(saved.status == .seeOther)
        let file = try browser.lastChangedFile()
        #expect(file.contains("Under the stairs.") && file.contains("home"), "\(file)")
        let commits = try browser.commits()

        let late = try await browser.post(
            "/edit", [("record", browser.app.idea), ("version", version), ("text", "Typed in a second tab."), ("tags", "")])
        #expect(late.status == .conflict)
        #expect(late.body.contains("Typed in a second tab."), "what was typed is offered back")
        #expect(late.body.contains("Under the stairs."), "beside the page as it is now")
        #expect(try browser.commits() == commits, "nothing written")
        #expect(try browser.clean())
    }

    /// The terminal's `folio edit` and the page's edit are one door (`replaceText`): what an edit
    /// adds is checked, so a page that kept a key (`--allow-secret` on the terminal) saves from the
    /// browser as it does from the terminal, and a key typed into the page is refused.
    @Test("a page that kept a key saves an edit around it; a key typed into the page is refused, nothing written")
    func editAroundAKeptKey() async throws {
        let browser = try await Browser()
        let kept = "gl" + "pat-" + "R7F1K9A14yc9ugoYpn91"
        let vault = Vault(root: browser.app.root, clock: Clock.from(environment: [:]))
        vault.allowSecrets = true
        let record = try vault.create(NewRecord(kind: "idea", title: "Runner", body: "token: \(kept)\n\nRotate it soon.\n"))
        try Tool.git(["add", "-A"], in: browser.app.root)
        try Tool.git(["commit", "-q", "-m", "runner"], in: browser.app.root)
        let file = browser.app.root.appendingPathComponent(record.path)
        let version = LiveSite.version(of: try String(contentsOf: file, encoding: .utf8))
        let saved = try await browser.post(
            "/edit", [("record", record.path), ("version", version), ("text", "token: \(kept)\n\nRotated on Friday.\n"), ("tags", "")])
        #expect(saved.status == .seeOther, "\(saved.status): \(saved.body)")
        let after = try String(contentsOf: file, encoding: .utf8)
        #expect(after.contains("Rotated on Friday.") && after.contains(kept), "\(after)")
        let commits = try browser.commits()
        let typed = "ghp" + "_" + "Ox95xvLS7ozowgxOIaofXlLuERRdAYt59jVT"
        let refused = try await browser.post(
            "/edit",
            [
                ("record", record.path), ("version", LiveSite.version(of: after)), ("text", "token: \(kept)\n\nNew one: \(typed)\n"),
                ("tags", ""),
            ])
        #expect(refused.status != .seeOther, "a key typed into the page was saved")
        #expect(refused.body.contains("ghp_…") && !refused.body.contains(typed), "the refusal names the key, masked")
        #expect(try String(contentsOf: file, encoding: .utf8) == after && (try browser.commits()) == commits && (try browser.clean()))
    }

    @Test("a new page from words alone, then the companion: a greeting, a message kept though no one replies, done")
    func newPageAndCompanion() async throws {
        let browser = try await Browser()
        let boundary = "----folio-routes"
        var headers = browser.headers
        headers[.contentType] = "multipart/form-data; boundary=\(boundary)"
        let body =
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"token\"\r\n\r\n\(browser.token)\r\n"
            + "--\(boundary)\r\nContent-Disposition: form-data; name=\"text\"\r\n\r\n河邊散步，看到白鷺鷥。\r\n--\(boundary)--\r\n"
        let made = try await browser.app.send(.post, "/pages", headers: headers, body: body)
        #expect(made.status == .seeOther, "\(made.status): \(made.body)")
        let pagePath = try #require(
            try Tool.git(["-c", "core.quotePath=false", "log", "-1", "--format=", "--name-only"], in: browser.app.root).split(
                separator: "\n"
            )
            .first { $0.hasPrefix("diary/") }
            .map(String.init))
        #expect(try browser.lastChangedFile().contains("河邊散步"))

        let greeted = try await browser.post("/greet", [("record", pagePath)])
        #expect(greeted.status == .seeOther)
        #expect(try browser.lastChangedFile().contains("## "), "the talk has begun on the page")
        let commits = try browser.commits()

        // The built-in companion only listens: the message is saved and committed all the same,
        // and the page says plainly that no reply will come.
        let chatted = try await browser.post("/chat", [("record", pagePath), ("message", "風很舒服。")])
        #expect(chatted.status == .seeOther, "the page again, never 'not saved': \(chatted.status) \(chatted.body)")
        #expect(try browser.lastChangedFile().contains("風很舒服。"))
        #expect(try browser.commits() == commits + 1 && browser.clean())
        let page = try await browser.get(try #require(chatted.headers[.location]).replacingOccurrences(of: "#saved", with: ""))
        #expect(page.body.contains("listens and does not answer"), "\(page.body)")
        #expect(!page.body.contains("step-failed"), "listening is no failure")

        let finished = try await browser.post("/finish", [("record", pagePath)])
        #expect(finished.status == .seeOther, "\(finished.status): \(finished.body)")
        #expect(try browser.clean())
    }

    @Test("search answers a page of hits, each linked to its record's page; nothing is written")
    func search() async throws {
        let browser = try await Browser()
        let commits = try browser.commits()
        let found = try await browser.get("/search?q=umbrella")
        #expect(found.status == .ok)
        #expect(found.body.contains("Buy an umbrella"), "\(found.body)")
        #expect(found.body.contains("href=\"/records/"), "each hit links to its page")
        let none = try await browser.get("/search?q=zzzqqq")
        #expect(none.status == .ok && !none.body.contains("Buy an umbrella"))
        #expect(try browser.commits() == commits && browser.clean())
    }
}
