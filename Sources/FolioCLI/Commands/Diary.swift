import ArgumentParser
import FolioCompanion
import FolioCore
import FolioStore

/// `folio diary`: the companion diary's one page — media and text in, a welcome, the AI's
/// greeting, a chat, then `/save` (the page in your words and its tags) or `/cancel`.
struct Diary: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diary",
        abstract: "Start a diary page with the AI companion: photo, text, a chat, then save with a summary and tags.",
        discussion: """
            On a terminal: a fixed welcome, the draft page is written (and committed) with your media and \
            text, the AI looks at the media and greets you, then you chat. Every message and reply is saved \
            as it happens, so closing the terminal loses at most the line being typed. /save writes the \
            page in your voice with 3 to 8 tags (as `folio summarize`); /cancel removes the draft and the \
            media only it used (one commit: `folio undo` brings it back); Ctrl-D leaves keeping the draft.

            With -m, --no-chat, or without a terminal the same steps run without prompting: -m is one chat \
            turn; then the page is saved. A failed AI step keeps the draft, says how to retry, and makes \
            the exit status 1. `folio new diary` writes a page with no AI step at all.
            Examples:
              folio diary --media ~/Pictures/IMG_2041.jpg --text "下班路上"
              folio diary --media IMG_2041.jpg --voice voice.m4a
              folio diary --media clip.mp4 -m "今天走了很久" --json
            """)

    @Option(name: .customLong("text"), help: "What happened, in a few words (kept as the page's text); - reads standard input.")
    var typedText: InputText?
    @Option(help: "A voice recording to transcribe into the text (needs an AI provider).") var voice: String?
    @Option(
        name: [.customShort("m"), .customLong("message")], help: "One message to the companion, without prompting; - reads standard input.")
    var typedMessage: InputText?
    var message: String? { typedMessage?.text }
    @Flag(help: "No chat: write, analyse, greet and save without prompting.") var noChat = false
    @OptionGroup var input: RecordInput
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try Context.open(global)
        try context.vault.requireProfile()
        // A blank message is refused before anything is written.
        if let message, message.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { throw FolioError(.ai(.emptyMessage)) }
        if let message { try context.vault.checkInput([(.message, message)]) }
        let flow = DiaryFlow(context: context, json: input.output.json)
        flow.show(Message.ai(.welcome).text(context.language))
        // Text piped in without a `-` is the page's text.
        var text = try StandardInput.text(typedText, option: "--text")
        if let voice { text = try flow.listen(to: voice, typed: text, prompting: message == nil && !noChat) }
        let draft = try writeDraft(text: text, context: context)
        flow.created(draft)
        try flow.converse(draft, message: message, interactive: context.terminal.isInteractive && message == nil && !noChat)
    }

    /// The page as the user gave it, with its media, written and committed before any AI step.
    private func writeDraft(text: String?, context: Context) throws -> Record {
        let fields = try input.fields.map(keyValue) + (text.map { [("text", $0)] } ?? [])
        let title = input.title ?? text.flatMap(NewRecord.diaryTitle(from:))
        var request = NewRecord(kind: "diary", title: title, fields: fields, tags: input.tag, parent: input.parent, date: input.date)
        request.allowsExtraKeys = input.extra
        return try context.vault.create(
            request, importing: input.mediaSources(context), dateFromMedia: input.dateFromMedia, records: nil)
    }
}
