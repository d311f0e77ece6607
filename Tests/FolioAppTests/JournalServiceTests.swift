import FolioCore
import FolioStore
import FolioSync
import Foundation
import SystemIO
import TestSupport
import Testing

@testable import FolioApp

/// The one door every face opens a vault through, and the policies it holds for all three: the
/// language, secrets, the watcher, the vault's warnings, and a change written but not committed.
@Suite("JournalService: one way to open a vault, one policy")
struct JournalServiceTests {
    /// A vault with its history and a first commit, as `folio init` leaves it.
    static func vault(_ scratch: Scratch, language: Language = .en) throws -> URL {
        let root = scratch.path("vault")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try History.initialise(at: root)
        let vault = try Vault.initialise(at: root, owner: Owner(name: "林小雨"), language: language, clock: Clock.from(environment: [:]))
        let history = try #require(try History.open(vault, environment: [:]))
        _ = try history.commitHandChanges(in: vault, message: "init: new vault")
        return root
    }

    @Test("the options every face passes reach the vault: language, secrets, the watcher")
    func policies() throws {
        let scratch = try Scratch("journal-policies")
        let root = try Self.vault(scratch, language: .en)
        let plain = JournalService.open(JournalOptions(root: root, environment: [:]))
        #expect(plain.language == .en)
        #expect(!plain.vault.allowSecrets)
        #expect(plain.vault.asksWatcher)
        #expect(plain.history != nil)
        #expect(plain.refusal == nil)

        let chosen = JournalService.open(
            JournalOptions(root: root, environment: ["FOLIO_WATCH": "off"], language: .zhHant, allowSecrets: true))
        #expect(chosen.language == .zhHant)
        #expect(chosen.vault.allowSecrets)
        #expect(!chosen.vault.asksWatcher, "FOLIO_WATCH=off: every file is stamped, on every face")

        let reading = JournalService.open(JournalOptions(root: root, environment: [:], history: .readingOnly))
        #expect(reading.history == nil, "reading only: libgit2 does not start")
        #expect(reading.refusal == nil)
    }

    @Test("a change through the service is one commit, as every face makes it")
    func oneCommitPerChange() throws {
        let scratch = try Scratch("journal-commit")
        let root = try Self.vault(scratch)
        let journal = JournalService.open(JournalOptions(root: root, environment: [:]))
        let idea = try journal.committing { vault throws(FolioError) in try vault.create(NewRecord(kind: "idea", title: "Fix the gate")) }
        #expect(try Tool.git(["log", "-1", "--format=%s"], in: root).contains("Fix the gate"))
        #expect(try Tool.git(["status", "--porcelain"], in: root).isEmpty, "nothing left uncommitted")
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent(idea.path).path))
    }

    @Test("a change written but not committed is an error the same everywhere; the file stays")
    func uncommittedIsAnError() throws {
        let scratch = try Scratch("journal-uncommitted")
        let root = try Self.vault(scratch)
        let journal = JournalService.open(JournalOptions(root: root, environment: [:]))
        let failure = FolioError(.commitFailed(.other("the disk is full")))
        var written: Record?
        #expect(throws: failure) {
            try journal.committing { vault throws(FolioError) in
                let record = try vault.create(NewRecord(kind: "idea", title: "Kept on disk"))
                written = record
                // What the history's recorder does when libgit2 cannot commit.
                journal.ledger.add(failure)
                return record
            }
        }
        let path = try #require(written?.path)
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path), "the change stays on disk")
        #expect(journal.ledger.take() == [failure], "the command line names it when the command ends")
        #expect(journal.ledger.take().isEmpty, "each failure is handed out once")
        // A change after it, committed, is no error.
        _ = try journal.committing { vault throws(FolioError) in try vault.create(NewRecord(kind: "idea", title: "Next one")) }
    }

    @Test("a vault with no history: the service opens, and says why nothing is committed")
    func noHistory() throws {
        let scratch = try Scratch("journal-no-history")
        let root = scratch.path("vault")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        _ = try Vault.initialise(at: root, owner: Owner(name: "林小雨"), language: .en, clock: Clock.from(environment: [:]))
        let journal = JournalService.open(JournalOptions(root: root, environment: [:]))
        #expect(journal.history == nil)
        #expect(!journal.openingWarnings().isEmpty, "the vault warns that it has no history, on every face")
    }
}
