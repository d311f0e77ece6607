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
}
