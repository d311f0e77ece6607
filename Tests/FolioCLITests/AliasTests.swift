import Foundation
import TestSupport
import Testing

/// Obsidian's `aliases` are names a note can be found by: every command that names one record
/// takes an alias as it takes a title, through the catalog.
@Suite("Aliases name a record, as in Obsidian")
struct AliasTests {
    /// Writes `text` into the file itself (no rename), as an editor saving in place does: the
    /// folder's stamp stays as it was, so only the file's own stamp tells the catalog.
    private func overwriteInPlace(_ folio: FolioProcess, _ path: String, _ text: String) throws {
        let handle = try FileHandle(forWritingTo: folio.directory.appendingPathComponent(path))
        defer { try? handle.close() }
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(text.utf8))
    }

    /// The title of the record `show` finds (its `title`, else its file's name), nil when it finds none.
    private func shownTitle(_ folio: FolioProcess, _ reference: String) throws -> String? {
        let result = try folio.run("show", reference, "--json")
        guard result.status == 0, let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] else {
            return nil
        }
        return object["title"] as? String
            ?? (object["path"] as? String).map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent }
    }

    @Test("after importing an Obsidian folder, show, set and done find a note by any alias, a list or a string; ambiguous like a title")
    func importedAliases() throws {
        let folio = try FolioProcess.vault()
        let notes = try folio.beside("obsidian")
        let files: [String: String] = [
            "People/Robert Smith.md": "---\naliases:\n  - Bob\n  - 羅伯\ntags: [people]\n---\nMet at the café.\n",
            "Projects/Garden plan.md": "---\naliases: Veggie patch, 菜園\n---\nTomatoes first.\n",
            "Projects/Reading.md": "---\naliases: [\"Books to read\"]\n---\nA list.\n",
            // Titled Bob by its heading; its file name is not Bob, which would name it first (as a stem does before any title).
            "Inbox/Someone else.md": "# Bob\n\nAnother Bob, by title.\n",
        ]
        for (path, text) in files {
            let url = notes.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let imported = try folio.run("import", "markdown", notes.path)
        #expect(imported.status == 0, "\(imported.stderr)")
        // The keys are kept as written: folio reads them, it does not rewrite them.
        #expect(folio.read("notes/Projects/Garden plan.md")?.contains("aliases: Veggie patch, 菜園\n") == true)

        #expect(try shownTitle(folio, "羅伯") == "Robert Smith")
        #expect(try shownTitle(folio, "Veggie patch") == "Garden plan", "a string of aliases, split at its commas")
        #expect(try shownTitle(folio, "菜園") == "Garden plan")
        #expect(try shownTitle(folio, "books to read") == "Reading", "without case, as a title")
        #expect(try shownTitle(folio, "Robert Smith") == "Robert Smith", "the title still names it")

        // An alias another note has as its title: ambiguous, as two titles are.
        let ambiguous = try folio.run("show", "Bob")
        #expect(ambiguous.status != 0)
        #expect(ambiguous.stderr.contains("'Bob' matches more than one record"), "\(ambiguous.stderr)")
        #expect(
            ambiguous.stderr.contains("Robert Smith") && ambiguous.stderr.contains("notes/Inbox/Someone else.md"), "\(ambiguous.stderr)")

        // Commands that change one record take an alias too.
        #expect(try folio.run("set", "Veggie patch", "title=Vegetable garden").status == 0)
        #expect(folio.read("notes/Projects/Garden plan.md")?.contains("title: Vegetable garden") == true)
        #expect(try shownTitle(folio, "菜園") == "Vegetable garden")
        #expect(try folio.run("show", "nobody by that name").status != 0)
    }

    @Test("an alias added by hand, in place, is found by the next show; one taken away no longer names the note")
    func handEditedAlias() throws {
        let folio = try FolioProcess.vault()
        #expect(try folio.run("idea", "Quokka walk").status == 0)
        let path = try #require(folio.vaultFiles().keys.first { $0.hasPrefix("ideas/") })
        #expect(try folio.run("list").status == 0, "the catalog is cached before the edit")
        #expect(try folio.run("show", "Sunday stroll").status != 0)

        let text = try #require(folio.read(path))
        let withAlias = text.replacingOccurrences(of: "title: Quokka walk\n", with: "title: Quokka walk\naliases: [Sunday stroll, 週日散步]\n")
        #expect(withAlias != text)
        try overwriteInPlace(folio, path, withAlias)
        #expect(try shownTitle(folio, "Sunday stroll") == "Quokka walk")
        #expect(try shownTitle(folio, "週日散步") == "Quokka walk", "from the catalog the show before refreshed")
        #expect(try folio.run("done", "週日散步").status == 0)

        try overwriteInPlace(folio, path, try #require(folio.read(path)).replacingOccurrences(of: "Sunday stroll, ", with: ""))
        #expect(try folio.run("show", "Sunday stroll").status != 0, "the alias taken away no longer names it")
        #expect(try shownTitle(folio, "週日散步") == "Quokka walk")
    }
}
