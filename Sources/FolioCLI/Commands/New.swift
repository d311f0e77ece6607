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
    @Flag(
        help: bilingual(
            "Write the body in $VISUAL or $EDITOR (the default on a terminal when no text is given).",
            "在 $VISUAL 或 $EDITOR 裡寫本文（在終端機上沒有給文字時，預設就會開啟編輯器）。")) var edit = false
    @ParentCommand var folio: Folio
    var global: GlobalOptions { folio.global }

    func run() throws {
        let context = try Context.open(global)
        guard let (request, editor) = try request(context) else { return context.say(.draft(.newEmpty)) }
        let create = { () throws(FolioError) -> Record in
            try context.create(request, media: input.mediaSources(context), dateFromMedia: input.dateFromMedia)
        }
        let record = try editor.map { session throws(FolioError) in try session.finish(create) } ?? create()
        CreatedPrinter.print(record, json: input.output.json, context: context)
    }

    /// The record asked for, and the editor session its body was typed in (when no text was
    /// given on a terminal, or with `--edit`); nil when the text typed was left empty.
    private func request(_ context: Context) throws(FolioError) -> (NewRecord, NewInEditor?)? {
        var fields = try input.fields.map(keyValue)
        // Text piped in without a `-` is a diary's text and any other record's body.
        let text = kind == "diary" ? try StandardInput.text(text, option: "--text") : text?.text
        var body = kind == "diary" ? body?.text : try StandardInput.text(body, option: "--body")
        var editor: NewInEditor?
        if text == nil, body == nil, edit || context.terminal.isInteractive {
            let session = try NewInEditor(context: context, kind: kind)
            guard let typed = try session.typed() else { return nil }
            (editor, body) = (session, typed)
        }
        if let text { fields.append(("text", text)) }
        // A diary's title is the start of its text, or of what was typed.
        let shortText = kind == "diary" ? (text ?? (editor != nil ? body : nil)) : nil
        let title = input.title ?? shortText.flatMap(NewRecord.diaryTitle(from:))
        var request = NewRecord(
            kind: kind, title: title, fields: fields, tags: input.tag, body: body, parent: input.parent, date: input.when(context))
        request.allowsExtraKeys = input.extra
        return (request, editor)
    }
}
