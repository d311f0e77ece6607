import ArgumentParser
import FolioCore
import FolioStore
import Foundation

/// Options shared by the commands that make a record.
struct RecordInput: ParsableArguments {
    @Option(name: .shortAndLong, help: "The record's title.") var title: String?
    @Option(name: .long, help: "A tag (repeat for more).", completion: .custom(Completions.tags)) var tag: [String] = []
    @Option(name: .customLong("field"), help: "A key of the kind: KEY=VALUE (repeat for more).") var fields: [String] = []
    @Flag(help: "Take --field keys the kind does not declare (your own keys, on purpose).") var extra = false
    @Option(help: "The parent record, for a child kind (id, prefix, path or slug).", completion: .custom(Completions.records)) var parent:
        String?
    @Option(help: "The date (YYYY-MM-DD or YYYY-MM-DDTHH:MM) to file the record under, instead of now.") var date: String?
    @Option(help: "A photo, video or voice note to copy into the vault (repeat for more).") var media: [String] = []
    @Flag(help: "Date the record when its first photo was taken (from the photo's EXIF).") var dateFromMedia = false
    @Flag(help: "Print the new record as JSON.") var json = false

    func mediaSources(_ context: Context) -> [MediaSource] {
        media.map { MediaSource(url: context.absoluteURL($0), displayName: $0) }
    }
}

/// Writes a record and reports it, as every creating command does.
func createRecord(_ request: NewRecord, json: Bool, context: Context, media: [MediaSource] = [], dateFromMedia: Bool = false) throws {
    // Only a child record needs the other records (to find its parent); a plain `new` reads one file.
    try context.vault.requireProfile()
    let record = try context.vault.create(request, importing: media, dateFromMedia: dateFromMedia, records: nil)
    reportCreated(record, json: json, context: context)
}

/// What a creating command says of the record it wrote: JSON, or a line and its media.
func reportCreated(_ record: Record, json: Bool, context: Context) {
    for warning in context.vault.warnings where warning.message == .media(.noDateTaken) { context.warn(warning) }
    if json {
        context.json(JSONWriter.record(record, body: true))
    } else {
        context.say(.created(kind: record.kind ?? "record", title: record.title, path: record.path))
        for line in MediaLines.describe(MediaEntry.entries(of: record.document), vault: context.vault, terminal: context.terminal) {
            Console.out("  " + line)
        }
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

    @Argument(help: "The kind of record: diary, idea, qa, or one from .folio/templates/.", completion: .custom(Completions.kinds)) var kind:
        String
    @OptionGroup var input: RecordInput
    @Option(help: "The diary's short text (the same as --field text=…); - reads standard input.") var text: InputText?
    @Option(help: "The body of the record (Markdown); - reads standard input.") var body: InputText?
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try Context.open(global)
        var fields = try input.fields.map(keyValue)
        if let text { fields.append(("text", text.text)) }
        let title = input.title ?? (kind == "diary" ? text.flatMap { DiaryTitle.from($0.text) } : nil)
        var request = NewRecord(
            kind: kind, title: title, fields: fields, tags: input.tag, body: body?.text, parent: input.parent, date: input.date)
        request.allowsExtraKeys = input.extra
        try createRecord(
            request, json: input.json, context: context, media: input.mediaSources(context), dateFromMedia: input.dateFromMedia)
    }
}

struct Idea: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write down an idea.",
        discussion: "Example: folio idea \"測試想法\" --desc \"測試描述\" --tag work")

    @Argument(help: "The idea.") var title: String
    @Option(name: [.customLong("desc"), .customLong("description")], help: "A description (the body); - reads standard input.")
    var description: InputText?
    @Option(name: .long, help: "A tag (repeat for more).", completion: .custom(Completions.tags)) var tag: [String] = []
    @Option(name: .customLong("field"), help: "Another key: KEY=VALUE.") var fields: [String] = []
    @Flag(help: "Take --field keys the kind does not declare (your own keys, on purpose).") var extra = false
    @Flag(help: "Print the new record as JSON.") var json = false
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try Context.open(global)
        var request = NewRecord(kind: "idea", title: title, fields: try fields.map(keyValue), tags: tag, body: description?.text)
        request.allowsExtraKeys = extra
        try createRecord(request, json: json, context: context)
    }
}
