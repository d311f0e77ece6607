import FolioCompanion
import FolioCore
import FolioStore

/// The AI provider's answer to a question (source: ai), from the first provider of the chain that answers.
enum AIAnswer {
    static func answer(_ question: String, context: Context) async throws(FolioError) -> QAAnswer {
        let chain = AIRun.chain(context, sends: .question)
        // Only builtin configured: say so plainly, rather than as a provider failure.
        guard !chain.endpoints.isEmpty || !chain.setupFailures.isEmpty else { throw FolioError(.ask(.aiNotConfigured)) }
        let (answer, provider) = try await Console.whileShowing(Message.ask(.shaking).text(context.language), on: context.terminal) {
            () async throws(FolioError) in
            try await AIRun.cancellable { () async throws(FolioError) in
                try await chain.first { provider async throws(AIProblem) in try await provider.answer(question: question) }
            }
        }
        Console.err(context.terminal.dim(Message.ai(.answeredBy(provider)).text(context.language)))
        return answer
    }
}
