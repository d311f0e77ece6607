import ArgumentParser
import FolioCore
import FolioStore

struct Links: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "links",
            abstract: bilingual("List a record's links to other records, and the records that link to it.", "列出一筆紀錄連到的紀錄，以及連到它的紀錄。"),
            discussion: bilingual(
                """
                Markdown links to a record's file and wikilinks ([[Bob]], [[notes/Bob|Bob]]) by path, file name, title or \
                alias, in any case, as Obsidian finds them; links to media, to the web and inside code are left out. \
                Examples: folio links 河邊散步 · folio links 5b0c --json
                """,
                """
                指向紀錄檔案的 Markdown 連結，以及用路徑、檔名、標題或別名（不分大小寫）寫的雙括號連結（`[[Bob]]`、`[[notes/Bob|Bob]]`），\
                和 Obsidian 的找法一樣；連到媒體、網頁和程式碼裡的不算。例如：folio links 河邊散步 · folio links 5b0c --json
                """))
    }

    @OptionGroup var reference: RecordArgument<AnyRecord>
    @OptionGroup var output: OutputFormat<JSON>
    @ParentCommand var folio: Folio
    var global: GlobalOptions { folio.global }

    func run() throws {
        let context = try Context.openForReading(global)
        let record = try context.record(reference.record)
        LinksPrinter.print(context.vault.links(of: record), of: record, json: output.json, context: context)
    }

    enum JSON: HelpText {
        static var help: String {
            bilingual(
                "Print as JSON: {\"id\", \"path\", \"outgoing\", \"unresolved\", \"backlinks\", \"truncated\"}, each link with path, title, line and as written.",
                "以 JSON 輸出：`{\"id\", \"path\", \"outgoing\", \"unresolved\", \"backlinks\", \"truncated\"}`，每個連結有 `path`、`title`、`line` 和原本的寫法。"
            )
        }
    }
}
