import Foundation
import TestSupport
import Testing

@Suite("folio ask --ai against an OpenAI-compatible server on loopback")
struct AskAITests {
    /// A vault whose AI settings point at `server`, with HOME in a scratch folder so no real key file is read.
    func vault(_ server: OpenAIServer, key: String? = "sk-test-123") throws -> FolioProcess {
        var folio = try FolioProcess.vault(language: "zh-Hant")
        let home = folio.directory.appendingPathComponent(".home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        folio.environment["HOME"] = home.path
        folio.environment.removeValue(forKey: "OPENAI_API_KEY")
        folio.environment["FOLIO_AI_KEY"] = key
        for (name, value) in [("ai.provider", "openai"), ("ai.base_url", server.baseURL), ("ai.model", "oracle-1"), ("ai.timeout", "5")] {
            #expect(try folio.run("config", "set", name, value).status == 0)
        }
        return folio
    }

    @Test("a reply past ai.max_reply_bytes is not read: the step fails naming the setting, nothing is recorded")
    func replyPastTheLimit() throws {
        let server = try OpenAIServer(defaultReply: .chat(String(repeating: "會下雨。", count: 1_000)))
        defer { server.stop() }
        let folio = try vault(server)
        #expect(try folio.run("config", "set", "ai.max_reply_bytes", "2048").status == 0)
        let asked = try folio.run("ask", "明天會下雨嗎？", "--ai")
        #expect(asked.status == 1)
        #expect(asked.stderr.contains("回覆超過 2048 位元組（ai.max_reply_bytes），其餘沒有讀"), "\(asked.stderr)")
        #expect((try folio.json("list", "qa", "--json") as? [[String: Any]])?.isEmpty == true)
        #expect(try folio.run("config", "set", "ai.max_reply_bytes", "12").status != 0, "below the 1 KiB floor")
    }

    @Test("the model's answer is recorded with source ai; the request carries the model, the question and the key")
    func answersFromServer() throws {
        let server = try OpenAIServer(
            defaultReply: .chat(#"{"answer": "會下雨，記得帶傘", "answer_en": "It will rain; take an umbrella.", "answer_type": "affirmative"}"#))
        defer { server.stop() }
        let folio = try vault(server)
        let asked = try folio.run("ask", "明天會下雨嗎？", "--ai")
        #expect(asked.status == 0, "\(asked.stderr)")
        #expect(asked.stdout == "🎱 會下雨，記得帶傘（It will rain; take an umbrella.）\n")
        #expect(asked.stderr.contains("第一次使用 openai oracle-1") && asked.stderr.contains(server.baseURL))
        let record = try #require((try folio.json("list", "qa", "--json") as? [[String: Any]])?.first)
        #expect(record["question"] as? String == "明天會下雨嗎？")
        #expect(record["answer"] as? String == "會下雨，記得帶傘")
        #expect(record["answer_en"] as? String == "It will rain; take an umbrella.")
        #expect(record["answer_type"] as? String == "affirmative")
        #expect(record["source"] as? String == "ai")

        let request = try #require(server.lastRequest)
        #expect(request.method == "POST" && request.path == "/v1/chat/completions")
        #expect(request.header("Authorization") == "Bearer sk-test-123")
        let body = try #require(request.json)
        #expect(body["model"]?.string == "oracle-1")
        #expect(body["response_format"]?["type"]?.string == "json_object")
        let messages = try #require(body["messages"]?.array)
        #expect(messages.first?["role"]?.string == "system")
        #expect(messages.first?["content"]?.string?.contains("JSON") == true)
        #expect(messages.first?["content"]?.string?.contains("Traditional Chinese") == true)
        #expect(messages.last?["role"]?.string == "user" && messages.last?["content"]?.string == "明天會下雨嗎？")
        #expect(!request.bodyText.contains("sk-test-123"), "the key travels in the header only")

        let again = try folio.run("ask", "後天呢？", "--ai")
        #expect(again.status == 0 && !again.stderr.contains("第一次使用"), "the notice of what is sent where comes once")
    }

    @Test("a local server needs no key: none is sent; a key file open to others is refused, a private one used")
    func keys() throws {
        let server = try OpenAIServer(
            defaultReply: .chat(#"{"answer": "稍後再問", "answer_en": "Ask again later.", "answer_type": "neutral"}"#))
        defer { server.stop() }
        let folio = try vault(server, key: nil)
        #expect(try folio.run("ask", "要出門嗎？", "--ai").status == 0)
        #expect(server.lastRequest?.header("Authorization") == nil)

        let file = URL(fileURLWithPath: try #require(folio.environment["HOME"])).appendingPathComponent(".config/folio/credentials.yaml")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "ai_key: sk-from-file\n".write(to: file, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
        let open = try folio.run("ask", "要出門嗎？", "--ai")
        #expect(open.status == 1 && open.stderr.contains("chmod 600"))
        #expect(server.requests.count == 1, "nothing is sent with a key file others can read")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        #expect(try folio.run("ask", "要出門嗎？", "--ai").status == 0)
        #expect(server.lastRequest?.header("Authorization") == "Bearer sk-from-file")
    }

    @Test("a failing server, a malformed answer, and the fallback: clear messages, nothing recorded")
    func failures() throws {
        let server = try OpenAIServer()
        defer { server.stop() }
        let folio = try vault(server)
        func qaCount() throws -> Int { (try folio.json("list", "qa", "--json") as? [Any])?.count ?? -1 }

        server.enqueue(.error(status: 500, message: "model crashed", type: "server_error"))
        let failed = try folio.run("ask", "會順利嗎？", "--ai")
        #expect(failed.status == 1 && failed.stderr.contains("HTTP 500") && failed.stderr.contains("model crashed"))

        server.enqueue(.chat("I think so!"))
        let malformed = try folio.run("ask", "會順利嗎？", "--ai")
        #expect(malformed.status == 1 && malformed.stderr.contains("AI 的回覆格式不對") && malformed.stderr.contains("I think so!"))

        server.enqueue(.chat(#"{"answer": "也許", "answer_type": "maybe"}"#))
        let badType = try folio.run("ask", "會順利嗎？", "--ai")
        #expect(badType.status == 1 && badType.stderr.contains("answer_type"))

        #expect(try folio.run("config", "set", "ai.fallback", "builtin").status == 0)
        server.enqueue(.error(status: 429, message: "slow down", retryAfter: "20"))
        let both = try folio.run("ask", "會順利嗎？", "--ai")
        #expect(both.status == 1)
        #expect(both.stderr.contains("openai oracle-1") && both.stderr.contains("20 秒後再試") && both.stderr.contains("builtin"))
        #expect(try qaCount() == 0)
        #expect(try folio.run("ask", "會順利嗎？").status == 0, "the ball itself still answers")
    }
}
