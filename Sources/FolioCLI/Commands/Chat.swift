import ArgumentParser
import FolioCompanion
import FolioCore
import FolioStore

/// `folio chat`: talk with the companion about a diary page; every turn is saved as it happens.
struct Chat: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "chat",
            abstract: bilingual(
                "Chat with the AI companion about a diary page; the conversation is kept in the page.", "和 AI 夥伴聊一篇日記；對話會留在這一頁裡。"),
            discussion: bilingual(
                """
                Each message is written to the page's `## Conversation` (`## 對話` in a zh-Hant vault) before \
                the AI is asked, so nothing you type is lost; the reply streams in and is saved beside it, and the \
                turn is one commit. The conversation continues from what the page holds, on any day and any device.

                On a terminal without -m: type a message and Enter; /save ends and writes the page and its tags \
                (as `folio summarize`), /cancel leaves and takes back this session's messages, Ctrl-D leaves \
                keeping them. With -m: one turn, for scripts. --retry asks again for a reply to your last \
                message when the AI did not answer it. --json (with -m or --retry) prints the turn as JSON \
                instead of streaming the reply: the page's keys, `path`, `body`, `reply` (null when no reply \
                came: an offline provider) and `conversation`.
                Examples:
                  folio chat 5b0c
                  folio chat 5b0c -m "其實我今天有點累"
                  folio chat 5b0c --retry
                  folio chat 5b0c -m "明天去爬山" --json | jq -r .reply
                """,
                """
                每則訊息在問 AI 之前就寫進這頁的 `## 對話`（英文資料庫是 `## Conversation`），所以你打的字不會不見；
                回覆逐字顯示並存在旁邊，一輪對話是一個提交。對話會從這頁已有的內容接下去，哪一天、哪台裝置都可以。

                在終端機上不加 -m：輸入訊息後按 Enter；/save 結束並寫出這頁和標籤（和 `folio summarize` 相同），/cancel 離開並收回
                這次的訊息，Ctrl-D 離開但保留訊息。加 -m：只聊一輪，適合寫腳本。--retry 在 AI 沒回覆時再要一次回覆。--json（搭配
                -m 或 --retry）以 JSON 輸出這一輪，而不是逐字顯示回覆：這頁的欄位、`path`、`body`、`reply`（沒有回覆時是 null，
                例如離線的服務）和 `conversation`。
                例如：
                  folio chat 5b0c
                  folio chat 5b0c -m "其實我今天有點累"
                  folio chat 5b0c --retry
                  folio chat 5b0c -m "明天去爬山" --json | jq -r .reply
                """))
    }

    @OptionGroup var page: RecordArgument<ADiaryPage>
    @Option(
        name: [.customShort("m"), .customLong("message")],
        help: bilingual("One message, without prompting; - reads standard input.", "一則訊息，不用互動輸入；- 表示從標準輸入讀取。"))
    var typedMessage: InputText?
    var message: String? { typedMessage?.text }
    @Flag(help: bilingual("Ask for a reply to your last message again.", "再請 AI 回覆一次你的最後一則訊息。")) var retry = false
    @OptionGroup var output: OutputFormat<ChatTurnJSON>
    @ParentCommand var folio: Folio
    var global: GlobalOptions { folio.global }

    func validate() throws {
        guard !output.json || message != nil || retry else {
            throw ValidationError(Message.usage(.jsonNeedsTurn).text(MessageLanguage.shared.current))
        }
    }

    func run() async throws {
        let context = try Context.open(global)
        try context.vault.requireProfile()
        let page = try context.record(page.record)
        _ = try DiaryEntry(page)
        await OnDemandMedia.fetch(for: [page], context: context)
        guard message != nil || retry else {
            guard context.terminal.isInteractive else {
                throw ValidationError(Message.usage(.chatNeedsTerminal).text(MessageLanguage.shared.current))
            }
            return try await ChatTurn.talk(about: page, context: context)
        }
        let after = try await ChatTurn.once(page, message: message, echo: !output.json, context: context)
        if output.json { context.json(JSONWriter.chatTurn(after, since: page, kinds: context.vault.kinds)) }
    }
}
