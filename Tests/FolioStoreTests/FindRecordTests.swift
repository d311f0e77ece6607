import FolioCore
import Foundation
import Testing

@testable import FolioStore

/// A reference resolved through the catalog must mean what it means in a full scan of the files,
/// whatever happened to the files or to the cache since the catalog was read.
@Suite("Finding one record through the catalog")
struct FindRecordTests {
    /// Five ideas, two sharing a title, and the references a user would type for them.
    private func vault() throws -> TemporaryVault {
        let t = try TemporaryVault()
        for (i, title) in ["quokka walk", "rainy day 雨天", "same title", "same title", "last one"].enumerated() {
            try t.write(
                "ideas/2026/11/2026-11-0\(i + 1)-idea-\(i).md",
                """
                ---
                id: 5b0c7e2a-0000-4000-8000-00000000000\(i)
                kind: idea
                title: \(title)
                created: 2026-11-0\(i + 1)T08:00:00+08:00
                ---
                body \(i)

                """)
        }
        return t
    }

    private let references = [
        "5b0c7e2a-0000-4000-8000-000000000000", "5B0C7E2A-0000-4000-8000-000000000001", "5b0c7e2a-0000-4000-8000-00000000000",
        "5b0c", "ideas/2026/11/2026-11-01-idea-0.md", "ideas/2026/11/2026-11-02-idea-1", "idea-2", "2026-11-05-idea-4",
        "quokka walk", "RAINY DAY 雨天", "same title", "last one", "nothing such", "ideas/2026/11/missing.md", "profile",
    ]

    /// What each reference answers: the record's path, or the message a user would read.
    private func answers(_ references: [String]? = nil, _ find: (String) throws(FolioError) -> Record) -> [String] {
        (references ?? self.references).map { reference in
            do throws(FolioError) {
                let record = try find(reference)
                return "\(reference) → \(record.path) \(record.title)"
            } catch {
                return "\(reference) → \(error.rendered(in: .en))"
            }
        }
    }

    private func scanned(_ t: TemporaryVault, _ references: [String]? = nil) -> [String] {
        let set = t.vault.loadRecords()
        return answers(references) { reference throws(FolioError) in try t.vault.resolve(reference, in: set) }
    }

    private func catalogued(_ t: TemporaryVault, _ catalog: Catalog? = nil, _ references: [String]? = nil) -> [String] {
        answers(references) { reference throws(FolioError) in
            if let catalog { return try t.vault.findRecord(reference, workingDirectory: nil, in: catalog) }
            return try t.vault.findRecord(reference)
        }
    }

    /// A catalog run as if long after the files were written, so its cache trusts their stamps;
    /// with the id table a first lookup of a whole id writes when there is none.
    private func settledCatalog(_ t: TemporaryVault) -> Catalog {
        let catalog = t.vault.catalog(scanStart: Vault.nowNanoseconds() + 60_000_000_000)
        if !FileManager.default.fileExists(atPath: t.vault.idTableURL.path) { Vault.writeIDTable(catalog, to: t.vault.idTableURL) }
        return catalog
    }

    @Test("every kind of reference answers as a full scan does: found, ambiguous, not found")
    func sameAnswers() throws {
        let t = try vault()
        let expected = scanned(t)
        #expect(
            expected.contains { $0.hasPrefix("same title → ") && $0.contains("'same title' matches more than one record") }, "\(expected)")
        #expect(expected.contains { $0.hasPrefix("nothing such → ") && $0.contains("no record matches") }, "\(expected)")
        #expect(catalogued(t) == expected)
        _ = settledCatalog(t)
        #expect(catalogued(t) == expected, "from a settled cache")
    }

    /// Commands refresh the catalog by the files' stamps before resolving; the catalog read before
    /// the change stands for one whose stamps did not tell (an edit that kept them): whatever it
    /// found must be checked against the file. What it never knew of (a new path, a copy) only a
    /// refreshed catalog can answer, and does.
    @Test(
        "hand edits, moves, renames, a copied file with the same id and deletions since the catalog was read: the answers follow the files",
        arguments: ["retitled", "id changed", "moved", "renamed", "copied with its id", "deleted"])
    func staleCatalog(change: String) throws {
        let t = try vault()
        let old = settledCatalog(t)
        let foundBefore = catalogued(t, old).indices.filter { catalogued(t, old)[$0].contains(" → ideas/") }
        let path = "ideas/2026/11/2026-11-01-idea-0.md"
        let text = try #require(t.read(path))
        let url = t.root.appendingPathComponent(path)
        switch change {
        case "retitled": try t.write(path, text.replacingOccurrences(of: "quokka walk", with: "wombat walk"))
        case "id changed": try t.write(path, text.replacingOccurrences(of: "00000000000", with: "99999999999"))
        case "moved":
            try FileManager.default.createDirectory(at: t.root.appendingPathComponent("ideas/elsewhere"), withIntermediateDirectories: true)
            try FileManager.default.moveItem(at: url, to: t.root.appendingPathComponent("ideas/elsewhere/2026-11-01-idea-0.md"))
        case "renamed": try FileManager.default.moveItem(at: url, to: url.deletingLastPathComponent().appendingPathComponent("walk.md"))
        case "copied with its id": try t.write("ideas/2026/11/copy.md", text)
        default: try FileManager.default.removeItem(at: url)
        }
        let expected = scanned(t)
        if change == "copied with its id" {
            // An id is looked up in the cache without a look at other files, so a copy made since
            // the cache was written does not make it ambiguous: the record answered is the
            // original, still carrying the id, and `check` names the duplicate. Once a command
            // has refreshed the catalog, the id is ambiguous.
            #expect(try t.vault.findRecord("5b0c7e2a-0000-4000-8000-000000000000").path == path)
            let duplicates = t.vault.check(t.vault.loadRecords()).filter {
                if case .duplicateID(_, let paths) = $0 { return paths == [path, "ideas/2026/11/copy.md"] } else { return false }
            }
            #expect(duplicates.count == 1)
            #expect(catalogued(t, t.vault.catalog()) == expected, "with the catalog refreshed")
            #expect(catalogued(t) == expected, "after the refresh, through the cache")
            return
        }
        #expect(catalogued(t, t.vault.catalog()) == expected, "with the catalog refreshed")
        #expect(catalogued(t) == expected, "through the id lookup in the cache, then the refreshed catalog")
        let stale = catalogued(t, old)
        #expect(foundBefore.map { stale[$0] } == foundBefore.map { expected[$0] }, "with the catalog read before the change")
    }

    /// Writes `text` into the file itself, not by a rename: its folder's stamp stays as it was.
    private func overwriteInPlace(_ t: TemporaryVault, _ path: String, _ text: String) throws {
        let handle = try FileHandle(forWritingTo: t.root.appendingPathComponent(path))
        defer { try? handle.close() }
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(text.utf8))
    }

    @Test(
        "edits in place, which leave the folder's stamp as it was: the file found is read again, and any doubt goes to the refreshed catalog",
        arguments: ["retitled", "id changed", "emptied", "no longer a record"])
    func editsInPlace(change: String) throws {
        let t = try vault()
        _ = settledCatalog(t)
        let path = "ideas/2026/11/2026-11-01-idea-0.md"
        let text = try #require(t.read(path))
        let changed =
            switch change {
            case "retitled": text.replacingOccurrences(of: "quokka walk", with: "wombat walk")
            case "id changed": text.replacingOccurrences(of: "00000000000", with: "99999999999")
            case "emptied": ""
            default: "just a note\n"
            }
        try overwriteInPlace(t, path, changed)
        #expect(catalogued(t) == scanned(t))
        #expect(catalogued(t) == scanned(t), "once the catalog has been refreshed")
    }

    @Test("a unique reference is answered with only the folders checked; an ambiguous one or none by the refreshed catalog")
    func answeredByFolderStamps() throws {
        let t = try vault()
        _ = settledCatalog(t)
        #expect(t.vault.findByFolderStamps("quokka walk")?.path == "ideas/2026/11/2026-11-01-idea-0.md")
        #expect(t.vault.findByFolderStamps("2026-11-05-idea-4")?.title == "last one")
        #expect(t.vault.findByFolderStamps("same title") == nil)
        #expect(t.vault.findByFolderStamps("nothing such") == nil)
        // A file added since the cache was written changed its folder: that folder alone is listed again.
        try t.write("ideas/2026/11/added.md", "---\nid: feed0000-0000-4000-8000-000000000001\nkind: idea\ntitle: quokka walk\n---\n")
        #expect(t.vault.findByFolderStamps("quokka walk") == nil, "now ambiguous")
        #expect(t.vault.findByFolderStamps("feed")?.path == "ideas/2026/11/added.md")
        #expect(catalogued(t) == scanned(t))
    }

    @Test(
        "the trade-off: a hand edit in place that gives a second file the same id or title is found by check and by the next listing, not by show"
    )
    func duplicateMadeInPlace() throws {
        let t = try vault()
        _ = settledCatalog(t)
        let original = "ideas/2026/11/2026-11-01-idea-0.md"
        let other = "ideas/2026/11/2026-11-05-idea-4.md"
        try overwriteInPlace(t, other, try #require(t.read(original)).replacingOccurrences(of: "body 0", with: "body copied"))
        #expect(try t.vault.findRecord("quokka walk").path == original, "the catalog's answer, checked against its file")
        #expect(try t.vault.findRecord("5b0c7e2a-0000-4000-8000-000000000000").path == original)
        let duplicates = t.vault.check(t.vault.loadRecords()).filter {
            if case .duplicateID(_, let paths) = $0 { return paths == [original, other] } else { return false }
        }
        #expect(duplicates.count == 1, "check names the duplicate")
        // A listing refreshes the catalog by every file's stamp; from then on the reference is ambiguous.
        _ = t.vault.catalog()
        #expect(catalogued(t) == scanned(t))
        #expect(throws: FolioError.self) { try t.vault.findRecord("quokka walk") }
    }

    @Test("resolving on the rows' bytes answers as RecordReference does over decoded names, whatever the script, case or normal form")
    func bytesAnswerAsStrings() throws {
        let t = try TemporaryVault()
        let titles = [
            "Café", "Cafe\u{301}", "café", "Kelvin", "\u{212A}elvin", "ＡＢＣ", "abc", "下雨 天", "下雨 天", "Rain 下雨",
            "2026-11-01-dated", "plain", "ΣΊΣΥΦΟΣ", "e\u{301}\u{301}", "\u{3099}か", "か\u{3099}", "が", "ｶﾞ", "İstanbul",
        ]
        let names = [
            "2026-11-01-dated.md", "2026-13-45-not-a-date.md", "Café.md", "Cafe\u{301}.md", "下雨.md", "UPPER.md",
            "2026-11-02-下雨.md", "plain.md", "x.md", "y.md", "z.md", "ａ.md", "b.md", "c.md", "d.md", "e.md", "f.md",
            "g.md", "h.md",
        ]
        for (i, title) in titles.enumerated() {
            let folder = ["ideas", "ideas/下雨", "diary/2026/11", ""][i % 4]
            let id = i % 5 == 4 ? "AB\u{212A}-\(i)" : "5b0c7e2a-0000-4000-8000-0000000000\(String(format: "%02d", i))"
            // Some records have aliases, as a list or as a string: another record's title among them.
            let aliases =
                i % 3 == 0
                ? "aliases: [\"\(titles[(i + 1) % titles.count])\", \"alias \(i)\"]\n"
                : i % 3 == 1 ? "aliases: \(titles[(i + 5) % titles.count]), alias \(i)\n" : ""
            try t.write(
                (folder.isEmpty ? "" : folder + "/") + names[i], "---\nid: \"\(id)\"\nkind: idea\ntitle: \"\(title)\"\n\(aliases)---\n")
        }
        var references = titles + titles.map { $0.lowercased() } + titles.map { $0.uppercased() }
        references += names + names.map { String($0.dropLast(3)) } + ["not-a-date", "dated", "下雨", "upper", "Upper"]
        references += (0..<titles.count).map { "alias \($0)" } + ["ALIAS 3", "Alias 4"]
        references += [
            "5b0c", "5B0C7E2A", "5b0c7e2a-0000-4000-8000-000000000001", "ab\u{212A}-4", "abk-4", "ab", "ideas/下雨/2026-13-45-not-a-date.md",
            "ideas/下雨/2026-13-45-not-a-date", "diary/2026/11/Café.md", "Cafe\u{301}.md", "ideas/ＡＢＣ", "",
        ]
        let fresh = t.vault.catalog()
        let cached = settledCatalog(t)
        let byStamps = t.vault.catalog(scanStart: Vault.nowNanoseconds(), stampingFiles: false)
        for catalog in [fresh, cached, t.vault.catalog(), byStamps] {
            for reference in references {
                #expect(catalog.resolve(reference) == RecordReference.resolve(reference, in: catalog.names), "\(reference)")
            }
        }
        #expect(cached.report.usedCache && byStamps.report.filesRead == 0)
    }

    @Test("the first run leaves the id table to the first lookup of a whole id, which writes it")
    func idTableWrittenWhenFirstNeeded() throws {
        let t = try vault()
        _ = t.vault.catalog(scanStart: Vault.nowNanoseconds() + 60_000_000_000)
        #expect(FileManager.default.fileExists(atPath: t.vault.catalogCacheURL.path))
        #expect(!FileManager.default.fileExists(atPath: t.vault.idTableURL.path))
        #expect(t.vault.findByID("5b0c7e2a-0000-4000-8000-000000000004") == nil)
        #expect(try t.vault.findRecord("quokka walk").path == "ideas/2026/11/2026-11-01-idea-0.md")
        #expect(!FileManager.default.fileExists(atPath: t.vault.idTableURL.path), "only a whole id needs it")
        #expect(try t.vault.findRecord("5b0c7e2a-0000-4000-8000-000000000004").title == "last one")
        #expect(t.vault.findByID("5b0c7e2a-0000-4000-8000-000000000004")?.title == "last one", "from the table now")
    }

    @Test("an id is answered from the cache without the refresh, and only when its file still carries it")
    func idFromTheCache() throws {
        let t = try vault()
        #expect(t.vault.findByID("5b0c7e2a") == nil, "no cache yet")
        _ = settledCatalog(t)
        #expect(t.vault.findByID("5b0c7e2a-0000-4000-8000-000000000004")?.title == "last one")
        #expect(t.vault.findByID("5B0C7E2A-0000-4000-8000-000000000001")?.title == "rainy day 雨天")
        #expect(t.vault.findByID("5b0c") == nil, "a prefix of several records goes to the catalog, which says it is ambiguous")
        #expect(t.vault.findByID("quokka walk") == nil)
        #expect(t.vault.findByID("face") == nil, "no record has it")
        #expect(t.vault.findByID("5b0c7e2a-0000-4000-8000-00000000000") == nil, "a prefix never comes from the table")

        // A record made since the table was written shares a prefix with one in it: the prefix is
        // ambiguous, as a scan says, not the older record.
        try t.write("ideas/2026/11/beef-1.md", "---\nid: beef0000-0000-4000-8000-000000000001\nkind: idea\ntitle: one\n---\n")
        _ = settledCatalog(t)
        try t.write("ideas/2026/11/beef-2.md", "---\nid: beef0000-0000-4000-8000-000000000002\nkind: idea\ntitle: two\n---\n")
        #expect(throws: FolioError.self) { try t.vault.findRecord("beef") }

        // The file changed its id in place; the cache still has the old one.
        let path = "ideas/2026/11/2026-11-05-idea-4.md"
        try t.write(path, try #require(t.read(path)).replacingOccurrences(of: "00000000004", with: "00000000044"))
        #expect(t.vault.findByID("5b0c7e2a-0000-4000-8000-000000000004") == nil)
        #expect(throws: FolioError.self) { try t.vault.findRecord("5b0c7e2a-0000-4000-8000-000000000004") }
        #expect(try t.vault.findRecord("5b0c7e2a-0000-4000-8000-000000000044").path == path)
    }

    @Test(
        "a deleted or damaged cache or id table changes no answer",
        arguments: ["deleted", "damaged", "truncated", "ids deleted", "ids damaged", "ids truncated"])
    func cacheLostOrDamaged(damage: String) throws {
        let t = try vault()
        _ = settledCatalog(t)
        let expected = scanned(t)
        let cache = damage.hasPrefix("ids") ? t.vault.idTableURL : t.vault.catalogCacheURL
        var bytes = try [UInt8](Data(contentsOf: cache))
        switch damage.replacingOccurrences(of: "ids ", with: "") {
        case "deleted": try FileManager.default.removeItem(at: cache)
        case "damaged":
            for offset in stride(from: 7, to: bytes.count, by: 97) { bytes[offset] ^= 0x5A }
            try Data(bytes).write(to: cache)
        default: try Data(bytes.prefix(bytes.count / 2)).write(to: cache)
        }
        #expect(catalogued(t) == expected)
    }

    @Test(
        "aliases, a list or a string, answer as a full scan does, also after an alias is added, removed or given to a second note in place",
        arguments: ["as written", "added", "removed", "shared", "renamed file"])
    func aliases(change: String) throws {
        let t = try TemporaryVault()
        let notes = [
            ("notes/robert.md", "title: Robert Smith\naliases:\n  - Bob\n  - 羅伯\n  - Café"),
            ("notes/garden.md", "title: Garden plan\naliases: Veggie patch, 菜園 ,, Cafe\u{301} plan"),
            ("notes/reading.md", "title: Reading\naliases: [\"Books to read\", 2026]"),
            ("notes/other.md", "title: Other\naliases:"),
            ("notes/Bob.md", "title: Not Bob"),
        ]
        for (i, (path, keys)) in notes.enumerated() {
            try t.write(path, "---\nid: a11a5000-0000-4000-8000-00000000000\(i)\nkind: note\n\(keys)\n---\nbody \(i)\n")
        }
        let references = [
            "Bob", "bob", "羅伯", "Café", "café", "CAFÉ", "Veggie patch", "veggie PATCH", "菜園", "Cafe\u{301} plan", "Café plan",
            "Veggie patch, 菜園", "Books to read", "books to read", "2026", "Sunday", "Robert Smith", "Other", "Not Bob", "",
        ]
        _ = settledCatalog(t)
        let other = "notes/other.md"
        switch change {
        case "added":
            try overwriteInPlace(t, other, try #require(t.read(other)).replacingOccurrences(of: "aliases:", with: "aliases: Sunday"))
        case "removed":
            let path = "notes/robert.md"
            try overwriteInPlace(t, path, try #require(t.read(path)).replacingOccurrences(of: "  - 羅伯\n", with: ""))
        case "shared":
            try overwriteInPlace(t, other, try #require(t.read(other)).replacingOccurrences(of: "aliases:", with: "aliases: [羅伯, Sunday]"))
            // The trade-off of answering from the folders' stamps: the catalog's one record, checked against its file.
            #expect(try t.vault.findRecord("羅伯").path == "notes/robert.md")
            _ = t.vault.catalog()
        case "renamed file":
            try FileManager.default.moveItem(at: t.root.appendingPathComponent(other), to: t.root.appendingPathComponent("notes/sunday.md"))
        default: break
        }
        let expected = scanned(t, references)
        if change == "as written" {
            #expect(expected.contains("羅伯 → notes/robert.md Robert Smith"), "\(expected)")
            #expect(expected.contains("菜園 → notes/garden.md Garden plan"), "a string is split at its commas: \(expected)")
            #expect(expected.contains("books to read → notes/reading.md Reading"), "without case, as a title: \(expected)")
            #expect(expected.contains("Bob → notes/Bob.md Not Bob"), "a file's stem before any title or alias: \(expected)")
        }
        #expect(catalogued(t, nil, references) == expected)
        #expect(catalogued(t, nil, references) == expected, "once the catalog has been refreshed")
        #expect(catalogued(t, t.vault.catalog(), references) == expected)
    }

    @Test("the path of a file that cannot be read names its problem, as a scan does")
    func unreadablePath() throws {
        let t = try vault()
        try t.write("ideas/2026/11/broken.md", "---\ntitle: [unclosed\n---\n")
        let set = t.vault.loadRecords()
        #expect(throws: FolioError.self) { try t.vault.findRecord("ideas/2026/11/broken.md") }
        var scanError: FolioError?
        var foundError: FolioError?
        do { _ = try t.vault.resolve("ideas/2026/11/broken.md", in: set) } catch { scanError = error }
        do { _ = try t.vault.findRecord("ideas/2026/11/broken.md") } catch { foundError = error }
        #expect(foundError?.rendered(in: .en) == scanError?.rendered(in: .en))
        #expect(foundError?.rendered(in: .en).contains("ideas/2026/11/broken.md:2:") == true, "\(String(describing: foundError))")
    }
}

/// The id table is derived and may be damaged or hostile: it may only ever make a lookup fail over
/// to the catalog, never crash, read outside the vault or answer a record that lacks the id.
@Suite("The id table")
struct IDTableTests {
    /// A record's row of the table; none for a record without an id, which the table never holds.
    private func entry(_ id: String?, _ path: String) -> (id: [UInt8], path: [UInt8])? {
        id.map { (Array($0.utf8), Array(path.utf8)) }
    }

    private var table: [UInt8] {
        IDTable.encode(
            [
                entry("5b0c7e2a-0000-4000-8000-000000000001", "ideas/a.md"),
                entry("5b0c7e2a-0000-4000-8000-000000000002", "ideas/b.md"),
                entry("abcd", "ideas/short.md"),
                entry("abcd-1", "ideas/longer.md"),
                entry("feed0000-0000-4000-8000-000000000000", "ideas/feed.md"),
                entry(nil, "notes/no-id.md"),
            ].compactMap { $0 })
    }

    @Test("a full id, a unique prefix, a full id that prefixes a longer one; none for an ambiguous or unknown prefix")
    func lookups() {
        let answers = [
            "5b0c7e2a-0000-4000-8000-000000000002", "5b0c", "feed", "abcd", "abcd-", "beef", "5b0c7e2a-0000-4000-8000-0000000000021",
        ]
        .map { IDTable.path(for: Array($0.utf8), in: table) }
        #expect(answers == ["ideas/b.md", nil, "ideas/feed.md", "ideas/short.md", "ideas/longer.md", nil, nil])
    }

    @Test("any damage: a flipped byte, a cut, garbage: no crash, and any answer is a plain record path")
    func damage() {
        let good = table
        var random = SystemRandomNumberGenerator()
        for round in 0..<2_000 {
            var bytes = good
            switch round % 3 {
            case 0:
                let at = Int.random(in: 0..<bytes.count, using: &random)
                bytes[at] ^= UInt8.random(in: 1...255, using: &random)
            case 1: bytes = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &random)))
            default: bytes = (0..<Int.random(in: 0..<200, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            }
            for wanted in ["5b0c7e2a", "feed", "abcd", "a", "ideas"] {
                if let path = IDTable.path(for: Array(wanted.utf8), in: bytes) {
                    #expect(IDTable.isRecordPath(path), "\(path)")
                }
            }
        }
    }

    @Test("a table naming a path out of the vault, or a file without the id, answers nothing; the catalog does")
    func hostileTable() throws {
        let t = try TemporaryVault()
        try t.write("ideas/real.md", "---\nid: 5b0c7e2a-0000-4000-8000-000000000001\nkind: idea\ntitle: real\n---\n")
        try t.write("ideas/other.md", "---\nid: feed0000-0000-4000-8000-000000000000\nkind: idea\ntitle: other\n---\n")
        let outside = t.root.deletingLastPathComponent().appendingPathComponent("outside-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: outside) }
        try "---\nid: 5b0c7e2a-0000-4000-8000-000000000009\nkind: idea\ntitle: outside\n---\n"
            .write(to: outside.appendingPathComponent("x.md"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(at: t.root.appendingPathComponent("linked"), withDestinationURL: outside)
        try AtomicFile.makeDirectory(t.vault.idTableURL.deletingLastPathComponent())

        for (id, path) in [
            ("5b0c7e2a-0000-4000-8000-000000000009", "linked/x.md"), ("5b0c7e2a-0000-4000-8000-000000000009", "../x.md"),
            ("5b0c7e2a-0000-4000-8000-000000000001", "ideas/other.md"),
        ] {
            try Data(IDTable.encode([entry(id, path)].compactMap { $0 })).write(to: t.vault.idTableURL)
            #expect(t.vault.findByID(String(id.prefix(8))) == nil, "\(path)")
        }
        #expect(try t.vault.findRecord("5b0c7e2a").title == "real", "the catalog answers, and the outside file is never shown")
    }
}
