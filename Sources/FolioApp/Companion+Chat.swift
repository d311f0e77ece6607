import FolioCompanion
import FolioCore
import FolioStore

/// What a chat turn came to, with the page as it stands after it: everything the turn wrote
/// (the greeting it answers, the message) is saved and committed whatever the reply did.
public enum ChatTurnOutcome: Sendable {
    /// The companion's reply is on the page.
    case replied(Record)
    /// The page's last word is not the user's: there is nothing to reply to.
    case nothingToReply(Record)
    /// The providers cannot reply (the built-in one only listens).
    case onlyListening(Record)
    /// No provider replied: said through the face and kept for `folio show`; `error` is the
    /// companion diary's "no reply" for the page.
    case failed(Record, error: FolioError)

    public var page: Record {
        switch self {
        case .replied(let page), .nothingToReply(let page), .onlyListening(let page), .failed(let page, _): page
        }
    }
}

extension Companion {
    /// The talk on a diary page opened: the companion looks at the page's media (once: a page
    /// analysed already is not looked at again) and greets, both in one commit; the greeting
    /// streams through `onPiece`. A failed analysis is said and kept for `folio show`, and the
    /// greeting still comes (the built-in one when no provider answers). A page whose talk is
    /// open already (a double tap, a retried request) is answered as it is.
    nonisolated(nonsending) public func openTalk(
        _ page: Record, chain: ProviderChain, moment: [String], onPiece: @escaping @Sendable (String) -> Void
    ) async throws(FolioError) -> Record {
        if Conversation.split(page.document.body).hasSection { return page }
        let vault = vault
        return try await vault.inOneCommit(Vault.describe("chat", page)) { () async throws(FolioError) -> Record in
            var seen = page
            if !(try DiaryEntry(page)).media.isEmpty, page.document.value("analyzed_at") == nil {
                // try?: the step says and keeps its own failure; the greeting comes all the same.
                seen = (try? await analyze(page, chain: chain).record) ?? page
            }
            let text = await greeting(seen, chain: chain, moment: moment)
            onPiece(text)
            return try vault.appendCompanionLine(text, to: seen, part: .greeting)
        }
    }

    /// One turn of the talk on a diary page, for every face: `greeting` (the line that opened the
    /// talk, when it is not saved yet) and `message` are saved, then the companion's reply to the
    /// user's last message streams through `onPiece` and is saved, all in one commit. Without a
    /// message the turn answers the last one again (a retry).
    nonisolated(nonsending) public func chatTurn(
        _ page: Record, message: String?, greeting: String? = nil, chain: ProviderChain, moment: [String],
        onPiece: @escaping @Sendable (String) -> Void
    ) async throws(FolioError) -> ChatTurnOutcome {
        let vault = vault
        return try await vault.inOneCommit(Vault.describe("chat", page)) { () async throws(FolioError) -> ChatTurnOutcome in
            var asked = page
            if let greeting { asked = try vault.appendCompanionLine(greeting, to: asked, part: .greeting) }
            if let message { asked = try vault.appendUserMessage(message, to: asked) }
            guard Conversation.parse(asked.document.body).last?.speaker == .me else { return .nothingToReply(asked) }
            guard chain.canReply else { return .onlyListening(asked) }
            return try await reply(to: asked, chain: chain, moment: moment, onPiece: onPiece)
        }
    }

    /// The companion's reply to the page's conversation, saved; a failure is said, kept for `show`
    /// and answered as ``ChatTurnOutcome/failed(_:error:)`` with the page as it was.
    nonisolated(nonsending) func reply(
        to asked: Record, chain: ProviderChain, moment: [String], onPiece: @escaping @Sendable (String) -> Void
    ) async throws(FolioError) -> ChatTurnOutcome {
        let entry = try DiaryEntry(asked)
        var request = entry.chatRequest(environment: moment)
        request.related = relatedPages(entry, chain: chain)
        let frozen = request
        do throws(FolioError) {
            let reply = try await face.streaming { () async throws(FolioError) in
                try await chain.first { provider async throws(AIProblem) in
                    ReplyText(try await provider.chat(frozen, onDelta: onPiece), part: .reply)
                }
            }
            vault.rememberAIFailure(nil, step: "chat", for: asked)
            return .replied(try vault.appendCompanionLine(reply.value.text, to: asked))
        } catch {
            vault.rememberAIFailure(error.message.text(vault.language), step: "chat", for: asked)
            face.warn(error)
            return .failed(asked, error: FolioError(.ai(.chatFailed(reference: asked.shortID))))
        }
    }
}
