import Foundation
import TestSupport
import Testing

/// One file of `Transcripts/`: a session at the terminal with the real `folio`, played again.
struct TranscriptFile: Sendable, CustomTestStringConvertible {
    let name: String

    var testDescription: String { name }
    var url: URL { Self.folder.appendingPathComponent(name) }

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Transcripts")
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// `FOLIO_TRANSCRIPT_UPDATE=1` (`make transcripts-update`) writes what the commands print now
    /// into the files instead of comparing.
    static var updating: Bool { ProcessInfo.processInfo.environment["FOLIO_TRANSCRIPT_UPDATE"] == "1" }

    /// The transcripts, or those `FOLIO_TRANSCRIPT` names (`check,conflicts` or `check.t`), that
    /// need `tool` (a `# requires: TOOL` line) or need none.
    static func all(needing tool: String?) -> [TranscriptFile] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".t") }.sorted()
        let chosen = ProcessInfo.processInfo.environment["FOLIO_TRANSCRIPT"].map {
            Set($0.split(separator: ",").map { $0.hasSuffix(".t") ? String($0) : $0 + ".t" })
        }
        return names.filter { chosen?.contains($0) ?? true }.map(TranscriptFile.init).filter { $0.requirement == tool }
    }

    /// The tool a `# requires: TOOL` line names.
    var requirement: String? {
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").first { $0.hasPrefix("# requires: ") }.map { String($0.dropFirst("# requires: ".count)) }
    }
}

@Suite("Transcripts: sessions at the terminal, played again against the real folio")
struct TranscriptTests {
    static let script = "/usr/bin/script"

    @Test("a transcript", arguments: TranscriptFile.all(needing: nil))
    func transcript(_ file: TranscriptFile) async throws {
        try await Self.check(file)
    }

    @Test(
        "a transcript that needs a terminal (util-linux script)",
        .enabled(if: FileManager.default.isExecutableFile(atPath: script), "needs util-linux `script` for a terminal"),
        arguments: TranscriptFile.all(needing: "script"))
    func terminalTranscript(_ file: TranscriptFile) async throws {
        try await Self.check(file)
    }

    /// Plays `file` and compares what it printed now with what the file says, or writes it in.
    static func check(_ file: TranscriptFile) async throws {
        let written = try String(contentsOf: file.url, encoding: .utf8)
        let expected = try Transcript(parsing: written, name: file.name)
        let folio = FolioBinary.url
        let fixtures = TranscriptFile.fixtures
        let actual = try await offPool {
            // waits: for another transcript, whose every command has its own deadline.
            TranscriptSession.gate.wait()
            defer { TranscriptSession.gate.signal() }
            return try TranscriptSession.play(expected, name: file.name, folio: folio, fixtures: fixtures).text
        }
        guard actual != written else { return }
        if TranscriptFile.updating {
            try Data(actual.utf8).write(to: file.url)
            return
        }
        let diff = LineDiff.unified(written, actual, oldName: "\(file.name) (expected)", newName: "\(file.name) (actual)")
        Issue.record("\(file.name) printed something else (make transcripts-update re-records it):\n\(diff)")
    }
}

/// The transcript runner itself: that a transcript can fail, and what it names.
@Suite("Transcripts: the runner")
struct TranscriptRunnerTests {
    func play(_ text: String) throws -> String {
        try TranscriptSession.play(Transcript(parsing: text), name: "runner", folio: FolioBinary.url).text
    }

    @Test("the form reads back as written: blocks, escapes, a missing last newline, comments")
    func form() throws {
        let text = """
            # a comment

            $ cat <<EOF
            > one
            >
            > EOF
            one

            ! a warning
            ? 0
            $ printf 'x'
            x
            % no newline at end
            ? 0
            $ echo '! not stderr'
            \\! not stderr
            #rain  3
            ? 1

            """
        let transcript = try Transcript(parsing: text)
        #expect(transcript.text == text)
        #expect(transcript.commands == ["cat <<EOF\none\n\nEOF", "printf 'x'", "echo '! not stderr'"])
        guard case .command(_, let output) = transcript.items[4] else { return }
        #expect(output == Transcript.Output(stdout: "! not stderr\n#rain  3\n", stderr: "", status: 1))
        #expect(throws: HarnessError.self) { try Transcript(parsing: "$ true\n") }
        #expect(throws: HarnessError.self) { try Transcript(parsing: "stray output\n") }
    }

    @Test("a command that prints something else, or exits otherwise, fails with a unified diff")
    func failsWithDiff() throws {
        let written = "$ echo hi; echo oops >&2\nho\n? 0\n"
        let actual = try play(written)
        #expect(actual == "$ echo hi; echo oops >&2\nhi\n! oops\n? 0\n")
        let diff = LineDiff.unified(written, actual, oldName: "x.t (expected)", newName: "x.t (actual)")
        #expect(diff == "--- x.t (expected)\n+++ x.t (actual)\n@@ -1,3 +1,4 @@\n $ echo hi; echo oops >&2\n-ho\n+hi\n+! oops\n ? 0\n")
        #expect(try play("$ exit 3\n? 0\n") == "$ exit 3\n? 3\n")
    }

    @Test("ids and commits become the n-th one seen, the same value the same name; names in commands are replaced")
    func placeholders() throws {
        let first = "6aa03599-cf98-411e-9af6-f633e16970dc"
        let second = "0b1e2d3c-0000-4000-8000-00000000abcd"
        let commit = "ac2095316fd0bf82f399040b29d47e5cf3bda06b"
        let actual = try play(
            """
            $ echo \(second) \(first) \(second)
            ? 0
            $ echo '[\(first.prefix(8))]' \(commit) \(commit.prefix(8)) 20261122 deadbeefcafe
            ? 0
            $ echo <id2:4> <id1> <commit1:10>
            ? 0

            """)
        #expect(
            actual == """
                $ echo \(second) \(first) \(second)
                <id1> <id2> <id1>
                ? 0
                $ echo '[\(first.prefix(8))]' \(commit) \(commit.prefix(8)) 20261122 deadbeefcafe
                [<id2:8>] <commit1> <commit1:8> 20261122 deadbeefcafe
                ? 0
                $ echo <id2:4> <id1> <commit1:10>
                <id2:4> <id1> <commit1:10>
                ? 0

                """)
        #expect(throws: HarnessError.self) { try play("$ echo <id1>\n? 0\n") }
    }

    @Test("an id only a file holds is named when its short form is printed; the home folder is ~")
    func discovered() throws {
        let actual = try play(
            """
            $ mkdir v && printf 'id: 6aa03599-cf98-411e-9af6-f633e16970dc\\n' > v/r.md && echo 6aa03599 && pwd && echo $TMPDIR
            ? 0

            """)
        #expect(actual.contains("\n<id1:8>\n~\n$TMPDIR\n? 0\n"), "\(actual)")
    }

    @Test("a session has only its own environment, its own home, and leaves nothing behind")
    func hygiene() throws {
        var home: URL?
        do {
            let session = try TranscriptSession(name: "hygiene", folio: FolioBinary.url)
            home = session.home
            let names = try session.run("env | cut -d= -f1 | sort").stdout.split(separator: "\n").map(String.init)
            // bash's own (PWD, OLDPWD, SHLVL, _) and a sanitizer's options under make asan / tsan aside.
            let allowed = Set(TranscriptSession.environment.keys).union([
                "HOME", "TMPDIR", "PATH", "PWD", "OLDPWD", "SHLVL", "_", "ASAN_OPTIONS", "TSAN_OPTIONS", "LSAN_OPTIONS", "SWIFT_BACKTRACE",
            ])
            #expect(Set(names).isSubset(of: allowed), "\(names)")
            #expect(try session.run("export MOOD=calm; cd /").status == 0)
            #expect(try session.run("echo $MOOD; pwd").stdout == "calm\n/\n", "export and cd hold for the next command")
        }
        #expect(home.map { !FileManager.default.fileExists(atPath: $0.path) } == true, "the scratch folder is removed")
    }
}
