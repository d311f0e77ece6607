import ArgumentParser
import FolioCompanion
import FolioCore
import FolioStore

/// `folio chat`: talk with the companion about a diary page; every turn is saved as it happens.
struct Chat: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chat",
        abstract: "Chat with the AI companion about a diary page; the conversation is kept in the page.",
        discussion: """
            Each message is written to the page's `## Conversation` (and committed) before the AI is asked, \
            so nothing you type is lost; the reply streams in and is saved the same way. The conversation \
            continues from what the page holds, on any day and any device.

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
            """)

    @OptionGroup var page: RecordArgument<ADiaryPage>
    @Option(name: [.customShort("m"), .customLong("message")], help: "One message, without prompting; - reads standard input.")
    var typedMessage: InputText?
    var message: String? { typedMessage?.text }
    @Flag(help: "Ask for a reply to your last message again.") var retry = false
    @OptionGroup var output: OutputFormat<ChatTurnJSON>
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        guard !output.json || message != nil || retry else { throw ValidationError("--json needs -m or --retry.") }
    }

    func run() async throws {
        let context = try Context.open(global)
        try context.vault.requireProfile()
        let page = try context.record(page.record)
        _ = try DiaryEntry(page)
        await OnDemandMedia.fetch(for: [page], context: context)
        guard message != nil || retry else {
            guard context.terminal.isInteractive else {
                throw ValidationError("Without a terminal, give the message with -m (or --retry).")
            }
            return try ChatTurn.talk(about: page, context: context)
        }
        let after = try ChatTurn.once(page, message: message, echo: !output.json, context: context)
        if output.json { context.json(JSONWriter.chatTurn(after, since: page)) }
    }
}
