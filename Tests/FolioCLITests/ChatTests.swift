import Foundation
import TestSupport
import Testing

@Suite("folio chat: the conversation kept in the page, turn by turn")
struct ChatTests {
    func vault(_ server: OpenAIServer) throws -> FolioProcess {
        var folio = try FolioProcess.vault(language: "zh-Hant")
        folio.environment["FOLIO_AI_KEY"] = "sk-test"
        folio.environment["HOME"] = folio.directory.path
        for (name, value) in [("ai.provider", "openai"), ("ai.base_url", server.baseURL), ("ai.model", "friend-1"), ("ai.timeout", "5")] {
            #expect(try folio.run("config", "set", name, value).status == 0)
        }
        return folio
    }

    @Test("a turn streams the reply, saves both messages, and sends the page's context and history in order")
    func turns() throws {
        let server = try OpenAIServer()
        defer { server.stop() }
        var folio = try vault(server)
        let record = try #require(try folio.json("new", "diary", "--text", "下班路上", "--json") as? [String: Any])
        let id = try #require(record["id"] as? String)
        let path = try #require(record["path"] as? String)
        #expect(try folio.run("set", id, "analysis=A wet street at dusk.").status == 0)
        #expect(try folio.run("config", "set", "location", "台北").status == 0)

        server.enqueue(.stream(["辛苦了，", "今天怎麼了？"]))
        let first = try folio.run("chat", id, "-m", "其實我今天有點累")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == "辛苦了，今天怎麼了？\n")
        folio.environment["FOLIO_NOW"] = "2026-11-23T08:00:00+08:00"
        server.enqueue(.stream(["早安！", "睡得好嗎？"]))
        #expect(try folio.run("chat", id, "-m", "隔天早上繼續聊\n第二行有 **粗體**").status == 0)

        let text = try #require(folio.read(path))
        #expect(
            text.hasSuffix(
                """
                ## 對話

                **我** · 2026-11-22 18:04
                其實我今天有點累

                **folio** · 2026-11-22 18:04
                辛苦了，今天怎麼了？

                **我** · 2026-11-23 08:00
                隔天早上繼續聊
                第二行有 **粗體**

                **folio** · 2026-11-23 08:00
                早安！睡得好嗎？

                """))
        let subjects = try folio.commitSubjects()
        #expect(
            subjects.prefix(2).allSatisfy { $0.contains("diary: chat") } && subjects.count > 2 && !subjects[2].contains("diary: chat"),
            "a turn, the message and its reply, is one commit: \(subjects)")
        let request = try #require(server.lastRequest)
        #expect(request.json?["stream"]?.bool == true && request.json?["model"]?.string == "friend-1")
        let messages = try #require(request.json?["messages"]?.array)
        #expect(messages.map { $0["role"]?.string ?? "" } == ["system", "user", "assistant", "user"])
        #expect(messages.last?["content"]?.string == "隔天早上繼續聊\n第二行有 **粗體**")
        let system = try #require(messages.first?["content"]?.string)
        #expect(system.contains("A wet street at dusk.") && system.contains("下班路上") && system.contains("2026-11-23 08:00"))
        #expect(!system.contains("台北"), "no place while privacy.share_location is off")

        #expect(try folio.run("config", "set", "privacy.share_location", "true").status == 0)
        server.enqueue(.stream(["好的"]))
        #expect(try folio.run("chat", id, "-m", "在哪裡？").status == 0)
        #expect(server.lastRequest?.json?["messages"]?[0]?["content"]?.string?.contains("Place: 台北") == true)
    }

    @Test("chat --json prints the turn once the reply is saved: the page, the reply and the conversation; --json needs -m or --retry")
    func json() throws {
        let server = try OpenAIServer()
        defer { server.stop() }
        let folio = try vault(server)
        let record = try #require(try folio.json("new", "diary", "--text", "下班路上", "--json") as? [String: Any])
        let id = try #require(record["id"] as? String)
        server.enqueue(.stream(["辛苦了，", "今天怎麼了？"]))
        let turn = try #require(try folio.json("chat", id, "-m", "其實我今天有點累", "--json") as? [String: Any])
        #expect(turn["id"] as? String == id && turn["path"] as? String == record["path"] as? String)
        #expect(turn["reply"] as? String == "辛苦了，今天怎麼了？")
        let conversation = try #require(turn["conversation"] as? [[String: String]])
        #expect(conversation.map { $0["speaker"] ?? "" } == ["me", "folio"])
        #expect(conversation.map { $0["text"] ?? "" } == ["其實我今天有點累", "辛苦了，今天怎麼了？"])
        #expect((turn["body"] as? String)?.hasSuffix("辛苦了，今天怎麼了？\n") == true, "the body is the page as saved")

        // --retry with nothing to answer: the page as it is, no reply.
        let again = try #require(try folio.json("chat", id, "--retry", "--json") as? [String: Any])
        #expect(again["reply"] is NSNull && (again["conversation"] as? [Any])?.count == 2)
        #expect(server.requests.count == 1)

        let refused = try folio.run("chat", id, "--json")
        #expect(refused.status == 64 || refused.status == 2, "a usage error: \(refused.status)")
        #expect(refused.stderr.contains("--json 需要搭配 -m 或 --retry。") && refused.stdout.isEmpty)
    }

    @Test("a failed reply keeps the user's message; --retry answers it later")
    func failureKeepsTheMessage() throws {
        let server = try OpenAIServer()
        defer { server.stop() }
        let folio = try vault(server)
        let record = try #require(try folio.json("new", "diary", "--text", "下班路上", "--json") as? [String: Any])
        let id = try #require(record["id"] as? String)
        let path = try #require(record["path"] as? String)
        server.enqueue(.error(status: 503, message: "overloaded"))
        let failed = try folio.run("chat", id, "-m", "今天好累")
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("HTTP 503") && failed.stderr.contains("你的訊息已保存") && failed.stderr.contains("--retry"))
        #expect(folio.read(path)?.hasSuffix("**我** · 2026-11-22 18:04\n今天好累\n") == true)
        #expect(try folio.run("show", id).stdout.contains("AI 上次失敗（chat"))

        server.enqueue(.stream(["抱歉剛剛沒回，", "怎麼累了？"]))
        let retried = try folio.run("chat", id, "--retry")
        #expect(retried.status == 0 && retried.stdout == "抱歉剛剛沒回，怎麼累了？\n")
        #expect(folio.read(path)?.hasSuffix("**folio** · 2026-11-22 18:04\n抱歉剛剛沒回，怎麼累了？\n") == true)
        #expect(server.requests.count == 2, "--retry sends the saved message, not a new one")
        #expect(server.lastRequest?.json?["messages"]?.array?.last?["content"]?.string == "今天好累")
        #expect(!(try folio.run("show", id).stdout.contains("AI 上次失敗")))
        let nothing = try folio.run("chat", id, "--retry")
        #expect(nothing.status == 0 && nothing.stdout.contains("沒有要重試的"))
        #expect(server.requests.count == 2, "an answered message is not sent again")
    }

    @Test("with builtin, chat saves the message and says it needs an AI provider")
    func builtin() throws {
        let folio = try FolioProcess.vault(language: "en")
        let record = try #require(try folio.json("new", "diary", "--text", "walk home", "--json") as? [String: Any])
        let id = try #require(record["id"] as? String)
        let path = try #require(record["path"] as? String)
        let result = try folio.run("chat", id, "-m", "I am tired")
        // The message is kept and the note says why no reply comes; nothing failed, and no --retry is offered.
        #expect(
            result.status == 0 && result.stderr.contains("needs an AI provider") && !result.stderr.contains("--retry"), "\(result.stderr)")
        #expect(folio.read(path)?.contains("**me** · 2026-11-22 18:04\nI am tired\n") == true)
        let notDiary = try folio.run("idea", "an idea")
        #expect(notDiary.status == 0)
        #expect(try folio.run("chat", "an-idea", "-m", "hi").stderr.contains("diary pages"))
    }
}
