import ArgumentParser
import FolioCore
import FolioStore

/// `folio summarize`: the companion diary's "end and save" — the page in the user's voice and its tags.
struct Summarize: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "summarize",
            abstract: bilingual(
                "Write a diary page in your own voice from its text and conversation, with 3 to 8 tags.",
                "用你的口吻，從這頁的文字和對話整理出一篇日記，並加上 3 到 8 個標籤。"),
            discussion: bilingual(
                """
                The page part of the body is replaced (media links and the conversation stay); `tags`, and with \
                ai.auto_title the title, are set; `summarized_by` and `summarized_at` say which provider wrote it \
                and when. One commit, so `folio undo` takes it back. Run it again any time.

                The builtin provider (offline) builds the page from your own sentences and the tags from your \
                words, preferring tags the vault already has. If the summary fails, nothing changes: the chat \
                is kept, and the error is shown by `folio show` until a summary succeeds.
                Examples:
                  folio summarize 5b0c
                  folio summarize 下班路上 --json | jq '.tags'
                """,
                """
                本文裡「日記頁」的部分會被取代（媒體連結和對話保留）；設定 `tags`，開啟 ai.auto_title 時也會設定標題；
                `summarized_by` 和 `summarized_at` 記下是哪個服務、什麼時候寫的。一個提交，`folio undo` 可以收回。隨時可以再執行。

                內建的服務（離線）用你自己的句子組成這一頁，用你的字詞當標籤，並優先用資料庫已有的標籤。整理失敗時什麼都不改：
                對話保留，錯誤會在 `folio show` 顯示，直到整理成功為止。
                例如：
                  folio summarize 5b0c
                  folio summarize 下班路上 --json | jq '.tags'
                """))
    }

    @OptionGroup var page: RecordArgument<ADiaryPage>
    @OptionGroup var output: OutputFormat<JSON>
    @ParentCommand var folio: Folio
    var global: GlobalOptions { folio.global }

    func run() async throws {
        let context = try Context.open(global)
        try context.vault.requireProfile()
        try await SummaryStep.run(try context.record(page.record), context: context, json: output.json)
    }

    enum JSON: HelpText {
        static var help: String { bilingual("Print the summarized record as JSON.", "以 JSON 輸出整理好的紀錄。") }
    }
}
