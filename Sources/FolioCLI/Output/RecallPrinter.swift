import FolioCompanion
import FolioCore
import FolioStore

/// `folio recall`'s answer: its text, then each passage it cites with its date, title and where
/// it is (`a1b2c3d4:5-7`, the short id `folio show` opens and the file's lines); the passages
/// themselves when the answer is theirs alone (builtin). Or all of it as JSON.
enum RecallPrinter {
    static func print(_ outcome: JournalRecall.Outcome, json: Bool, context: Context) {
        if json { return context.json(self.json(outcome)) }
        let language = context.language
        let terminal = context.terminal
        var lines = [outcome.answer.text.withVisibleControls]
        let cited = cited(outcome)
        if !cited.isEmpty {
            lines.append("")
            lines.append(terminal.bold(Message.journal(.sourcesHeading).text(language)))
            for (number, passage) in cited {
                let place = Message.journal(.lines(from: passage.lines.lowerBound, to: passage.lines.upperBound)).text(language)
                lines.append(
                    "[\(number)] \(passage.day) \(passage.title.oneLine) · \(terminal.paint(String(passage.recordID.prefix(8)), "33")) \(place)"
                )
                if outcome.answer.extractive {
                    for line in passage.text.split(separator: "\n") { lines.append("    " + String(line).withVisibleControls) }
                }
            }
        }
        Console.out(lines.joined(separator: "\n"))
        if outcome.provider != "builtin" { Console.err(terminal.dim(Message.ai(.answeredBy(outcome.provider)).text(language))) }
        if let saved = outcome.saved { Console.err(terminal.dim(Message.journal(.saved(path: saved.path)).text(language))) }
    }

    static func cited(_ outcome: JournalRecall.Outcome) -> [(Int, JournalPassage)] {
        let passages = outcome.question.passages
        return outcome.answer.cited.compactMap { number in passages.indices.contains(number - 1) ? (number, passages[number - 1]) : nil }
    }

    static func json(_ outcome: JournalRecall.Outcome) -> JSONValue {
        let sources: [JSONValue] = cited(outcome).map { number, passage in
            .object([
                ("n", .int(number)), ("id", .string(passage.recordID)), ("title", .string(passage.title)), ("date", .string(passage.day)),
                ("path", .string(passage.path)), ("lines", .array([.int(passage.lines.lowerBound), .int(passage.lines.upperBound)])),
                ("text", .string(passage.text)),
            ])
        }
        return .object([
            ("question", .string(outcome.question.question)), ("answer", .string(outcome.answer.text)),
            ("extractive", .bool(outcome.answer.extractive)), ("provider", .string(outcome.provider)), ("sources", .array(sources)),
            ("saved", outcome.saved.map { .string($0.path) } ?? .null),
        ])
    }
}
