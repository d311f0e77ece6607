import Foundation
import TestSupport
import Testing

/// Text that came from a file, a server or an AI never drives the terminal: every escape sequence
/// and control character in it reaches the screen as a picture (`␛`), on a terminal and through a
/// pipe, streamed or whole. Only `show` (and `profile`, `config get`) through a pipe give the
/// file's own bytes, as `cat` would.
@Suite("Terminal output: outside text shows its control characters as pictures")
struct TerminalOutputTests {
    /// OSC 52 (writes the clipboard), a window title, clear screen, a C1 CSI, a bell, a carriage
    /// return that would overwrite the line, a backspace and a hidden-text style.
    static let hostile = "\u{1B}]52;c;cm0gLXJmIH4=\u{07}\u{1B}]0;pwned\u{07}\u{1B}[2J\u{9B}31m\u{07}\rfake\u{08}\u{1B}[8mhidden"

    /// A vault with a record, a config value, a commit message and an author written by another
    /// device (by hand, as git would bring them), each holding ``hostile``.
    func hostileVault() throws -> FolioProcess {
        let folio = try FolioProcess.vault()
        let record = """
            ---
            id: 01JD0000000000000000000000
            kind: idea
            title: "evil \\e]52;c;cm0gLXJmIH4=\\a title"
            created: 2026-11-20T10:00:00+08:00
            modified: 2026-11-20T10:00:00+08:00
            tags: ["t\\e[2Jag"]
            note: "\\e]0;pwned\\a"
            ---
            body \(Self.hostile)

            """
        try folio.write("ideas/2026/11/2026-11-20-evil.md", record)
        let config = try #require(folio.read(".folio/config.yaml"))
        try folio.write(".folio/config.yaml", config + "location: \"\\e]52;c;eA==\\a台北\"\n")
        let git = try Tool.find("git", package: "git")
        var environment = Tool.environment()
        environment["GIT_AUTHOR_NAME"] = "Eve\u{1B}]0;x\u{07}"
        try Tool.run(git, ["add", "-A"], in: folio.directory, environment: environment)
        try Tool.run(git, ["commit", "-q", "-m", "from afar \(Self.hostile)"], in: folio.directory, environment: environment)
        return folio
    }

    @Test(
        "list, search, tags, stats, log, config list, kinds, status, check, cal and show --json through a pipe hold no control character",
        arguments: [
            ["list"], ["search", "evil"], ["tags"], ["stats"], ["log"], ["config", "list"], ["kinds"], ["status"],
            ["check"], ["cal", "2026-11"], ["show", "ideas/2026/11/2026-11-20-evil.md", "--json"], ["list", "--json"], ["log", "--json"],
        ])
    func pipedListings(_ arguments: [String]) throws {
        let folio = try hostileVault()
        let result = try folio.run(arguments)
        #expect(result.status == 0 || arguments == ["check"], "\(result.stderr)")
        #expect(TerminalBytes.unsafe(in: Data((result.stdout + result.stderr).utf8)) == [], "\(result.stdout)\(result.stderr)")
    }

    @Test("on a terminal, in colour, show, list, search and log show the escapes as pictures and keep only folio's own styles")
    func onATerminal() throws {
        var folio = try hostileVault()
        folio.environment.removeValue(forKey: "NO_COLOR")
        folio.environment["TERM"] = "xterm-256color"
        folio.environment["PAGER"] = "cat"
        for arguments in [
            ["show", "ideas/2026/11/2026-11-20-evil.md"], ["list"], ["search", "evil"], ["log"], ["config", "get", "location"], ["stats"],
        ] {
            let (status, output) = try folio.runOnRawTerminal(arguments)
            let text = String(decoding: output, as: UTF8.self)
            #expect(status == 0, "\(arguments): \(text)")
            #expect(TerminalBytes.unsafe(in: output) == [], "\(arguments): \(text.debugDescription)")
        }
        let (_, shown) = try folio.runOnRawTerminal("show", "ideas/2026/11/2026-11-20-evil.md")
        let text = String(decoding: shown, as: UTF8.self)
        #expect(text.contains("body ␛]52;c;cm0gLXJmIH4=␇␛]0;pwned␇␛[2J�31m␇␍fake␈␛[8mhidden"), "\(text.debugDescription)")
    }

    @Test("show, profile and config get through a pipe give the file's own bytes, as cat does")
    func pipedShowIsTheFile() throws {
        let folio = try hostileVault()
        let shown = try folio.run("show", "ideas/2026/11/2026-11-20-evil.md")
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout == folio.read("ideas/2026/11/2026-11-20-evil.md"))
        let location = try folio.run("config", "get", "location")
        #expect(location.stdout == "\u{1B}]52;c;eA==\u{07}台北\n")
    }

    /// A diary page on a vault whose AI is `server`.
    func aiVault(_ server: OpenAIServer) throws -> (FolioProcess, String) {
        var folio = try FolioProcess.vault(language: "en")
        folio.environment["FOLIO_AI_KEY"] = "sk-test"
        for (name, value) in [("ai.provider", "openai"), ("ai.base_url", server.baseURL), ("ai.model", "m"), ("ai.timeout", "5")] {
            #expect(try folio.run("config", "set", name, value).status == 0)
        }
        let record = try #require(try folio.json("new", "diary", "--text", "a walk in the rain", "--json") as? [String: Any])
        return (folio, try #require(record["id"] as? String))
    }

    @Test("a streamed chat reply with an escape sequence cut between two pieces reaches the pipe and the terminal as pictures")
    func streamedReply() throws {
        let server = try OpenAIServer()
        defer { server.stop() }
        let (folio, id) = try aiVault(server)
        server.enqueue(.stream(["fine \u{1B}", "]52;c;cm0gLXJmIH4=\u{07} and \u{C2}", "\u{9B}2J done"]))
        let piped = try folio.run("chat", id, "-m", "how was it?")
        #expect(TerminalBytes.unsafe(in: Data((piped.stdout + piped.stderr).utf8)) == [], "\(piped.stdout.debugDescription)")
        #expect(piped.stdout.hasPrefix("fine ␛]52;c;cm0gLXJmIH4=␇ and "), "\(piped.stdout.debugDescription)")

        server.enqueue(.stream(["again \u{1B}", "[2J", "\u{1B}]0;t\u{07}"]))
        let (_, output) = try folio.runOnRawTerminal("chat", id, "--retry")
        #expect(TerminalBytes.unsafe(in: output) == [], "\(String(decoding: output, as: UTF8.self).debugDescription)")
    }

    @Test("the page summarize prints, an analysis, a greeting, a transcription and an AI answer hold no control character")
    func aiTextPrinted() throws {
        let server = try OpenAIServer()
        defer { server.stop() }
        let (folio, id) = try aiVault(server)
        #expect(try folio.run("chat", id, "-m", "rain all day").status == 0)
        server.enqueue(.chat(#"{"page": "I walked \u001b]52;c;eA==\u0007 home.", "tags": ["rain", "walk", "home"], "title": "Rain"}"#))
        let summary = try folio.run("summarize", id)
        #expect(TerminalBytes.unsafe(in: Data((summary.stdout + summary.stderr).utf8)) == [], "\(summary.stdout.debugDescription)")

        server.enqueue(.chat(#"{"answer": "Yes \u001b[2J\u009b31m", "answer_en": "Yes \u001b]0;x\u0007", "answer_type": "affirmative"}"#))
        let answer = try folio.run("ask", "Will it rain?", "--ai")
        #expect(TerminalBytes.unsafe(in: Data((answer.stdout + answer.stderr).utf8)) == [], "\(answer.stdout.debugDescription)")

        let audio = folio.directory.appendingPathComponent("voice.wav")
        try Data(MediaFixtures.wav(seconds: 1)).write(to: audio)
        server.enqueue(.transcription("I said \u{1B}]52;c;eA==\u{07} this"))
        let heard = try folio.run("transcribe", audio.path)
        #expect(TerminalBytes.unsafe(in: Data((heard.stdout + heard.stderr).utf8)) == [], "\(heard.stdout.debugDescription)")
    }

    /// A title another device wrote (by hand, through MCP or the web app) with a right-to-left
    /// override, and every other bidirectional control in a tag, a body and a commit.
    func bidiVault() throws -> FolioProcess {
        let folio = try FolioProcess.vault()
        let controls = TerminalBytes.bidiControls.sorted().map { String(UnicodeScalar($0).map(Character.init) ?? "?") }.joined()
        let record = """
            ---
            id: 01JD0000000000000000000001
            kind: idea
            title: "invoice \\u202Efdp.exe"
            created: 2026-11-20T10:00:00+08:00
            modified: 2026-11-20T10:00:00+08:00
            tags: ["t\\u2067ag"]
            ---
            body \(controls) end

            """
        try folio.write("ideas/2026/11/2026-11-20-invoice.md", record)
        let git = try Tool.find("git", package: "git")
        var environment = Tool.environment()
        environment["GIT_AUTHOR_NAME"] = "Eve\u{202E}evE"
        try Tool.run(git, ["add", "-A"], in: folio.directory, environment: environment)
        try Tool.run(git, ["commit", "-q", "-m", "from afar \u{202E}\(controls)"], in: folio.directory, environment: environment)
        return folio
    }

    @Test(
        "a right-to-left override and the other bidirectional controls reach neither a pipe nor a terminal as such",
        arguments: [
            ["list"], ["search", "invoice"], ["tags"], ["log"], ["status"], ["check"],
            ["show", "ideas/2026/11/2026-11-20-invoice.md", "--json"],
            ["list", "--json"], ["log", "--json"],
        ])
    func bidirectionalControls(_ arguments: [String]) throws {
        var folio = try bidiVault()
        let piped = try folio.run(arguments)
        #expect(piped.status == 0 || arguments == ["check"], "\(piped.stderr)")
        #expect(TerminalBytes.unsafe(in: Data((piped.stdout + piped.stderr).utf8)) == [], "\(piped.stdout.debugDescription)")
        folio.environment["PAGER"] = "cat"
        let (_, output) = try folio.runOnRawTerminal(arguments)
        #expect(TerminalBytes.unsafe(in: output) == [], "\(String(decoding: output, as: UTF8.self).debugDescription)")
    }

    @Test("the override is shown for what it is: its code point where it stood, and JSON keeps the title exact")
    func bidiShownAsCodePoint() throws {
        let folio = try bidiVault()
        let listed = try folio.run("list")
        #expect(listed.stdout.contains("invoice <U+202E>fdp.exe"), "\(listed.stdout.debugDescription)")
        let log = try folio.run("log", "-n", "1")
        #expect(log.stdout.contains("from afar <U+202E>"), "\(log.stdout.debugDescription)")
        let json = try #require(try folio.json("show", "ideas/2026/11/2026-11-20-invoice.md", "--json") as? [String: Any])
        #expect(json["title"] as? String == "invoice \u{202E}fdp.exe")
    }
}
