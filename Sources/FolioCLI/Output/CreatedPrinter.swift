import FolioCore
import FolioStore

/// What a creating command says of the record it wrote: JSON with its body, or a line and its
/// media (and a photo without a time taken, when the record was to be dated by it).
enum CreatedPrinter {
    static func print(_ record: Record, json: Bool, context: Context) {
        for warning in context.vault.warnings where warning.message == .media(.noDateTaken) { context.warn(warning) }
        if json {
            context.json(JSONWriter.record(record, body: true, kinds: context.vault.kinds))
        } else {
            let kind = record.kind.map { context.vault.kinds[$0]?.shownName(context.language) ?? $0 } ?? "record"
            context.say(.created(kind: kind, title: record.title, path: record.path))
            for line in MediaLines.describe(MediaEntry.entries(of: record.document), vault: context.vault, terminal: context.terminal) {
                Console.out("  " + line)
            }
        }
    }
}
