import ArgumentParser

struct ImportJrnl: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "jrnl",
            abstract: bilingual(
                "Import a jrnl journal: its own text file, a folder journal (YYYY/MM/DD.txt), or `jrnl --export json`.",
                "匯入 jrnl 日記：jrnl 自己的文字檔、資料夾形式的日記（YYYY/MM/DD.txt），或 `jrnl --export json` 的檔案。"),
            discussion: bilingual(
                """
                Dates are taken in this machine's time zone. jrnl's @tags become tags; a starred entry (*) gets \
                `starred: true`, as `folio export jrnl` writes a star back. Keys folio does not know are kept \
                under `jrnl:`.
                """,
                """
                日期以這台機器的時區解讀。jrnl 的 @標籤 變成標籤；加了星號（*）的紀錄會有 `starred: true`，
                `folio export jrnl` 也會把星號寫回去。folio 不認識的欄位保留在 `jrnl:` 底下。
                """))
    }
    @Argument(help: bilingual("The journal file, its folder, or the JSON jrnl exported.", "日記檔、日記資料夾，或 jrnl 匯出的 JSON。")) var file: String
    @Option(help: bilingual("The kind of the new records.", "新紀錄的類型。")) var kind: String = "diary"
    @OptionGroup var options: ImportOptions

    func run() throws {
        try options.run({ .jrnl($0.absoluteURL(file), shown: file) }, kind: kind)
    }
}
