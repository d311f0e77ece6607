import FolioAI
import FolioCore
import FolioStore

/// A question put to the journal, with the passages found for it, numbered from 1 in order.
public struct JournalQuestion: Sendable, Equatable {
    public var question: String
    public var passages: [JournalPassage]

    public init(question: String, passages: [JournalPassage]) {
        self.question = question
        self.passages = passages
    }
}

/// The journal's answer: the text, and the numbers of the passages it rests on.
public struct JournalAnswer: Sendable, Equatable {
    public var text: String
    /// Numbers of ``JournalQuestion/passages`` (from 1) the answer cites, in order, each once.
    public var cited: [Int]
    /// True when the answer is the passages themselves (the `builtin` provider), not a model's words.
    public var extractive: Bool

    public init(text: String, cited: [Int], extractive: Bool) {
        self.text = text
        self.cited = cited
        self.extractive = extractive
    }
}

extension JournalAnswer: CheckedReply {
    public func checked(_ configuration: AIConfiguration) throws(AIProblem) -> JournalAnswer {
        try AIReplyPart.answer.check(text: text)
        return self
    }
}

extension BuiltinProvider {
    /// Offline, nothing can read the passages for the user: the answer is the passages, best first,
    /// and it says so.
    public func answerFromJournal(_ question: JournalQuestion) async throws(AIProblem) -> JournalAnswer {
        let text =
            question.passages.isEmpty
            ? Message.journal(.nothingFound).text(configuration.language)
            : Message.journal(.passagesOnly).text(configuration.language)
        return JournalAnswer(text: text, cited: Array(question.passages.indices.map { $0 + 1 }), extractive: true)
    }
}

extension OpenAIProvider {
    public func answerFromJournal(_ question: JournalQuestion) async throws(AIProblem) -> JournalAnswer {
        // Nothing found is said without asking: a model given no passage can only guess.
        guard !question.passages.isEmpty else {
            return JournalAnswer(text: Message.journal(.nothingFound).text(configuration.language), cited: [], extractive: true)
        }
        let request = ChatRequest(
            model: model,
            messages: [.system(JournalPrompt.system(language: configuration.language)), .user(JournalPrompt.user(question))],
            temperature: 0.2, responseFormat: .jsonObject)
        return try JournalPrompt.parse(try await send(request).content, passages: question.passages.count)
    }
}
