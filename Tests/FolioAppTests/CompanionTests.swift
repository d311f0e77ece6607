import FolioCompanion
import FolioCore
import FolioStore
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import FolioApp

/// The companion's steps exist once, for every face: what a face is told and asked, the same on
/// the terminal and the server.
@Suite("Companion: the steps every face shares")
struct CompanionTests {
    /// A face that writes down what it is told and answers "yes" or "no" to a new AI server.
    final class RecordingFace: CompanionFace, Sendable {
        let confirms: Bool
        let said = Mutex<[String]>([])
        let asked = Mutex<[String]>([])

        init(confirms: Bool) {
            self.confirms = confirms
        }

        func warn(_ error: FolioError) { said.withLock { $0.append(error.rendered(in: .en)) } }
        func tell(_ message: Message) { said.withLock { $0.append(message.text(.en)) } }
        func confirmsNewServer(_ url: String) -> Bool {
            asked.withLock { $0.append(url) }
            return confirms
        }
        nonisolated(nonsending) func waiting<T: Sendable>(_ operation: @escaping @Sendable () async throws(FolioError) -> T)
            async throws(FolioError) -> T
        { try await operation() }
        nonisolated(nonsending) func streaming<T: Sendable>(_ operation: @escaping @Sendable () async throws(FolioError) -> T)
            async throws(FolioError) -> T
        { try await operation() }
        nonisolated(nonsending) func skippable<T: Sendable>(_ operation: @escaping @Sendable () async -> T?) async -> T? {
            await operation()
        }
    }

    static func journal(_ scratch: Scratch, settings: String = "") throws -> JournalService {
        let root = try JournalServiceTests.vault(scratch)
        if !settings.isEmpty {
            let config = root.appendingPathComponent(".folio/config.yaml")
            let old = FileManager.default.fileExists(atPath: config.path) ? try String(contentsOf: config, encoding: .utf8) : ""
            try (old + settings).write(to: config, atomically: true, encoding: .utf8)
        }
        return JournalService.open(JournalOptions(root: root, environment: ["HOME": scratch.path("home").path, "FOLIO_AI_KEY": "sk-test"]))
    }

    @Test("a new AI server: asked once through the face, remembered when confirmed; its notice says what the step sends")
    func newServerConfirmedOnce() throws {
        let scratch = try Scratch("companion-new-server")
        let settings = "ai:\n  provider: openai\n  base_url: http://127.0.0.1:9/v1\n  model: friend-1\nprivacy:\n  share_location: true\n"
        let journal = try Self.journal(scratch, settings: settings)
        let face = RecordingFace(confirms: true)
        let companion = Companion(journal, face: face)
        let chain = companion.chain(for: .summary)
        #expect(face.asked.withLock { $0 } == ["http://127.0.0.1:9/v1"])
        let endpoint = try #require(chain.endpoints.first, "confirmed: the server is in the chain")
        // The summary carries the place (share_location is on), never media or past pages.
        let owed = Message.ai(
            .firstUse(provider: endpoint.label, url: endpoint.url, sends: .entry(media: false, location: true, pastPages: false)))
        #expect(face.said.withLock { $0 } == [owed.text(.en)])
        _ = companion.chain(for: .greeting)
        #expect(face.asked.withLock { $0 }.count == 1, "confirmed once, remembered on this device")
        #expect(face.said.withLock { $0 }.count == 1, "the notice is owed once")
    }

    @Test("a face that cannot ask (a server) leaves a new AI server out and says nothing more")
    func serverNeverConfirms() throws {
        let scratch = try Scratch("companion-server-face")
        let journal = try Self.journal(scratch, settings: "ai:\n  provider: openai\n  base_url: http://127.0.0.1:9/v1\n  model: friend-1\n")
        let face = RecordingFace(confirms: false)
        let chain = Companion(journal, face: face).chain(for: .greeting)
        #expect(face.asked.withLock { $0 }.count == 1)
        #expect(!chain.configuration.isConfirmed(localDirectory: journal.vault.localDirectory), "nothing remembered")
    }

    @Test("a voice note no provider can hear: the reason is said through the face, then the diary's message")
    func unheardVoiceNote() async throws {
        let scratch = try Scratch("companion-voice")
        let journal = try Self.journal(scratch)
        let face = RecordingFace(confirms: false)
        let clip = scratch.path("voice.wav")
        try Data(MediaFixtures.wav(seconds: 0.2)).write(to: clip)
        await #expect(throws: FolioError(.ai(.transcriptionFailed))) {
            try await Companion(journal, face: face).transcribe(clip, displayName: "voice.wav")
        }
        #expect(!face.said.withLock { $0 }.isEmpty, "the provider's reason is said first")
    }

    /// A diary page, committed, in a vault whose AI settings are `settings`.
    static func diaryPage(_ scratch: Scratch, settings: String = "") throws -> (JournalService, Record) {
        let journal = try journal(scratch, settings: settings)
        // The settings as another device would have synced them: committed.
        if !settings.isEmpty { _ = try Tool.git(["commit", "-qam", "settings"], in: journal.vault.root) }
        let page = try journal.committing { vault throws(FolioError) in
            try vault.create(NewRecord(kind: "diary", body: "Walked by the river at dusk."))
        }
        return (journal, page)
    }

    static func lastCommit(_ journal: JournalService) throws -> String {
        try Tool.git(["log", "-1", "--format=%s", "--name-only"], in: journal.vault.root)
    }

    @Test("a chat turn with a provider: the message and the streamed reply on the page, in one commit")
    func chatTurnReplies() async throws {
        let scratch = try Scratch("companion-chat")
        let server = try OpenAIServer(defaultReply: .stream(["The water ", "was calm?"]))
        defer { server.stop() }
        let settings = "ai:\n  provider: openai\n  base_url: \(server.baseURL)\n  model: friend-1\n"
        let (journal, page) = try Self.diaryPage(scratch, settings: settings)
        try EndpointTrust.trust(server.baseURL, for: "ai.base_url", localDirectory: journal.vault.localDirectory)
        let companion = Companion(journal, face: RecordingFace(confirms: false))
        let chain = companion.chain(for: .chat(withMedia: false))
        let pieces = Mutex<[String]>([])
        let before = try Tool.git(["rev-list", "--count", "HEAD"], in: journal.vault.root)
        let outcome = try await companion.chatTurn(page, message: "It was quiet.", chain: chain, moment: []) { piece in
            pieces.withLock { $0.append(piece) }
        }
        guard case .replied(let after) = outcome else {
            Issue.record("no reply: \(outcome)")
            return
        }
        #expect(pieces.withLock { $0 }.joined() == "The water was calm?")
        let talk = Conversation.parse(after.document.body)
        #expect(talk.map(\.text) == ["It was quiet.", "The water was calm?"])
        let commits = try Tool.git(["rev-list", "--count", "HEAD"], in: journal.vault.root)
        #expect(
            Int(commits.trimmingCharacters(in: .whitespacesAndNewlines))
                == Int(before.trimmingCharacters(in: .whitespacesAndNewlines)).map { $0 + 1 })
        let status = try Tool.git(["status", "--porcelain"], in: journal.vault.root)
        #expect(status == "", "the turn is committed: \(status)")
    }

    @Test("a chat turn no provider answers: the message is saved and committed, the reason said and kept, the failure a value")
    func chatTurnFails() async throws {
        let scratch = try Scratch("companion-chat-fails")
        let server = try OpenAIServer(defaultReply: .error(status: 500, message: "the model is down", type: "server_error"))
        defer { server.stop() }
        let settings = "ai:\n  provider: openai\n  base_url: \(server.baseURL)\n  model: friend-1\n"
        let (journal, page) = try Self.diaryPage(scratch, settings: settings)
        try EndpointTrust.trust(server.baseURL, for: "ai.base_url", localDirectory: journal.vault.localDirectory)
        let face = RecordingFace(confirms: false)
        let companion = Companion(journal, face: face)
        let outcome = try await companion.chatTurn(
            page, message: "Are you there?", chain: companion.chain(for: .chat(withMedia: false)), moment: []
        ) { _ in }
        guard case .failed(let after, let error) = outcome else {
            Issue.record("not a failure: \(outcome)")
            return
        }
        #expect(error == FolioError(.ai(.chatFailed(reference: after.shortID))))
        #expect(Conversation.parse(after.document.body).map(\.text) == ["Are you there?"])
        #expect(try Tool.git(["status", "--porcelain"], in: journal.vault.root) == "", "the message is committed")
        #expect(!face.said.withLock { $0 }.isEmpty, "the provider's reason is said through the face")
        let kept = AIState(localDirectory: journal.vault.localDirectory).failures[after.id ?? ""]
        #expect(kept?.step == "chat", "kept for folio show")
    }

    @Test("the built-in companion only listens: the greeting and message are saved, nothing is asked")
    func chatTurnOnlyListens() async throws {
        let scratch = try Scratch("companion-chat-listens")
        let (journal, page) = try Self.diaryPage(scratch)
        let companion = Companion(journal, face: RecordingFace(confirms: false))
        let outcome = try await companion.chatTurn(
            page, message: "Just writing.", greeting: "Evening!", chain: companion.chain(for: .chat(withMedia: false)), moment: []
        ) { _ in }
        guard case .onlyListening(let after) = outcome else {
            Issue.record("asked someone: \(outcome)")
            return
        }
        #expect(Conversation.parse(after.document.body).map(\.text) == ["Evening!", "Just writing."])
        #expect(try Tool.git(["status", "--porcelain"], in: journal.vault.root).isEmpty)
        // Asked again without a message, the user's word is still the last: nothing new is written.
        let again = try await companion.chatTurn(after, message: nil, chain: companion.chain(for: .chat(withMedia: false)), moment: []) {
            _ in
        }
        guard case .onlyListening = again else {
            Issue.record("\(again)")
            return
        }
    }
}
