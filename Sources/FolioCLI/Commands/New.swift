import ArgumentParser
import FolioCore
import FolioStore

struct New: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
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
        // Text piped in without a `-` is a diary's text and any other record's body.
        let text = kind == "diary" ? try StandardInput.text(text, option: "--text") : text?.text
        let body = kind == "diary" ? body?.text : try StandardInput.text(body, option: "--body")
        if let text { fields.append(("text", text)) }
        let title = input.title ?? (kind == "diary" ? text.flatMap(NewRecord.diaryTitle(from:)) : nil)
        var request = NewRecord(
            kind: kind, title: title, fields: fields, tags: input.tag, body: body, parent: input.parent, date: input.date)
        request.allowsExtraKeys = input.extra
        let record = try context.create(request, media: input.mediaSources(context), dateFromMedia: input.dateFromMedia)
        CreatedPrinter.print(record, json: input.output.json, context: context)
    }
}
