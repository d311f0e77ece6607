import FolioCore
import Foundation

/// An answer to record with its question, from the magic 8 ball or from an AI provider.
public struct QAAnswer: Sendable, Equatable {
    /// In the vault's language.
    public var text: String
    public var english: String
    public var type: AnswerType
    /// `magic8` or `ai`, as the `qa` kind's `source` key allows.
    public var source: String

    public init(text: String, english: String, type: AnswerType, source: String) {
        self.text = text
        self.english = english
        self.type = type
        self.source = source
    }

    /// A classic answer of the ball, in `language`.
    public init(_ answer: MagicAnswer, language: Language) {
        self.init(text: answer.text(language), english: answer.english, type: answer.type, source: "magic8")
    }
}

extension Vault {
    /// The longest question `ask` takes, in characters (`qa.max_question_length`, default 500).
    public var maxQuestionLength: Int { limit("qa.max_question_length") ?? 500 }

    /// The question as it will be stored (trimmed), or why it cannot be asked.
    /// - Throws: ``FolioError`` for an empty or blank question, or one over ``maxQuestionLength``.
    public func checkedQuestion(_ text: String) throws(FolioError) -> String {
        let question = text.trimmingCharacters(in: .whitespacesAndNewlines)
        try checkInput([(.question, question)])
        guard !question.isEmpty else { throw FolioError(.ask(.emptyQuestion)) }
        let length = question.count
        guard length <= maxQuestionLength else { throw FolioError(.ask(.questionTooLong(length: length, limit: maxQuestionLength))) }
        return question
    }

    /// Records a question and its answer as a `qa` record of the vault's owner, committed.
    /// - Throws: ``FolioError`` `.noProfile` when the vault has no owner; nothing is written then.
    @discardableResult
    public func recordAnswer(question: String, answer: QAAnswer, tags: [String] = [], note: String? = nil) throws(FolioError) -> Record {
        try requireProfile()
        let question = try checkedQuestion(question)
        let fields = [
            ("question", question), ("answer", answer.text), ("answer_en", answer.english),
            ("answer_type", answer.type.rawValue), ("source", answer.source),
        ]
        // A question of several lines is one line in listings.
        return try create(NewRecord(kind: "qa", title: title(from: question), fields: fields, tags: tags, body: note))
    }
}
