import FolioCompanion
import FolioCore
import FolioStore

/// Summarising a page, for `summarize`, the chat's `/save` and the diary flow.
enum SummaryStep {
    /// - Parameter chain: the providers of a session already under way; else the settings' chain.
    static func run(_ found: Record, chain: ProviderChain? = nil, context: Context, json: Bool) async throws(FolioError) {
        let entry = try DiaryEntry(found)
        let existing = context.catalog(quiet: true).all.tagUses().sorted(by: .count).map(\.tag)
        let chain = chain ?? AIRun.chain(context) { .companion(.summary, $0) }
        let request = entry.summaryRequest(existingTags: existing, configuration: chain.configuration)
        let outcome = try await AIRun.step(
            "summarize", for: found, chain: chain, context: context, failure: .summaryFailed(reference: found.shortID)
        ) {
            provider async throws(AIProblem) in try await provider.summarize(request)
        }
        let changed = try context.vault.applySummary(
            outcome.value, to: found, provider: outcome.provider, configuration: chain.configuration)
        if json { return context.json(JSONWriter.record(changed, body: true, kinds: context.vault.kinds)) }
        Console.out(outcome.value.page.withVisibleControls)
        Console.err(
            context.terminal.dim(
                Message.ai(.summarized(title: changed.title, tags: outcome.value.tags, provider: outcome.provider)).text(context.language)))
    }
}
