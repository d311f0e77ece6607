import Crypto
import FolioCompanion
import FolioCore
import FolioStore
import Foundation
import TestSupport
import Testing

@testable import FolioWeb

/// A new page from the phone is always saved: a voice note no provider can hear (the offline
/// companion hears nothing) keeps the page, its photo, its words and the recording itself, with
/// the reason kept for the page, as `folio show` tells it.
@Suite("A page from the phone is always saved")
struct AlwaysSavesTests {
    /// A file as the upload receiver leaves it: in a folder of its own, with its hash.
    static func received(_ bytes: [UInt8], named name: String, in scratch: Scratch) throws -> ReceivedUpload {
        let folder = scratch.path("upload-\(name)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(name)
        try Data(bytes).write(to: file)
        let hash = SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
        return ReceivedUpload(file: file, displayName: name, sha256: hash, size: UInt64(bytes.count))
    }

    @Test("a voice note the offline companion cannot hear: the page keeps the photo, the words and the recording")
    func unheardVoiceNoteIsKept() async throws {
        let app = try await WriteRouteMethodTests.PairedApp()
        let scratch = try Scratch("always-saves")
        let photo = try Self.received(MediaFixtures.jpeg(width: 8, height: 8), named: "IMG_0001.jpg", in: scratch)
        let voice = try Self.received(MediaFixtures.wav(seconds: 0.5), named: "voice.wav", in: scratch)
        let before = try app.state()

        let page = try await app.journal.newPage(upload: photo, voice: voice, text: "河邊的白鷺鷥")

        #expect(page.document.text.contains("河邊的白鷺鷥"), "the words typed with it")
        let after = try app.state()
        #expect(after.head != before.head, "the page is one commit")
        #expect(after.status.isEmpty, "nothing left uncommitted: \(after.status)")
        let media = after.files.keys.filter { $0.hasPrefix("media/") && before.files[$0] == nil }
        #expect(media.contains { $0.hasSuffix(".jpg") }, "the photo: \(media)")
        #expect(media.contains { $0.hasSuffix(".wav") }, "the recording itself, since no words came of it: \(media)")
        let text = try String(contentsOf: app.root.appendingPathComponent(page.path), encoding: .utf8)
        #expect(text.contains(".wav"), "the page names its recording")
        let id = try #require(page.id)
        let failure = AIState(localDirectory: app.root.appendingPathComponent(".folio/local")).failures[id]
        #expect(failure?.step == "transcribe", "the reason is kept for the page")
    }
}
