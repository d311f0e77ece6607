import Testing

@testable import FolioCore

/// A failure of the embeddings server names the embeddings settings, in both languages; the same
/// failure of the chat server keeps naming `ai.*`. Every problem a server exchange can end in is
/// here, so a new one that names `ai.*` unconditionally fails the test.
@Suite("The server a problem came from is the one its message names")
struct ServiceWordsTests {
    static let url = "http://127.0.0.1:11434/v1"

    /// Every problem an exchange with a server can end in.
    static let exchangeProblems: [AIProblem] = [
        .missingKey(url: url), .invalidBaseURL("ftp://x"), .cannotConnect(url: url, reason: .refused),
        .connectionLost(.refused), .timedOut(seconds: 30), .deadlinePassed(seconds: 120),
        .tooSlow(bytesPerSecond: 64, seconds: 30), .keyWithheld(url: url), .endpointNotConfirmed(url: url),
        .unauthorized(status: 401, detail: "bad key"), .notFound(detail: "no model"), .rateLimited(detail: "slow down", retryAfter: 5),
        .serverError(status: 500, detail: "boom"), .httpStatus(status: 418, detail: "teapot"),
        .malformed(.notAChatCompletion, excerpt: "<html>"), .streamEndedEarly(received: 12),
    ]

    @Test(arguments: exchangeProblems)
    func embeddingsProblemsNameTheEmbeddingsSettings(problem: AIProblem) {
        let (zh, en) = problem.words(.embeddings)
        if case .missingKey = problem {
            // The AI key serves the embeddings server of ai.base_url's own origin: said so, after its own key.
            #expect(zh.contains("FOLIO_EMBEDDINGS_KEY") && en.contains("FOLIO_EMBEDDINGS_KEY") && !en.contains("FOLIO_AI_KEY"))
            return
        }
        for text in [zh, en] {
            #expect(!text.contains("ai."), "\(text)")
            #expect(!text.contains("AI"), "\(text)")
            #expect(!text.contains("FOLIO_AI_KEY") || text.contains("FOLIO_EMBEDDINGS_KEY"), "\(text)")
        }
        let (chatZh, chatEn) = problem.words(.chat)
        #expect(chatZh == problem.pair.0 && chatEn == problem.pair.1)
        #expect(chatEn.contains("AI") || chatEn.contains("ai.") || chatEn.contains("API key"), "\(chatEn)")
    }

    @Test func timeoutsNameTheirOwnSetting() {
        #expect(
            AIProblem.timedOut(seconds: 30).words(.embeddings).1
                == "the embeddings server did not answer within 30 seconds (embeddings.timeout)")
        #expect(AIProblem.timedOut(seconds: 30).words(.embeddings).0 == "嵌入伺服器超過 30 秒沒有回覆（embeddings.timeout）")
        #expect(AIProblem.timedOut(seconds: 1).words(.chat).1 == "the AI did not answer within 1 second (ai.timeout)")
        #expect(AIProblem.deadlinePassed(seconds: 9).words(.embeddings).1.hasSuffix("(embeddings.deadline)"))
        #expect(AIProblem.cannotConnect(url: Self.url, reason: .refused).words(.chat).0.hasPrefix("連不上 AI 伺服器 "))
        let embedded = FolioError(.embed(.failedPartWay(done: 2, total: 5, url: Self.url, problem: .timedOut(seconds: 30))))
        #expect(embedded.rendered(in: .en).contains("(embeddings.timeout)"))
        #expect(embedded.rendered(in: .zhHant).contains("（embeddings.timeout）"))
    }
}
