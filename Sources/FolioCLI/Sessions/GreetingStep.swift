import FolioApp
import FolioCompanion
import FolioCore
import FolioStore

/// The companion's first line on a new page (the companion diary's F-016): ``FolioApp/Companion/greeting(_:chain:moment:)``.
enum GreetingStep {
    /// The first provider's greeting; when none can greet, the generic one (no weather, no place).
    static func run(_ record: Record, chain: ProviderChain, environment: [String], context: Context) async -> String {
        await context.companion.greeting(record, chain: chain, moment: environment)
    }

    /// A few related earlier pages for a network provider; none for builtin, which would not read them.
    static func relatedPages(_ entry: DiaryEntry, chain: ProviderChain, context: Context) -> [JournalPassage] {
        context.companion.relatedPages(entry, chain: chain)
    }
}
