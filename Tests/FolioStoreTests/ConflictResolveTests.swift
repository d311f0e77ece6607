import FolioCore
import Foundation
import Testing

@testable import FolioStore

/// Settling a conflict copy: mine, theirs or both, and the copy gone.
@Suite("Vault.resolveConflict: conflict copies settled")
struct ConflictResolveTests {
    let t: TemporaryVault
    let record: Record
    let copyPath: String

    init() throws {
        t = try TemporaryVault()
        record = try t.vault.create(NewRecord(kind: "idea", title: "B's title"))
        copyPath = (record.path as NSString).deletingPathExtension + ".conflict-my-laptop-20261122-020000.md"
        var theirs = record.document
        try theirs.set("title", .string("A's title"))
        try theirs.replaceBody("\nWritten on the laptop.\n")
        try t.write(copyPath, theirs.text)
    }

    @Test("a copy is found by its path and by its record, with its device and time")
    func find() throws {
        let copies = t.vault.listConflictCopies()
        #expect(
            copies == [
                ConflictCopy(path: copyPath, record: record.path, recordExists: true, device: "my-laptop", time: "2026-11-22 02:00:00 UTC")
            ])
        #expect(try t.vault.findConflictCopy(copyPath, workingDirectory: nil) == copies[0])
        #expect(try t.vault.findConflictCopy(record.slug, workingDirectory: nil) == copies[0])
        #expect(throws: FolioError(.conflict(.notACopy("nothing-here")))) {
            try t.vault.findConflictCopy("nothing-here", workingDirectory: nil)
        }
    }

    @Test("mine keeps the record as it is")
    func mine() throws {
        let before = t.read(record.path)
        let copy = try t.vault.findConflictCopy(copyPath, workingDirectory: nil)
        #expect(try t.vault.resolveConflict(copy, keep: .mine).differingKeys.isEmpty)
        #expect(t.read(record.path) == before && !t.exists(copyPath))
    }

    @Test("theirs puts the copy's version in the record's place")
    func theirs() throws {
        let copyText = t.read(copyPath)
        _ = try t.vault.resolveConflict(try t.vault.findConflictCopy(copyPath, workingDirectory: nil), keep: .theirs)
        #expect(t.read(record.path) == copyText && !t.exists(copyPath))
    }

    @Test("both appends the copy's body under a heading with the keys that differ")
    func both() throws {
        let result = try t.vault.resolveConflict(try t.vault.findConflictCopy(copyPath, workingDirectory: nil), keep: .both)
        #expect(result.differingKeys == ["title"])
        let text = try #require(t.read(record.path))
        #expect(text.contains("title: B's title"))
        #expect(
            text.hasSuffix(
                "## The other version (my-laptop, 2026-11-22 10:00)\n\nKeys that differed in that version:\n\n- title: A's title\n\nWritten on the laptop.\n"
            ), "\(text)")
        #expect(!t.exists(copyPath))
    }

    @Test("a copy that does not parse never replaces or joins the record, and nothing changes")
    func unreadableCopy() throws {
        try t.write(copyPath, "---\ntitle: [unclosed\n---\n")
        let before = t.snapshot()
        for keep in [ConflictKeep.theirs, .both] {
            #expect(throws: FolioError(.conflict(.copyNotARecord(copy: copyPath)))) {
                try t.vault.resolveConflict(try t.vault.findConflictCopy(copyPath, workingDirectory: nil), keep: keep)
            }
        }
        #expect(t.snapshot() == before)
    }
}
