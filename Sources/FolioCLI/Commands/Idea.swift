import ArgumentParser
import FolioCore
import FolioStore

struct Idea: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "idea",
            abstract: bilingual("Write down an idea.", "記下一個想法。"),
            discussion: bilingual(
                "Example: folio idea \"測試想法\" --desc \"測試描述\" --tag work", "例如：folio idea \"測試想法\" --desc \"測試描述\" --tag 工作"))
    }

    @Argument(help: bilingual("The idea; - reads standard input.", "想法；- 表示從標準輸入讀取。")) var title: InputText
    @Option(
        name: [.customLong("desc"), .customLong("description")],
        help: bilingual("A description (the body); - reads standard input.", "描述（本文）；- 表示從標準輸入讀取。"))
    var description: InputText?
    @Option(name: .long, help: bilingual("A tag (repeat for more).", "一個標籤（要多個就重複這個選項）。"), completion: .custom(Completions.tags)) var tag:
        [String] = []
    @Option(name: .customLong("field"), help: bilingual("Another key: KEY=VALUE.", "其他欄位：鍵=值。")) var fields: [String] = []
    @Flag(help: bilingual("Take --field keys the kind does not declare (your own keys, on purpose).", "接受這個類型沒有宣告的 --field 欄位（刻意加的自訂欄位）。"))
    var extra = false
    @OptionGroup var output: OutputFormat<NewRecordJSON>
    @ParentCommand var folio: Folio
    var global: GlobalOptions { folio.global }

    func run() throws {
        let context = try Context.open(global)
        // Text piped in without a `-` is the description.
        let body = try StandardInput.text(description, option: "--desc")
        var request = NewRecord(kind: "idea", title: title.text, fields: try fields.map(keyValue), tags: tag, body: body)
        request.allowsExtraKeys = extra
        CreatedPrinter.print(try context.create(request), json: output.json, context: context)
    }
}
