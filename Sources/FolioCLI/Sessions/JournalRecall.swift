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

    static func run(_ text: String, limit: Int, save: Bool, context: Context) async throws -> Outcome {
        let question = JournalQuestion(question: text, passages: try await passages(for: text, limit: limit, context: context))
        let chain = AIRun.chain(context, sends: .questionAndPassages)
        let (answer, provider) = try await AIRun.first(chain, context: context) { provider async throws(AIProblem) in
            try await provider.answerFromJournal(question)
        }
        let saved = save ? try context.vault.saveJournalAnswer(answer, to: question, language: context.language) : nil
        return Outcome(question: question, answer: answer, provider: provider, saved: saved)
    }

    /// The passages for `text`: by words, fused with those by meaning when an embeddings server
    /// is set up and answers (otherwise by words alone, with a note when it does not answer).
    static func passages(for text: String, limit: Int, context: Context) async throws -> [JournalPassage] {
        let catalog = context.catalog()
        let byWords = try JournalRetrieval.passages(for: text, in: context.vault, limit: limit * 2, catalog: { catalog })
        guard let embedder = try SemanticRun.embedder(context, required: false),
            let meaning = try await context.vault.semanticRanking(
                text: text, with: embedder, required: false, withWords: true, catalog: catalog, note: { context.warn($0) })
        else { return Array(byWords.prefix(limit)) }
        return JournalRetrieval.fused(words: byWords, meaning: meaning, in: context.vault, limit: limit, catalog: catalog)
    }
}
