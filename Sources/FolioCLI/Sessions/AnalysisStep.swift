import FolioApp
import FolioCompanion
import FolioCore
import FolioStore

/// Analysing a page's media, for `analyze` and the diary flow: ``FolioApp/Companion/analyze(_:chain:)``.
enum AnalysisStep {
    /// - Throws: ``FolioError`` `.media(.required)` for a page without media; the F-003 message
    ///   (the draft is kept) when no provider could analyse.
    static func run(_ record: Record, chain: ProviderChain, context: Context) async throws(FolioError) -> (record: Record, provider: String)
    {
        try await context.companion.analyze(record, chain: chain)
    }
}
