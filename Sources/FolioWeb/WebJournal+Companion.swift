import FolioApp
import FolioCompanion
import FolioCore
import FolioStore
import Foundation

/// The companion diary in the browser: the same steps as `folio diary` and `folio chat` (the
/// library's requests, provider chain and vault changes), each one commit, each streamed to the
/// page as it arrives when the page's script asks for it.
extension WebJournal {
    /// The companion's steps (FolioApp), with the server's terminal as their face: a network
    /// provider is used only when this device confirmed its address already (`folio config trust
    /// ai.base_url`, or a terminal's yes); the browser is not where a new destination for the
    /// journal's words is agreed to.
    var companion: Companion { Companion(service, face: ServerFace(warn: warn)) }

    /// The diary page `reference` names.
    private func diaryPage(_ reference: String) throws(FolioError) -> Record {
        try service.beginRequest()
        try vault.requireProfile()
        let page = try vault.findRecord(reference, workingDirectory: nil)
        _ = try DiaryEntry(page)  // the companion's own refusal of a page that is not a diary page
        return page
    }

    /// The companion looks at the page's media (once) and greets; the greeting opens the
    /// conversation. A failed analysis is kept for `folio show` and the greeting still comes
    /// (the built-in one when no provider answers), as in `folio diary`.
    func greet(_ reference: String, onPiece: @escaping @Sendable (String) -> Void) async throws(FolioError) -> Record {
        let page = try diaryPage(reference)
        let companion = companion
        let chain = companion.chain(for: .greeting)
        let moment = await companion.moment(chain)
        return try await committed { () async throws(FolioError) in
            try await companion.openTalk(page, chain: chain, moment: moment, onPiece: onPiece)
        }
    }

    /// One turn: the message, then the companion's reply streamed piece by piece, in one commit
    /// (``FolioApp/Companion/chatTurn(_:message:greeting:chain:moment:onPiece:)``, as `folio chat`).
    /// A turn with no reply is the outcome's failure: the message is saved all the same.
    func chat(_ reference: String, message: String, onPiece: @escaping @Sendable (String) -> Void) async throws(FolioError)
        -> CompanionStepOutcome
    {
        let page = try diaryPage(reference)
        let companion = companion
        let chain = companion.chain(for: .chat(withMedia: false))
        let moment = await companion.moment(chain)
        return try await committed { () async throws(FolioError) in
            try await companion.chatTurn(page, message: message, chain: chain, moment: moment, onPiece: onPiece).step
        }
    }

    /// "Done": the talk becomes the page in the writer's voice, with its tags (`folio summarize`).
    /// A summary no provider made is the outcome's failure: the talk is saved, and the page offers
    /// to try again.
    func finish(_ reference: String) async throws(FolioError) -> CompanionStepOutcome {
        let page = try diaryPage(reference)
        return try await committed { () async throws(FolioError) in
            try await companion.retry(.summarize, on: page, onPiece: { _ in })
        }
    }

    /// The page's retry button: the step that failed on it, tried again
    /// (``FolioApp/Companion/retry(_:on:onPiece:)``); a chat reply streams through `onPiece`.
    func retry(_ reference: String, step: CompanionRetryStep, onPiece: @escaping @Sendable (String) -> Void) async throws(FolioError)
        -> CompanionStepOutcome
    {
        let page = try diaryPage(reference)
        let companion = companion
        return try await committed { () async throws(FolioError) in try await companion.retry(step, on: page, onPiece: onPiece) }
    }

    /// What a served diary page says in its companion box, besides what is on the page: the step
    /// that failed on it with a way to try again, or that the companion only listens. Read from
    /// this device's state at each load, so it follows the vault's settings and the last try.
    func companionStatus(_ reference: String) -> CompanionStatus? {
        do throws(FolioError) {
            try service.beginRequest()
        } catch {
            return nil
        }
        // By the id the page names: no record is read to send a page (a failure is kept by id;
        // a record without one has none).
        let companion = companion
        if let kept = companion.keptFailure(id: reference) {
            return .failed(step: kept.step, stepName: kept.failure.step, reason: kept.failure.message)
        }
        return companion.onlyListens ? .onlyListens : nil
    }

    /// Runs a step of the companion that writes; a change written but not committed is an error.
    private func committed<T>(_ step: () async throws(FolioError) -> T) async throws(FolioError) -> T {
        let mark = service.commitMark
        defer { freshness.markChanged() }
        let outcome = try await step()
        try service.requireCommitted(since: mark)
        return outcome
    }
}

/// A server's terminal as the companion's face: what a person would be told goes there; nothing is
/// asked (a new AI server is confirmed on a terminal, never from a browser); nothing waits but the
/// step itself.
struct ServerFace: CompanionFace {
    let warn: @Sendable (FolioError) -> Void

    func warn(_ error: FolioError) { warn(error) }

    func tell(_ message: Message) { warn(FolioError(message)) }

    func confirmsNewServer(_ url: String) -> Bool { false }

    nonisolated(nonsending) func waiting<T: Sendable>(_ operation: @escaping @Sendable () async throws(FolioError) -> T)
        async throws(FolioError) -> T
    {
        try await operation()
    }

    nonisolated(nonsending) func streaming<T: Sendable>(_ operation: @escaping @Sendable () async throws(FolioError) -> T)
        async throws(FolioError) -> T
    {
        try await operation()
    }

    nonisolated(nonsending) func skippable<T: Sendable>(_ operation: @escaping @Sendable () async -> T?) async -> T? {
        await operation()
    }
}
