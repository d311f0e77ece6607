import Foundation
import TestSupport
import Testing

/// Every AI step of a command ends within its stated bound, however the server sends its bytes:
/// a reply that makes no progress (its head, a whole reply, a line of a stream) for `ai.timeout`
/// seconds ends at that timeout, and one that keeps making progress ends at `ai.deadline`. Run
/// through the real `folio` against a loopback server; each says the limit in the user's language
/// and keeps what the user typed.
@Suite("AI steps end within their bound, however the server sends", .serialized)
struct AIBoundTests {
    /// Ten times the longest bound these tests set (3 s, and 4 s in all): a busy machine never makes
    /// a correct folio look late, and a folio that waits on a trickle is still caught.
    static let hangGuard = 40.0
    static let withinBound = 12.0

    func vault(_ server: OpenAIServer, language: String, deadline: String = "600") throws -> FolioProcess {
        var folio = try FolioProcess.vault(language: language)
        folio.environment["FOLIO_AI_KEY"] = "sk-test"
        folio.environment["HOME"] = folio.directory.path
        for (name, value) in [
            ("ai.provider", "openai"), ("ai.base_url", server.baseURL), ("ai.model", "friend-1"), ("ai.timeout", "3"),
            ("ai.deadline", deadline),
        ] {
            #expect(try folio.run("config", "set", name, value).status == 0)
        }
        return folio
    }

    /// Runs folio under the hang guard; its result and how long it took.
    func timed(_ folio: FolioProcess, _ arguments: [String]) throws -> (result: FolioProcess.Result, seconds: Double) {
        let started = Date()
        let (result, killed) = try folio.run(arguments, killAfter: Self.hangGuard)
        let seconds = Date().timeIntervalSince(started)
        #expect(!killed, "\(arguments.first ?? ""): still running after \(Self.hangGuard) s")
        return (result, seconds)
    }

    static let summaryJSON = #"{"page":"今天下班走回家，雨很小。","tags":["雨","下班","咖啡"],"title":"雨"}"#

    @Test(
        "summarize: a server sending a byte a second (head, or body after a prompt head) ends at ai.timeout 3, said in the user's language",
        arguments: ["en", "zh-Hant"], ["head", "body"])
    func summarizeTrickle(_ language: String, _ part: String) throws {
        let reply = OpenAIServer.Reply.chat(Self.summaryJSON)
        let server = try OpenAIServer(defaultReply: part == "head" ? .trickled(every: 1, reply) : .trickledBody(every: 1, reply))
        defer { server.stop() }
        let folio = try vault(server, language: language)
        let record = try #require(try folio.json("new", "diary", "--text", "今天下班走回家，雨很小。", "--json") as? [String: Any])
        let id = try #require(record["id"] as? String)
        let path = try #require(record["path"] as? String)
        let before = folio.read(path)
        let (result, seconds) = try timed(folio, ["summarize", id])
        print("summarize against a byte a second in the \(part), ai.timeout 3: ended after \(seconds) s")
        #expect(seconds < Self.withinBound, "\(part): took \(seconds) s")
        #expect(result.status != 0)
        let said = language == "en" ? "did not answer within 3 seconds (ai.timeout)" : "超過 3 秒沒有回覆（ai.timeout）"
        #expect(result.stderr.contains(said), "\(result.stderr)")
        #expect(folio.read(path) == before, "a failed summary changes nothing")
    }

    @Test(
        "chat: a trickled head, or bytes between events that never make a line, end at ai.timeout 3; the message stays on the page",
        arguments: ["head", "between events"])
    func chatTrickle(_ part: String) throws {
        let server = try OpenAIServer(
            defaultReply: part == "head"
                ? .trickled(every: 1, .stream(["雨停了嗎？"])) : .stream(["雨停了嗎？"], ending: .trickleBetweenEvents(every: 1)))
        defer { server.stop() }
        let folio = try vault(server, language: "zh-Hant")
        let record = try #require(try folio.json("new", "diary", "--text", "下班路上", "--json") as? [String: Any])
        let id = try #require(record["id"] as? String)
        let path = try #require(record["path"] as? String)
        let (result, seconds) = try timed(folio, ["chat", id, "-m", "今天好累"])
        print("chat against a trickle in the \(part), ai.timeout 3: ended after \(seconds) s")
        #expect(seconds < Self.withinBound, "\(part): took \(seconds) s")
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("超過 3 秒沒有回覆（ai.timeout）"), "\(result.stderr)")
        #expect(result.stderr.contains("你的訊息已保存"), "\(result.stderr)")
        #expect(folio.read(path)?.contains("今天好累") == true, "what the user typed is kept")
    }

    @Test("chat: a valid event every half second forever ends at ai.deadline 4 in all; the message stays on the page")
    func chatEndlessStream() throws {
        let server = try OpenAIServer(defaultReply: .stream(Array(repeating: "雨", count: 100_000), delay: 0.5))
        defer { server.stop() }
        let folio = try vault(server, language: "en", deadline: "4")
        let record = try #require(try folio.json("new", "diary", "--text", "on the way home", "--json") as? [String: Any])
        let id = try #require(record["id"] as? String)
        let path = try #require(record["path"] as? String)
        let (result, seconds) = try timed(folio, ["chat", id, "-m", "so tired today"])
        print("chat against an endless stream, ai.deadline 4: ended after \(seconds) s")
        #expect(seconds < Self.withinBound + 4, "took \(seconds) s")
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("took longer than 4 seconds in all (ai.deadline)"), "\(result.stderr)")
        #expect(result.stdout.contains("雨"), "what streamed was shown as it came")
        #expect(folio.read(path)?.contains("so tired today") == true, "what the user typed is kept")
    }
}
