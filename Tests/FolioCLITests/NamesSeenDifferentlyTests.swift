import Foundation
import TestSupport
import Testing

/// A name another device would see differently, with no twin beside it: one in NFD (as macOS
/// hands names back), one Windows cannot hold. `check` names each (files and folders, records and
/// media) with its problem and the rename; `check --fix` renames it, links following. Names are
/// compared as bytes here: a Swift `String` takes NFC and NFD for one.
@Suite("Names another device would see differently")
struct NamesSeenDifferentlyTests {
    static let nfc = "Caf\u{E9}"
    static let nfd = "Cafe\u{301}"

    /// Whether `text` holds `part` byte for byte.
    static func holds(_ text: String, _ part: String) -> Bool {
        let bytes = Array(text.utf8)
        let needle = Array(part.utf8)
        guard needle.count <= bytes.count else { return false }
        return (0...(bytes.count - needle.count)).contains { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    /// A record file written by hand, committed with git (as another app or device would leave it).
    static func commitByHand(_ folio: FolioProcess, _ files: [String: String]) throws {
        for (path, text) in files { try folio.write(path, text) }
        _ = try git(["add", "-A"], in: folio.directory)
        _ = try git(["commit", "-qm", "by hand"], in: folio.directory)
    }

    @Test("a record named in NFD with no NFC twin is named by check, and check --fix renames it, links following")
    func decomposedRecordAlone() throws {
        let folio = try FolioProcess.vault()
        try Self.commitByHand(
            folio,
            [
                "ideas/\(Self.nfd).md": "---\nid: 22222222-2222-4222-8222-222222222222\nkind: idea\ntitle: coffee\n---\nbody\n",
                "ideas/menu.md":
                    "---\nid: 33333333-3333-4333-8333-333333333333\nkind: idea\ntitle: menu\n---\nsee [the café](\(Self.nfd).md)\n",
            ])
        let check = try folio.run("check")
        let said = check.stdout + check.stderr
        #expect(check.status == 1, "\(said)")
        #expect(Self.holds(said, "ideas/\(Self.nfd).md: warning: this name spells an accented letter decomposed (Unicode NFD"), "\(said)")
        #expect(Self.holds(said, "mv ideas/\(Self.nfd).md ideas/\(Self.nfc).md"), "\(said)")

        let fix = try folio.run("check", "--fix", "--yes")
        #expect(fix.status == 0, "\(fix.stdout)\(fix.stderr)")
        #expect(Self.holds(fix.stdout + fix.stderr, "renamed ideas/\(Self.nfd).md to ideas/\(Self.nfc).md"), "\(fix.stdout)")
        let names = try FileManager.default.contentsOfDirectoryAtPathBytes(folio.directory.appendingPathComponent("ideas").path)
        #expect(names.contains(Array("\(Self.nfc).md".utf8)) && !names.contains(Array("\(Self.nfd).md".utf8)), "\(names)")
        #expect(
            Self.holds(folio.read("ideas/menu.md") ?? "", "](\(Self.nfc).md)"), "the link follows: \(folio.read("ideas/menu.md") ?? "")")
        let tracked = try git(["-c", "core.quotepath=on", "ls-files", "ideas"], in: folio.directory)
        #expect(tracked.contains("\"ideas/Caf\\303\\251.md\"") && !tracked.contains("Cafe\\314\\201"), "\(tracked)")
        #expect(try git(["status", "--porcelain"], in: folio.directory).isEmpty)
        let again = try folio.run("check")
        #expect(again.status == 0 && !(again.stdout + again.stderr).contains("NFD"), "\(again.stdout)\(again.stderr)")
    }

    @Test("in a zh-Hant vault the NFD name is said in zh-Hant, with the rename")
    func decomposedInChinese() throws {
        let folio = try FolioProcess.vault(language: "zh-Hant")
        try Self.commitByHand(folio, ["ideas/\(Self.nfd).md": "---\nkind: idea\ntitle: coffee\n---\nbody\n"])
        let check = try folio.run("check")
        let said = check.stdout + check.stderr
        #expect(Self.holds(said, "ideas/\(Self.nfd).md"), "\(said)")
        #expect(said.contains("這個名字的重音字母是分解形式（Unicode NFD"), "\(said)")
        #expect(Self.holds(said, "mv ideas/\(Self.nfd).md ideas/\(Self.nfc).md"), "\(said)")
    }

    @Test("folders, media and names Windows cannot hold: each named once with its problem and its rename; --fix renames them all")
    func foldersMediaAndWindowsNames() throws {
        let folio = try FolioProcess.vault()
        var count = 0
        func idea() -> String {
            count += 1
            return "---\nid: 4444444\(count)-4444-4444-8444-444444444444\nkind: idea\ntitle: t\(count)\n---\nbody\n"
        }
        // Folders in NFD and with a trailing space, a media folder in NFD with a file beside a
        // record linking into it, a Windows device name, a reserved character, a control character.
        try Self.commitByHand(
            folio,
            [
                "ideas/R\u{E9}sum\u{E9}s-\(Self.nfd)/one.md": idea(), "ideas/R\u{E9}sum\u{E9}s-\(Self.nfd)/two.md": idea(),
                "ideas/drafts /three.md": idea(), "ideas/NUL.md": idea(), "ideas/10:30 meeting.md": idea(), "ideas/tab\there.md": idea(),
                "media/F\u{EA}te-\(Self.nfd)/note.txt": "hello",
                "ideas/links.md":
                    "---\nid: 55555555-5555-4555-8555-555555555555\nkind: idea\ntitle: links\n---\n[a note](../media/F\u{EA}te-\(Self.nfd)/note.txt)\n",
            ])
        let check = try folio.run("check")
        let said = check.stdout + check.stderr
        let expected: [(String, String, String)] = [
            ("ideas/R\u{E9}sum\u{E9}s-\(Self.nfd)", "decomposed (Unicode NFD", "ideas/R\u{E9}sum\u{E9}s-\(Self.nfc)"),
            ("media/F\u{EA}te-\(Self.nfd)", "decomposed (Unicode NFD", "media/F\u{EA}te-\(Self.nfc)"),
            ("'ideas/drafts '", "'drafts ' ends with a dot or a space", "ideas/drafts"),
            ("ideas/NUL.md", "'NUL.md' is a device name Windows reserves", "ideas/NUL_.md"),
            ("ideas/10:30 meeting.md", "the name holds ':'", "ideas/10-30 meeting.md"),
            ("ideas/tab\there.md", "the control character U+0009", "ideas/tab-here.md"),
        ]
        for (from, problem, to) in expected {
            #expect(said.contains(problem), "\(problem): \(said)")
            let quotedTo = to.contains(" ") ? "'\(to)'" : to
            let quotedFrom = from.hasPrefix("'") || !from.contains(" ") && !from.contains("\t") ? from : "'\(from)'"
            #expect(Self.holds(said, "mv \(quotedFrom) \(quotedTo)") || from.contains("\t"), "\(from): \(said)")
        }
        // A folder is named once, not once for each file in it.
        let warnings = said.split(separator: "\n").filter { $0.contains(": warning: ") }
        #expect(warnings.filter { $0.hasPrefix("ideas/R\u{E9}sum\u{E9}s-") }.count == 1, "\(said)")
        #expect(warnings.count == expected.count, "\(warnings)")

        // The media folder holds a stray file (not named by its content), which --fix leaves.
        let fix = try folio.run("check", "--fix", "--yes")
        #expect(fix.stdout.components(separatedBy: "a name every device sees the same").count - 1 == expected.count, "\(fix.stdout)")
        for (_, _, to) in expected {
            var info = stat()
            #expect(lstat(folio.directory.appendingPathComponent(to).path, &info) == 0, "\(to) is there: \(fix.stdout)")
        }
        #expect(
            Self.holds(folio.read("ideas/links.md") ?? "", "](../media/F\u{EA}te-\(Self.nfc)/note.txt)"),
            "\(folio.read("ideas/links.md") ?? "")")
        #expect(try git(["status", "--porcelain"], in: folio.directory).isEmpty)
        let tracked = try git(["-c", "core.quotepath=off", "ls-files"], in: folio.directory)
        #expect(
            Self.holds(tracked, "ideas/R\u{E9}sum\u{E9}s-\(Self.nfc)/two.md") && Self.holds(tracked, "ideas/10-30 meeting.md"), "\(tracked)"
        )
        let again = try folio.run("check")
        #expect(!again.stdout.contains(": warning: "), "\(again.stdout)\(again.stderr)")
    }

    @Test("names differing only in case, in a media folder: named with the rename")
    func caseTwinFolders() throws {
        let folio = try FolioProcess.vault()
        try Self.commitByHand(folio, ["media/Photos/a.txt": "a", "media/photos/b.txt": "b"])
        let check = try folio.run("check")
        let said = check.stdout + check.stderr
        #expect(said.contains("media/photos: warning: this name and media/Photos differ only in upper and lower case"), "\(said)")
        #expect(said.contains("mv media/photos media/photos-2"), "\(said)")
    }
}
