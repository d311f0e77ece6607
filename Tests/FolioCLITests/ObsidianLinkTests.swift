import Foundation
import TestSupport
import Testing

/// An Obsidian vault as its users leave it: attachments found by name anywhere, sizes after `|`,
/// a file that went missing, two files of one name, links to people's notes by name and alias.
@Suite("Obsidian's links: imported attachments, sizes kept, what points nowhere said, wikilinks in the site")
struct ObsidianLinkTests {
    static let pdf = Data("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n".utf8)
    static let daily = """
        ---
        title: Monday
        ---
        Met [[Bob]] and [[robert|my friend]] about [[Bob#Plans]].
        The manual: [[manual.pdf]] and [[manual.pdf|the same manual]].
        ![[scan.png|200]]
        ![[chart.png|200x100]]
        ![[missing.png]]
        ![[photo.jpg]]
        [[Nobody]] waits for [[Bob.v2]].
        See [the old form](forms/old.pdf) and `[[code.pdf]]`.

        """

    /// The Obsidian vault beside `folio`'s: notes, attachments in two folders, one name twice.
    static func obsidianVault(_ folio: FolioProcess) throws -> URL {
        let notes = try folio.beside("obsidian")
        let files: [String: Data] = [
            "Daily/2024-03-01.md": Data(daily.utf8),
            "People/Bob.md": Data("---\ntitle: Bob\naliases: [Robert]\n---\n# Plans\nBob's page.\n".utf8),
            "People/Bob.v2.md": Data("Bob's second page.\n".utf8),
            "attachments/manual.pdf": pdf,
            "attachments/scan.png": Data(MediaFixtures.png(width: 400, height: 300)),
            "Daily/chart.png": Data(MediaFixtures.png(width: 40, height: 30)),
            "attachments/photo.jpg": Data(MediaFixtures.jpeg(seed: 3)),
            "archive/2019/trips/photo.jpg": Data(MediaFixtures.jpeg(seed: 4)),
            ".obsidian/app.json": Data("{}".utf8),
            // Obsidian's own kind of file, which no note links.
            "Boards/plan.canvas": Data(#"{"nodes":[],"edges":[]}"#.utf8),
        ]
        for (path, bytes) in files { try bytes.write(to: notes.appendingPathComponent(path), createFolder: true) }
        // A link to a file outside the vault: never followed.
        try FileManager.default.createSymbolicLink(
            at: notes.appendingPathComponent("attachments/elsewhere.png"), withDestinationURL: URL(fileURLWithPath: "/etc/hostname"))
        return notes
    }

    /// The vault file in `media/` holding exactly `bytes`.
    static func stored(_ folio: FolioProcess, _ bytes: Data) -> String? {
        // try?: a file that cannot be read holds no bytes to compare.
        folio.mediaFiles().first { (try? Data(contentsOf: folio.directory.appendingPathComponent($0))) == bytes }
    }

    @Test("import: attachments of any type copied by content, links rewritten with their sizes, the unresolved listed")
    func importRewritesAndReports() throws {
        let folio = try FolioProcess.vault()
        let notes = try Self.obsidianVault(folio)
        let result = try folio.run("import", "markdown", notes.path)
        #expect(result.status == 0, "\(result.stderr)")

        // The PDF is kept by its content in media/, byte for byte, once for both links.
        let pdf = try #require(Self.stored(folio, Self.pdf), "\(folio.mediaFiles())")
        #expect(pdf.hasSuffix(".pdf") && pdf.hasPrefix("media/"), "\(pdf)")
        #expect(folio.read("notes/attachments/manual.pdf") == nil, "a wikilinked file is kept by content, not beside the note")
        let scan = try #require(Self.stored(folio, Data(MediaFixtures.png(width: 400, height: 300))))
        let chart = try #require(Self.stored(folio, Data(MediaFixtures.png(width: 40, height: 30))))
        let photo = try #require(Self.stored(folio, Data(MediaFixtures.jpeg(seed: 3))), "the shortest path of the two photo.jpg")
        #expect(Self.stored(folio, Data(MediaFixtures.jpeg(seed: 4))) == nil, "the other photo.jpg is not taken")

        let note = try #require(folio.read("notes/Daily/2024-03-01.md"))
        #expect(note.contains("The manual: [manual.pdf](../../\(pdf)) and [the same manual](../../\(pdf))."), "\(note)")
        #expect(note.contains("\n![scan.png|200](../../\(scan))\n"), "\(note)")
        #expect(note.contains("\n![chart.png|200x100](../../\(chart))\n"), "\(note)")
        #expect(note.contains("\n![photo.jpg](../../\(photo))\n"), "\(note)")
        // What it cannot resolve stays as written; links to notes and code are not files.
        #expect(note.contains("\n![[missing.png]]\n"), "\(note)")
        #expect(note.contains("Met [[Bob]] and [[robert|my friend]] about [[Bob#Plans]]."))
        #expect(note.contains("[[Nobody]] waits for [[Bob.v2]].\nSee [the old form](forms/old.pdf) and `[[code.pdf]]`."))

        // The report: a count and each link with its note and line in the source.
        let source = "\(notes.path)/Daily/2024-03-01.md"
        #expect(result.stdout.contains("2 links point to files the source does not have, left as written"), "\(result.stdout)")
        #expect(result.stdout.contains("\(source):8: ![[missing.png]]"), "\(result.stdout)")
        #expect(result.stdout.contains("\(source):11: [the old form](forms/old.pdf)"), "\(result.stdout)")
        #expect(!result.stdout.contains("Nobody") && !result.stdout.contains("code.pdf") && !result.stdout.contains("Bob.v2"))
        #expect(result.stdout.contains("1 link names a file the source has more than once"), "\(result.stdout)")
        #expect(result.stdout.contains("\(source):9: ![[photo.jpg]] → took attachments/photo.jpg (of 2)"), "\(result.stdout)")
        // Every file it did not bring is named: the photo.jpg not taken, the canvas, the link.
        #expect(
            result.stderr.contains(
                "3 files of \(notes.path) are not a note and no note links them, so they were not imported: "
                    + "Boards/plan.canvas, archive/2019/trips/photo.jpg, attachments/elsewhere.png."), "\(result.stderr)")
        #expect(!result.stderr.contains("app.json"), "hidden folders are Obsidian's settings, left out on purpose")

        // check names each link that points nowhere, with its file and line: the wikilink as a warning.
        let lines = note.split(separator: "\n", omittingEmptySubsequences: false)
        let missingLine = try #require(lines.firstIndex { $0 == "![[missing.png]]" }) + 1
        let checked = try folio.run("check", "--json")
        #expect(checked.status == 1, "the broken Markdown link is an error, as before")
        let findings = try #require(
            try JSONSerialization.jsonObject(with: Data(checked.stdout.utf8)) as? [[String: Any]], "\(checked.stdout)")
        let dangling = findings.filter { ($0["message"] as? String)?.contains("![[missing.png]]") == true }
        #expect(dangling.count == 1, "\(findings)")
        let finding = try #require(dangling.first)
        let file = finding["file"] as? String
        let line = finding["line"] as? Int
        let severity = finding["severity"] as? String
        #expect(file == "notes/Daily/2024-03-01.md")
        #expect(line == missingLine)
        #expect(severity == "warning")
        #expect(findings.contains { ($0["message"] as? String)?.contains("forms/old.pdf") == true })
        #expect(!findings.contains { ($0["message"] as? String)?.contains("manual.pdf") == true }, "the rewritten links point somewhere")
        let text = try folio.run("check")
        #expect(
            text.stdout.contains("notes/Daily/2024-03-01.md:\(missingLine)") && text.stdout.contains("![[missing.png]]"), "\(text.stdout)")
    }

    @Test("an Obsidian vault moved in and exported again: its pictures come back under their own names")
    func exportKeepsNames() throws {
        let folio = try FolioProcess.vault()
        let notes = try Self.obsidianVault(folio)
        #expect(try folio.run("import", "markdown", notes.path).status == 0)
        let out = notes.deletingLastPathComponent().appendingPathComponent(notes.lastPathComponent + "-out")
        let exported = try folio.run("export", "markdown", "--out", out.path)
        #expect(exported.status == 0, "\(exported.stderr)")
        let attachments = try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("attachments").path).sorted()
        // A note lists no `media`: each embed's name comes from its link's text.
        for name in ["chart.png", "photo.jpg", "scan.png"] { #expect(attachments.contains(name), "\(attachments)") }
        let note = try String(contentsOf: out.appendingPathComponent("notes/Daily/2024-03-01.md"), encoding: .utf8)
        #expect(note.contains("![scan.png|200](../../attachments/scan.png)"), "\(note)")
        #expect(
            Data(MediaFixtures.png(width: 400, height: 300)) == (try Data(contentsOf: out.appendingPathComponent("attachments/scan.png"))))
    }

    @Test("import --json and --dry-run --json give each record its unresolved and ambiguous links")
    func importJSON() throws {
        let folio = try FolioProcess.vault()
        let notes = try Self.obsidianVault(folio)
        let planned = try #require(try folio.json("import", "markdown", notes.path, "--dry-run", "--json") as? [[String: Any]])
        let written = try #require(try folio.json("import", "markdown", notes.path, "--json") as? [[String: Any]])
        for records in [planned, written] {
            let daily = try #require(records.first { $0["path"] as? String == "notes/Daily/2024-03-01.md" }, "\(records)")
            let unresolved = try #require(daily["unresolved_links"] as? [[String: Any]], "\(daily)")
            #expect(unresolved.map { $0["link"] as? String } == ["[the old form](forms/old.pdf)", "![[missing.png]]"])
            #expect(unresolved.map { $0["line"] as? Int } == [11, 8])
            let ambiguous = try #require(daily["ambiguous_links"] as? [[String: Any]])
            #expect(ambiguous.first?["chosen"] as? String == "attachments/photo.jpg" && ambiguous.first?["candidates"] as? Int == 2)
            let bob = try #require(records.first { $0["path"] as? String == "notes/People/Bob.md" })
            #expect(bob["unresolved_links"] == nil)
        }
    }

    @Test("the site: wikilinks to records by title or alias (any case) are links, one to nothing is marked, not raw")
    func siteLinks() throws {
        let folio = try FolioProcess.vault()
        let notes = try Self.obsidianVault(folio)
        #expect(try folio.run("import", "markdown", notes.path).status == 0)
        func id(_ path: String) throws -> String {
            let text = try #require(folio.read(path))
            let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("id: ") })
            return String(line.dropFirst(4))
        }
        let bob = "../records/\(try id("notes/People/Bob.md")).html"
        let second = "../records/\(try id("notes/People/Bob.v2.md")).html"
        let exported = try folio.run("export", "html")
        #expect(exported.status == 0, "\(exported.stderr)")
        let page = try #require(folio.read(".folio/local/site/records/\(try id("notes/Daily/2024-03-01.md")).html"))
        #expect(page.contains("<a href=\"\(bob)\">Bob</a>"), "by title: \(page)")
        #expect(page.contains("<a href=\"\(bob)\">my friend</a>"), "by alias, another case, shown text: \(page)")
        #expect(page.contains("<a href=\"\(bob)#Plans\">Bob &gt; Plans</a>"), "with a heading: \(page)")
        #expect(page.contains("<a href=\"\(second)\">Bob.v2</a>"), "by file name: \(page)")
        #expect(page.contains("<span class=\"unresolved\">Nobody</span> waits"), "\(page)")
        #expect(page.contains("<code>[[code.pdf]]</code>"), "code stays code: \(page)")
        #expect(!page.contains("[[Bob") && !page.contains("[[Nobody"), "\(page)")

        // A new alias elsewhere changes where a page's link goes: the page is written again.
        let bobFile = try #require(folio.read("notes/People/Bob.md"))
        try folio.write("notes/People/Bob.md", bobFile.replacingOccurrences(of: "aliases: [Robert]", with: "aliases: [Robert, Nobody]"))
        #expect(try folio.run("export", "html").status == 0)
        let again = try #require(folio.read(".folio/local/site/records/\(try id("notes/Daily/2024-03-01.md")).html"))
        #expect(again.contains("<a href=\"\(bob)\">Nobody</a> waits"), "\(again)")
    }
}
