import FolioCore
import FolioStore

/// Prints a listing of records: a line each (date, kind, short id, title, tags), or with `--json`
/// each record's whole front matter, read now for the records shown only.
enum ListPrinter {
    static func print(_ records: [RecordSummary], json: Bool, context: Context) {
        if json {
            let full = context.vault.records(at: records.map(\.path)).compactMap { $0 }
            return context.json(.array(full.map { JSONWriter.record($0, body: false) }))
        }
        guard !records.isEmpty else { return Console.err(Message.noRecords.text(context.language)) }
        let t = context.terminal
        let kindWidth = records.map { ($0.kind ?? "").displayWidth }.max() ?? 4
        let lines = records.map { record in
            let doneMark = record.completion == .done ? "✓ " : ""
            let tags = record.tags.map { "#" + $0 }.joined(separator: " ").oneLine
            return [
                t.dim(record.sortTime?.day10 ?? "          "),
                t.accent((record.kind ?? "?").oneLine.padded(to: kindWidth)),
                t.dim(record.shortID.oneLine.padded(to: 8)),
                doneMark + t.bold(record.title.oneLine) + (tags.isEmpty ? "" : "  " + t.dim(tags)),
            ].joined(separator: "  ")
        }
        Console.page(lines.joined(separator: "\n"), terminal: t, environment: context.environment)
    }
}
