import Testing

@testable import FolioCore

@Suite("Names every device can write, and text safe on a terminal")
struct PortablePathTests {
    @Test(
        "folio's own names and ordinary hand-made names travel",
        arguments: [
            "ideas/2026/11/2026-11-22-測試想法.md", "media/ab/ab12.jpg", ".folio/config.yaml", "notes/a b.md", "ideas/con-notes.md",
            "ideas/console.md", "ideas/COM10.md", "profile.md",
        ])
    func portable(path: String) {
        #expect(PortablePath.problem(path) == nil)
    }

    @Test(
        "names Windows or a terminal cannot take are refused with the reason",
        arguments: [
            ("ideas/CON.md", PortablePath.NameProblem.windowsDeviceName("CON.md")),
            ("ideas/lpt1.txt.md", .windowsDeviceName("lpt1.txt.md")),
            ("a/nul", .windowsDeviceName("nul")),
            ("ideas/a:b.md", .windowsCharacter(":")),
            ("ideas/why?.md", .windowsCharacter("?")),
            ("ideas/x.md.", .endsWithDotOrSpace("x.md.")),
            ("ideas/x.md ", .endsWithDotOrSpace("x.md ")),
            ("ideas/new\nline.md", .controlCharacter(0x0A)),
            ("ideas/esc\u{1B}.md", .controlCharacter(0x1B)),
            ("ideas//x.md", .emptyComponent),
            ("ideas/bad\u{FFFD}.md", .notUTF8),
        ])
    func notPortable(path: String, problem: PortablePath.NameProblem) {
        #expect(PortablePath.problem(path) == problem)
    }

    @Test("paths are quoted as git quotes them, only when they need it")
    func quotedPaths() {
        #expect("ideas/測試.md".quotedPath == "ideas/測試.md")
        #expect("ideas/new\nline.md".quotedPath == #""ideas/new\nline.md""#)
        #expect("ideas/esc\u{1B}[31m.md".quotedPath == #""ideas/esc\033[31m.md""#)
        #expect("a\"b\\c".quotedPath == #""a\"b\\c""#)
        #expect(String.quotedPath(bytes: Array("ideas/bad".utf8) + [0xFF, 0xFE] + Array("測.md".utf8)) == #""ideas/bad\377\376測.md""#)
    }

    @Test("control characters from files and servers reach the terminal as pictures")
    func visibleControls() {
        #expect("title\u{1B}[31mred\u{07}".withVisibleControls == "title\u{241B}[31mred\u{2407}")
        #expect("two\nlines\tand tab".withVisibleControls == "two\nlines\tand tab")
        #expect("two\nlines".oneLine == "two\u{240A}lines")
        #expect(Message.created(kind: "idea", title: "a\u{1B}[2Jb", path: "p.md").text(.en).contains("\u{1B}") == false)
    }
}
