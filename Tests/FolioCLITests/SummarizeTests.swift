import Foundation
import TestSupport
import Testing

@Suite("folio summarize: the page in the user's voice with 3 to 8 tags")
struct SummarizeTests {
    static let text = "今天下班走回家，雨很小。路上的咖啡店換了新招牌，我進去買了一杯熱拿鐵。熱拿鐵很好喝，雨聲讓我放鬆。"

    /// A diary page with a photo and a conversation written as DESIGN shows it, committed.
    func diaryWithConversation(_ folio: FolioProcess) throws -> (id: String, path: String) {
        let photo = folio.directory.appendingPathComponent("IMG_2041.jpg")
        try Data(MediaFixtures.jpeg(width: 16, height: 16)).write(to: photo)
        #expect(try folio.run("idea", "咖啡店清單", "--tag", "咖啡").status == 0)
        let record = try #require(try folio.json("new", "diary", "--media", photo.path, "--text", Self.text, "--json") as? [String: Any])
        let path = try #require(record["path"] as? String)
        let conversation = """

            ## Conversation

            **me** · 2026-11-22 18:05
            其實我今天有點累，工作的專案一直延期。

            **folio** · 2026-11-22 18:05
            辛苦了，熱拿鐵有讓你好一點嗎？

            **me** · 2026-11-22 18:06
            有，**雨聲**也讓我放鬆下來。
            ## 不是標題的一行

            """
        let file = try #require(folio.read(path))
        try folio.write(path, file + conversation.replacingOccurrences(of: "## 不是", with: "\\## 不是"))
        #expect(try folio.run("commit", "-m", "chat").status == 0)
        return (try #require(record["id"] as? String), path)
    }

    @Test("builtin writes the page from the user's sentences, tags from their words, and keeps media and chat")
    func builtin() throws {
        let folio = try FolioProcess.vault(language: "zh-Hant")
        let (id, path) = try diaryWithConversation(folio)
        let before = try #require(folio.read(path))
        let result = try folio.run("summarize", String(id.prefix(8)))
        #expect(result.status == 0, "\(result.stderr)")
        let after = try #require(folio.read(path))
        let record = try #require(try folio.json("show", id, "--json") as? [String: Any])
        let body = try #require(record["body"] as? String)
        let page = try #require(body.components(separatedBy: "\n\n").first)
        // Every sentence of the page is one the user wrote, in the text or in their messages.
        let usersWords = Self.text + "其實我今天有點累，工作的專案一直延期。有，**雨聲**也讓我放鬆下來。\n## 不是標題的一行"
        #expect(!page.isEmpty && !page.contains("辛苦了"), "the companion's words are not the user's")
        for sentence in page.split(separator: "。", omittingEmptySubsequences: true) {
            #expect(usersWords.contains(sentence.trimmingCharacters(in: .whitespaces)), "\(sentence)")
        }
        let tags = try #require(record["tags"] as? [String])
        #expect((3...8).contains(tags.count), "\(tags)")
        #expect(tags.first == "咖啡", "the vault's own tag, which the text mentions, comes first: \(tags)")
        for tag in tags { #expect(usersWords.contains(tag), "\(tag)") }
        #expect(record["summarized_by"] as? String == "builtin")
        #expect(record["summarized_at"] as? String == "2026-11-22T18:04:11+08:00")
        #expect(record["title"] as? String == "今天下班走回家，雨很小")
        // Media link and the whole conversation are kept byte for byte.
        let link = try #require(before.split(separator: "\n").first { $0.hasPrefix("![IMG_2041.jpg](") })
        #expect(after.contains(link))
        let conversation = try #require(before.range(of: "## Conversation"))
        #expect(after.hasSuffix(String(before[conversation.lowerBound...])))
        let log = try folio.run("log", "-n", "1")
        #expect(log.stdout.contains("summarize"))
        #expect(try folio.run("undo").status == 0)
        #expect(folio.read(path) == before, "undo takes the summary back")
    }

    @Test("builtin: a page of two words still gets a page and three tags, completed from its moment; exit 0")
    func fewWordsStillSummarize() throws {
        let folio = try FolioProcess.vault(language: "zh-Hant")
        let record = try #require(try folio.json("new", "diary", "--text", "好累", "--json") as? [String: Any])
        let id = try #require(record["id"] as? String)
        let result = try folio.run("summarize", id)
        #expect(result.status == 0, "\(result.stderr)")
        let summarized = try #require(try folio.json("show", id, "--json") as? [String: Any])
        // FOLIO_NOW is Sunday 2026-11-22 18:04 in Taipei: an evening of autumn, at the weekend.
        #expect(summarized["tags"] as? [String] == ["傍晚", "秋天", "週末"])
        #expect(summarized["summarized_by"] as? String == "builtin")
        #expect((summarized["body"] as? String)?.hasPrefix("好累") == true)
    }

    @Test("a failed summary keeps the file, and shows the error until a summary succeeds")
    func failureKeepsEverything() throws {
        let server = try OpenAIServer()
        defer { server.stop() }
        var folio = try FolioProcess.vault(language: "zh-Hant")
        folio.environment["FOLIO_AI_KEY"] = "sk-test"
        folio.environment["HOME"] = folio.directory.path
        for (name, value) in [("ai.provider", "openai"), ("ai.base_url", server.baseURL), ("ai.model", "writer-1")] {
            #expect(try folio.run("config", "set", name, value).status == 0)
        }
        let record = try #require(try folio.json("new", "diary", "--text", "好累", "--json") as? [String: Any])
        let id = try #require(record["id"] as? String)
        let path = try #require(record["path"] as? String)
        let before = try #require(folio.read(path))
        server.enqueue(.chat("I'd rather not."))
        let failed = try folio.run("summarize", id)
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("總結/標籤生成失敗，但聊天已保存。可稍後再生成") && failed.stderr.contains("folio summarize"))
        #expect(failed.stderr.contains("AI 的回覆格式不對"))
        #expect(folio.read(path) == before)
        #expect(try folio.run("show", id).stdout.contains("AI 上次失敗（summarize"))
        let status = try #require(try folio.json("status", "--json") as? [String: Any])
        #expect(status["pending_ai"] as? [String] == [id])
        #expect(
            !(folio.read(".gitignore") ?? "").isEmpty && folio.read(".folio/local/ai-state.json") != nil,
            "the error state stays on the device")

        server.enqueue(.chat(#"{"title": "好累", "page": "好累。", "tags": ["累", "加班", "宵夜"]}"#))
        #expect(try folio.run("summarize", id).status == 0)
        #expect(!(try folio.run("show", id).stdout.contains("AI 上次失敗")))
        #expect((try folio.json("status", "--json") as? [String: Any])?["pending_ai"] as? [String] == [])
    }

    @Test("openai: the entry goes out as text (no media), the JSON page and tags come back, tags join the vault's spelling")
    func openAI() throws {
        let server = try OpenAIServer()
        defer { server.stop() }
        var folio = try FolioProcess.vault(language: "zh-Hant")
        folio.environment["FOLIO_AI_KEY"] = "sk-test"
        folio.environment["HOME"] = folio.directory.path
        for (name, value) in [
            ("ai.provider", "openai"), ("ai.base_url", server.baseURL), ("ai.model", "writer-1"), ("ai.tone", "humorous"),
        ] {
            #expect(try folio.run("config", "set", name, value).status == 0)
        }
        let (id, path) = try diaryWithConversation(folio)
        server.enqueue(.chat(##"{"title": "雨中的拿鐵", "page": "下班走回家，雨很小。\n\n我買了一杯熱拿鐵。", "tags": ["#咖啡", "Rain", "拿鐵", "rain"]}"##))
        let result = try folio.run("summarize", id)
        #expect(result.status == 0, "\(result.stderr)")
        let record = try #require(try folio.json("show", id, "--json") as? [String: Any])
        #expect(record["title"] as? String == "雨中的拿鐵")
        #expect(record["tags"] as? [String] == ["咖啡", "rain", "拿鐵"])
        #expect(record["summarized_by"] as? String == "openai writer-1")
        #expect((record["body"] as? String)?.hasPrefix("下班走回家，雨很小。\n\n我買了一杯熱拿鐵。\n\n![IMG_2041.jpg](") == true)
        #expect(folio.read(path)?.contains("**me** · 2026-11-22 18:06\n有，**雨聲**也讓我放鬆下來。\n\\## 不是標題的一行") == true)

        let request = try #require(server.lastRequest)
        let messages = try #require(request.json?["messages"]?.array)
        let system = try #require(messages.first?["content"]?.string)
        #expect(system.contains("first person") && system.contains("Traditional Chinese") && system.contains("humour"))
        let entry = try #require(messages.last?["content"]?.string)
        #expect(entry.contains(Self.text) && entry.contains("其實我今天有點累") && entry.contains("辛苦了"))
        #expect(entry.contains("咖啡"), "the vault's tags are offered")
        #expect(!request.bodyText.contains("image_url") && !request.bodyText.contains("base64"), "a summary sends no media")

        // A model's single tag is completed from the page's moment instead of failing, and the
        // page says folio added to the model's tags.
        server.enqueue(.chat(#"{"title": "x", "page": "短短一頁。", "tags": ["拿鐵"]}"#))
        let few = try folio.run("summarize", id)
        #expect(few.status == 0, "\(few.stderr)")
        let completed = try #require(try folio.json("show", id, "--json") as? [String: Any])
        #expect(completed["tags"] as? [String] == ["拿鐵", "照片", "清晨"], "the photo was taken at 07:30")
        #expect(completed["summarized_by"] as? String == "openai writer-1 + builtin")
    }
}
