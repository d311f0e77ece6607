import FolioCore
import Foundation
import Testing

@testable import FolioStore

@Suite("What the vault writes and what check finds")
struct GuardTests {
    @Test(
        "a conflict copy's record: the name before .conflict-, with the extension after its stamp",
        arguments: [
            ("ideas/2026/11/2026-11-22-x.conflict-a-20261122-020000.md", "ideas/2026/11/2026-11-22-x.md"),
            (".folio/config.conflict-my-laptop-20261122-020000.yaml", ".folio/config.yaml"),
            (".gitignore.conflict-phone-20261122-020000", ".gitignore"),
            ("notes/a.b.conflict-device-20260101-000000.txt", "notes/a.b.txt"),
            ("x.conflict-odd.md", "x.md"),
        ])
    func conflictOriginal(copy: String, record: String) {
        #expect(Vault.conflictOriginal(copy) == record)
    }

    @Test("create refuses a record whose kind's folder leads outside the vault, and writes nothing there")
    func folderOutside() throws {
        let t = try TemporaryVault()
        let outside = t.root.deletingLastPathComponent().appendingPathComponent("folio-outside-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: t.root.appendingPathComponent("ideas").path, withDestinationPath: outside.path)
        #expect(throws: FolioError(.guarded(.folderLeadsOutside("ideas")), file: "ideas/2026/11/2026-11-22-x.md")) {
            try t.vault.create(NewRecord(kind: "idea", title: "x"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
    }

    @Test("a key typed into a new record is refused before its file exists; allowed, it is written")
    func secretInRequest() throws {
        let t = try TemporaryVault()
        let token = "gl" + "pat-" + "R7F1K9A14yc9ugoYpn91"
        #expect(throws: FolioError(.guarded(.secretInInput(input: .body, kind: .gitlabToken, masked: "glpa…")))) {
            try t.vault.create(NewRecord(kind: "idea", title: "deploy", body: token))
        }
        #expect(!t.exists("ideas"))
        t.vault.allowSecrets = true
        let record = try t.vault.create(NewRecord(kind: "idea", title: "deploy", body: token))
        #expect(t.read(record.path)?.contains(token) == true)
    }

    /// Every face's edit (an editor, a page of `folio serve`, an assistant's `edit_body`) ends in
    /// `replaceText`, which checks the lines the edit adds as typed text is checked: a control
    /// character the file held before (written by another editor) is no reason to refuse an edit.
    @Test("an edit is checked on the lines it adds: around a control character kept before it is saved, a new one is refused")
    func editChecksWhatItAdds() throws {
        let t = try TemporaryVault()
        let record = try t.vault.create(NewRecord(kind: "idea", title: "bells", body: "to do: ring\n"))
        // Another editor wrote a bell into the file.
        let original = try #require(t.read(record.path)).replacingOccurrences(of: "to do: ring", with: "a bell \u{07} here\nto do: ring")
        try t.write(record.path, original)
        let read = try t.vault.findRecord("bells", workingDirectory: nil)
        let edited = original.replacingOccurrences(of: "to do: ring", with: "done: rang")
        let saved = try t.vault.replaceText(of: read, with: edited, expecting: original)
        #expect(t.read(saved.path) == edited)
        for (line, scalar) in [("an escape \u{1B}[31m", UInt32(0x1B)), ("another bell \u{07}", 7)] {
            #expect(throws: FolioError(.guarded(.controlInInput(.editedRecord, scalar: scalar)), file: saved.path)) {
                try t.vault.replaceText(of: saved, with: edited + line + "\n", expecting: edited)
            }
            #expect(t.read(saved.path) == edited)
        }
    }
}
