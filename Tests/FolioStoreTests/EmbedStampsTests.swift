import FolioCore
import FolioSearch
import Foundation
import Synchronization
import Testing

@testable import FolioStore

#if canImport(Glibc)
    import Glibc
#endif

/// An embeddings server in the test's hands: a vector from each text's bytes, and every text it was sent.
private final class CountingEmbedder: Embedder {
    let model = "e5"
    let endpoint = "http://embeddings.test/v1"
    let batchSize = 8
    private let sent = Mutex<[String]>([])
    var texts: [String] { sent.withLock { $0 } }

    func embed(_ texts: [String], as side: EmbeddingSide, dimension: Int?) async throws(AIProblem) -> EmbeddedTexts {
        sent.withLock { $0 += texts }
        return EmbeddedTexts(model: "e5-served", vectors: texts.map { text in (0..<20).map { Float(text.utf8.count % ($0 + 2)) + 0.5 } })
    }
}

/// A search by meaning reads only the records whose files changed since their chunks were cut.
@Suite("Vectors kept for unchanged records")
struct EmbedStampsTests {
    private func vault(racy: Bool = false) throws -> TemporaryVault {
        let t = try TemporaryVault(racyWindowNanoseconds: racy ? Clock.standardRacyWindowNanoseconds : 0)
        for i in 0..<5 { try t.write(path(i), page(i, body: "第 \(i) 天，在河邊散步 walk \(i).")) }
        return t
    }

    private func path(_ i: Int) -> String { "diary/2026/11/2026-11-0\(i + 1)-day-\(i).md" }

    private func page(_ i: Int, body: String, extra: String = "") -> String {
        """
        ---
        id: 00000000-0000-4000-8000-00000000000\(i)
        kind: diary
        title: day \(i)
        created: 2026-11-0\(i + 1)T08:00:00+08:00
        \(extra)---
        \(body)

        """
    }

    private func embed(_ t: TemporaryVault, _ embedder: CountingEmbedder) async throws -> EmbedSummary {
        try await t.vault.embed(with: embedder, rebuild: false, progress: { _, _ in }, stop: { false }, note: { _ in })
    }

    /// The files a search by meaning would read now.
    private func read(_ t: TemporaryVault) -> Int {
        let stored = t.vault.readVectors().store
        return t.vault.wantedChunks(model: "e5", in: t.vault.catalog(), against: stored).readFiles
    }

    @Test("after embed nothing is read again; an edit of the same size with its time set back is read and embedded again")
    func sameSizeEdit() async throws {
        let t = try vault()
        let embedder = CountingEmbedder()
        #expect(try await embed(t, embedder).embedded == 5)
        #expect(read(t) == 0)
        #expect(try await embed(t, embedder).embedded == 0)

        // The same number of bytes, written in place, the modification time put back: only the change time moved.
        let url = t.root.appendingPathComponent(path(2))
        var before = stat()
        #expect(stat(url.path, &before) == 0)
        let edited = page(2, body: "第 2 天，在海邊散步 walk 2.")
        #expect(edited.utf8.count == Int(before.st_size))
        let handle = try FileHandle(forWritingTo: url)
        try handle.write(contentsOf: Data(edited.utf8))
        try handle.close()
        var times = [before.st_atim, before.st_mtim]
        #expect(utimensat(AT_FDCWD, url.path, &times, 0) == 0)
        #expect(read(t) == 1)
        let again = try await embed(t, embedder)
        #expect(again.embedded == 1 && again.chunks == 5 && again.records == 5)
        #expect(embedder.texts.last?.contains("海邊") == true)
        #expect(read(t) == 0)
    }

    @Test("a renamed file is read again under its new name; a deleted one's vectors are dropped unread")
    func renamedAndDeleted() async throws {
        let t = try vault()
        let embedder = CountingEmbedder()
        #expect(try await embed(t, embedder).embedded == 5)
        let from = t.root.appendingPathComponent(path(1))
        try FileManager.default.moveItem(at: from, to: from.deletingLastPathComponent().appendingPathComponent("renamed.md"))
        #expect(read(t) == 1)
        let renamed = try await embed(t, embedder)
        #expect(renamed.embedded == 0 && renamed.chunks == 5, "the same id and text: its vectors are kept")
        #expect(read(t) == 0)

        try FileManager.default.removeItem(at: t.root.appendingPathComponent(path(3)))
        #expect(read(t) == 0)
        let deleted = try await embed(t, embedder)
        #expect(deleted.embedded == 0 && deleted.chunks == 4 && deleted.records == 4)
        #expect(t.vault.readVectors().store?.sources.count == 4)
    }

    @Test("a file written just before the catalog looked (racy) is read on every search until it settles")
    func racy() async throws {
        let t = try vault(racy: true)
        let embedder = CountingEmbedder()
        #expect(try await embed(t, embedder).embedded == 5)
        #expect(read(t) == 5, "every file was just written")
        #expect(t.vault.readVectors().store?.sources.isEmpty == true, "no stamp is kept for a racy file")
        #expect(try await embed(t, embedder).embedded == 0)
    }

    @Test("another text field in a kind's schema reads and cuts every record again")
    func schemaChange() async throws {
        let t = try vault()
        try t.write(path(0), page(0, body: "第 0 天。", extra: "mood: 心情很好\n"))
        let embedder = CountingEmbedder()
        #expect(try await embed(t, embedder).embedded == 5)
        #expect(read(t) == 0)
        let template = try #require(t.read(".folio/templates/diary.md") ?? Self.diaryTemplate)
        try t.write(".folio/templates/diary.md", template.replacingOccurrences(of: "fields:\n", with: "fields:\n  mood: text\n"))
        let changed = Vault(root: t.root, clock: t.vault.clock)
        let stored = changed.readVectors().store
        #expect(changed.wantedChunks(model: "e5", in: changed.catalog(), against: stored).readFiles == 5)
        let again = try await changed.embed(with: embedder, rebuild: false, progress: { _, _ in }, stop: { false }, note: { _ in })
        #expect(again.embedded == 1 && again.chunks == 5, "only the record with a mood has another text")
        #expect(embedder.texts.last?.contains("心情很好") == true)
    }

    static let diaryTemplate = "---\nkind: diary\ndir: diary\nfields:\n  text: text\n---\n{{{body}}}\n"
}
