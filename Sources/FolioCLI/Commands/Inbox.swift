import ArgumentParser
import FolioCore
import FolioSync

struct InboxCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "inbox",
            abstract: bilingual(
                "Adopt the files other apps dropped into inbox/ as records, in one commit.", "把其他應用程式放進 inbox/ 的檔案收成紀錄，一個提交。"),
            discussion: bilingual(
                """
                Each plain-text or Markdown file in inbox/ becomes a record of the kind the inbox.kind setting \
                names (diary unless set), or of the kind its front matter names; photos, videos and audio it \
                links in inbox/ are imported into media/. The inbox files go in the same commit, so `folio undo` \
                brings them back. A file that cannot be read is left where it is and named. `folio sync` does \
                the same after each merge. Examples: folio inbox · folio inbox --dry-run
                """,
                """
                inbox/ 裡的每個文字或 Markdown 檔會變成一筆紀錄，種類是設定 inbox.kind 指定的（沒設定就是 diary），
                或是它的 front matter 寫的種類；它連結到的 inbox/ 裡的照片、影片和聲音檔會匯入 media/。inbox 的檔案在
                同一個提交裡移除，所以 `folio undo` 可以把它們帶回來。讀不懂的檔案會留在原處並指出來。`folio sync`
                每次合併之後也會這樣做。例如：folio inbox · folio inbox --dry-run
                """))
    }

    @Flag(help: bilingual("Only list what would be adopted; write nothing.", "只列出會收進來什麼，不寫入任何東西。")) var dryRun = false
    @OptionGroup var output: OutputFormat<JSON>
    @ParentCommand var folio: Folio
    var global: GlobalOptions { folio.global }

    func run() throws {
        let context = try Context.open(global)
        let history = try context.requireHistory()
        let printer = InboxPrinter(json: output.json, context: context)
        if dryRun { return printer.dryRun(try history.planInbox(in: context.vault)) }
        printer.done(try history.adoptInbox(in: context.vault))
    }

    enum JSON: HelpText {
        static var help: String {
            bilingual(
                """
                Print as JSON: {"adopted": [{"path", "source"}], "removed": [paths], "left": [{"file", "message"}]}; \
                with --dry-run, [{"id", "kind", "title", "path", "source"}].
                """,
                """
                以 JSON 輸出：`{"adopted": [{"path", "source"}], "removed": [路徑], "left": [{"file", "message"}]}`；
                加 --dry-run 時是 `[{"id", "kind", "title", "path", "source"}]`。
                """)
        }
    }
}
