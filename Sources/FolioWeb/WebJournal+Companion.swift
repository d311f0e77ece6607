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
        let page = try diaryPage(reference)
        let companion = companion
        let chain = companion.chain(for: .greeting)
        let moment = await companion.moment(chain)
        let mark = service.commitMark
        let greeted = try await companion.openTalk(page, chain: chain, moment: moment, onPiece: onPiece)
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

    /// One turn: the message, then the companion's reply streamed piece by piece, in one commit
    /// (``FolioApp/Companion/chatTurn(_:message:greeting:chain:moment:onPiece:)``, as `folio chat`).
    func chat(_ reference: String, message: String, onPiece: @escaping @Sendable (String) -> Void) async throws(FolioError) -> ChatOutcome {
        let page = try diaryPage(reference)
        let companion = companion
        let chain = companion.chain(for: .chat(withMedia: false))
        let moment = await companion.moment(chain)
        let mark = service.commitMark
        let turn = try await companion.chatTurn(page, message: message, chain: chain, moment: moment, onPiece: onPiece)
        freshness.markChanged()
        try service.requireCommitted(since: mark)
        switch turn {
        case .replied(let page), .nothingToReply(let page): return ChatOutcome(page: page, failure: nil)
        case .onlyListening(let page):
            return ChatOutcome(page: page, failure: FolioError(.ai(.failed(provider: "builtin", problem: .needsNetworkProvider))))
        case .failed(let page, let error): return ChatOutcome(page: page, failure: error)
        }
    }

    /// "Done": the talk becomes the page in the writer's voice, with its tags (`folio summarize`).
    func finish(_ reference: String) async throws(FolioError) -> Record {
        let page = try diaryPage(reference)
        let companion = companion
        let mark = service.commitMark
        let changed = try await companion.summarize(page, chain: companion.chain(for: .summary)).record
        freshness.markChanged()
        try service.requireCommitted(since: mark)
        return changed
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
