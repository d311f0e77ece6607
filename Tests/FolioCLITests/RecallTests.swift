import Foundation
import TestSupport
import Testing

/// `folio recall`: a question answered from the journal, citing the pages it used, offline with the
/// builtin provider and through an OpenAI-compatible server on loopback.
@Suite("folio recall: questions answered from the journal")
struct RecallTests {
    /// A zh-Hant vault with pages that answer, pages that do not, and an English one.
    func journal(language: String = "zh-Hant") throws -> FolioProcess {
        let folio = try FolioProcess.vault(language: language)
        let pages: [(String, String, String)] = [
            ("2026-03-02", "淡水的傍晚", "下班後搭捷運到淡水。\n\n傍晚在淡水看夕陽，風很大，買了阿給當晚餐。\n"),
            ("2026-04-18", "宜蘭溫泉", "週末和家人去宜蘭泡溫泉，很放鬆。\n"),
            ("2026-05-09", "Work in spring", "The new project at my job kept me late all spring.\n\nI talked to my manager about it.\n"),
            ("2026-06-01", "下雨天", "雨下了一整天，在家看書。\n"),
        ]
        for (day, title, body) in pages {
            let made = try folio.run("new", "note", "--title", title, "--date", day, "--body", body)
            #expect(made.status == 0, "\(made.stderr)")
        }
        return folio
    }

    @Test("offline, the answer is the best passages, dated and cited by short id and the file's lines, and says so")
    func builtinAnswersWithPassages() throws {
        let folio = try journal()
        let asked = try folio.run("recall", "上次去淡水是什麼時候？")
        #expect(asked.status == 0, "\(asked.stderr)")
        #expect(asked.stdout.hasPrefix("沒有設定 AI（builtin 只在本機運作），所以沒有人替你讀這些段落"), "\(asked.stdout)")
        let json = try #require(try folio.json("recall", "上次去淡水是什麼時候？", "--json") as? [String: Any])
        #expect(json["extractive"] as? Bool == true && json["provider"] as? String == "builtin")
        let sources = try #require(json["sources"] as? [[String: Any]])
        let first = try #require(sources.first)
        #expect(first["title"] as? String == "淡水的傍晚" && first["date"] as? String == "2026-03-02")
        // The paragraph that holds the question's word, by the file's own line numbers.
        let path = try #require(first["path"] as? String)
        let lines = try #require(first["lines"] as? [Int])
        let file = try #require(folio.read(path)).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 2 && lines[0] >= 1 && lines[1] <= file.count)
        let text = try #require(first["text"] as? String)
        #expect(text.contains("淡水"))
        #expect(file[(lines[0] - 1)...(lines[1] - 1)].joined(separator: "\n") == text, "\(lines) in \(file)")
        // The short id the answer prints is one `folio show` opens.
        let id = try #require(first["id"] as? String)
        #expect(asked.stdout.contains(String(id.prefix(8))) && asked.stdout.contains("第 \(lines[0]) 行"))
        let shown = try folio.run("show", String(id.prefix(8)))
        #expect(shown.status == 0 && shown.stdout.contains("淡水的傍晚"))
        // Pages that do not bear on it are not cited.
        #expect(!sources.contains { $0["title"] as? String == "下雨天" })
    }

    @Test("typed without spaces, in Simplified, or in English: the question's words find their pages")
    func questionsAsPeopleType() throws {
        let folio = try journal()
        func titles(_ question: String) throws -> [String] {
            let json = try #require(try folio.json("recall", question, "--json") as? [String: Any])
            return (json["sources"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
        }
        #expect(try titles("我什麼時候去宜蘭泡溫泉").first == "宜蘭溫泉")
        #expect(try titles("宜兰温泉是哪天").first == "宜蘭溫泉")
        #expect(try titles("what did I write about my job?").first == "Work in spring")
        // Nothing in the journal bears on it: said plainly, exit 0, nothing cited.
        let none = try folio.run("recall", "火星探險")
        #expect(none.status == 0 && none.stdout.hasPrefix("日記裡找不到和這個問題有關的內容。"), "\(none.stdout)")
        #expect(try folio.run("recall").status != 0)
    }

    @Test("a model answers only from the passages it was sent, citing them; --save keeps the answer as a note")
    func modelAnswersAndCites() throws {
        let server = try OpenAIServer(defaultReply: .chat(#"{"answer": "你上次去淡水是 3 月 2 日，傍晚看了夕陽 [1]。", "sources": [1]}"#))
        defer { server.stop() }
        let folio = try journal()
        try configure(folio, server)
        let asked = try folio.run("recall", "上次去淡水是什麼時候？", "--save")
        #expect(asked.status == 0, "\(asked.stderr)")
        #expect(asked.stdout.hasPrefix("你上次去淡水是 3 月 2 日，傍晚看了夕陽 [1]。\n\n出處\n[1] 2026-03-02 淡水的傍晚 · "), "\(asked.stdout)")
        // The request holds the question and the passages, with their dates; nothing of the pages it did not find.
        let body = try #require(server.lastRequest?.json)
        let user = try #require(body["messages"]?.array?.last?["content"]?.string)
        #expect(user.contains("上次去淡水是什麼時候？") && user.contains("[1] 2026-03-02 淡水的傍晚\n") && user.contains("到淡水"))
        #expect(!user.contains("雨下了一整天"))
        #expect(body["messages"]?.array?.first?["content"]?.string?.contains("Answer only from these passages") == true)
        // Saved: a note titled by the question, citing the record and its lines.
        let notes = try #require(try folio.json("list", "note", "--json") as? [[String: Any]])
        let saved = try #require(notes.first { $0["title"] as? String == "上次去淡水是什麼時候？" })
        #expect(saved["question"] as? String == "上次去淡水是什麼時候？")
        let cites = try #require(saved["cites"] as? String)
        #expect(cites.range(of: #"^[0-9a-f-]{36}:\d+-\d+$"#, options: .regularExpression) != nil, "\(cites)")
        // The saved answer is never a source of the next one.
        let again = try #require(try folio.json("recall", "上次去淡水是什麼時候？", "--json") as? [String: Any])
        #expect((again["sources"] as? [[String: Any]])?.allSatisfy { $0["title"] as? String != "上次去淡水是什麼時候？" } == true)
    }

    @Test("an answer citing a passage it was not given is refused, and the next provider answers")
    func citationsOutsideThePassagesAreRefused() throws {
        let server = try OpenAIServer(defaultReply: .chat(#"{"answer": "你去了淡水 [4]。", "sources": [4]}"#))
        defer { server.stop() }
        let folio = try journal()
        try configure(folio, server)
        let refused = try folio.run("recall", "上次去淡水是什麼時候？", "-n", "1")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("引用了沒有給它的第 4 段"), "\(refused.stderr)")
        #expect(try folio.run("config", "set", "ai.fallback", "[builtin]").status == 0)
        let fallen = try folio.run("recall", "上次去淡水是什麼時候？", "-n", "1")
        #expect(fallen.status == 0 && fallen.stdout.hasPrefix("沒有設定 AI"), "\(fallen.stdout) \(fallen.stderr)")
        #expect(!fallen.stdout.contains("[4]"))
    }

    func configure(_ folio: FolioProcess, _ server: OpenAIServer) throws {
        var folio = folio
        folio.environment["FOLIO_AI_KEY"] = "sk-test"
        for (name, value) in [("ai.provider", "openai"), ("ai.base_url", server.baseURL), ("ai.model", "journal-1"), ("ai.timeout", "5")] {
            #expect(try folio.run("config", "set", name, value).status == 0)
        }
    }
}
