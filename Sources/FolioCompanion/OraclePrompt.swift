import FolioCore
import FolioStore
import Foundation

/// How a chat model is asked to answer like the magic 8 ball, and how its reply is read back.
enum OraclePrompt {
    static func system(language: Language) -> String {
        return """
            You are a magic 8 ball with a little more to say. Answer the user's yes-or-no question in one \
            short sentence, playful but kind. Reply with one JSON object and nothing else: \
            {"answer": "<the answer in \(PromptWords.language(language))>", "answer_en": "<the same answer in English>", \
            "answer_type": "affirmative" | "neutral" | "negative"}.
            """
    }

    /// The model's JSON reply as an answer.
    /// - Throws: ``AIProblem/malformed(_:excerpt:)`` for anything but an object with a non-empty `answer`
    ///   and a known `answer_type`.
    static func parse(_ content: String, language: Language) throws(AIProblem) -> QAAnswer {
        guard let object = JSONText.object(in: content) else {
            throw .malformed(.notAJSONObject, excerpt: JSONText.excerpt(content))
        }
        guard let text = (object["answer"] as? String)?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else {
            throw .malformed(.missingKey("answer"), excerpt: JSONText.excerpt(content))
        }
        guard let typeName = (object["answer_type"] as? String)?.trimmingCharacters(in: .whitespaces).lowercased(),
            let type = AnswerType(rawValue: typeName)
        else { throw .malformed(.unknownAnswerType, excerpt: JSONText.excerpt(content)) }
        let english = (object["answer_en"] as? String)?.trimmingCharacters(in: .whitespacesAndNewlines)
        return QAAnswer(
            text: text, english: english.flatMap { $0.isEmpty ? nil : $0 } ?? (language == .en ? text : ""), type: type, source: "ai")
    }
}

/// Reading the JSON a model was asked for, which some models wrap in a ```json fence.
enum JSONText {
    static func object(in content: String) -> [String: Any]? {
        var text = content.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.hasPrefix("```"), let open = text.firstIndex(of: "\n"), let close = text.range(of: "```", options: .backwards),
            close.lowerBound > open
        {
            text = String(text[text.index(after: open)..<close.lowerBound])
        }
        // try?: a reply that is not JSON is nil, and the caller falls back to a built-in answer, saying so.
        guard let data = text.data(using: .utf8), let value = try? JSONSerialization.jsonObject(with: data) else { return nil }
        return value as? [String: Any]
    }

    static func excerpt(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return line.count > 120 ? String(line.prefix(120)) + "…" : line
    }
}
