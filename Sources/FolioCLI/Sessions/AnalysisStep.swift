import FolioCompanion
import FolioCore
import FolioStore

/// Analysing a page's media, for `analyze` and the diary flow.
enum AnalysisStep {
    /// - Throws: ``FolioError`` `.media(.required)` for a page without media; the F-003 message
    ///   (the draft is kept) when no provider could analyse.
    static func run(_ record: Record, chain: ProviderChain, context: Context) async throws(FolioError) -> (record: Record, provider: String)
    {
        let entry = try DiaryEntry(record)
        guard !entry.media.isEmpty else { throw FolioError(.media(.required), file: record.path) }
        let views = MediaViews.views(
            of: entry.media, in: context.vault, configuration: chain.configuration,
            searchPath: context.environment["PATH"])
        let request = entry.analysisRequest(views: views)
        let outcome = try await AIRun.step(
            "analyze", for: record, chain: chain, context: context, failure: .analysisFailed(reference: record.shortID)
        ) {
            provider async throws(AIProblem) in try await provider.analyze(request)
        }
        let changed = try context.vault.applyAnalysis(outcome.value, to: record, provider: outcome.provider)
        return (changed, outcome.provider)
    }
}
