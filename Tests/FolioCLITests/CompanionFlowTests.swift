import Foundation
import TestSupport
import Testing

extension FolioProcess {
    /// Runs folio on a pseudo-terminal (util-linux `script`), typing `input` into it, as a person would.
    func runOnTerminal(_ arguments: [String], input: String, timeout: TimeInterval = 60) throws -> Result {
        func quoted(_ word: String) -> String { "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let command = ([Self.binary.path] + arguments).map(quoted).joined(separator: " ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", command, "/dev/null"]
        process.currentDirectoryURL = directory
        process.environment = environment
        let stdin = Pipe()
        let out = Pipe()
        process.standardInput = stdin
        process.standardOutput = out
        process.standardError = out
        let deadline = try process.run(deadline: timeout)
        stdin.fileHandleForWriting.write(Data(input.utf8))
        let output = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try? stdin.fileHandleForWriting.close()
        try deadline.check("folio \(arguments.joined(separator: " ")) on a terminal")
        return Result(status: process.terminationStatus, stdout: String(decoding: output, as: UTF8.self), stderr: "")
    }

    /// The vault's commit subjects, newest first.
    func commitSubjects() throws -> [String] {
        try run("log", "-n", "20").stdout.split(separator: "\n").map(String.init)
    }
}

@Suite("folio diary, analyze, transcribe: the companion diary's one page")
struct CompanionFlowTests {
    static let text = "今天下班走回家，雨很小。路上的咖啡店換了新招牌，我進去買了一杯熱拿鐵。熱拿鐵很好喝，雨聲讓我放鬆。"

    func openAIVault(_ server: OpenAIServer, _ settings: [(String, String)] = []) throws -> FolioProcess {
        var folio = try FolioProcess.vault(language: "zh-Hant")
        folio.environment["FOLIO_AI_KEY"] = "sk-test"
        folio.environment["HOME"] = folio.directory.path
        let base = [("ai.provider", "openai"), ("ai.base_url", server.baseURL), ("ai.model", "friend-1"), ("ai.timeout", "10")]
        for (name, value) in base + settings {
            #expect(try folio.run("config", "set", name, value).status == 0)
        }
        return folio
    }

    @Test(
        "the companion is reminded of a few related earlier pages, their text only, never the page itself; privacy.send_past_pages off sends none"
    )
    func relatedEarlierPages() throws {
        let server = try OpenAIServer(defaultReply: .chat("又去淡水了呀！"))
        defer { server.stop() }
        let folio = try openAIVault(server)
        for (day, title, body) in [
            ("2026-03-02", "淡水的傍晚", "傍晚在淡水看夕陽，風很大。"), ("2026-04-18", "宜蘭溫泉", "週末去宜蘭泡溫泉。"),
        ] {
            #expect(try folio.run("new", "note", "--title", title, "--date", day, "--body", body).status == 0)
        }
        server.enqueue(.chat("又去淡水了呀！"), .stream(["風還是很大嗎？"]), .chat(#"{"page": "今天又去淡水看夕陽。", "tags": ["淡水", "夕陽", "散步"], "title": "淡水"}"#))
        let result = try folio.run("diary", "--text", "今天又去淡水看夕陽", "-m", "風好大")
        #expect(result.status == 0, "\(result.stderr)")
        let systems = server.requests.compactMap { $0.json?["messages"]?[0]?["content"]?.string }
        let greeting = try #require(systems.first { $0.contains("just started today's diary page") })
        let chat = try #require(systems.first { $0.contains("You chat with them about today's diary page") })
        for prompt in [greeting, chat] {
            #expect(prompt.contains("Earlier pages of their journal that may relate"), "\(prompt)")
            #expect(prompt.contains("- 2026-03-02 淡水的傍晚: 傍晚在淡水看夕陽，風很大。"), "\(prompt)")
            #expect(!prompt.contains("宜蘭"), "a page that does not relate is not sent")
            #expect(!prompt.contains("- 2026-11-22"), "the page being written (today's) is not its own reminder")
        }
        #expect(result.stderr.contains("幾段相關的舊日記文字"), "the first-use notice says past pages are sent: \(result.stderr)")

        #expect(try folio.run("config", "set", "privacy.send_past_pages", "false").status == 0)
        let before = server.requests.count
        server.enqueue(.chat("又是淡水！"), .stream(["好"]), .chat(#"{"page": "又去淡水。", "tags": ["淡水", "夕陽", "散步"], "title": "淡水"}"#))
        #expect(try folio.run("diary", "--text", "再去淡水看夕陽", "-m", "好").status == 0)
        let later = server.requests.dropFirst(before).compactMap { $0.json?["messages"]?[0]?["content"]?.string }
        #expect(!later.isEmpty && later.allSatisfy { !$0.contains("Earlier pages") && !$0.contains("傍晚在淡水看夕陽") })
    }

    func photo(_ folio: FolioProcess, name: String = "IMG_2041.jpg") throws -> URL {
        let url = folio.directory.appendingPathComponent(name)
        try Data(MediaFixtures.jpeg(width: 16, height: 16)).write(to: url)
        return url
    }

    func recordPath(_ folio: FolioProcess) throws -> String {
        let list = try #require(try folio.json("list", "diary", "--json") as? [[String: Any]])
        #expect(list.count == 1)
        return try #require(list.first?["path"] as? String)
    }

    func show(_ folio: FolioProcess, _ reference: String) throws -> [String: Any] {
        try #require(try folio.json("show", reference, "--json") as? [String: Any])
    }

    /// The images of a chat request, decoded from their data URLs.
    func images(in request: OpenAIServer.Request) -> [Data] {
        let parts = request.json?["messages"]?.array?.flatMap { $0["content"]?.array ?? [] } ?? []
        return parts.compactMap { part -> Data? in
            guard let url = part["image_url"]?["url"]?.string, url.hasPrefix("data:image/jpeg;base64,") else { return nil }
            return Data(base64Encoded: String(url.dropFirst("data:image/jpeg;base64,".count)))
        }
    }

    @Test("offline: the draft is written first, the metadata is the analysis, a fixed greeting, then the page and tags")
    func offlineFlow() throws {
        let folio = try FolioProcess.vault(language: "zh-Hant")
        let result = try folio.run("diary", "--media", try photo(folio).path, "--text", Self.text, "--tag", "walk")
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "嗨，今天過得怎麼樣？說說這張照片或影片，或今天發生的事。", "the fixed welcome comes first")
        #expect(result.stdout.contains("晚上好，現在是 18:04。這張照片背後有什麼故事？"))
        let record = try show(folio, try recordPath(folio))
        let analysis = try #require(record["analysis"] as? String)
        #expect(analysis.contains("IMG_2041.jpg") && analysis.contains("16×16") && analysis.contains("Apple iPhone 13"))
        #expect(!analysis.contains("25.0"), "no GPS position while privacy.share_location is off")
        #expect(record["analyzed_by"] as? String == "builtin (metadata)")
        #expect(record["summarized_by"] as? String == "builtin")
        let tags = try #require(record["tags"] as? [String])
        #expect(tags.count == 8 && tags.first == "walk" && tags.contains("拿鐵"), "the user's own tag stays first: \(tags)")
        // Issue 39: the page, its analysis, greeting and summary are one commit.
        let subjects = try folio.commitSubjects()
        #expect(subjects.first?.contains("diary: add") == true, "\(subjects)")
        #expect(!subjects.contains { $0.contains("diary: analyze") || $0.contains("diary: summarize") }, "\(subjects)")
        #expect(try folio.run("status").stdout.contains("AI") == false, "nothing failed")
        let blank = try folio.run("diary", "--text", "不會寫進去", "-m", "  ")
        #expect(blank.status == 1 && blank.stderr.contains("訊息是空的"))
        #expect((try #require(try folio.json("list", "diary", "--json") as? [[String: Any]])).count == 1, "a blank message writes no draft")
        #expect(try folio.run("chat", try recordPath(folio), "-m", "").stderr.contains("訊息是空的"))
    }

    @Test("openai: the photo goes as a data URL without EXIF to the vision model; greeting, chat and summary follow")
    func openAIFlow() throws {
        let server = try OpenAIServer()
        defer { server.stop() }
        let folio = try openAIVault(
            server, [("ai.vision_model", "eyes-1"), ("weather.url", server.url + "/weather/{place}"), ("location", "台北")])
        server.enqueue(
            .chat("A quiet street in the rain at dusk."),
            .chat("下雨的傍晚，這張照片看起來好寧靜…今天怎麼樣？"),
            .stream(["辛苦了，", "熱拿鐵有幫到你嗎？"]),
            .chat(#"{"page": "今天下班走回家，雨很小。我買了一杯熱拿鐵，雨聲讓我放鬆。", "tags": ["雨天", "咖啡", "下班", "放鬆"], "title": "雨中的熱拿鐵"}"#))
        let result = try folio.run("diary", "--media", try photo(folio).path, "--text", Self.text, "-m", "其實我今天有點累")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("下雨的傍晚，這張照片看起來好寧靜…今天怎麼樣？") && result.stdout.contains("辛苦了，熱拿鐵有幫到你嗎？"))
        #expect(!server.requests.contains { $0.path.hasPrefix("/weather") }, "no weather while privacy.share_location is off")
        #expect(server.requests.count == 4)

        let analysis = server.requests[0]
        #expect(analysis.path == "/v1/chat/completions" && analysis.json?["model"]?.string == "eyes-1")
        let sent = try #require(images(in: analysis).first)
        let original = Data(MediaFixtures.jpeg(width: 16, height: 16))
        #expect(sent.starts(with: [0xFF, 0xD8]) && sent.count < original.count)
        #expect(
            sent.range(of: Data("Exif".utf8)) == nil && sent.range(of: Data("iPhone 13".utf8)) == nil, "the EXIF (GPS, camera) is removed")
        #expect(sent.suffix(80) == original.suffix(80), "the picture itself is sent unchanged")
        let greeting = try #require(server.requests[1].json?["messages"]?[0]?["content"]?.string)
        #expect(greeting.contains("A quiet street in the rain at dusk.") && greeting.contains("2026-11-22 18:04"))
        #expect(!greeting.contains("台北") && !greeting.contains("Weather"))
        #expect(server.requests[2].json?["stream"]?.bool == true)
        #expect(server.requests[3].json?["response_format"]?["type"]?.string == "json_object")

        let path = try recordPath(folio)
        let record = try show(folio, path)
        #expect(record["analysis"] as? String == "A quiet street in the rain at dusk.")
        #expect(record["analyzed_by"] as? String == "openai friend-1")
        #expect(record["tags"] as? [String] == ["雨天", "咖啡", "下班", "放鬆"] && record["title"] as? String == "雨中的熱拿鐵")
        let text = try #require(folio.read(path))
        #expect(
            text.hasSuffix(
                """
                ## 對話

                **folio** · 2026-11-22 18:04
                下雨的傍晚，這張照片看起來好寧靜…今天怎麼樣？

                **我** · 2026-11-22 18:04
                其實我今天有點累

                **folio** · 2026-11-22 18:04
                辛苦了，熱拿鐵有幫到你嗎？

                """))
    }

    @Test("place and weather reach the greeting only with share_location; an unreachable weather source is skipped silently")
    func weather() throws {
        let server = try OpenAIServer()
        defer { server.stop() }
        let folio = try openAIVault(
            server,
            [
                ("privacy.share_location", "true"), ("location", "台北"), ("weather.url", server.url + "/weather/{place}?format=3"),
            ])
        server.enqueue(
            .raw(contentType: "text/plain", body: "小雨 18°C\n"),
            .chat("小雨的晚上，辛苦了。"),
            .chat(#"{"page": "我走路回家。", "tags": ["雨天", "散步", "晚上"]}"#))
        let result = try folio.run("diary", "--text", "走路回家", "--no-chat")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(server.requests.first?.path == "/weather/%E5%8F%B0%E5%8C%97?format=3")
        let greeting = try #require(server.requests[1].json?["messages"]?[0]?["content"]?.string)
        #expect(greeting.contains("Place: 台北") && greeting.contains("Weather: 小雨 18°C"))

        // A weather source that is down: no weather, no warning, the greeting still comes.
        let closed = try OpenAIServer()
        let closedURL = closed.url
        closed.stop()
        #expect(try folio.run("config", "set", "weather.url", closedURL + "/weather").status == 0)
        server.enqueue(.chat("晚上好，今天怎麼樣？"), .chat(#"{"page": "我走路回家。", "tags": ["雨天", "散步", "晚上"]}"#))
        let before = server.requests.count
        let again = try folio.run("diary", "--text", "又走路回家", "--no-chat")
        #expect(again.status == 0, "\(again.stderr)")
        #expect(!again.stderr.contains("weather") && !again.stderr.contains("天氣"))
        let second = try #require(server.requests[before].json?["messages"]?[0]?["content"]?.string)
        #expect(second.contains("Place: 台北") && !second.contains("Weather"))
        #expect(again.stdout.contains("晚上好，今天怎麼樣？"))
    }

    @Test("send_media false: no media byte leaves the machine, in the flow, analyze and transcribe")
    func privacy() throws {
        let server = try OpenAIServer()
        defer { server.stop() }
        let folio = try openAIVault(server, [("privacy.send_media", "false")])
        server.enqueue(.chat("晚上好。"), .stream(["嗯嗯"]), .chat(#"{"page": "我很累。", "tags": ["疲倦", "工作", "晚上"]}"#))
        let result = try folio.run("diary", "--media", try photo(folio).path, "--text", "下班", "-m", "好累")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(server.requests.count == 3, "analysis needs no request: only the metadata may be used")
        for request in server.requests {
            #expect(!request.bodyText.contains("image_url") && !request.bodyText.contains("data:image"))
            #expect(request.body.range(of: Data(MediaFixtures.jpeg(width: 16, height: 16).suffix(40))) == nil)
        }
        let path = try recordPath(folio)
        #expect((try show(folio, path))["analyzed_by"] as? String == "openai friend-1 (metadata)")
        let again = try folio.run("analyze", path, "--again")
        #expect(again.status == 0 && again.stdout.contains("IMG_2041.jpg"))
        let voice = folio.directory.appendingPathComponent("voice.wav")
        try Data(MediaFixtures.wav(seconds: 1)).write(to: voice)
        let transcribed = try folio.run("transcribe", voice.path)
        #expect(transcribed.status == 1 && transcribed.stderr.contains("privacy.send_media") && transcribed.stderr.contains("聽不清楚，請再試一次"))
        #expect(server.requests.count == 3, "nothing more was sent")
    }

    @Test("a video is sent as three frames taken with ffmpeg; without ffmpeg only its metadata is used")
    func videoFrames() throws {
        let server = try OpenAIServer()
        defer { server.stop() }
        let folio = try openAIVault(server)
        let ffmpeg = try #require(
            ["/usr/bin/ffmpeg", "/usr/local/bin/ffmpeg"].first { FileManager.default.isExecutableFile(atPath: $0) },
            "make deps installs ffmpeg")
        let clip = folio.directory.appendingPathComponent("clip.mp4")
        let made = Process()
        made.executableURL = URL(fileURLWithPath: ffmpeg)
        made.arguments = ["-loglevel", "error", "-f", "lavfi", "-i", "testsrc=duration=3:size=320x240:rate=10", "-c:v", "mpeg4", clip.path]
        let clipMade = try made.runToEnd()
        #expect(clipMade.status == 0, "\(clipMade.errors)")
        let record = try #require(try folio.json("new", "diary", "--media", clip.path, "--title", "散步", "--json") as? [String: Any])
        let id = try #require(record["id"] as? String)
        server.enqueue(.chat("A test pattern of coloured bars."))
        let analyzed = try folio.run("analyze", id)
        #expect(analyzed.status == 0, "\(analyzed.stderr)")
        #expect(analyzed.stdout == "A test pattern of coloured bars.\n")
        let frames = images(in: try #require(server.lastRequest))
        #expect(frames.count == 3)
        #expect(frames.allSatisfy { $0.starts(with: [0xFF, 0xD8]) && $0.count > 1000 })

        let repeatWithout = try folio.run("analyze", id)
        #expect(repeatWithout.stdout.contains("coloured bars") && repeatWithout.stderr.contains("--again") && server.requests.count == 1)
        var withoutFFmpeg = folio
        withoutFFmpeg.environment["PATH"] = folio.directory.appendingPathComponent("no-tools").path
        let metadataOnly = try withoutFFmpeg.run("analyze", id, "--again")
        #expect(metadataOnly.status == 0, "\(metadataOnly.stderr)")
        #expect(
            metadataOnly.stdout.contains("影片（clip.mp4）") && metadataOnly.stdout.contains("320×240")
                && metadataOnly.stdout.contains("長 0 分 3 秒"))
        #expect(server.requests.count == 1, "no request without pictures to send")
    }

    @Test("transcribe sends the recording to /audio/transcriptions; --voice puts the text in the page")
    func transcription() throws {
        let server = try OpenAIServer()
        defer { server.stop() }
        let folio = try openAIVault(server, [("ai.transcription_model", "ears-1")])
        let voice = folio.directory.appendingPathComponent("voice.m4a")
        let audio = Data(MediaFixtures.wav(seconds: 1))
        try audio.write(to: voice)
        server.enqueue(.transcription("今天下班走回家"))
        let result = try folio.run("transcribe", "voice.m4a")
        #expect(result.status == 0 && result.stdout == "今天下班走回家\n", "\(result.stderr)")
        let request = try #require(server.lastRequest)
        #expect(request.path == "/v1/audio/transcriptions")
        let parts = try #require(request.multipart)
        #expect(parts.first { $0.name == "model" }?.text == "ears-1")
        let file = try #require(parts.first { $0.name == "file" })
        #expect(file.filename == "voice.m4a" && file.contentType == "audio/mp4" && file.data == audio)
        #expect(try folio.run("list", "--json").stdout.contains("今天下班") == false, "transcribe writes nothing")

        server.enqueue(.transcription("  "))
        let empty = try folio.run("transcribe", "voice.m4a")
        #expect(empty.status == 1 && empty.stderr.contains("聽不清楚，請再試一次"))

        server.enqueue(.transcription("雨很小"), .chat("晚上好。"), .chat(#"{"page": "雨很小。", "tags": ["雨天", "下班", "散步"]}"#))
        let diary = try folio.run("diary", "--voice", "voice.m4a", "--no-chat")
        #expect(diary.status == 0, "\(diary.stderr)")
        let record = try show(folio, try recordPath(folio))
        #expect(record["text"] as? String == "雨很小" && record["title"] as? String == "雨很小")

        let offline = try FolioProcess.vault(language: "en")
        try audio.write(to: offline.directory.appendingPathComponent("voice.m4a"))
        let builtin = try offline.run("transcribe", "voice.m4a")
        #expect(builtin.status == 1 && builtin.stderr.contains("needs an AI provider"))
        let failedDiary = try offline.run("diary", "--voice", "voice.m4a")
        let afterFailure = try offline.run("list", "diary", "--json").stdout
        #expect(failedDiary.status == 1 && afterFailure == "[]\n", "nothing is written when the voice cannot be read")
    }

    @Test("failures keep the draft: F-003 for the analysis, the generic greeting, F-005 for the summary, exit 1")
    func failures() throws {
        let server = try OpenAIServer()
        defer { server.stop() }
        let folio = try openAIVault(server)
        server.enqueue(
            .error(status: 500, message: "vision down"), .error(status: 503, message: "busy"),
            .stream(["嗯，", "怎麼了？"]), .chat("this is not JSON"))
        let result = try folio.run("diary", "--media", try photo(folio).path, "--text", "下班路上", "-m", "好累")
        #expect(result.status == 1)
        #expect(result.stderr.contains("目前無法分析，已先保存草稿，稍後可再試") && result.stderr.contains("folio analyze"))
        #expect(result.stdout.contains("晚上好，現在是 18:04。這張照片背後有什麼故事？"), "the generic greeting, without weather")
        #expect(result.stderr.contains("總結/標籤生成失敗，但聊天已保存。可稍後再生成"))
        let path = try recordPath(folio)
        let text = try #require(folio.read(path))
        // The typed words are the page's (no summary replaced them), kept once, in the body.
        #expect(text.contains("---\n下班路上\n") && !text.contains("text:"), "\(text)")
        #expect(text.contains("**我** · 2026-11-22 18:04\n好累\n") && text.contains("嗯，怎麼了？"))
        #expect(!text.contains("analysis:") && !text.contains("summarized_by"))
        #expect(try folio.run("show", path).stdout.contains("AI 上次失敗（summarize"))
        // Issue 39: status names the record and how to try again.
        let id = try #require(try show(folio, path)["id"] as? String)
        let status = try folio.run("status").stdout
        #expect(status.contains("1 筆紀錄的 AI 步驟失敗"), "\(status)")
        #expect(status.contains("  \(id.prefix(8))  「下班路上」：再試一次用 `folio summarize \(id.prefix(8))`"), "\(status)")
        let json = try #require(try folio.json("status", "--json") as? [String: Any])
        let pending = try #require(json["pending_ai_records"] as? [[String: Any]])
        #expect(pending.first?["title"] as? String == "下班路上" && pending.first?["step"] as? String == "summarize")
        #expect(json["pending_ai"] as? [String] == [id])
        #expect(try folio.commitSubjects().first?.contains("diary: add") == true, "a failed step still leaves the page one commit")
    }

    @Test("a slow reply times out (ai.timeout), and Ctrl-C while waiting cancels; the message stays saved")
    func timeoutAndInterrupt() throws {
        let server = try OpenAIServer()
        defer { server.stop() }
        let folio = try openAIVault(server)
        #expect(try folio.run("config", "set", "ai.timeout", "1").status == 0)
        let record = try #require(try folio.json("new", "diary", "--text", "下班路上", "--json") as? [String: Any])
        let id = try #require(record["id"] as? String)
        let path = try #require(record["path"] as? String)
        server.enqueue(.delayed(60, .chat("too late")))
        let slow = try folio.run("chat", id, "-m", "在嗎？")
        #expect(slow.status == 1 && slow.stderr.contains("AI 超過 1 秒沒有回覆（ai.timeout）") && slow.stderr.contains("--retry"))
        #expect(folio.read(path)?.hasSuffix("**我** · 2026-11-22 18:04\n在嗎？\n") == true)

        #expect(try folio.run("config", "set", "ai.timeout", "600").status == 0)
        server.enqueue(.delayed(60, .chat("too late")))
        let before = server.requests.count
        let started = try folio.start(["chat", id, "-m", "還在嗎？"])
        let deadline = Date().addingTimeInterval(30)
        while server.requests.count == before && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        #expect(server.requests.count == before + 1, "the request went out")
        started.0.interrupt()
        let interrupted = folio.finish(started)
        #expect(interrupted.status == 1, "folio ends on its own, with the step failed: \(interrupted.stderr)")
        #expect(interrupted.stderr.contains("已取消"))
        #expect(folio.read(path)?.hasSuffix("**我** · 2026-11-22 18:04\n還在嗎？\n") == true)
    }

    @Test("on a terminal: chat, /save writes the page; /cancel leaves no record and no media; Ctrl-D keeps the draft")
    func terminal() throws {
        let server = try OpenAIServer()
        defer { server.stop() }
        let folio = try openAIVault(server)
        server.enqueue(
            .chat("A rainy street."), .chat("下雨的傍晚，這張照片看起來好寧靜…"),
            .stream(["聽起來", "很放鬆。"]),
            .chat(#"{"page": "雨很小，我走得很慢，買了一杯熱拿鐵。", "tags": ["雨天", "咖啡", "散步"], "title": "雨中散步"}"#))
        let saved = try folio.runOnTerminal(
            ["diary", "--media", try photo(folio).path, "--text", "下班路上"],
            input: "雨很小，我走得很慢。\n/save\n")
        #expect(saved.status == 0, "\(saved.stdout)")
        #expect(saved.stdout.contains("嗨，今天過得怎麼樣？") && saved.stdout.contains("/save") && saved.stdout.contains("聽起來很放鬆。"))
        let path = try recordPath(folio)
        let text = try #require(folio.read(path))
        #expect(text.contains("title: 雨中散步") && text.contains("雨很小，我走得很慢，買了一杯熱拿鐵。"))
        #expect(
            text.contains(
                "**folio** · 2026-11-22 18:04\n下雨的傍晚，這張照片看起來好寧靜…\n\n**我** · 2026-11-22 18:04\n雨很小，我走得很慢。\n\n**folio** · 2026-11-22 18:04\n聽起來很放鬆。\n"
            ))
        // The draft with what the AI saw, the turn, the summary: a commit each.
        let flow = try folio.commitSubjects().prefix(3)
        #expect(
            flow.count == 3 && flow[0].contains("diary: summarize") && flow[1].contains("diary: chat") && flow[2].contains("diary: add"),
            "\(flow)")

        // /cancel on a new draft: nothing of it is left, not even its own photo; undo brings it back.
        let mediaBefore = try FileManager.default.subpathsOfDirectory(atPath: folio.directory.appendingPathComponent("media").path).filter {
            $0.contains(".")
        }
        let other = folio.directory.appendingPathComponent("other.jpg")
        try Data(MediaFixtures.jpeg(width: 16, height: 16, seed: 9)).write(to: other)
        server.enqueue(.chat("A street."), .chat("晚上好。"), .stream(["嗯。"]))
        let cancelled = try folio.runOnTerminal(["diary", "--media", other.path], input: "隨便說說\n/cancel\n")
        #expect(cancelled.status == 0 && cancelled.stdout.contains("已取消，這篇草稿沒有留下（1 個媒體檔也已移除）"), "\(cancelled.stdout)")
        let list = try #require(try folio.json("list", "diary", "--json") as? [[String: Any]])
        #expect(list.count == 1)
        let mediaAfter = try FileManager.default.subpathsOfDirectory(atPath: folio.directory.appendingPathComponent("media").path).filter {
            $0.contains(".")
        }
        #expect(mediaAfter == mediaBefore)
        #expect(try folio.commitSubjects().first?.contains("cancel draft") == true)
        #expect(try folio.run("undo").status == 0)
        #expect((try #require(try folio.json("list", "diary", "--json") as? [[String: Any]])).count == 2, "undo brings the draft back")

        // folio chat on a terminal: /cancel takes back this session's messages, and only those.
        let before = try #require(folio.read(path))
        server.enqueue(.stream(["好喔。"]))
        let chat = try folio.runOnTerminal(["chat", path], input: "再補一句\n/cancel\n")
        #expect(chat.status == 0 && chat.stdout.contains("好喔。"), "\(chat.stdout)")
        #expect(folio.read(path) == before, "the page is as it was before the session")
        let subjects = try folio.commitSubjects()
        #expect(
            subjects.prefix(2).allSatisfy { $0.contains("chat") } && subjects.count > 2 && !subjects[2].contains("chat"),
            "the turn is one commit, the cancel another: \(subjects)")

        // Ctrl-D: leave keeping the draft, with a way to go on.
        server.enqueue(.chat("晚上好。"))
        let left = try folio.runOnTerminal(["diary", "--text", "還沒想好"], input: "\u{04}")
        #expect(left.status == 0 && left.stdout.contains("草稿已保存") && left.stdout.contains("folio chat"), "\(left.stdout)")
        #expect((try #require(try folio.json("list", "diary", "--json") as? [[String: Any]])).count == 3)
    }

    @Test("offline on a terminal: messages are kept without asking a model, and /save writes the page")
    func terminalOffline() throws {
        let folio = try FolioProcess.vault(language: "en")
        let result = try folio.runOnTerminal(
            ["diary", "--text", "Walked home in the rain"],
            input: "The coffee shop on the corner has a new sign. I bought a hot latte and listened to the rain.\n/save\n")
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("Good evening, it's 18:04. What happened today?"))
        #expect(result.stdout.components(separatedBy: "needs an AI provider").count == 2, "said once, not after every line")
        let record = try show(folio, try recordPath(folio))
        let body = try #require(record["body"] as? String)
        #expect(body.contains("**me** · 2026-11-22 18:04\nThe coffee shop on the corner has a new sign."))
        #expect(
            body.hasPrefix("Walked home in the rain. The coffee shop on the corner has a new sign."), "the page is the user's own sentences"
        )
        #expect(record["title"] as? String == "Walked home in the rain")
        #expect((record["tags"] as? [String])?.contains("coffee") == true)
    }
}
