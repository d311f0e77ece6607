import ArgumentParser
import FolioCompanion
import FolioCore
import FolioStore
import FolioSync
import Foundation

struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print one record.",
        discussion: "Examples: folio show 測試想法 · folio show 5b0c · folio show ideas/2026/11/2026-11-22-測試想法.md --json")

    @Argument(help: "The record: id, id prefix, path or slug, or a conflict copy's path.", completion: .custom(Completions.records))
    var record: String
    @Flag(help: "Print the record as JSON, with its body.") var json = false
    @Option(help: "Show the version as of a commit (id, 4+ characters) or a date (YYYY-MM-DD: the end of that day).")
    var at: String?
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try Context.open(global)
        if let at { return try showOlder(at: at, context: context) }
        if let copy = context.vault.conflictCopy(typed: record, workingDirectory: context.workingDirectory) {
            return try showCopy(copy, context: context)
        }
        let found = try context.record(record)
        let children = try Self.children(of: found, context: context)
        if json { return context.json(JSONWriter.record(found, body: true, extra: JSONWriter.children(children))) }
        Console.page(
            Self.page(of: found, children: children, context: context), terminal: context.terminal, environment: context.environment)
    }

    /// The records whose `parent` is this one, newest first; none asked for when no kind is a child of its kind.
    static func children(of record: Record, context: Context) throws(FolioError) -> [RecordSummary]? {
        guard let id = record.id, let kind = record.kind, context.vault.kinds.values.contains(where: { $0.parentKind == kind }) else {
            return nil
        }
        return try context.select(RecordFilter(parent: id)).newestFirst()
    }

    /// The file as it is, then its media with their facts, then the last AI step that failed on it.
    static func page(of record: Record, children: [RecordSummary]? = nil, context: Context) -> String {
        var text = record.document.text
        func section(_ lines: String) {
            if !text.hasSuffix("\n") { text += "\n" }
            text += "\n" + lines
        }
        if let children {
            let t = context.terminal
            let lines = children.map { child in
                "  "
                    + [
                        t.accent((child.kind ?? "?").oneLine),
                        t.dim(child.sortTime?.text.prefix(16).replacingOccurrences(of: "T", with: " ") ?? ""),
                        child.title.oneLine, t.dim(child.shortID),
                    ].joined(separator: "  ") + "\n"
            }
            section(t.dim("── " + Message.childrenHeading(count: children.count).text(context.language) + " ──") + "\n" + lines.joined())
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

    /// A conflict copy sync kept: its text as it is (JSON when it reads as a record).
    func showCopy(_ copy: ConflictCopy, context: Context) throws {
        guard let bytes = Vault.readFile(context.vault.url(copy.path).path) else {
            throw FolioError(.fileUnreadable(String(cString: strerror(errno))), file: copy.path)
        }
        let text = String(decoding: bytes, as: UTF8.self)
        if json {
            do {
                let document = try FrontMatterDocument(parsing: text, limits: context.vault.frontMatterLimits)
                return context.json(
                    JSONWriter.record(
                        Record(path: copy.path, document: document), body: true, extra: [("conflict_copy_of", .string(copy.record))]))
            } catch {
                throw FolioError(error, file: copy.path, text: text)
            }
        }
        Console.page(text, terminal: context.terminal, environment: context.environment)
    }

    func showOlder(at revision: String, context: Context) throws {
        let history = try context.requireHistory()
        let path = try context.vault.recordPath(record, workingDirectory: context.workingDirectory)
        let commit = try history.commit(at: revision)
        guard let data = try history.file(path, at: commit) else {
            throw FolioError(.notInHistoryAt(record: path, at: revision))
        }
        let text = String(decoding: data, as: UTF8.self)
        if json, let document = try? FrontMatterDocument(parsing: text) {
            context.json(JSONWriter.record(Record(path: path, document: document), body: true))
        } else {
            Console.page(text, terminal: context.terminal, environment: context.environment)
        }
    }
}
