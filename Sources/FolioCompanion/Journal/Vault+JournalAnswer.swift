import FolioCore
import FolioStore

extension Vault {
    /// The answer kept as a note of its own: titled by the question, the answer then its sources
    /// in the body, and in the front matter `question` and `cites` (each passage as
    /// `<record id>:<first line>-<last line>`, space-separated), which `folio recall` never answers
    /// from.
    public func saveJournalAnswer(_ answer: JournalAnswer, to question: JournalQuestion, language: Language) throws(FolioError) -> Record {
        let cited = answer.cited.compactMap { number in question.passages.indices.contains(number - 1) ? question.passages[number - 1] : nil
        }
        var body = answer.text + "\n"
        if !cited.isEmpty {
            body += "\n## \(Message.journal(.sourcesHeading).text(language))\n\n"
            for (number, passage) in zip(answer.cited, cited) {
                body += "- [\(number)] \(passage.day) \(passage.title) (\(passage.citation))\n"
                if answer.extractive { body += "  > " + passage.text.replacingOccurrences(of: "\n", with: "\n  > ") + "\n" }
            }
        }
        let cites = cited.map { "\($0.recordID):\($0.lines.lowerBound)-\($0.lines.upperBound)" }.joined(separator: " ")
        var request = NewRecord(
            kind: "note", title: title(from: question.question), fields: [("question", question.question), ("cites", cites)], body: body)
        request.allowsExtraKeys = true
        return try create(request)
    }
}
