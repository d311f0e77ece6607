import ArgumentParser
import Foundation
import FolioCompanion
import FolioCore
import FolioStore

/// `folio summarize`: the companion diary's "end and save" — the page in the user's voice and its tags.
struct Summarize: ParsableCommand {
    static let configuration = CommandConfiguration(
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

    @Argument(help: "The diary page: id, id prefix, path or slug.") var record: String
    @Flag(help: "Print the summarized record as JSON.") var json = false
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try Context.open(global)
        try context.vault.requireProfile()
        let set = context.records(quiet: true)
        let found = try context.vault.resolve(record, in: set, workingDirectory: context.workingDirectory)
        let entry = try DiaryEntry(found)
        let existing = TagTally.sorted(TagTally.count(context.catalog(quiet: true).summaries), by: .count).map(\.tag)
        let configuration = AIConfiguration(settings: context.vault.settings, language: context.language)
        let chain = AIRun.chain(context, sends: .entry(media: false, location: false))
        let request = entry.summaryRequest(existingTags: existing)
        let outcome: (value: PageSummary, provider: String)
        do {
            outcome = try AIRun.waiting(context) { () async throws(FolioError) in
                try await chain.first { provider async throws(AIProblem) in try await provider.summarize(request) }
            }
        } catch {
            AIRun.remember(error, step: "summarize", for: found, context: context)
            context.warn(error)
            throw FolioError(.ai(.summaryFailed(reference: found.shortID.isEmpty ? record : found.shortID)))
        }
        let changed = try context.vault.applySummary(outcome.value, to: found, provider: outcome.provider, configuration: configuration)
        AIRun.remember(nil, step: "summarize", for: found, context: context)
        if json { return context.json(JSONWriter.record(changed, body: true)) }
        Console.out(outcome.value.page)
        Console.err(context.terminal.dim(Message.ai(.summarized(
            title: changed.title, tags: outcome.value.tags, provider: outcome.provider)).text(context.language)))
    }
}
