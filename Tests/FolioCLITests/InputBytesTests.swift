import Foundation
import TestSupport
import Testing

/// NUL and control bytes in what a user types never reach a file or a commit message, and no
/// command reports success while its own change is left uncommitted.
@Suite("Control bytes in input, and commits that fail after a write")
struct InputBytesTests {
    @Test("printf 'a\\0b' | folio ask is refused before anything is written: exit 1, a clear message, nothing to commit")
    func nulOnStandardInput() throws {
        let folio = try FolioProcess.vault()
        let commits = try folio.commitCount()
        let result = try folio.run(["ask"], input: "a\u{0}b")
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stderr.contains("error: the question holds a NUL byte (\\0), which a text file cannot keep; folio wrote nothing."),
            "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folio.directory.appendingPathComponent("qa").path))
        #expect(try folio.uncommitted().isEmpty)
        #expect(try folio.commitCount() == commits)
    }

    static let controlled: [(String, [String], String)] = [
        ("an escape in a title", ["idea", "red\u{1B}[31malert"], "the title holds the control character U+001B (␛)"),
        ("a bell in a description", ["idea", "ring", "--desc", "ding\u{07}"], "the body holds the control character U+0007 (␇)"),
        (
            "DEL in a field", ["new", "idea", "--title", "x", "--field", "note=a\u{7F}b"],
            "the value of 'note' holds the control character U+007F (␡)"
        ),
        ("a C1 control in a tag", ["idea", "x", "--tag", "a\u{9B}b"], "the tag holds the control character U+009B"),
        ("an escape on standard input", ["ask"], "the question holds the control character U+001B (␛)"),
    ]

    @Test("control characters in titles, bodies, fields, tags and questions are refused before anything is written", arguments: controlled)
    func controlCharacters(name: String, arguments: [String], says: String) throws {
        let folio = try FolioProcess.vault()
        let result = try folio.run(arguments, input: arguments == ["ask"] ? "will it \u{1B}[2J rain?" : nil)
        #expect(result.status == 1, "\(name): \(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains(says), "\(name): \(result.stderr)")
        #expect(try folio.uncommitted().isEmpty)
        #expect(try folio.run("list", "--json").stdout == "[]\n")
    }

    @Test("an edit that puts a NUL byte in the record is refused; the record is unchanged and the draft kept")
    func nulInEdit() throws {
        var folio = try FolioProcess.vault()
        #expect(try folio.run("idea", "editable").status == 0)
        let path = try #require(try folio.committedPaths().first { $0.hasPrefix("ideas/") })
        let before = try #require(folio.read(path))
        folio.environment["EDITOR"] = "printf 'tail\\0byte\\n' >>"
        let edit = try folio.run("edit", "editable")
        #expect(edit.status == 1)
        #expect(edit.stderr.contains("the edited text holds a NUL byte"), "\(edit.stderr)")
        #expect(edit.stderr.contains("your text is kept in"))
        #expect(folio.read(path) == before)
        #expect(try folio.uncommitted().isEmpty)
    }

    @Test("a title is one line; a question with line breaks and tabs makes a one-line commit subject with no control character")
    func commitMessagesAreClean() throws {
        let folio = try FolioProcess.vault()
        #expect(try folio.run("idea", "first line\nsecond\r\nthird\tend").status == 1, "a title is one line")
        #expect(try folio.run("ask", "first line\nsecond\r\nthird\tend?").status == 0)
        let message = try folio.gitIn("log", "-1", "--format=%B")
        let subject = try #require(message.split(separator: "\n").first)
        #expect(subject == "qa: add \"first line second third end?\"", "\(message.debugDescription)")
        #expect(!message.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(message.debugDescription)")
        #expect(try folio.uncommitted().isEmpty)

        // A message the user writes keeps its paragraphs; a control character in it becomes a space.
        try folio.write("notes/typos.txt", "fixed\n")
        #expect(try folio.run("commit", "-m", "fix typos\n\nin the notes\u{1B}[2J and the ideas").status == 0)
        let own = try folio.gitIn("log", "-1", "--format=%B")
        #expect(own.hasPrefix("fix typos\n\nin the notes [2J and the ideas\n\nFolio-Device: "), "\(own.debugDescription)")
    }

    @Test("when the commit fails after the write, the command fails naming folio commit; folio commit then catches up")
    func commitFailureFailsTheCommand() throws {
        let folio = try FolioProcess.vault()
        #expect(try folio.run("idea", "first").status == 0)
        let branch = folio.directory.appendingPathComponent(".git/refs/heads/main")
        let head = try String(contentsOf: branch, encoding: .utf8)
        // The branch names a commit that is not there (a repository copied in half).
        try String(repeating: "1", count: 40).appending("\n").write(to: branch, atomically: true, encoding: .utf8)
        let idea = try folio.run("idea", "kept on disk")
        #expect(idea.status == 1, "\(idea.stdout)\(idea.stderr)")
        #expect(idea.stdout.contains("added idea \"kept on disk\""))
        #expect(idea.stderr.contains("error: the change is saved but not committed to history"), "\(idea.stderr)")
        #expect(idea.stderr.contains("Run `folio commit` to commit it"))
        let done = try folio.run("done", "first")
        #expect(done.status == 1 && done.stderr.contains("folio commit"), "\(done.stderr)")
        let ask = try folio.run("ask", "will it work?")
        #expect(ask.status == 1 && ask.stderr.contains("folio commit"), "\(ask.stderr)")

        try head.write(to: branch, atomically: true, encoding: .utf8)
        let commit = try folio.run("commit")
        #expect(commit.status == 0, "\(commit.stderr)")
        #expect(try folio.uncommitted().isEmpty)
        #expect(try folio.committedPaths().contains { $0.hasSuffix("kept-on-disk.md") })
    }
}
