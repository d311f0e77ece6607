import FolioCompanion
import FolioCore
import FolioStore

/// `folio show`: the file as it is, then its children, the values its kind computes (never
/// written), its media with their facts and the last AI step that failed on it, paged; or the
/// record as JSON with its body. A conflict copy and an older version show as they are (JSON when
/// they read as a record). On a terminal the file's control characters show as pictures; through
/// a pipe the file's bytes come as they are (``Console/verbatim(_:notes:terminal:environment:)``).
struct ShowPrinter {
    let json: Bool
    let context: Context

    func record(_ record: Record, children: [RecordSummary]?) {
        if json {
            return context.json(JSONWriter.record(record, body: true, extra: JSONWriter.children(children), kinds: context.vault.kinds))
        }
        Console.verbatim(
            record.document.text, notes: Self.notes(on: record, children: children, context: context), terminal: context.terminal,
            environment: context.environment)
    }

    /// A conflict copy sync kept; with `--json` it must read as a record.
    func copy(_ copy: ConflictCopy, text: String) throws(FolioError) {
        if json {
            let record = try context.vault.record(of: copy, text: text)
            return context.json(
                JSONWriter.record(record, body: true, extra: [("conflict_copy_of", .string(copy.record))], kinds: context.vault.kinds))
        }
        Console.verbatim(text, terminal: context.terminal, environment: context.environment)
    }

    /// The file as it was (`--at`): JSON when it reads as a record, else its text.
    func older(path: String, text: String) {
        // try?: a file that does not parse is shown as its text, with the parse error said by the reader.
        if json, let document = try? FrontMatterDocument(parsing: text) {
            return context.json(JSONWriter.record(Record(path: path, document: document), body: true, kinds: context.vault.kinds))
        }
        Console.verbatim(text, terminal: context.terminal, environment: context.environment)
    }

    /// What follows the file: its children, its media with their facts, the last AI step that
    /// failed on it; each section after a blank line (and the file's missing last line break).
    static func notes(on record: Record, children: [RecordSummary]? = nil, context: Context) -> String {
        var text = ""
        let fileEndsLine = record.document.text.hasSuffix("\n")
        func section(_ lines: String) {
            if text.isEmpty && !fileEndsLine { text += "\n" }
            text += "\n" + lines
        }
        if let children {
            let t = context.terminal
            let lines = children.map { child in
                "  "
                    + [
                        t.accent(context.shownKind(child.kind).oneLine),
                        t.dim(child.sortTime?.text.prefix(16).replacingOccurrences(of: "T", with: " ").oneLine ?? ""),
                        child.title.oneLine, t.dim(child.shortID.oneLine),
                    ].joined(separator: "  ") + "\n"
            }
            section(t.dim("── " + Message.childrenHeading(count: children.count).text(context.language) + " ──") + "\n" + lines.joined())
        }
        if let kind = record.kind.flatMap({ context.vault.kinds[$0] }) {
            let computed = kind.computedValues(of: record.document.root.resolved)
            if !computed.isEmpty {
                let language = context.language
                let width = computed.map { $0.0.shownName(language).displayWidth }.max() ?? 0
                let lines = computed.map { field, value in
                    "  " + field.shownName(language).padded(to: width) + "  " + field.shownValue(value, language) + "\n"
                }
                section(context.terminal.dim("── " + Message.computedHeading.text(language) + " ──") + "\n" + lines.joined())
            }
        }
        let media = MediaLines.describe(MediaEntry.entries(of: record.document), vault: context.vault, terminal: context.terminal)
        if !media.isEmpty {
            section(
                context.terminal.dim("── " + Message.media(.heading).text(context.language) + " ──") + "\n"
                    + media.map { "  " + $0 + "\n" }.joined())
        }
        if let id = record.id, let failure = AIState(localDirectory: context.vault.localDirectory).failures[id] {
            let message = Message.ai(.lastError(step: failure.step, at: failure.at, message: failure.message))
            section(context.terminal.warn(message.text(context.language)) + "\n")
        }
        return text
    }
}
