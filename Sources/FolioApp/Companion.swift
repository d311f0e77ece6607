import FolioCompanion
import FolioCore
import FolioSecrets
import FolioStore
import Foundation

/// What the companion's steps need of the face they run in: the command line asks and waits on a
/// terminal; a server says what a person would be told on its own terminal and asks nothing.
public protocol CompanionFace {
    /// A problem that is not the step's answer (a provider that failed, settings that fell back,
    /// weather this device does not send the place to): said, and the step goes on or fails itself.
    func warn(_ error: FolioError)
    /// A notice owed once: what a new AI server is sent.
    func tell(_ message: Message)
    /// Whether an AI server the settings name and this device never confirmed may be used now:
    /// a terminal asks the person; a server never does (`folio config trust ai.base_url`).
    func confirmsNewServer(_ url: String) -> Bool
    /// Waits for a provider's answer: a terminal says it waits, and Ctrl-C cancels the step.
    nonisolated(nonsending) func waiting<T: Sendable>(_ operation: @escaping @Sendable () async throws(FolioError) -> T)
        async throws(FolioError) -> T
    /// Waits for a reply that streams to the person as it comes (a chat turn): a terminal says it
    /// waits on a line of its own, and Ctrl-C cancels the step.
    nonisolated(nonsending) func streaming<T: Sendable>(_ operation: @escaping @Sendable () async throws(FolioError) -> T)
        async throws(FolioError) -> T
    /// Waits for a nicety (the weather) that Ctrl-C may skip, saying nothing.
    nonisolated(nonsending) func skippable<T: Sendable>(_ operation: @escaping @Sendable () async -> T?) async -> T?
}

/// The companion's steps, written once for every face: which providers to ask and what a new one
/// is told, looking at a page's media, the greeting, the moment, the summary, a voice note's words.
/// A step that fails is said, kept for `folio show`, and thrown as the companion diary's message
/// for that step; everything written before it is already saved.
public struct Companion {
    public let journal: JournalService
    public let face: any CompanionFace

    public init(_ journal: JournalService, face: any CompanionFace) {
        self.journal = journal
        self.face = face
    }

    var vault: Vault { journal.vault }

    /// The providers the vault's settings name, after the notices a person is owed: settings that
    /// could not be read, and once per AI server what it is sent (`sends`, from the settings).
    public func chain(sends payload: (AIConfiguration) -> AIPayload) -> ProviderChain {
        let configuration = AIConfiguration(vault: vault, language: vault.language)
        if configuration.settingsUnreadable { face.warn(FolioError(.ai(.settingsFallback))) }
        let home = URL(fileURLWithPath: journal.environment["HOME"] ?? NSHomeDirectory())
        let chain = ProviderChain(
            configuration: configuration, environment: journal.environment, home: home, endpointConfirmed: confirmed(configuration))
        for endpoint in FirstUseNotice.takeNew(chain.endpoints, localDirectory: vault.localDirectory) {
            face.tell(.ai(.firstUse(provider: endpoint.label, url: endpoint.url, sends: payload(configuration))))
        }
        return chain
    }

    /// The same for a companion step: what it sends is ``FolioCompanion/AIPayload/companion(_:_:)``'s.
    public func chain(for step: CompanionStep) -> ProviderChain {
        chain { .companion(step, $0) }
    }

    /// Whether the AI server of `configuration` may be used: confirmed on this device already, or
    /// confirmed now through the face (and remembered).
    private func confirmed(_ configuration: AIConfiguration) -> Bool {
        let local = vault.localDirectory
        guard configuration.usesNetwork, !configuration.isConfirmed(localDirectory: local) else { return true }
        guard face.confirmsNewServer(ConfiguredSecrets.redact(configuration.baseURL)) else { return false }
        do {
            try EndpointTrust.trust(configuration.baseURL, for: "ai.base_url", localDirectory: local)
        } catch {
            face.warn(error)
        }
        return true
    }

    /// The first answer of the chain's providers to `step`, waited for through the face.
    nonisolated(nonsending) public func first<T: CheckedReply>(
        _ chain: ProviderChain, _ step: @escaping @Sendable (any AIProvider) async throws(AIProblem) -> T
    ) async throws(FolioError) -> (value: T, provider: String) {
        try await face.waiting { () async throws(FolioError) in try await chain.first(step) }
    }

    /// An AI step on a record: when no provider manages it, the reason is said and kept for `show`
    /// and `status`, and `failure` is thrown; when one does, a kept failure is cleared.
    nonisolated(nonsending) public func step<T: CheckedReply>(
        _ name: String, for record: Record, chain: ProviderChain, failure: AIMessage,
        _ step: @escaping @Sendable (any AIProvider) async throws(AIProblem) -> T
    ) async throws(FolioError) -> (value: T, provider: String) {
        do throws(FolioError) {
            let outcome = try await first(chain, step)
            vault.rememberAIFailure(nil, step: name, for: record)
            return outcome
        } catch {
            vault.rememberAIFailure(error.message.text(vault.language), step: name, for: record)
            face.warn(error)
            throw FolioError(.ai(failure))
        }
    }

    /// What the AI saw in a page's photos and videos, written into the page.
    /// - Throws: `.media(.required)` for a page without media; the companion diary's "could not
    ///   look at it" (the page is kept as it was) when no provider could.
    nonisolated(nonsending) public func analyze(_ record: Record, chain: ProviderChain) async throws(FolioError) -> (
        record: Record, provider: String
    ) {
        let entry = try DiaryEntry(record)
        guard !entry.media.isEmpty else { throw FolioError(.media(.required), file: record.path) }
        let views = MediaViews.views(
            of: entry.media, in: vault, configuration: chain.configuration, searchPath: journal.environment["PATH"])
        let request = entry.analysisRequest(views: views)
        let outcome = try await step("analyze", for: record, chain: chain, failure: .analysisFailed(reference: record.shortID)) {
            provider async throws(AIProblem) in try await provider.analyze(request)
        }
        let changed = try vault.applyAnalysis(outcome.value, to: record, provider: outcome.provider)
        return (changed, outcome.provider)
    }

    /// The companion's first line on a page: the first provider's greeting, else the built-in one
    /// for the time of day and the page's media (no weather, no place).
    nonisolated(nonsending) public func greeting(_ record: Record, chain: ProviderChain, moment: [String]) async -> String {
        let localTime = ConversationClock.text(vault.clock.timestamp)
        let fallback = BuiltinGreeting.text(
            localTime: localTime, mediaType: MediaEntry.entries(of: record.document).first?.type, language: vault.language)
        // try?: a page that is not a diary entry gets the plain greeting.
        guard let entry = try? DiaryEntry(record) else { return fallback }
        var asked = entry.greetingRequest(localTime: localTime, environment: moment)
        asked.related = relatedPages(entry, chain: chain)
        let request = asked
        do throws(FolioError) {
            return try await first(chain) { provider async throws(AIProblem) in
                ReplyText(try await provider.greet(request), part: .greeting)
            }.value.text
        } catch {
            face.warn(error)
            return fallback
        }
    }

    /// What the companion is told of the moment: the local time, and place and weather when
    /// `privacy.share_location` allows (the weather skipped when unreachable or interrupted).
    nonisolated(nonsending) public func moment(_ chain: ProviderChain) async -> [String] {
        let configuration = chain.configuration
        let local = vault.localDirectory
        // A source this device has not agreed to send the place to is said, not asked.
        if let refusal = Weather.refusal(configuration, localDirectory: local) { face.warn(FolioError(.ai(refusal))) }
        let weather: String? =
            chain.wantsWeather ? await face.skippable { await Weather.current(configuration, localDirectory: local) } : nil
        return DiaryEntry.environment(now: vault.clock.timestamp, zone: vault.clock.zone, configuration: configuration, weather: weather)
    }

    /// A few related earlier pages for a network provider; none for the built-in one, which would
    /// not read them.
    public func relatedPages(_ entry: DiaryEntry, chain: ProviderChain) -> [JournalPassage] {
        guard !chain.endpoints.isEmpty else { return [] }
        let vault = vault
        return JournalRetrieval.related(to: entry, in: vault, configuration: chain.configuration, catalog: { vault.catalog() })
    }

    /// The talk turned into the page in the writer's voice, with its tags (`folio summarize`).
    /// - Throws: the companion diary's "could not summarise" (the conversation is kept) when no
    ///   provider could.
    nonisolated(nonsending) public func summarize(_ record: Record, chain: ProviderChain) async throws(FolioError) -> (
        record: Record, summary: PageSummary, provider: String
    ) {
        let entry = try DiaryEntry(record)
        let existing = vault.catalog().all.tagUses().sorted(by: .count).map(\.tag)
        let request = entry.summaryRequest(existingTags: existing, configuration: chain.configuration)
        let outcome = try await step("summarize", for: record, chain: chain, failure: .summaryFailed(reference: record.shortID)) {
            provider async throws(AIProblem) in try await provider.summarize(request)
        }
        let changed = try vault.applySummary(outcome.value, to: record, provider: outcome.provider, configuration: chain.configuration)
        return (changed, outcome.value, outcome.provider)
    }

    /// The words of a voice recording.
    /// - Throws: ``FolioError`` for a file that cannot be read; the companion diary's "聽不清楚，請再試一次"
    ///   after the reason is said, when no provider could hear it.
    nonisolated(nonsending) public func transcribe(_ file: URL, displayName: String) async throws(FolioError) -> String {
        let clip = try AudioClip.read(file, displayName: displayName)
        let chain = chain { _ in .recording }
        do throws(FolioError) {
            return try await first(chain) { provider async throws(AIProblem) in
                ReplyText(try await provider.transcribe(clip), part: .transcription)
            }.value.text
        } catch {
            face.warn(error)
            throw FolioError(.ai(.transcriptionFailed))
        }
    }
}
