import Foundation
import Testing

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
            ("ideas/deep.md", "---\nkind: idea\ntitle: deep\nx: " + String(repeating: "[", count: 100_000) + "\n---\n",
             "ideas/deep.md:4:67: error: the front matter nests collections more than 64 deep"),
            ("ideas/bomb.md", bomb, "ideas/bomb.md:9:"),
            ("ideas/big.md", "---\nkind: idea\ntitle: big\nlog: |\n" + String(repeating: "  pasted log line\n", count: 120_000) + "---\n",
             "ideas/big.md:2:1: error: the front matter is 2160029 bytes, over the limit of 262144 (setting front_matter.max_bytes)"),
            ("ideas/alias.md", "---\nkind: idea\ntitle: alias\nother: *nowhere\n---\n",
             "ideas/alias.md:4:8: error: the alias *nowhere has no anchor &nowhere before it."),
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
        let text = "---\r\nid: 6f9619ff-8b86-4d01-b42d-00c04fc964fe\r\nkind: idea\r\ntitle: windows\r\ndone: false\r\n---\r\nwritten on windows\r\n"
        try folio.write("ideas/windows.md", text)
        #expect(try folio.run("set", "windows", "title=still windows").status == 0)
        #expect(try folio.run("done", "windows").status == 0)
        let after = try #require(folio.read("ideas/windows.md"))
        #expect(after.contains("title: still windows\r\n"), "\(after.debugDescription)")
        let bare = after.replacingOccurrences(of: "\r\n", with: "")
        #expect(!bare.contains("\n"), "a line lost its CR: \(after.debugDescription)")
    }

    // Found by `make fuzz` (harness `media`): a duration from a file became `Int(seconds.rounded())`,
    // which traps past Int.max; a probe could produce one, and a record can claim one.
    @Test("a record whose media claims a duration of inf or 1e300 seconds is shown, without the duration")
    func absurdDuration() throws {
        let folio = try FolioProcess.vault()
        for (n, duration) in ["1e300", "inf", "-.inf", "nan"].enumerated() {
            let text = "---\nid: 6f9619ff-8b86-4d01-b42d-00c04fc964a\(n)\nkind: diary\ntitle: clip \(n)\nmedia:\n"
                + "  - file: media/ab/ab12.mp4\n    type: video\n    duration: \(duration)\n---\nbody\n"
            try folio.write("diary/2026/11/2026-11-22-clip-\(n).md", text)
            let show = try folio.run("show", "clip \(n)")
            #expect(show.status == 0, "\(duration): \(show.stderr)")
            #expect(show.stdout.contains("media/ab/ab12.mp4"), "\(show.stdout)")
        }
    }
}
