import ArgumentParser
import FolioCore
import FolioStore

/// `folio summarize`: the companion diary's "end and save" — the page in the user's voice and its tags.
struct Summarize: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "summarize",
        abstract: "Write a diary page in your own voice from its text and conversation, with 3 to 8 tags.",
        discussion: """
            The page part of the body is replaced (media links and the conversation stay); `tags`, and with \
            ai.auto_title the title, are set; `summarized_by` and `summarized_at` say which provider wrote it \
            and when. One commit, so `folio undo` takes it back. Run it again any time.

            The builtin provider (offline) builds the page from your own sentences and the tags from your \
            words, preferring tags the vault already has. If the summary fails, nothing changes: the chat \
            is kept, and the error is shown by `folio show` until a summary succeeds.
            Examples:
              folio summarize 5b0c
              folio summarize 下班路上 --json | jq '.tags'
            """)

    @OptionGroup var page: RecordArgument<ADiaryPage>
    @OptionGroup var output: OutputFormat<JSON>
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try Context.open(global)
        try context.vault.requireProfile()
        try SummaryStep.run(try context.record(page.record), context: context, json: output.json)
    }

    enum JSON: HelpText {
        static let help = "Print the summarized record as JSON."
    }
}
