import ArgumentParser
import FolioCore
import FolioStore

struct New: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "new",
            abstract: bilingual("Write a new record of any kind the vault defines.", "寫一筆新紀錄，資料庫定義的任何類型都可以。"),
            discussion: bilingual(
                """
                Examples:
                  folio new diary --title "下雨的傍晚" --field text="今天下班走回家" --tag rain --tag walk
                  folio new sleep --parent 小寶 --field start=2026-11-22T20:30
                """,
                """
                例如：
                  folio new diary --title "下雨的傍晚" --field text="今天下班走回家" --tag 下雨 --tag 散步
                  folio new sleep --parent 小寶 --field start=2026-11-22T20:30 --field location=沙發
                """))
    }

    @Argument(
        help: bilingual(
            "The kind of record: diary, idea, qa, or one from .folio/templates/.", "紀錄的類型：`diary`、`idea`、`qa`，或 .folio/templates/ 裡的類型。"),
        completion: .custom(Completions.kinds)) var kind: String
    @OptionGroup var input: RecordInput
    @Option(
        help: bilingual(
            "The diary's short text (the same as --field text=…); - reads standard input.", "日記的一句話（和 --field text=… 相同）；- 表示從標準輸入讀取。"))
    var text: InputText?
    @Option(help: bilingual("The body of the record (Markdown); - reads standard input.", "紀錄的本文（Markdown）；- 表示從標準輸入讀取。")) var body:
        InputText?
    @ParentCommand var folio: Folio
    var global: GlobalOptions { folio.global }

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
