import Foundation
import Testing

/// `status` lists conflict copies and ignored records from what git's status and index already
/// hold, not from a second walk of the vault: every place a copy or a record can be is named.
@Suite("What status lists: conflict copies and records git ignores")
struct StatusListsTests {
    /// A new vault; `throughLibgit2` sets `core.fileMode false`, a setting only libgit2's status
    /// honours, so every answer here is also reached when folio's own listing cannot be used.
    static func vault(throughLibgit2: Bool) throws -> FolioProcess {
        let folio = try FolioProcess.vault()
        if throughLibgit2 { _ = try git(["config", "core.fileMode", "false"], in: folio.directory) }
        return folio
    }

    @Test(
        "conflict copies, committed or not, of records and of other files, in any folder, are listed; one deleted from disk is not; the record beside it is not",
        arguments: [false, true])
    func conflictCopies(throughLibgit2: Bool) throws {
        let folio = try Self.vault(throughLibgit2: throughLibgit2)
        #expect(try folio.run("idea", "a walk").status == 0)
        let committed = "ideas/2026/11/2026-11-22-a-walk.conflict-phone-20261122T100000Z.md"
        let settings = ".folio/config.conflict-phone-20261122T100000Z.yaml"
        let deep = "notes/deep/er/page.conflict-pad-20261122T100000Z.md"
        let untracked = "ideas/2026/11/2026-11-22-a-walk.conflict-pad-20261122T110000Z.md"
        let deleted = "ideas/2026/11/2026-11-22-gone.conflict-pad-20261122T090000Z.md"
        let record = "---\nkind: idea\ntitle: a walk\n---\n"
        for path in [committed, deep, deleted] { try folio.write(path, record) }
        try folio.write(settings, "language: en\n")
        try git(["add", "-A"], in: folio.directory)
        try git(["commit", "-q", "-m", "copies a sync made"], in: folio.directory)
        try FileManager.default.removeItem(at: folio.directory.appendingPathComponent(deleted))
        try folio.write(untracked, record)

        let listed = try #require(try folio.json("status", "--json") as? [String: Any])["conflicts"] as? [String]
        #expect(listed == [settings, committed, untracked, deep].sorted())
        let text = try folio.run("status").stdout
        #expect(text.contains("4 conflict copies"), "\(text)")
    }

    @Test("a record inside a folder git ignores whole (`drafts/` in .gitignore) is named by status like one ignored by name")
    func recordInIgnoredFolder() throws {
        let folio = try FolioProcess.vault()
        try folio.write(".gitignore", (folio.read(".gitignore") ?? "") + "drafts/\n")
        #expect(try folio.run("commit").status == 0)
        try folio.write("drafts/deep/hand.md", "---\nkind: idea\ntitle: made by hand\n---\n")
        // The folder's names are known to the catalog before it changes: the new file is still found.
        #expect(try folio.run("list").status == 0)
        try folio.write("drafts/deep/second.md", "---\nkind: idea\ntitle: second by hand\n---\n")

        let status = try folio.run("status")
        #expect(status.stdout.contains("git ignores 2 files folio reads"), "\(status.stdout)")
        #expect(status.stdout.contains("drafts/deep/hand.md") && status.stdout.contains("drafts/deep/second.md"), "\(status.stdout)")
    }

    /// `status` takes the ignored records from the files its own listing met; `check` asks git about
    /// every record path the catalog knows. The second is the first's oracle.
    @Test(
        "the ignored records status finds in its own listing are those check finds by asking git about every record: by name anywhere, by folder pattern, in an untracked folder, never hidden, skipped or conflict-copy files",
        arguments: [false, true])
    func ignoredAsCheckFindsThem(throughLibgit2: Bool) throws {
        let folio = try Self.vault(throughLibgit2: throughLibgit2)
        try folio.write(".gitignore", (folio.read(".gitignore") ?? "") + "notes/*.md\nloose.md\n*.draft.md\nmedia/\n")
        #expect(try folio.run("commit").status == 0)
        let record = "---\nkind: note\ntitle: by hand\n---\n"
        for path in [
            "notes/a.md", "loose.md", "newfolder/deep/loose.md", "ideas/2026/11/x.draft.md", ".hidden/loose.md",
            "notes/b.conflict-pad-20261122T100000Z.md", "media/loose.md", "notes/kept.txt",
        ] {
            try folio.write(path, record)
        }
        let status = try #require(try folio.json("status", "--json") as? [String: Any])
        let fromStatus = try #require(status["ignored"] as? [String])
        // check fails on what it finds; its JSON names each finding's file.
        let check = try folio.run("check", "--json")
        let findings = try #require(try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as? [[String: Any]])
        let fromCheck = findings.filter { ($0["message"] as? String)?.contains("git ignores") == true }.compactMap { $0["file"] as? String }
        #expect(fromStatus == ["ideas/2026/11/x.draft.md", "loose.md", "newfolder/deep/loose.md", "notes/a.md"])
        #expect(fromStatus == fromCheck.sorted())
    }
}
