import FolioCore
import FolioStore

/// Prints a listing of records: a line each (date, kind, short id, title, tags), or with `--json`
/// each record's whole front matter, read now for the records shown only.
enum ListPrinter {
    static func print(_ records: [RecordSummary], json: Bool, context: Context) {
        if json {
            // The array written a batch of records at a time, as read: never the whole vault held.
            let kinds = context.vault.kinds
            var separator = ""
            Console.outInline("[")
            for batch in context.vault.recordBatches(at: records.map(\.path)) {
                var text = ""
                for record in batch {
                    text += separator
                    separator = ","
                    JSONWriter.record(record, body: false, kinds: kinds).write(into: &text)
                }
                Console.outInline(text)
            }
            return Console.outInline("]\n")
        }
        guard !records.isEmpty else { return Console.err(Message.noRecords.text(context.language)) }
        let t = context.terminal
        let computed = computedTexts(records, context: context)
        let kindNames = records.map { context.shownKind($0.kind).oneLine }
        let kindWidth = kindNames.map(\.displayWidth).max() ?? 4
        // On a terminal the title and tags are cut to the window by columns (CJK counts double).
        let room = t.cutsLongLines ? max(10, t.width - (10 + 2 + kindWidth + 2 + 8 + 2)) : Int.max
        let lines = zip(records, kindNames).map { record, kindName in
            let doneMark = record.completion == .done ? "✓ " : ""
            // Tags as `tags` and `search` count them: the front matter's, then the body's inline #tags.
            let tags = record.allTags.map { "#" + $0 }.joined(separator: " ").oneLine
            let title = (doneMark + record.title.oneLine).truncated(toDisplayWidth: room)
            let values = computed[record.path].map { "  " + $0 } ?? ""
            let tagRoom = room - title.displayWidth - values.displayWidth - 2
            let shownTags = tagRoom < 2 || tags.isEmpty ? "" : tags.truncated(toDisplayWidth: tagRoom)
            return [
                t.dim(record.sortTime?.day10 ?? "          "),
                t.accent(kindName.padded(to: kindWidth)),
                t.dim(record.shortID.oneLine.padded(to: 8)),
                t.bold(title) + values + (shownTags.isEmpty ? "" : "  " + t.dim(shownTags)),
            ].joined(separator: "  ")
        }
        Console.page(lines.joined(separator: "\n"), terminal: t, environment: context.environment)
    }

    /// What each record's kind computes, as a person reads it (「睡了多久 2 小時 30 分」), by path;
    /// only the files of kinds that compute anything are read, a batch at a time.
    static func computedTexts(_ records: [RecordSummary], context: Context) -> [String: String] {
        let kinds = context.vault.kinds
        let wanted = records.filter { $0.kind.flatMap { kinds[$0] }?.computed.isEmpty == false }
        guard !wanted.isEmpty else { return [:] }
        let language = context.language
        var texts: [String: String] = [:]
        for record in context.vault.recordBatches(at: wanted.map(\.path)).joined() {
            guard let kind = record.kind.flatMap({ kinds[$0] }) else { continue }
            let values = kind.computedValues(of: record.document.root.resolved)
            guard !values.isEmpty else { continue }
            texts[record.path] =
                values.map { "\($0.0.shownName(language)) \($0.0.shownValue($0.1, language))" }.joined(separator: "  ").oneLine
        }
        return texts
    }
}
