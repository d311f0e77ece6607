import ArgumentParser
import Foundation
import FolioCore
import FolioStore

/// Options shared by the commands that make a record.
struct RecordInput: ParsableArguments {
    @Option(name: .shortAndLong, help: "The record's title.") var title: String?
    @Option(name: .long, help: "A tag (repeat for more).") var tag: [String] = []
    @Option(name: .customLong("field"), help: "A key of the kind: KEY=VALUE (repeat for more).") var fields: [String] = []
    @Option(help: "The parent record, for a child kind (id, prefix, path or slug).") var parent: String?
    @Option(help: "The date (YYYY-MM-DD or YYYY-MM-DDTHH:MM) to file the record under, instead of now.") var date: String?
    @Flag(help: "Print the new record as JSON.") var json = false
}

/// Writes a record and reports it, as every creating command does.
func createRecord(_ request: NewRecord, json: Bool, context: Context) throws {
    // Only a child record needs the other records (to find its parent); a plain `new` reads one file.
    try context.vault.requireProfile()
    let record = try context.vault.create(request, records: nil)
    if json {
        context.json(JSONWriter.record(record, body: true))
    } else {
        context.say(.created(kind: record.kind ?? request.kind, title: record.title, path: record.path))
    }
}

struct New: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a new record of any kind the vault defines.",
        discussion: """
        Examples:
          folio new diary --title "下雨的傍晚" --field text="今天下班走回家" --tag rain --tag walk
          folio new sleep --parent 小寶 --field start=2026-11-22T20:30
        """)

    @Argument(help: "The kind of record: diary, idea, qa, or one from .folio/templates/.") var kind: String
    @OptionGroup var input: RecordInput
    @Option(help: "The diary's short text (the same as --field text=…).") var text: String?
    @Option(help: "The body of the record (Markdown).") var body: String?
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try Context.open(global)
        var fields = try input.fields.map(keyValue)
        if let text { fields.append(("text", text)) }
        try createRecord(
            NewRecord(kind: kind, title: input.title, fields: fields, tags: input.tag, body: body, parent: input.parent, date: input.date),
            json: input.json, context: context)
    }
}

struct Idea: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write down an idea.",
        discussion: "Example: folio idea \"測試想法\" --desc \"測試描述\" --tag work")

    @Argument(help: "The idea.") var title: String
    @Option(name: [.customLong("desc"), .customLong("description")], help: "A description (the body).") var description: String?
    @Option(name: .long, help: "A tag (repeat for more).") var tag: [String] = []
    @Option(name: .customLong("field"), help: "Another key: KEY=VALUE.") var fields: [String] = []
    @Flag(help: "Print the new record as JSON.") var json = false
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try Context.open(global)
        try createRecord(
            NewRecord(kind: "idea", title: title, fields: try fields.map(keyValue), tags: tag, body: description),
            json: json, context: context)
    }
}

struct Diary: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a diary page.",
        discussion: "Example: folio diary --title \"下雨的傍晚\" --text \"今天下班走回家\" --tag rain")

    @Option(help: "What happened, in a few words (kept as the page's text).") var text: String?
    @OptionGroup var input: RecordInput
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try Context.open(global)
        var fields = try input.fields.map(keyValue)
        if let text { fields.append(("text", text)) }
        let title = input.title ?? text.map { String($0.prefix(30)) }
        try createRecord(
            NewRecord(kind: "diary", title: title, fields: fields, tags: input.tag, parent: input.parent, date: input.date),
            json: input.json, context: context)
    }
}
