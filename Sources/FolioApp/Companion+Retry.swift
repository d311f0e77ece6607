import FolioCompanion
import FolioCore
import FolioStore
import Foundation

/// A companion step on a page that may fail and be tried again from any face: the name it is
/// kept under in `.folio/local/ai-state.json` (`folio show`'s "last AI failure").
public enum CompanionRetryStep: String, Sendable, CaseIterable {
    /// Looking at the page's photos and videos.
    case analyze
    /// The talk turned into the page with its tags ("完成").
    case summarize
    /// The companion's reply to the last message.
    case chat
    /// The words of a voice note kept on the page as its recording.
    case transcribe
}

/// What a companion step came to: the page as it stands (everything written before the step is
/// saved and committed) and, when the step failed, the companion diary's message for it.
public struct CompanionStepOutcome: Sendable {
    public var page: Record
    public var failure: FolioError?

    public init(page: Record, failure: FolioError?) {
        self.page = page
        self.failure = failure
    }
}

extension ChatTurnOutcome {
    /// The turn as a step: a built-in companion that only listens is no failure (the message is
    /// saved; a face says once, where the talk is, that no reply comes: ``Companion/onlyListens``).
    public var step: CompanionStepOutcome {
        switch self {
        case .replied(let page), .nothingToReply(let page), .onlyListening(let page): CompanionStepOutcome(page: page, failure: nil)
        case .failed(let page, let error): CompanionStepOutcome(page: page, failure: error)
        }
    }
}

extension Companion {
    /// The step that failed last on `page` on this device, with its reason as it was said then;
    /// nil when none did (or a later try succeeded).
    public func keptFailure(of page: Record) -> (step: CompanionRetryStep?, failure: AIState.Failure)? {
        page.id.flatMap(keptFailure(id:))
    }

    /// The same by the record's id, without reading the record (a page served reads no record).
    public func keptFailure(id: String) -> (step: CompanionRetryStep?, failure: AIState.Failure)? {
        guard let failure = AIState(localDirectory: vault.localDirectory).failures[id] else { return nil }
        return (CompanionRetryStep(rawValue: failure.step), failure)
    }

    /// Whether the companion only listens: the settings name no provider that can reply (the
    /// built-in one, offline). Read without a provider chain, so nothing is announced.
    public var onlyListens: Bool {
        !AIConfiguration(vault: vault, language: vault.language).usesNetwork
    }

    /// Tries `step` on `page` again, as the face's retry button asks: each one commit, each
    /// failure said, kept for `folio show` and answered as the outcome's failure (never thrown:
    /// what the page holds is saved either way). A chat reply streams through `onPiece`.
    /// - Throws: ``FolioError`` only for what stops before the step (a page that is not a diary
    ///   page, a write refused).
    nonisolated(nonsending) public func retry(
        _ step: CompanionRetryStep, on page: Record, onPiece: @escaping @Sendable (String) -> Void
    ) async throws(FolioError) -> CompanionStepOutcome {
        _ = try DiaryEntry(page)
        switch step {
        case .analyze:
            do throws(FolioError) {
                let seen = try await vault.inOneCommit(Vault.describe("analyze", page)) { () async throws(FolioError) -> Record in
                    try await analyze(page, chain: chain(for: .greeting)).record
                }
                return CompanionStepOutcome(page: seen, failure: nil)
            } catch {
                return try stepFailed(error, page: page)
            }
        case .summarize:
            do throws(FolioError) {
                return CompanionStepOutcome(page: try await summarize(page, chain: chain(for: .summary)).record, failure: nil)
            } catch {
                return try stepFailed(error, page: page)
            }
        case .chat:
            let chain = chain(for: .chat(withMedia: false))
            let moment = await moment(chain)
            return try await chatTurn(page, message: nil, chain: chain, moment: moment, onPiece: onPiece).step
        case .transcribe:
            return try await hearAgain(page)
        }
    }

    /// A step's own failure (kept and said by the step) is the outcome's; anything else stops.
    private func stepFailed(_ error: FolioError, page: Record) throws(FolioError) -> CompanionStepOutcome {
        guard case .ai = error.message else { throw error }
        // try?: the page as it was before the step, when it cannot be read again: never a wrong page.
        return CompanionStepOutcome(page: (try? vault.findRecord(page.path, workingDirectory: nil)) ?? page, failure: error)
    }

    /// The page's voice note, kept as its recording because no provider could hear it, heard
    /// again: its words join the page's text (`text` and the page part of the body), one commit.
    /// The recording stays on the page: it is what was said, and removing it is the writer's call.
    nonisolated(nonsending) func hearAgain(_ page: Record) async throws(FolioError) -> CompanionStepOutcome {
        guard let recording = MediaEntry.entries(of: page.document).last(where: { $0.type == "audio" }) else {
            vault.rememberAIFailure(nil, step: CompanionRetryStep.transcribe.rawValue, for: page)
            return CompanionStepOutcome(page: page, failure: nil)
        }
        let heard: String
        do throws(FolioError) {
            heard = try await transcribe(vault.url(recording.file), displayName: recording.name ?? recording.file)
        } catch {
            vault.rememberAIFailure(error.message.text(vault.language), step: CompanionRetryStep.transcribe.rawValue, for: page)
            return CompanionStepOutcome(page: page, failure: error)
        }
        try vault.checkInput([(.note, heard)])
        let path = page.path
        let byAI = PageWords.isWrittenByAI(page)
        // The words live once, in the body; a page an AI wrote keeps what it was written from in `text`.
        let words = byAI ? PageWords.inBody(page) : (PageWords.writers(page) ?? "")
        let joined = [words, heard].filter { !$0.isEmpty }.joined(separator: "\n\n")
        let kept = [page.document.string("text") ?? "", heard].filter { !$0.isEmpty }.joined(separator: "\n")
        let changed = try vault.update(
            page, keys: [("text", byAI ? .string(kept) : nil)],
            body: { body in PageBody.replacingPage(in: body, with: joined, recordPath: path) }, verb: "transcribe")
        vault.rememberAIFailure(nil, step: CompanionRetryStep.transcribe.rawValue, for: changed)
        return CompanionStepOutcome(page: changed, failure: nil)
    }
}
