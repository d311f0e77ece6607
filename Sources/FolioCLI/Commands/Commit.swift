import ArgumentParser
import FolioCore
import FolioSync

struct CommitCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "commit",
            abstract: bilingual("Commit changes made by hand (new, edited and deleted files).", "提交手動做的修改（新增、編輯和刪除的檔案）。"),
            discussion: bilingual(
                """
                Each changed record is parsed first; a file that does not parse is named with its line and \
                column and left out, the rest is committed. Example: folio commit -m "fix typos"
                """,
                """
                每筆改過的紀錄會先解析；解析不了的檔案會指出行號和欄位並排除在外，其餘的照常提交。
                例如：folio commit -m "修正錯字"
                """))
    }

    @Option(
        name: .shortAndLong,
        help: bilingual("The commit message (default: which files changed); - reads standard input.", "提交訊息（預設列出改了哪些檔案）；- 表示從標準輸入讀取。"))
    var message: InputText?
    @OptionGroup var output: OutputFormat<JSON>
    @ParentCommand var folio: Folio
    var global: GlobalOptions { folio.global }

    func run() throws {
        let context = try Context.open(global)
        let result = try context.requireHistory().commitHandChanges(in: context.vault, message: message?.text)
        CommitPrinter.print(result, json: output.json, context: context)
        if result.committed.isEmpty && !result.leftOut.isEmpty { throw ExitCode.failure }
    }

    enum JSON: HelpText {
        static var help: String {
            bilingual(
                "Print as JSON: {\"commit\", \"committed\": [paths], \"left_out\": [{\"file\", \"message\"}]}.",
                "以 JSON 輸出：`{\"commit\", \"committed\": [路徑], \"left_out\": [{\"file\", \"message\"}]}`。")
        }
    }
}
