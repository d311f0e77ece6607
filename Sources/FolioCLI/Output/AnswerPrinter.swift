import FolioCore
import FolioStore

/// `folio ask`: the ball's answer, with the record it was kept in on stderr; or the record as JSON.
enum AnswerPrinter {
    static func print(_ answer: QAAnswer, record: Record, json: Bool, context: Context) {
        if json { return context.json(JSONWriter.record(record, body: true, kinds: context.vault.kinds)) }
        Console.out(line(answer, language: context.language, terminal: context.terminal))
        Console.err(
            context.terminal.dim(
                Message.created(
                    kind: context.vault.kinds["qa"]?.shownName(context.language) ?? "qa", title: record.title, path: record.path
                ).text(context.language)))
    }

    /// `🎱 毫無疑問（Without a doubt.）`, coloured by the answer's type on a terminal.
    static func line(_ answer: QAAnswer, language: Language, terminal: Terminal) -> String {
        let other = language == .zhHant ? answer.english : MagicAnswer.all.first { $0.english == answer.english }?.zhHant
        let paint =
            switch answer.type {
            case .affirmative: "32"
            case .neutral: "33"
            case .negative: "31"
            }
        var text = "🎱 " + terminal.paint(terminal.bold(answer.text.oneLine), paint)
        if let other, !other.isEmpty, other != answer.text {
            text += language == .zhHant ? "（\(other.oneLine)）" : " (\(other.oneLine))"
        }
        return text
    }
}
