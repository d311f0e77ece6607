import FolioCompanion
import FolioCore
import FolioStore
import Foundation

/// The companion diary in the browser: the same steps as `folio diary` and `folio chat` (the
/// library's requests, provider chain and vault changes), each one commit, each streamed to the
/// page as it arrives when the page's script asks for it.
extension WebJournal {
    /// The providers the vault's settings name. A network provider is used only when this device
    /// confirmed its address already (`folio config trust ai.base_url`, or a terminal's yes): the
    /// browser is not where a new destination for the journal's words is agreed to.
    /// `sends` is what the first-use notice says goes to a new server.
    func companionChain(sends: (AIConfiguration) -> AIPayload) -> ProviderChain {
        let configuration = AIConfiguration(vault: vault, language: vault.language)
        if configuration.settingsUnreadable { warn(FolioError(.ai(.settingsFallback))) }
        let home = URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory())
        let confirmed = !configuration.usesNetwork || configuration.isConfirmed(localDirectory: vault.localDirectory)
        let chain = ProviderChain(configuration: configuration, environment: environment, home: home, endpointConfirmed: confirmed)
        for endpoint in FirstUseNotice.takeNew(chain.endpoints, localDirectory: vault.localDirectory) {
            warn(FolioError(.ai(.firstUse(provider: endpoint.label, url: endpoint.url, sends: sends(configuration)))))
        }
        return chain
    }

    /// The diary page `reference` names.
    private func diaryPage(_ reference: String) throws(FolioError) -> Record {
        if let refusal { throw refusal }
        try vault.requireProfile()
        let page = try vault.findRecord(reference, workingDirectory: nil)
        _ = try DiaryEntry(page)  // the companion's own refusal of a page that is not a diary page
        return page
    }

    /// The companion looks at the page's media (once) and greets; the greeting opens the
    /// conversation. A failed analysis is kept for `folio show` and the greeting still comes
    /// (the built-in one when no provider answers), as in `folio diary`.
    func greet(_ reference: String, onPiece: @escaping @Sendable (String) -> Void) async throws(FolioError) -> Record {
        var page = try diaryPage(reference)
        // A greeting asked for twice (a double tap, a retried request) opens the talk once.
        if Conversation.split(page.document.body).hasSection { return page }
        let chain = companionChain { .companion(.greeting, $0) }
        let moment = await momentLines(chain)
        let mark = service.commitMark
        // What the companion saw and its greeting are one commit, as `folio diary` makes them.
        let greeted = try await vault.inOneCommit(Vault.describe("chat", page)) { () async throws(FolioError) -> Record in
            var entry = try DiaryEntry(page)
            if !entry.media.isEmpty, page.document.value("analyzed_at") == nil {
                let views = MediaViews.views(
                    of: entry.media, in: vault, configuration: chain.configuration, searchPath: environment["PATH"])
                let request = entry.analysisRequest(views: views)
                do throws(FolioError) {
                    let outcome = try await chain.first { provider async throws(AIProblem) in try await provider.analyze(request) }
                    page = try vault.applyAnalysis(outcome.value, to: page, provider: outcome.provider)
                    vault.rememberAIFailure(nil, step: "analyze", for: page)
                    entry = try DiaryEntry(page)
                } catch {
                    vault.rememberAIFailure(error.message.text(language), step: "analyze", for: page)
                    warn(error)
                }
            }
            let localTime = ConversationClock.text(vault.clock.timestamp)
            var text = BuiltinGreeting.text(localTime: localTime, mediaType: entry.media.first?.type, language: language)
            var asked = entry.greetingRequest(localTime: localTime, environment: moment)
            asked.related = relatedPages(entry, chain: chain)
            let request = asked
            do throws(FolioError) {
                text = try await chain.first { provider async throws(AIProblem) in
                    ReplyText(try await provider.greet(request), part: .greeting)
                }.value.text
            } catch {
                warn(error)
            }
            onPiece(text)
            return try vault.appendCompanionLine(text, to: page, part: .greeting)
        }
        freshness.markChanged()
        try service.requireCommitted(since: mark)
        return greeted
    }

    /// What a chat turn came to: the page as it stands, and the failure when no reply came (the
    /// message is saved all the same).
    struct ChatOutcome: Sendable {
        var page: Record
        var failure: FolioError?
    }

    /// One turn: the message, then the companion's reply streamed piece by piece, in one commit.
    func chat(_ reference: String, message: String, onPiece: @escaping @Sendable (String) -> Void) async throws(FolioError) -> ChatOutcome {
        let page = try diaryPage(reference)
        let chain = companionChain { .companion(.chat(withMedia: false), $0) }
        let environment = await momentLines(chain)
        let mark = service.commitMark
        let outcome = try await vault.inOneCommit(Vault.describe("chat", page)) { () async throws(FolioError) -> ChatOutcome in
            let asked = try vault.appendUserMessage(message, to: page)
            guard chain.canReply else {
                return ChatOutcome(page: asked, failure: FolioError(.ai(.failed(provider: "builtin", problem: .needsNetworkProvider))))
            }
            let entry = try DiaryEntry(asked)
            var request = entry.chatRequest(environment: environment)
            request.related = relatedPages(entry, chain: chain)
            let frozen = request
            do throws(FolioError) {
                let reply = try await chain.first { provider async throws(AIProblem) in
                    ReplyText(try await provider.chat(frozen, onDelta: onPiece), part: .reply)
                }
                vault.rememberAIFailure(nil, step: "chat", for: asked)
                return ChatOutcome(page: try vault.appendCompanionLine(reply.value.text, to: asked), failure: nil)
            } catch {
                vault.rememberAIFailure(error.message.text(language), step: "chat", for: asked)
                warn(error)
                return ChatOutcome(page: asked, failure: FolioError(.ai(.chatFailed(reference: asked.shortID))))
            }
        }
        freshness.markChanged()
        try service.requireCommitted(since: mark)
        return outcome
    }

    /// "Done": the talk becomes the page in the writer's voice, with its tags (`folio summarize`).
    func finish(_ reference: String) async throws(FolioError) -> Record {
        let page = try diaryPage(reference)
        let chain = companionChain { .companion(.summary, $0) }
        let entry = try DiaryEntry(page)
        let existing = vault.catalog().all.tagUses().sorted(by: .count).map(\.tag)
        let request = entry.summaryRequest(existingTags: existing, configuration: chain.configuration)
        let outcome: (value: PageSummary, provider: String)
        do throws(FolioError) {
            outcome = try await chain.first { provider async throws(AIProblem) in try await provider.summarize(request) }
        } catch {
            vault.rememberAIFailure(error.message.text(language), step: "summarize", for: page)
            warn(error)
            throw FolioError(.ai(.summaryFailed(reference: page.shortID)))
        }
        vault.rememberAIFailure(nil, step: "summarize", for: page)
        let changed = try service.committing { vault throws(FolioError) in
            try vault.applySummary(outcome.value, to: page, provider: outcome.provider, configuration: chain.configuration)
        }
        freshness.markChanged()
        return changed
    }

    /// The local time, and place and weather when `privacy.share_location` allows.
    private func momentLines(_ chain: ProviderChain) async -> [String] {
        if let refusal = Weather.refusal(chain.configuration, localDirectory: vault.localDirectory) { warn(FolioError(.ai(refusal))) }
        let weather = chain.wantsWeather ? await Weather.current(chain.configuration, localDirectory: vault.localDirectory) : nil
        return DiaryEntry.environment(
            now: vault.clock.timestamp, zone: vault.clock.zone, configuration: chain.configuration, weather: weather)
    }

    /// A few related earlier pages for a network provider; none for the built-in one.
    private func relatedPages(_ entry: DiaryEntry, chain: ProviderChain) -> [JournalPassage] {
        guard !chain.endpoints.isEmpty else { return [] }
        return JournalRetrieval.related(to: entry, in: vault, configuration: chain.configuration, catalog: { [vault] in vault.catalog() })
    }
}
