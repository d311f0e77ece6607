import FolioCompanion
import FolioCore
import FolioStore

/// `folio recall`: the passages found for a question, the first provider's answer from them, and
/// the answer kept as a note when asked.
enum JournalRecall {
    struct Outcome {
        var question: JournalQuestion
        var answer: JournalAnswer
        var provider: String
        var saved: Record?
    }

    static func run(_ text: String, limit: Int, save: Bool, context: Context) async throws(FolioError) -> Outcome {
        let question = JournalQuestion(
            question: text,
            passages: try JournalRetrieval.passages(for: text, in: context.vault, limit: limit, catalog: { context.catalog() }))
        let chain = AIRun.chain(context, sends: .questionAndPassages)
        let (answer, provider) = try await AIRun.first(chain, context: context) { provider async throws(AIProblem) in
            try await provider.answerFromJournal(question)
        }
        let saved = save ? try context.vault.saveJournalAnswer(answer, to: question, language: context.language) : nil
        return Outcome(question: question, answer: answer, provider: provider, saved: saved)
    }
}
