import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Record files written to hurt folio, side by side with good ones: each bad file is named with its
/// line and column, never rewritten, and every other record keeps working.
@Suite("Hostile record files")
struct HostileRecordTests {
    static let files: [(path: String, text: String, says: String)] = {
        var bomb = "---\nkind: idea\ntitle: bomb\na: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        var previous = "a"
        for name in ["b", "c", "d", "e", "f", "g", "h", "i"] {
            bomb += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ", ") + "]\n"
            previous = name
        }
        bomb += "---\n"
        return [
            (
                "ideas/deep.md", "---\nkind: idea\ntitle: deep\nx: " + String(repeating: "[", count: 100_000) + "\n---\n",
                "ideas/deep.md:4:67: error: the front matter nests collections more than 64 deep"
            ),
            ("ideas/bomb.md", bomb, "ideas/bomb.md:9:"),
            (
                "ideas/big.md",
                "---\nkind: idea\ntitle: big\nlog: |\n" + String(repeating: "  pasted log line\n", count: 120_000) + "---\n",
                "ideas/big.md:2:1: error: the front matter is 2160029 bytes, over the limit of 262144 (setting front_matter.max_bytes)"
            ),
            (
                "ideas/alias.md", "---\nkind: idea\ntitle: alias\nother: *nowhere\n---\n",
                "ideas/alias.md:4:8: error: the alias *nowhere has no anchor &nowhere before it."
            ),
        ]
    }()

    @Test("deep nesting, an alias bomb, 2 MB of front matter and an undefined alias: named, never rewritten, the rest listed")
    func hostileFilesAreNamed() throws {
        let folio = try FolioProcess.vault()
        #expect(try folio.run("idea", "好的一筆").status == 0)
        for file in Self.files { try folio.write(file.path, file.text) }
        try folio.write("ideas/garbage.md", String(decoding: (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 151 &+ 7) }, as: UTF8.self))

        let list = try folio.run("list", "--json")
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("好的一筆"))
        for file in Self.files { #expect(list.stderr.contains(file.path + ":"), "\(file.path): \(list.stderr)") }

        let check = try folio.run("check")
        for file in Self.files {
            #expect(check.stdout.contains(file.says) || check.stderr.contains(file.says), "\(file.path): \(check.stdout)\(check.stderr)")
        }
        #expect((check.stdout + check.stderr).contains("front_matter.max_nodes"))

        let show = try folio.run("show", "ideas/bomb.md")
        #expect(show.status != 0)
        #expect(show.stderr.contains("ideas/bomb.md:9:"), "\(show.stderr)")
        let search = try folio.run("search", "好的", "--json")
        #expect(search.status == 0 && search.stdout.contains("好的一筆"), "\(search.stderr)")
        #expect(try folio.run("commit").status == 0)
        for file in Self.files { #expect(folio.read(file.path) == file.text, "\(file.path) was rewritten") }
    }

    @Test("front_matter.max_bytes is a setting: raised, the big record reads")
    func sizeSetting() throws {
        let folio = try FolioProcess.vault()
        try folio.write(Self.files[2].path, Self.files[2].text)
        #expect(try folio.run("show", "ideas/big.md").status != 0)
        #expect(try folio.run("config", "set", "front_matter.max_bytes", "4000000").status == 0)
        let show = try folio.run("show", "ideas/big.md")
        #expect(show.status == 0, "\(show.stderr)")
        #expect(show.stdout.contains("big"))
    }

    @Test("folio set on a key whose anchor another key repeats is refused and the file kept byte for byte")
    func anchoredKeyIsNotSpliced() throws {
        let folio = try FolioProcess.vault()
        let text = "---\nid: 6f9619ff-8b86-4d01-b42d-00c04fc964ff\nkind: idea\ntitle: anchored\ntags: &t [x, y]\nother: *t\n---\n"
        try folio.write("ideas/anchored.md", text)
        let set = try folio.run("set", "anchored", "tags=z")
        #expect(set.status != 0)
        #expect(set.stderr.contains("ideas/anchored.md:5:1: error: 'tags' holds the anchor &t"), "\(set.stderr)")
        #expect(folio.read("ideas/anchored.md") == text)
        let title = try folio.run("set", "anchored", "title=renamed")
        #expect(title.status == 0, "\(title.stderr)")
        #expect(folio.read("ideas/anchored.md")?.contains("tags: &t [x, y]\nother: *t\n") == true)
    }

    @Test("a CRLF record stays CRLF after folio set and done")
    func crlfStaysCRLF() throws {
        let folio = try FolioProcess.vault()
        let text =
            "---\r\nid: 6f9619ff-8b86-4d01-b42d-00c04fc964fe\r\nkind: idea\r\ntitle: windows\r\ndone: false\r\n---\r\nwritten on windows\r\n"
        try folio.write("ideas/windows.md", text)
        #expect(try folio.run("set", "windows", "title=still windows").status == 0)
        #expect(try folio.run("done", "windows").status == 0)
        let after = try #require(folio.read("ideas/windows.md"))
        #expect(after.contains("title: still windows\r\n"), "\(after.debugDescription)")
        let bare = after.replacingOccurrences(of: "\r\n", with: "")
        #expect(!bare.contains("\n"), "a line lost its CR: \(after.debugDescription)")
    }

    @Test("a template override with a Mustache error stops writing that kind, naming the template's line; other kinds and reading go on")
    func brokenTemplateWritesNothing() throws {
        let folio = try FolioProcess.vault()
        #expect(try folio.run("idea", "before the override").status == 0)
        let template = "---\nkind: idea\ndir: ideas\nfields:\n  done: bool\n---\n{{#body}}\n{{{body}}}\n"
        try folio.write(".folio/templates/idea.md", template)
        let files = try FileManager.default.subpathsOfDirectory(atPath: folio.directory.appendingPathComponent("ideas").path)

        let idea = try folio.run("idea", "after the override", "--desc", "text")
        #expect(idea.status == 1)
        #expect(idea.stderr.contains(".folio/templates/idea.md:9:1: error: the template of 'idea'"), "\(idea.stderr)")
        #expect(idea.stderr.contains("the template of 'idea' is invalid, so nothing was written"), "\(idea.stderr)")
        #expect(try FileManager.default.subpathsOfDirectory(atPath: folio.directory.appendingPathComponent("ideas").path) == files)
        let set = try folio.run("set", "before-the-override", "title=changed")
        #expect(set.status == 1 && set.stderr.contains("nothing was written"), "\(set.stderr)")

        #expect(try folio.run("ask", "will it rain").status == 0)
        let list = try folio.run("list")
        #expect(list.status == 0 && list.stdout.contains("before the override"))
        #expect(list.stderr.contains(".folio/templates/idea.md:9:1: warning"), "\(list.stderr)")
    }

    @Test("a template that includes a file outside the vault is refused and nothing of that file is read")
    func templateIncludeIsRefused() throws {
        let folio = try FolioProcess.vault()
        let outside = folio.directory.deletingLastPathComponent().appendingPathComponent("outside-\(UUID().uuidString).md")
        try "SECRET OUTSIDE\n".write(to: outside, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: outside) }
        try folio.write(
            ".folio/templates/note.md", "---\nkind: note\n---\n{{{body}}}\n{{> ../\(outside.lastPathComponent)}}\n{{> \(outside.path)}}\n")
        let new = try folio.run("new", "note", "--title", "hello", "--body", "x")
        #expect(new.status == 1)
        #expect(new.stderr.contains(".folio/templates/note.md:5:1:"), "\(new.stderr)")
        #expect(new.stderr.contains("cannot include files"), "\(new.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folio.directory.appendingPathComponent("note").path))
        let grep = try folio.run("list", "--json")
        #expect(!grep.stdout.contains("SECRET OUTSIDE"))
    }

    @Test(
        "a 20 MB record is listed and shown whole, searched in its first search.max_record_bytes with a warning naming it, and the rest of the vault searches as usual"
    )
    func hugeRecordIsSearchedInPart() throws {
        let folio = try FolioProcess.vault()
        #expect(try folio.run("idea", "small quokka note").status == 0)
        let line = String(repeating: "pasted log line with nothing to find 日誌 ", count: 4) + "\n"
        let lines = 20_000_000 / line.utf8.count
        let body =
            "early-marker 開頭的記號\n" + String(repeating: line, count: lines / 13) + "middle-marker\n"
            + String(repeating: line, count: lines - lines / 13) + "late-marker 最後的記號\n"
        let path = "ideas/2026/11/pasted-log.md"
        try folio.write(path, "---\nid: 5b0c7e2a-0000-4000-8000-000000000001\nkind: idea\ntitle: pasted log\n---\n" + body)

        let list = try folio.run("list")
        #expect(list.status == 0 && list.stdout.contains("pasted log") && list.stdout.contains("small quokka note"), "\(list.stderr)")
        #expect(list.stderr.contains("\(path): warning: this record is long: only its first 1048576 bytes are searched"), "\(list.stderr)")
        let early = try folio.run("search", "early-marker", "--json")
        #expect(early.status == 0 && early.stdout.contains("pasted log"), "\(early.stderr)")
        let late = try folio.run("search", "late-marker")
        #expect(late.status == 0 && late.stdout.isEmpty, "\(late.stdout)")
        let quokka = try folio.run("search", "quokka", "--json")
        #expect(quokka.stdout.contains("small quokka note") && !quokka.stdout.contains("pasted log"))
        let show = try folio.run("show", "pasted-log")
        #expect(show.status == 0 && show.stdout.contains("late-marker 最後的記號"))

        // Raised, the limit takes in more of the record (the cache is rebuilt for it).
        #expect(try folio.run("search", "middle-marker").stdout.isEmpty)
        #expect(try folio.run("config", "set", "search.max_record_bytes", "2000000").status == 0)
        let more = try folio.run("search", "middle-marker", "--json")
        #expect(more.stdout.contains("pasted log"), "\(more.stderr)")
        #expect(more.stderr.contains("only its first 2000000 bytes are searched"), "\(more.stderr)")
    }

    @Test(
        "hostile file names: shown quoted, never as raw control bytes; names another device could not write stay out of commits with a warning"
    )
    func hostileNames() throws {
        let folio = try FolioProcess.vault()
        #expect(try folio.run("idea", "a fine idea").status == 0)
        func record(_ title: String) -> String { "---\nkind: idea\ntitle: \"\(title)\"\n---\nbody\n" }
        let hostile = [
            "ideas/new\nline.md", "ideas/esc\u{1B}[31mred.md", "ideas/CON.md", "ideas/aux.txt.md", "ideas/10:30 meeting.md",
            "ideas/trailing.md.", "ideas/what?.md",
        ]
        for name in hostile { try folio.write(name, record("hostile")) }
        try folio.write("ideas/plain hand note.md", record("hand written"))
        // A name that is not UTF-8 cannot be made through String; create it from its bytes.
        let badName = Array(folio.directory.appendingPathComponent("ideas/bad").path.utf8) + [0xFF, 0xFE] + Array(".md".utf8) + [0]
        let fd = badName.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { name in name.baseAddress.map { open($0, O_CREAT | O_WRONLY, 0o644) } ?? -1 }
        }
        #expect(fd >= 0)
        if fd >= 0 { close(fd) }

        let list = try folio.run("list")
        #expect(list.status == 0 && list.stdout.contains("a fine idea") && list.stdout.contains("hand written"), "\(list.stderr)")
        for output in [list.stdout, list.stderr] { #expect(!output.contains("\u{1B}"), "raw ESC reached the terminal") }
        #expect(list.stderr.contains(#"the file name "ideas/bad\377\376.md" is not UTF-8"#), "\(list.stderr)")

        let check = try folio.run("check")
        #expect(!(check.stdout + check.stderr).contains("\u{1B}"))
        #expect((check.stdout + check.stderr).contains(#""ideas/new\nline.md""#), "\(check.stdout)")
        #expect(
            check.status == 1
                && (check.stdout + check.stderr).contains("ideas/CON.md: warning: 'CON.md' is a device name Windows reserves"),
            "\(check.stdout)\(check.stderr)")

        let commit = try folio.run("commit")
        #expect(commit.status == 0, "\(commit.stderr)")
        #expect(!commit.stderr.contains("\u{1B}"))
        for (name, says) in [
            ("ideas/CON.md", "'CON.md' is a device name Windows reserves"), ("ideas/aux.txt.md", "'aux.txt.md' is a device name"),
            ("ideas/10:30 meeting.md", "the name holds ':'"), ("ideas/trailing.md.", "'trailing.md.' ends with a dot or a space"),
            ("ideas/what?.md", "the name holds '?'"), (#""ideas/new\nline.md""#, "the name holds the control character U+000A (␊)"),
        ] {
            #expect(commit.stderr.contains(name) && commit.stderr.contains(says), "\(name): \(commit.stderr)")
        }
        let untracked = try git(["status", "--porcelain", "--untracked-files=all"], in: folio.directory)
        #expect(untracked.contains("?? \"ideas/CON.md\"") || untracked.contains("?? ideas/CON.md"), "\(untracked)")
        #expect(untracked.contains("ideas/10:30 meeting.md") && untracked.contains(#"ideas/new\nline.md"#), "\(untracked)")
        #expect(!untracked.contains("plain hand note"), "the portable hand edit was committed: \(untracked)")
    }

    // Found by `make fuzz` (harness `media`): a duration from a file became `Int(seconds.rounded())`,
    // which traps past Int.max; a probe could produce one, and a record can claim one.
    @Test("a record whose media claims a duration of inf or 1e300 seconds is shown, without the duration")
    func absurdDuration() throws {
        let folio = try FolioProcess.vault()
        for (n, duration) in ["1e300", "inf", "-.inf", "nan"].enumerated() {
            let text =
                "---\nid: 6f9619ff-8b86-4d01-b42d-00c04fc964a\(n)\nkind: diary\ntitle: clip \(n)\nmedia:\n"
                + "  - file: media/ab/ab12.mp4\n    type: video\n    duration: \(duration)\n---\nbody\n"
            try folio.write("diary/2026/11/2026-11-22-clip-\(n).md", text)
            let show = try folio.run("show", "clip \(n)")
            #expect(show.status == 0, "\(duration): \(show.stderr)")
            #expect(show.stdout.contains("media/ab/ab12.mp4"), "\(show.stdout)")
        }
    }

    @Test("a tag or a file name holding an escape sequence reaches `tags` and `status` as a picture, never raw")
    func controlsInTagsAndStatus() throws {
        let folio = try FolioProcess.vault()
        try folio.write("ideas/tagged.md", "---\nkind: idea\ntitle: tagged\ntags: [\"red\\e[31malert\"]\n---\nbody\n")
        try folio.write("ideas/esc\u{1B}[31mname.md", "---\nkind: idea\ntitle: named\n---\nbody\n")
        for arguments in [["tags"], ["status"], ["list"]] {
            let result = try folio.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(!(result.stdout + result.stderr).contains("\u{1B}"), "\(arguments) sent a raw ESC: \(result.stdout.debugDescription)")
        }
        #expect(try folio.run("tags").stdout.contains("#red␛[31malert"))
    }

    @Test("an interval that is not a number of seconds is refused before anything runs", arguments: ["nan", "1e300", "-5", "0"])
    func badWatchInterval(interval: String) throws {
        let folio = try FolioProcess.vault()
        let result = try folio.run("sync", "--watch", "--interval=\(interval)")
        #expect(
            result.status == 2 && result.stderr.contains("--interval takes a number from 1 to 86400"), "\(result.status) \(result.stderr)")
    }

    /// A page of links nested in one another: every command that reads a page's links (check,
    /// export markdown, attach, show, search) reads it in time proportional to its length. Each
    /// took minutes at this size when a link's text and its place were looked up link by link.
    @Test(
        "200 KB of images nested in one another: check, export markdown, attach, show and search each finish at once",
        arguments: [("![", "](x.png)"), ("[![", "](x.png)](y)"), ("![", "](../../../media/ab/x.jpg)")])
    func nestedLinksAreReadInLinearTime(open: String, close: String) throws {
        let folio = try FolioProcess.vault()
        let made = try folio.run("new", "idea", "--title", "nested", "--json")
        #expect(made.status == 0, "\(made.stderr)")
        let count = 200_000 / (open.utf8.count + close.utf8.count)
        let body = String(repeating: open, count: count) + "a" + String(repeating: close, count: count)
        let path = try #require(try folio.run("list", "--json").stdout.firstMatch(of: /ideas\/[^"]+\.md/)).output
        try folio.write(String(path), (folio.read(String(path)) ?? "") + body + "\n")
        let photo = Data([
            0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xFF,
            0xD9,
        ])
        try photo.write(to: folio.directory.appendingPathComponent("photo.jpg"))
        for arguments in [
            ["check"],
            ["export", "markdown", "--out", folio.directory.deletingLastPathComponent().appendingPathComponent("nested-export").path],
            ["attach", "nested", "photo.jpg"], ["show", "nested"], ["search", "nested"],
        ] {
            let started = ContinuousClock.now
            let result = try folio.run(arguments)
            // A generous bound for a loaded machine; the square of the depth took minutes.
            #expect(ContinuousClock.now - started < .seconds(30), "folio \(arguments.joined(separator: " "))")
            #expect(result.status == 0 || arguments == ["check"], "folio \(arguments.joined(separator: " ")): \(result.stderr)")
        }
        let check = try folio.run("check")
        // One finding for a destination on a line, however often the line links it.
        let findings = (check.stdout + check.stderr).components(separatedBy: "\n").filter { $0.contains("x.png") || $0.contains("x.jpg") }
        #expect(findings.count <= 2, "\(findings.prefix(5))")
    }
}
