import FolioCore
import Foundation

/// How a chat model is asked to answer from the journal's passages only, and how its reply is read.
enum JournalPrompt {
    static func system(language: Language) -> String {
        """
        You answer questions about the user's own journal. You are given numbered passages from it, \
        each with its date. Answer only from these passages; if they do not answer the question, say \
        so plainly. Never invent events, dates or names. Answer in \(PromptWords.language(language)), in one to \
        three short sentences, addressing the user as "you", and mark each fact with the number of \
        the passage it comes from, like [1]. Reply with one JSON object and nothing else: \
        {"answer": "…", "sources": [1, 2]}.
        """
    }

    static func user(_ question: JournalQuestion) -> String {
        var parts = ["Question: \(question.question)", "Passages:"]
        for (index, passage) in question.passages.enumerated() {
            parts.append("[\(index + 1)] \(passage.day) \(passage.title)\n\(passage.text)")
        }
        return parts.joined(separator: "\n\n")
    }

    /// The model's reply as an answer.
    /// - Throws: ``AIProblem/malformed(_:excerpt:)`` for anything but an object with a non-empty
    ///   `answer`, or one that cites a passage it was not given (in `sources` or as `[n]` in the
    ///   text): an answer that names its sources wrongly is no answer.
    static func parse(_ content: String, passages: Int) throws(AIProblem) -> JournalAnswer {
        guard let object = JSONText.object(in: content) else {
            throw .malformed(.notAJSONObject, excerpt: JSONText.excerpt(content))
        }
        guard let text = (object["answer"] as? String)?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else {
            throw .malformed(.missingKey("answer"), excerpt: JSONText.excerpt(content))
        }
        var cited: [Int] = []
        // A source is a whole passage number, written as a number or as text; anything else (1.5,
        // 1e300, true, "first") names no passage and reads as 0, which is refused below: a number
        // rounded or clamped into range would cite a passage the model never named.
        let listed = (object["sources"] as? [Any] ?? []).map { value -> Int in
            if let text = value as? String { return Int(text.trimmingCharacters(in: .whitespaces)) ?? 0 }
            // objCType "c": JSON's true and false, which Foundation hands over as numbers too.
            guard let number = value as? NSNumber, String(cString: number.objCType) != "c", let whole = Int(exactly: number.doubleValue)
            else { return 0 }
            return whole
        }
        for number in listed + markers(in: text) {
            guard (1...max(1, passages)).contains(number), passages > 0 else {
                throw .malformed(.unknownPassage(number), excerpt: JSONText.excerpt(content))
            }
            if !cited.contains(number) { cited.append(number) }
        }
        return JournalAnswer(text: text, cited: cited, extractive: false)
    }

    /// The numbers written `[n]` in `text`.
    static func markers(in text: String) -> [Int] {
        var numbers: [Int] = []
        var rest = text[...]
        while let open = rest.firstIndex(of: "[") {
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: "]") else { break }
            let inside = after[..<close]
            for piece in inside.split(whereSeparator: { $0 == "," || $0 == " " }) {
                if piece.count <= 3, let number = Int(piece) { numbers.append(number) }
            }
            rest = after[after.index(after: close)...]
        }
        return numbers
    }
}
