import Foundation
import TestSupport
import Testing

/// `folio edit` leaves no stale drafts: an interrupted edit's draft is offered back, old ones go.
@Suite("folio edit: drafts an interrupted edit leaves")
struct EditDraftTests {
    /// An editor that adds a line to the draft, then kills the folio that started it, as a closed
    /// terminal or a crash would.
    static func killingEditor(in folder: URL) throws -> String {
        let script = folder.appendingPathComponent("kill-editor.sh")
        try """
        #!/bin/sh
        printf '\\nunsaved words\\n' >> "$1"
        p=$$
        while [ "$p" -gt 1 ]; do
            if [ "$(cat /proc/$p/comm)" = folio ]; then kill -9 "$p"; exit 0; fi
            p=$(awk '{print $4}' /proc/$p/stat)
        done
        exit 1

        """.write(to: script, atomically: true, encoding: .utf8)
        chmod(script.path, 0o755)
        return script.path
    }

    func drafts(_ folio: FolioProcess) throws -> [String] {
        let local = folio.directory.appendingPathComponent(".folio/local")
        return try FileManager.default.contentsOfDirectory(atPath: local.path).filter { $0.hasPrefix("edit-") }.sorted()
    }

    @Test(
        "an interrupted edit's draft is named off a terminal and offered back on one",
        .enabled(if: FileManager.default.fileExists(atPath: "/usr/bin/script"), "needs util-linux script for a terminal"))
    func offeredBack() throws {
        var folio = try FolioProcess.vault()
        try folio.run("idea", "draft me")
        let path = "ideas/2026/11/2026-11-22-draft-me.md"
        let original = folio.read(path)
        let scratch = folio.directory.deletingLastPathComponent().appendingPathComponent("editors-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        folio.environment["EDITOR"] = try Self.killingEditor(in: scratch)
        let killed = try folio.run("edit", "draft-me")
        #expect(killed.status != 0)
        #expect(folio.read(path) == original)
        let left = try drafts(folio)
        #expect(left.count == 1)

        // Off a terminal: the draft stays, and a warning names it.
        folio.environment["EDITOR"] = "true"
        let quiet = try folio.run("edit", "draft-me")
        #expect(quiet.status == 0)
        #expect(quiet.stderr.contains("an edit of this record did not finish and left a draft"), "\(quiet.stderr)")
        #expect(quiet.stderr.contains(left[0]))
        let stillLeft = try drafts(folio)
        #expect(folio.read(path) == original && stillLeft == left)

        // On a terminal: taken back, saved, and no draft is left.
        let resumed = try folio.runOnTerminal(["edit", "draft-me"], input: "y\n")
        #expect(resumed.status == 0, "\(resumed.stdout)")
        #expect(resumed.stdout.contains("Continue with that draft? [Y/n]"), "\(resumed.stdout)")
        #expect(folio.read(path)?.contains("unsaved words") == true, "\(folio.read(path) ?? "")")
        #expect(try drafts(folio).isEmpty)
    }

    @Test(
        "no discards the draft; drafts older than a week are removed by the next edit",
        .enabled(if: FileManager.default.fileExists(atPath: "/usr/bin/script"), "needs util-linux script for a terminal"))
    func discardedAndCleaned() throws {
        var folio = try FolioProcess.vault()
        try folio.run("idea", "draft me")
        try folio.run("idea", "other idea")
        let list = try #require(try folio.json("list", "--json") as? [[String: Any]])
        let id = try #require(list.first { $0["title"] as? String == "draft me" }?["id"] as? String)
        let otherID = try #require(list.first { $0["title"] as? String == "other idea" }?["id"] as? String)
        let path = "ideas/2026/11/2026-11-22-draft-me.md"
        let original = try #require(folio.read(path))
        // Drafts of edits long gone (processes above 2^22, Linux's largest pid_max, never run).
        let local = folio.directory.appendingPathComponent(".folio/local")
        func draft(_ recordID: String, daysOld: Double, text: String) throws -> URL {
            let url = local.appendingPathComponent("edit-\(recordID)-\(4_194_300 + Int(daysOld) + 10).md")
            try text.write(to: url, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-daysOld * 86_400)], ofItemAtPath: url.path)
            return url
        }
        let old = try draft(otherID, daysOld: 8, text: "old")
        let recent = try draft(otherID, daysOld: 2, text: "recent")
        folio.environment["EDITOR"] = "true"
        let cleaned = try folio.run("edit", "draft-me")
        #expect(cleaned.status == 0, "\(cleaned.stderr)")
        let names = try drafts(folio)
        #expect(!names.contains(old.lastPathComponent), "a week-old draft is removed: \(names)")
        #expect(names.contains(recent.lastPathComponent), "a two-day-old one of another record stays")

        // A draft of this record, refused on a terminal: gone, and the record as it was.
        try (original + "\nleft behind\n").write(
            to: local.appendingPathComponent("edit-\(id)-4194399.md"), atomically: true, encoding: .utf8)
        let refused = try folio.runOnTerminal(["edit", "draft-me"], input: "n\n")
        #expect(refused.status == 0, "\(refused.stdout)")
        #expect(refused.stdout.contains("discarded that draft."), "\(refused.stdout)")
        #expect(folio.read(path) == original)
        let remaining = try drafts(folio)
        #expect(!remaining.contains { $0.hasPrefix("edit-\(id)") })
    }

    /// An editor script: `body` runs with the draft as `$1`.
    static func editor(_ name: String, in folder: URL, _ body: String) throws -> String {
        let script = folder.appendingPathComponent(name)
        try "#!/bin/sh\n\(body)\n".write(to: script, atomically: true, encoding: .utf8)
        chmod(script.path, 0o755)
        return script.path
    }

    /// A vault with one idea and a folder for editor scripts beside it.
    func ideaVault() throws -> (FolioProcess, URL) {
        let folio = try FolioProcess.vault()
        try folio.run("idea", "draft me")
        let scratch = folio.directory.deletingLastPathComponent().appendingPathComponent("editors-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        return (folio, scratch)
    }

    @Test(
        "an editor that abandons (exit 1, :cq) or is hung up keeps what it wrote as a draft, named, offered back",
        .enabled(if: FileManager.default.fileExists(atPath: "/usr/bin/script"), "needs util-linux script for a terminal"),
        arguments: [("exit 1", "exited with status 1, which abandons the edit"), ("kill -HUP $$", "was stopped by signal 1")])
    func editorThatDoesNotFinish(ending: String, said: String) throws {
        var (folio, scratch) = try ideaVault()
        let path = "ideas/2026/11/2026-11-22-draft-me.md"
        let original = try #require(folio.read(path))
        folio.environment["EDITOR"] = try Self.editor("typing.sh", in: scratch, "printf '\\ntyped before the end\\n' >> \"$1\"\n\(ending)")
        let ended = try folio.run("edit", "draft-me")
        #expect(ended.status == 1)
        #expect(ended.stderr.contains(said), "\(ended.stderr)")
        #expect(ended.stderr.contains("What you wrote is kept as a draft at"), "\(ended.stderr)")
        #expect(!ended.stderr.contains("nothing changed"), "\(ended.stderr)")
        #expect(folio.read(path) == original, "an abandoned edit saves nothing")
        let kept = try drafts(folio)
        #expect(kept.count == 1)
        #expect(ended.stderr.contains(kept.first ?? "?"), "the message names the draft: \(ended.stderr)")
        let draftText = folio.read(".folio/local/" + (kept.first ?? ""))
        #expect(draftText?.contains("typed before the end") == true)

        // Off a terminal the next edit names it again; on one it offers it back, and yes saves it.
        folio.environment["EDITOR"] = "true"
        let quiet = try folio.run("edit", "draft-me")
        #expect(quiet.stderr.contains("an edit of this record did not finish and left a draft"), "\(quiet.stderr)")
        let resumed = try folio.runOnTerminal(["edit", "draft-me"], input: "y\n")
        #expect(resumed.status == 0, "\(resumed.stdout)")
        #expect(resumed.stdout.contains("Continue with that draft? [Y/n]"), "\(resumed.stdout)")
        #expect(folio.read(path)?.contains("typed before the end") == true)
        #expect(try drafts(folio).isEmpty)
    }

    @Test("an editor that abandons without writing anything leaves no draft, and says nothing changed")
    func abandonedUnchanged() throws {
        var (folio, scratch) = try ideaVault()
        folio.environment["EDITOR"] = try Self.editor("quit.sh", in: scratch, "exit 1")
        let ended = try folio.run("edit", "draft-me")
        #expect(ended.status == 1)
        #expect(ended.stderr.contains("which abandons the edit: nothing changed"), "\(ended.stderr)")
        #expect(try drafts(folio).isEmpty)
    }

    @Test(
        "a draft taken back survives an editor that then abandons without a change",
        .enabled(if: FileManager.default.fileExists(atPath: "/usr/bin/script"), "needs util-linux script for a terminal"))
    func takenBackThenAbandoned() throws {
        var (folio, scratch) = try ideaVault()
        let path = "ideas/2026/11/2026-11-22-draft-me.md"
        let original = try #require(folio.read(path))
        let list = try #require(try folio.json("list", "--json") as? [[String: Any]])
        let id = try #require(list.first?["id"] as? String)
        try (original + "\nwords from last time\n").write(
            to: folio.directory.appendingPathComponent(".folio/local/edit-\(id)-4194399.md"), atomically: true, encoding: .utf8)
        folio.environment["EDITOR"] = try Self.editor("quit.sh", in: scratch, "exit 1")
        let ended = try folio.runOnTerminal(["edit", "draft-me"], input: "y\n")
        #expect(ended.status == 1)
        #expect(ended.stdout.contains("What you wrote is kept as a draft at"), "\(ended.stdout)")
        #expect(folio.read(path) == original)
        let kept = try drafts(folio)
        #expect(kept.count == 1)
        #expect(folio.read(".folio/local/" + (kept.first ?? ""))?.contains("words from last time") == true)
    }
}
