import FolioCore
import FolioStore
import FolioSync
import Foundation
import TestSupport
import Testing

@testable import FolioWeb

/// What the pages left out is said on the server's terminal, as a command says it on standard
/// error: once while it stays so, not at every page load.
@Suite("folio serve names the files it could not read")
struct ServerNoticesTests {
    @Test("an unreadable file is named when a refresh first meets it; a refresh that meets it again says nothing; a new one is named")
    func namedOnce() async throws {
        let scratch = try Scratch("serve-notices")
        let root = scratch.path("vault")
        let clock = Clock(now: { Date(timeIntervalSince1970: 1_795_000_000) }, zone: TimeZone(secondsFromGMT: 8 * 3600) ?? .current)
        let vault = try Vault.initialise(at: root, owner: Owner(name: "林小雨", birthday: nil, gender: nil), language: .en, clock: clock)
        _ = try vault.create(NewRecord(kind: "idea", title: "Paint the fence"))
        let broken = "---\ntitle: [never closed\n---\nwords\n"
        try Data(broken.utf8).write(to: root.appendingPathComponent("ideas/broken-1.md"))

        let said = Locked<[String]>([])
        let journal = WebJournal(
            WebSetup(root: root, environment: [:]),
            warn: { error in
                said.withValue { $0.append(error.rendered(in: .en, asWarning: true)) }
            })
        #expect(try await journal.prepareFirstPages() == 1, "the record that reads is served")
        #expect(said.current.count == 1 && said.current.first?.contains("ideas/broken-1.md") == true, "\(said.current)")

        journal.freshness.markChanged()
        try await journal.refresh()
        #expect(said.current.count == 1, "the same file is not named again: \(said.current)")

        try Data(broken.utf8).write(to: root.appendingPathComponent("ideas/broken-2.md"))
        journal.freshness.markChanged()
        try await journal.refresh()
        #expect(said.current.count == 2 && said.current.last?.contains("ideas/broken-2.md") == true, "\(said.current)")

        // A link out of the vault is named too, as every read command names it.
        let away = scratch.path("away.md")
        try Data("---\ntitle: away\n---\nelsewhere\n".utf8).write(to: away)
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("ideas/away.md"), withDestinationURL: away)
        journal.freshness.markChanged()
        try await journal.refresh()
        #expect(said.current.count == 3 && said.current.last?.contains("ideas/away.md") == true, "\(said.current)")
        try FileManager.default.removeItem(at: root.appendingPathComponent("ideas/away.md"))

        // Mended, then broken again: named again.
        try FileManager.default.removeItem(at: root.appendingPathComponent("ideas/broken-1.md"))
        journal.freshness.markChanged()
        try await journal.refresh()
        try Data(broken.utf8).write(to: root.appendingPathComponent("ideas/broken-1.md"))
        journal.freshness.markChanged()
        try await journal.refresh()
        #expect(said.current.count == 4 && said.current.last?.contains("ideas/broken-1.md") == true, "\(said.current)")
    }
}
