import Foundation
import Testing

/// `folio new KIND` with no text opens the editor on a terminal (or with `--edit`), as `jrnl` and
/// `nb add` do; what is typed is written, and never lost when the editor or the write fails.
@Suite("A new record written in the editor")
struct NewInEditorTests {
    /// An editor: a shell script run as `$EDITOR FILE`.
    static func editor(_ folio: FolioProcess, _ script: String) throws -> String {
        let url = folio.directory.deletingLastPathComponent().appendingPathComponent("editor-\(UUID().uuidString).sh")
        try Data(("#!/bin/sh\n" + script + "\n").utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        return url.path
    }

    static func commits(_ folio: FolioProcess) throws -> Int {
        try git(["rev-list", "--count", "HEAD"], in: folio.directory).split(separator: "\n").first.flatMap { Int($0) } ?? -1
    }

    static func drafts(_ folio: FolioProcess) throws -> [URL] {
        let local = folio.directory.appendingPathComponent(".folio/local")
        return try FileManager.default.contentsOfDirectory(atPath: local.path).filter { $0.hasPrefix("edit-new-") }.map {
            local.appendingPathComponent($0)
        }
    }

    @Test("what is typed becomes the page, its first line the diary's title, in one commit")
    func typed() throws {
        var folio = try FolioProcess.vault()
        folio.environment["EDITOR"] = try Self.editor(folio, #"printf '雨天散步\n\n今天很冷。\n' > "$1""#)
        let before = try Self.commits(folio)
        let result = try folio.run("new", "diary", "--edit", "--tag", "walk")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("added diary \"雨天散步\""), "\(result.stdout)")
        let path = try #require(result.stdout.split(separator: " ").last.map(String.init)?.trimmingCharacters(in: .whitespacesAndNewlines))
        let page = try #require(folio.read(path))
        #expect(page.hasSuffix("---\n雨天散步\n\n今天很冷。\n"), "\(page)")
        #expect(page.contains("tags:\n  - walk\n"), "\(page)")
        #expect(try Self.commits(folio) == before + 1)
        #expect(try Self.drafts(folio).isEmpty)
        // $VISUAL comes first, as git and jrnl read it.
        folio.environment["VISUAL"] = try Self.editor(folio, #"printf 'from visual\n' > "$1""#)
        let visual = try folio.run("new", "note", "--edit")
        #expect(visual.status == 0 && visual.stdout.contains("added note"), "\(visual.stderr)")
        #expect(folio.vaultFiles().values.contains { $0.hasSuffix("---\nfrom visual\n") })
    }

    @Test("an empty text writes nothing and says so")
    func empty() throws {
        var folio = try FolioProcess.vault()
        folio.environment["EDITOR"] = try Self.editor(folio, #"printf '  \n\n' > "$1""#)
        let before = try Self.commits(folio)
        let result = try folio.run("new", "idea", "--edit")
        #expect(result.status == 0)
        #expect((result.stdout + result.stderr).contains("the text is empty: no record was written"), "\(result.stdout)")
        #expect(try Self.commits(folio) == before)
        #expect(try Self.drafts(folio).isEmpty)
    }

    @Test(
        "an editor that hangs up or gives up keeps the text, named with the command that writes it", arguments: ["kill -HUP $$", "exit 1"])
    func editorFails(ending: String) throws {
        var folio = try FolioProcess.vault()
        folio.environment["EDITOR"] = try Self.editor(folio, "printf 'half a thought' > \"$1\"\n" + ending)
        let before = try Self.commits(folio)
        let result = try folio.run("new", "idea", "--edit")
        #expect(result.status != 0)
        #expect(try Self.commits(folio) == before)
        let drafts = try Self.drafts(folio)
        #expect(drafts.count == 1)
        let draft = try #require(drafts.first)
        #expect(try String(contentsOf: draft, encoding: .utf8) == "half a thought")
        #expect(result.stderr.contains("no record was written") && result.stderr.contains(draft.path), "\(result.stderr)")
        // The command it names writes it.
        let written = try folio.run(["new", "idea", "--title", "later", "--body", "-"], input: "half a thought")
        #expect(written.status == 0, "\(written.stderr)")
    }

    @Test("a record that cannot be written keeps the text: a key typed into the page")
    func refusedWrite() throws {
        var folio = try FolioProcess.vault()
        folio.environment["EDITOR"] = try Self.editor(
            folio, #"printf 'my key sk-proj-abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGH\n' > "$1""#)
        let result = try folio.run("new", "note", "--edit")
        #expect(result.status != 0, "\(result.stdout)")
        let drafts = try Self.drafts(folio)
        #expect(drafts.count == 1, "\(result.stderr)")
        #expect(result.stderr.contains(drafts.first?.path ?? "?"), "\(result.stderr)")
    }

    @Test("off a terminal, without --edit, no editor is opened: scripts keep writing as before")
    func notOnATerminal() throws {
        var folio = try FolioProcess.vault()
        let marker = folio.directory.deletingLastPathComponent().appendingPathComponent("editor-ran")
        folio.environment["EDITOR"] = try Self.editor(folio, "touch '\(marker.path)'")
        let result = try folio.run("new", "idea", "--title", "plain")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: marker.path))
    }
}
