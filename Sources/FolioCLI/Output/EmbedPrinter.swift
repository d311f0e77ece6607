import FolioCore
import FolioStore

/// `folio embed`'s last line: what was embedded and what can be searched by meaning; or JSON.
enum EmbedPrinter {
    static func print(_ summary: EmbedSummary, json: Bool, context: Context) {
        if json {
            return context.json(
                .object([
                    ("embedded", .int(summary.embedded)), ("stale", .int(summary.stale)), ("chunks", .int(summary.chunks)),
                    ("records", .int(summary.records)), ("requests", .int(summary.requests)),
                ]))
        }
        Console.err(
            Message.embed(.finished(embedded: summary.embedded, chunks: summary.chunks, records: summary.records)).text(context.language))
    }
}
