import ArgumentParser
import FolioCompanion
import FolioCore
import FolioStore

/// `folio diary`: the companion diary's one page — media and text in, a welcome, the AI's
/// greeting, a chat, then `/save` (the page in your words and its tags) or `/cancel`.
struct Diary: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "diary",
            abstract: bilingual(
                "Start a diary page with the AI companion: photo, text, a chat, then save with a summary and tags.",
                "和 AI 夥伴寫一頁日記：照片、文字、聊一聊，最後存成有整理和標籤的一頁。"),
            discussion: bilingual(
                """
                On a terminal: a fixed welcome, the draft page is written with your media and text, the AI looks \
                at the media (the draft and what it saw are one commit) and greets you, then you chat. Every \
                message and reply is saved as it happens, each turn one commit, so closing the terminal loses at \
                most the line being typed. /save writes the \
                page in your voice with 3 to 8 tags (as `folio summarize`); /cancel removes the draft and the \
                media only it used (one commit: `folio undo` brings it back); Ctrl-D leaves keeping the draft.

                With -m, --no-chat, or without a terminal the same steps run without prompting: -m is one chat \
                turn; then the page is saved, and the whole page is one commit. A failed AI step keeps the draft, says how to retry, and makes \
                the exit status 1. `folio new diary` writes a page with no AI step at all.
                Examples:
                  folio diary --media ~/Pictures/IMG_2041.jpg --text "下班路上"
                  folio diary --media IMG_2041.jpg --voice voice.m4a
                  folio diary --media clip.mp4 -m "今天走了很久" --json
                """,
                """
                在終端機上：先是一句固定的歡迎語，草稿頁連同你的媒體和文字寫入，AI 看過媒體（草稿和它看到的內容是
                一個提交）後向你問候，接著就聊天。每則訊息和回覆都即時存下，每一輪是一個提交，所以關掉終端機最多只少了正在打的
                那一行。/save 用你的口吻寫出這一頁並加上 3 到 8 個標籤（和 `folio summarize` 相同）；/cancel 刪除草稿和只有它用到的
                媒體（一個提交：`folio undo` 可以找回來）；Ctrl-D 離開但保留草稿。

                加 -m、--no-chat，或不在終端機上時，同樣的步驟不經互動就執行：-m 是一輪對話；接著存檔，整頁是一個提交。AI 步驟
                失敗時保留草稿、說明怎麼重試，結束狀態為 1。`folio new diary` 寫一頁完全沒有 AI 步驟的日記。
                例如：
                  folio diary --media ~/Pictures/IMG_2041.jpg --text "下班路上"
                  folio diary --media IMG_2041.jpg --voice voice.m4a
                  folio diary --media clip.mp4 -m "今天走了很久" --json
                """))
    }

    @Option(
        name: .customLong("text"),
        help: bilingual(
            "What happened, in a few words (kept as the page's text); - reads standard input.", "發生了什麼，用幾個字說（存成這頁的 `text`）；- 表示從標準輸入讀取。"))
    var typedText: InputText?
    @Option(help: bilingual("A voice recording to transcribe into the text (needs an AI provider).", "要轉成文字的錄音（需要 AI 服務）。")) var voice:
        String?
    @Option(
        name: [.customShort("m", allowingJoined: true), .customLong("message")],
        help: bilingual("One message to the companion, without prompting; - reads standard input.", "給夥伴的一則訊息，不用互動輸入；- 表示從標準輸入讀取。"))
    var typedMessage: InputText?
    var message: String? { typedMessage?.text }
    @Flag(help: bilingual("No chat: write, analyse, greet and save without prompting.", "不聊天：直接寫入、分析、問候並存檔，不用互動。")) var noChat = false
    @OptionGroup var input: RecordInput
    @ParentCommand var folio: Folio
    var global: GlobalOptions { folio.global }

    func run() async throws {
        let context = try Context.open(global)
        try context.vault.requireProfile()
        let flow = DiaryFlow(context: context, json: input.output.json)
        let page = DiaryFlow.Page(
            typedText: typedText, voice: voice, message: message, chats: !noChat,
            draft: { (text) throws(FolioError) in try writeDraft(text: text, context: context) })
        if try await flow.write(page) { throw ExitCode.failure }
    }

    private func writeDraft(text: String?, context: Context) throws(FolioError) -> Record {
        let fields = try input.fields.map(keyValue) + (text.map { [("text", $0)] } ?? [])
        let title = input.title ?? text.flatMap(NewRecord.diaryTitle(from:))
        var request = NewRecord(
            kind: "diary", title: title, fields: fields, tags: input.tag, parent: input.parent, date: input.when(context))
        request.allowsExtraKeys = input.extra
        return try context.vault.create(
            request, importing: input.mediaSources(context), dateFromMedia: input.dateFromMedia, records: nil)
    }
}
