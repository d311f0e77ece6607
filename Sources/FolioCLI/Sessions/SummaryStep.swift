import FolioApp
import FolioCompanion
import FolioCore
import FolioStore

/// Summarising a page, for `summarize`, the chat's `/save` and the diary flow: ``FolioApp/Companion/summarize(_:chain:)``, printed.
enum SummaryStep {
    /// - Parameter chain: the providers of a session already under way; else the settings' chain.
    static func run(_ found: Record, chain: ProviderChain? = nil, context: Context, json: Bool) async throws(FolioError) {
        let companion = context.companion
        let outcome = try await companion.summarize(found, chain: chain ?? companion.chain(for: .summary))
        let changed = outcome.record
        if json { return context.json(JSONWriter.record(changed, body: true, kinds: context.vault.kinds)) }
        Console.out(outcome.summary.page.withVisibleControls)
        Console.err(
            context.terminal.dim(
                Message.ai(.summarized(title: changed.title, tags: outcome.summary.tags, provider: outcome.provider)).text(context.language)
            ))
    }
}
