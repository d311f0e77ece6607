import Foundation
import TestSupport
import Testing

@testable import FolioAI

@Suite("Chat completions", .ownThread)
struct ChatTests {
    @Test func sendsTheExactRequestAndReadsTheFirstChoice() async throws {
        let server = try OpenAIServer()
        server.enqueue(.chat("A photo of a red fence.", model: "gpt-test-2026"))
        let image = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01])
        let request = ChatRequest(
            model: "gpt-test",
            messages: [
                .system("You describe photos."),
                .user([.text("What is this? Answer in JSON."), .image(image)]),
                .assistant("Earlier answer"),
                .user("今天下雨吗？ \"quoted\" / slashes"),
            ],
            temperature: 0.25, responseFormat: .jsonObject)

        let reply = try await client(server, apiKey: "sk-test-123").chat(request)

        #expect(
            reply
                == ChatReply(
                    content: "A photo of a red fence.", model: "gpt-test-2026",
                    usage: TokenUsage(promptTokens: 12, completionTokens: 5, totalTokens: 17), finishReason: "stop"))
        let received = try #require(server.lastRequest)
        #expect(received.method == "POST")
        #expect(received.path == "/v1/chat/completions")
        #expect(received.header("Authorization") == "Bearer sk-test-123")
        #expect(received.header("Content-Type") == "application/json")
        #expect(
            received.json
                == (try json(
                    """
                    {
                      "model": "gpt-test",
                      "messages": [
                        {"role": "system", "content": "You describe photos."},
                        {"role": "user", "content": [
                          {"type": "text", "text": "What is this? Answer in JSON."},
                          {"type": "image_url", "image_url": {"url": "data:image/jpeg;base64,/9j/4AAQSkZJRgAB"}}
                        ]},
                        {"role": "assistant", "content": "Earlier answer"},
                        {"role": "user", "content": "今天下雨吗？ \\"quoted\\" / slashes"}
                      ],
                      "temperature": 0.25,
                      "response_format": {"type": "json_object"}
                    }
                    """)))
    }

    @Test func optionalFieldsAreLeftOutAndNoKeyMeansNoAuthorizationHeader() async throws {
        let server = try OpenAIServer()
        for apiKey in [nil, "", "   "] as [String?] {
            let reply = try await client(server, apiKey: apiKey).chat(helloRequest)
            #expect(reply.content == "Hello.")
            let received = try #require(server.lastRequest)
            #expect(received.header("Authorization") == nil, "key \(String(describing: apiKey))")
            #expect(received.json?.keys == ["messages", "model"])
        }
        #expect(server.requests.count == 3)
    }

    @Test func aTemperatureJSONCannotHoldIsLeftOut() async throws {
        let server = try OpenAIServer()
        for temperature in [Double.nan, .infinity] {
            _ = try await client(server).chat(ChatRequest(model: "m", messages: [.user("x")], temperature: temperature))
            #expect(server.lastRequest?.json?.keys == ["messages", "model"])
        }
    }

    @Test func trailingSlashesInTheBaseURLAreTolerated() async throws {
        let server = try OpenAIServer()
        _ = try await OpenAIClient(baseURL: server.baseURL + "//", timeout: 5).chat(helloRequest)
        _ = try await OpenAIClient(baseURL: " \(server.baseURL)/ ", timeout: 5).chat(helloRequest)
        #expect(server.requests.map(\.path) == ["/v1/chat/completions", "/v1/chat/completions"])
    }

    @Test func contentAsAListOfPartsIsJoined() async throws {
        let server = try OpenAIServer(
            defaultReply: .raw(
                body: """
                    {"choices":[{"message":{"role":"assistant","content":[{"type":"text","text":"two "},{"type":"text","text":"parts"}]}}]}
                    """))
        let reply = try await client(server).chat(helloRequest)
        #expect(reply == ChatReply(content: "two parts"))
    }

    @Test func successiveRequestsFollowTheScript() async throws {
        let server = try OpenAIServer()
        server.enqueue(.chat("one"), .chat("two"), .chat("three"))
        let chat = client(server)
        var answers: [String] = []
        for _ in 0..<3 { answers.append(try await chat.chat(helloRequest).content) }
        #expect(answers == ["one", "two", "three"])
        #expect(try await chat.chat(helloRequest).content == "Hello.")
    }
}
