import Foundation
import TestSupport
import Testing

/// Inbox notes whose titles or file names could not be a file name as they are: a path climbing
/// out with `..`, folders in `/`, a leading dot, NUL and control characters, names Windows cannot
/// hold (`CON`, `a:b`, a trailing dot or space), names past 255 bytes. folio's rule for new records
/// holds for them (docs/sync.md, "Names"): each record is named `<date>-<slug of the title>.md` in
/// its kind's folder, a name safe on every file system; a file the inbox never takes (a hidden one)
/// is left where it is and named. Nothing is written outside the vault, and `check` is clean.
@Suite("The inbox: names that cannot be a record's as they are")
struct InboxNameTests {
    /// Whether `name` is a file name every file system folio syncs to holds as it is.
    static func isPortable(_ name: String) -> Bool {
        let reserved = Set(["con", "prn", "aux", "nul"] + (1...9).flatMap { ["com\($0)", "lpt\($0)"] })
        let stem = name.split(separator: ".", omittingEmptySubsequences: false).first.map { $0.lowercased() } ?? ""
        return !name.isEmpty && name != "." && name != ".." && !name.hasPrefix(".") && name.utf8.count <= 255
            && !name.hasSuffix(".") && !name.hasSuffix(" ") && !reserved.contains(stem)
            && !name.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7f || "/\\:*?\"<>|".unicodeScalars.contains($0) }
    }

    /// Every path under `folder`, relative to it, but the vault's own files.
    static func paths(under folder: URL, skipping skipped: URL) -> Set<String> {
        var found = Set<String>()
        let walker = FileManager.default.enumerator(atPath: folder.path)
        while let path = walker?.nextObject() as? String {
            if folder.appendingPathComponent(path).path == skipped.path {
                walker?.skipDescendants()
                continue
            }
            found.insert(path)
        }
        return found
    }

    /// Notes titled, or named, as no file can be, beside a good one: every note the inbox takes is
    /// adopted under a portable name in `diary/`, committed; the hidden one stays and is named.
    @Test func hostileTitlesAndNames() throws {
        let folio = try FolioProcess.vault()
        let scratch = try #require(folio.scratch)
        let long = String(repeating: "雨", count: 120)  // 360 bytes in UTF-8
        let titled: [(file: String, text: String)] = [
            ("inbox/good.md", "Good morning.\n"),
            ("inbox/climb.md", "---\ntitle: ../../../../outside\n---\nclimbing\n"),
            ("inbox/slash.md", "---\ntitle: /etc/passwd\n---\nabsolute\n"),
            ("inbox/dots.md", "---\ntitle: ..\n---\njust dots\n"),
            ("inbox/folders.md", "---\ntitle: a/b\\c/d\n---\nfolders\n"),
            ("inbox/leading.md", "---\ntitle: .profile\n---\na leading dot\n"),
            ("inbox/nul.md", "---\ntitle: \"nul\\0inside\"\n---\na NUL in the title\n"),
            ("inbox/controls.md", "---\ntitle: \"bell\\a escape\\e[31m tab\\t\"\n---\ncontrols\n"),
            ("inbox/con.md", "CON\n"),
            ("inbox/colon.md", "a:b\n"),
            ("inbox/trailing.md", "trailing dot.\n"),
            ("inbox/space.md", "---\ntitle: \"trailing space \"\n---\nspace\n"),
            ("inbox/long.md", "---\ntitle: \(long)\n---\nlong title\n"),
            ("inbox/long-line.md", "\(long)\n"),
            // The file's own name as the title: a note with no first line to take one from.
            ("inbox/CON.md", "---\ncreated: 2026-11-21T09:00:00+08:00\n---\n\n"),
            ("inbox/a:b.md", "# \n\nno title in the text\n"),
            ("inbox/trailing. .md", "trailing. \n"),
            ("inbox/bell\u{7}\u{1b}[31m.md", "a name with controls\n"),
            ("inbox/line\nbreak.md", "a name with a newline\n"),
            ("inbox/\(String(repeating: "雪", count: 80)).md", "a long name\n"),
        ]
        for (file, text) in titled { try InboxTests.drop(folio, file, text) }
        try InboxTests.drop(folio, "inbox/..hidden.md", "hidden\n")
        let outside = Self.paths(under: scratch.path(""), skipping: folio.directory)

        // What a terminal shows names each file without letting its controls act.
        let planned = try folio.run("inbox", "--dry-run")
        #expect(planned.status == 0, "\(planned.stderr)")
        for text in [planned.stdout, planned.stderr] {
            #expect(!text.contains("\u{1b}") && !text.contains("\u{7}"), "\(text.debugDescription)")
        }
        #expect(planned.stdout.contains("inbox/good.md"), "\(planned.stdout)")
        #expect(planned.stderr.contains("inbox/..hidden.md"), "\(planned.stderr)")

        let adopted = try folio.run("inbox", "--json")
        #expect(adopted.status == 0, "\(adopted.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(adopted.stdout.utf8)) as? [String: Any])
        let records = json["adopted"] as? [[String: String]] ?? []
        let left = json["left"] as? [[String: String]] ?? []
        #expect(left.map { $0["file"] } == ["inbox/..hidden.md"], "\(left)")
        let sources = Set(records.compactMap { $0["source"] })
        for (file, _) in titled {
            #expect(sources.contains(file), "\(file) was not adopted: \(adopted.stderr)")
        }
        #expect(records.contains { $0 == ["path": "diary/2026/11/2026-11-21-good-morning.md", "source": "inbox/good.md"] })
        for record in records {
            let path = try #require(record["path"])
            let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            #expect(parts.count == 4 && parts[0] == "diary", "\(path)")
            #expect(parts.allSatisfy(Self.isPortable), "not a portable name: \(path.debugDescription)")
            #expect(folio.read(path) != nil, "\(path) is not in the vault")
        }
        #expect(Set(records.compactMap { $0["path"] }).count == records.count)
        #expect(InboxTests.leftovers(folio) == ["inbox/..hidden.md"])
        #expect(Self.paths(under: scratch.path(""), skipping: folio.directory) == outside, "written outside the vault")
        // Committed, all but the hidden file, which the inbox does not take.
        let uncommitted = try git(["status", "--porcelain", "--untracked-files=all"], in: folio.directory)
        #expect(uncommitted == "?? inbox/..hidden.md\n", "\(uncommitted.debugDescription)")
        let checked = try folio.run("check")
        #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)")
        let shown = try folio.run("list")
        #expect(!shown.stdout.contains("\u{1b}") && !shown.stdout.contains("\u{7}"), "\(shown.stdout.debugDescription)")
    }
}
