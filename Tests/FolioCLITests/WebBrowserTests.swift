import Foundation
import TestSupport
import Testing

/// `folio serve` in a real browser: headless Chromium driven by chromedriver through Selenium
/// (Tests/FolioCLITests/Browser/companion_flow.py), at a phone's width, against the real folio
/// and a loopback OpenAI-style server. The screenshots it takes are kept in
/// `.build/web-screenshots/` for a person to look at.
// One browser at a time: two Chromiums on two cores make each one's waits a matter of luck.
@Suite("folio serve in a real browser, at a phone's width and a computer's", .serialized)
struct WebBrowserTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test(
        "the companion flow: photo, greeting, two chat turns, done, the tile and search; ideas, the 8 ball, offline, two tabs",
        arguments: ["phone", "desktop"])
    func companionFlow(device: String) throws {
        let server = try OpenAIServer()
        defer { server.stop() }
        var folio = try FolioProcess.vault(language: "zh-Hant")
        folio.environment["FOLIO_AI_KEY"] = "sk-test"
        for (name, value) in [("ai.provider", "openai"), ("ai.base_url", server.baseURL), ("ai.model", "friend-1"), ("ai.timeout", "10")] {
            #expect(try folio.run("config", "set", name, value).status == 0)
        }
        server.enqueue(
            .transcription("風吹起來很舒服"),
            .chat("A white egret standing in a river at dusk."),
            .chat("這張照片裡的白鷺鷥好優雅，今天去河邊了嗎？"),
            .stream(["好美的", "畫面"]),
            .stream(["記得多穿", "一點"]),
            // The first summary is no summary: the page says so and its retry button asks again.
            .chat("I'd rather not."),
            .chat(#"{"page": "今天在河邊散步，看到白鷺鷥站在水裡。風有點大。", "tags": ["白鷺鷥", "散步", "河邊"], "title": "河邊的白鷺鷥"}"#))

        let scratch = try #require(folio.scratch)
        let photo = scratch.path("IMG_0001.JPG")
        try Data(MediaFixtures.jpeg(width: 64, height: 48)).write(to: photo)
        let voice = scratch.path("voice-note.m4a")
        try Data(repeating: 0x42, count: 2048).write(to: voice)
        let shots = Self.repository.appendingPathComponent(".build/web-screenshots/\(device)")
        try? FileManager.default.removeItem(at: shots)
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        let session = try BrowserSession(folio, script: "companion_flow") { pair, _ in
            [pair, photo.path, voice.path, shots.path, device]
        }
        session.passed([
            "paired and home", "page width", "photo preview", "page made", "greeting shown", "chat turn 1", "chat turn 2",
            "summary failure shown with a retry", "tags after done", "failure gone after the retry",
            "page in the writer's voice", "tile shows the page", "chosen tile in view", "search in the tile finds it", "idea ticked off",
            "8 ball answer shown", "offline: page kept on the phone", "sent again", "a saved page's photo is not kept as a draft",
            "draft kept on the phone", "chosen photo kept across a reload", "second tab refused, its text kept",
            "an old draft is not saved over a newer page",
        ])

        // What the browser did is in the vault's history, one commit per change, and nothing twice.
        let subjects = try folio.commitSubjects()
        #expect(subjects.filter { $0.contains("diary: add \"河邊散步") }.count == 1, "\(subjects)")
        #expect(subjects.filter { $0.contains("diary: add \"斷線時寫的\"") }.count == 1, "one page for the upload sent twice: \(subjects)")
        let page = try folio.run("show", "河邊的白鷺鷥", "--json").stdout
        #expect(page.contains("白鷺鷥") && page.contains("A white egret") && page.contains("風吹起來很舒服"), "\(page)")
        #expect(
            server.requests.count == 7,
            "voice note, analysis, greeting, two replies, a summary refused, the retried one: \(server.requests.map(\.path))")
        #expect(server.requests.first?.path == "/v1/audio/transcriptions")
        #expect(try folio.run("list", "--done").stdout.contains("買新雨傘"))
    }

    @Test(
        "every page at a phone's size and a computer's, light and dark: no console error, 16 px fields, 44 px targets, readable, described",
        arguments: ["phone", "desktop"])
    func phoneQuality(device: String) throws {
        let folio = try FolioProcess.vault(language: "zh-Hant")
        let scratch = try #require(folio.scratch)
        let photo = scratch.path("IMG_0002.JPG")
        try Data(MediaFixtures.jpeg(width: 64, height: 48)).write(to: photo)
        let made = try folio.run("new", "diary", "--text", "河邊散步，看到白鷺鷥", "--tag", "河邊", "--media", photo.path)
        #expect(made.status == 0, "\(made.stderr)")
        let description = "一隻白鷺鷥站在傍晚的河邊淺水裡。"
        #expect(try folio.run("set", "河邊散步，看到白鷺鷥", "analysis=\(description)").status == 0)
        #expect(try folio.run("idea", "買新雨傘", "--tag", "雨天").status == 0)
        #expect(try folio.run("ask", "明天會下雨嗎？").status == 0)
        // Sixty older pages, as another device syncs them: more than the home page holds of a
        // kind. One of them a year before today by this computer's clock, which the phone's
        // "on this day" asks for (the browser's clock is the computer's).
        try Self.writeOlderPages(60, into: folio.directory)

        let shots = Self.repository.appendingPathComponent(".build/web-screenshots")
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        let session = try BrowserSession(folio, script: "phone_quality") { pair, errors in
            [pair, errors.path, description, shots.path, device]
        }
        var expected = [
            "favicon", "not paired: no other console error", "tile without JavaScript", "home opens on the journal",
            "ideas and the 8 ball in their tabs, one closed sheet to write", "tile cover photo", "chosen day shown and in view",
            "the next pages come as the list scrolls", "on this day from the server",
        ]
        if device == "phone" { expected.append("a swipe from right to left opens the sheet") }
        for scheme in ["light", "dark"] {
            for name in ["home", "record", "search", "charts", "calendar", "settings", "list"] {
                let page = "\(name) (\(scheme))"
                expected += [
                    "no console error: " + page, "44 px targets: " + page, "16 px fields: " + page, "readable buttons and tiles: " + page,
                ]
            }
            expected.append("photo described: record (\(scheme))")
        }
        session.passed(expected)
    }

    @Test(
        "a phone paired once stays paired across a restart of the server: the same browser writes before and after",
        arguments: ["phone", "desktop"])
    func pairedAcrossRestart(device: String) throws {
        let folio = try FolioProcess.vault(language: "zh-Hant")
        let profile = try #require(folio.scratch).path("chromium-profile")
        let (first, pair, errors) = try BrowserSession.serve(folio)
        let base = String(pair.prefix { $0 != "?" }.dropLast("/pair".count))
        let port = try #require(Int(base.split(separator: ":").last ?? ""), "\(base)")
        let before = try BrowserSession(
            folio, script: "restart_visit", arguments: ["first", pair, profile.path, device], serverErrors: errors)
        first.stop()
        before.passed(["first: the journal, not a request to pair", "first: a page written"])

        // The home computer restarted: a new server on the same address; nobody reads a new link.
        let (second, _, againErrors) = try BrowserSession.serve(folio, port: port, errors: "serve-again.err")
        defer { second.stop() }
        let after = try BrowserSession(
            folio, script: "restart_visit", arguments: ["again", base + "/", profile.path, device], serverErrors: againErrors)
        after.passed(["again: the journal, not a request to pair", "again: a page written"])
        let subjects = try folio.commitSubjects()
        #expect(subjects.contains { $0.contains("重開之前") } && subjects.contains { $0.contains("重開之後") }, "\(subjects)")
    }

    @Test(
        "away from the computer: pages read before open, a new page waits in the outbox and is made once when it is back",
        arguments: ["phone", "desktop"])
    func offlineAndBack(device: String) throws {
        let folio = try FolioProcess.vault(language: "zh-Hant")
        #expect(try folio.run("new", "diary", "--text", "河邊散步，看到白鷺鷥", "--tag", "散步").status == 0)
        let profile = try #require(folio.scratch).path("chromium-profile")
        // The phone calls this computer folio.test too (plain HTTP there: no service worker).
        let (first, pair, errors) = try BrowserSession.serve(folio, extra: ["--host", "folio.test"])
        let loopbackPair = pair.replacingOccurrences(of: "folio.test", with: "127.0.0.1")
        let base = String(loopbackPair.prefix { $0 != "?" }.dropLast("/pair".count))
        let port = try #require(Int(base.split(separator: ":").last ?? ""), "\(base)")
        let online = try BrowserSession(
            folio, script: "offline_visit", arguments: ["online", base, profile.path, device, loopbackPair], serverErrors: errors)
        online.passed(["online: the worker keeps the pages read"])
        // The next link pairs the browser on the plain-HTTP name.
        let next = try #require(
            Self.nextPairingLink(in: errors, after: pair), "\((try? String(contentsOf: errors, encoding: .utf8)) ?? "")")
        let plain = try BrowserSession(
            folio, script: "offline_visit", arguments: ["plain", base, profile.path + "-plain", device, next], serverErrors: errors)
        plain.passed(["plain HTTP elsewhere: the page says what works offline"])
        first.stop()

        // The computer out of reach: nothing listens on the port.
        let offline = try BrowserSession(
            folio, script: "offline_visit", arguments: ["offline", base, profile.path, device], serverErrors: errors)
        offline.passed([
            "offline: the home page opens", "offline: a page read before opens", "offline: a page never read says it is offline",
            "offline: a new page waits in the outbox", "offline: two pages wait",
        ])

        let (second, _, againErrors) = try BrowserSession.serve(
            folio, port: port, errors: "serve-again.err", extra: ["--host", "folio.test"])
        defer { second.stop() }
        let back = try BrowserSession(
            folio, script: "offline_visit", arguments: ["back", base, profile.path, device], serverErrors: againErrors)
        back.passed(["back: the outbox sent the page", "back: one page, not two", "back: a refused page returns to the sheet"])
        let subjects = try folio.commitSubjects()
        #expect(subjects.filter { $0.contains("離線時寫的一頁") }.count == 1, "one commit for the page: \(subjects)")
    }

    /// The pairing link the server printed after `used` was spent, waited for up to 10 s.
    static func nextPairingLink(in errors: URL, after used: String) -> String? {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            let text = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            let links = text.ranges(of: #/http://[a-z0-9.]+:[0-9]+/pair\?secret=[A-Za-z0-9_-]+/#).map { String(text[$0]) }
            if let fresh = links.last(where: { $0 != used }) { return fresh }
            usleep(50_000)
        }
        return nil
    }

    /// `count` diary pages written as files and committed, as a sync brings them: the first a
    /// year before today by this computer's clock, the others one a day back from 2025-10-31.
    static func writeOlderPages(_ count: Int, into root: URL) throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Asia/Taipei") ?? .current
        let today = calendar.dateComponents([.year, .month, .day], from: Date())
        let lastYear = String(format: "%04d-%02d-%02d", (today.year ?? 2026) - 1, today.month ?? 1, today.day ?? 1)
        let start = try #require(calendar.date(from: DateComponents(year: 2025, month: 10, day: 31, hour: 12)))
        for number in 0..<count {
            let day: String
            if number == 0 {
                day = lastYear
            } else {
                let date = try #require(calendar.date(byAdding: .day, value: -number, to: start))
                let parts = calendar.dateComponents([.year, .month, .day], from: date)
                day = String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
            }
            let folder = root.appendingPathComponent("diary/\(day.prefix(4))/\(day.dropFirst(5).prefix(2))")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let title = number == 0 ? "去年今天" : "舊的一頁 \(number)"
            let text = """
                ---
                id: 00000000-0000-4000-8000-\(String(format: "%012d", number))
                kind: diary
                title: \(title)
                created: \(day)T12:00:00.000+08:00
                modified: \(day)T12:00:00.000+08:00
                tags:
                  - 舊頁
                ---
                \(title)的內容。

                """
            try text.write(to: folder.appendingPathComponent("\(day)-old-\(number).md"), atomically: true, encoding: .utf8)
        }
        _ = try Tool.git(["add", "-A"], in: root)
        _ = try Tool.git(["commit", "-qm", "older pages from another device"], in: root)
    }

    /// The pairing link `folio serve` prints on standard error once it listens, once its first
    /// pages are written too (it says so: before that a page says "preparing"; FirstPagesTests),
    /// waited for up to 60 s.
    static func pairingLink(in errors: URL) -> String? {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            if let text = try? String(contentsOf: errors, encoding: .utf8),
                text.contains("Pages ready") || text.contains("頁面準備好了"),
                let range = text.range(of: #"http://[a-z0-9.]+:[0-9]+/pair\?secret=[A-Za-z0-9_-]+"#, options: .regularExpression)
            {
                return String(text[range])
            }
            usleep(20_000)
        }
        return nil
    }
}
