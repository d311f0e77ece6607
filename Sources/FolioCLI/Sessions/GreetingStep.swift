import FolioCompanion
import FolioCore
import FolioStore

/// The companion's first line on a new page (the companion diary's F-016).
enum GreetingStep {
    /// The first provider's greeting; when none can greet, the generic one (no weather, no place).
    static func run(_ record: Record, chain: ProviderChain, environment: [String], context: Context) async -> String {
        let localTime = ConversationClock.text(context.vault.clock.timestamp)
        let fallback = BuiltinGreeting.text(
            localTime: localTime, mediaType: MediaEntry.entries(of: record.document).first?.type, language: context.language)
        // try?: a page that is not a diary entry gets the plain greeting.
        guard let entry = try? DiaryEntry(record) else { return fallback }
        var asked = entry.greetingRequest(localTime: localTime, environment: environment)
        asked.related = relatedPages(entry, chain: chain, context: context)
        let request = asked
        do {
            return try await AIRun.first(chain, context: context) { provider async throws(AIProblem) in
                ReplyText(try await provider.greet(request), part: .greeting)
            }.value.text
        } catch {
            context.warn(error)
            return fallback
        }
    }

    /// A few related earlier pages for a network provider; none for builtin, which would not read them.
    static func relatedPages(_ entry: DiaryEntry, chain: ProviderChain, context: Context) -> [JournalPassage] {
        guard !chain.endpoints.isEmpty else { return [] }
        return JournalRetrieval.related(to: entry, in: context.vault, configuration: chain.configuration, catalog: { context.catalog() })
    }
}
