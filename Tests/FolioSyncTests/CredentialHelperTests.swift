import FolioCore
import Foundation
import Git
import TestSupport
import Testing

@testable import FolioSync

/// Git's credential helpers as folio asks them: which are configured for a remote, what they are
/// told, what their answers mean; run for real (`git credential-store`, shell helpers) and sent
/// to a real HTTP server only where a token could go.
@Suite("Git's credential helpers")
struct CredentialHelperTests {
    let timeout: Duration = .seconds(30)

    @Test("the helpers for a remote: git's order, an empty value forgets, URL-scoped ones only where they match")
    func configured() {
        let entries: [(name: String, value: String)] = [
            ("credential.helper", "cache"),
            ("credential.helper", ""),
            ("credential.helper", "store --file ~/.folio-creds"),
            ("credential.https://git.example.com.helper", "!echo example"),
            ("credential.https://other.example.com.helper", "!echo other"),
            ("credential.https://*.example.org.helper", "!echo wildcard"),
            ("credential.https://git.example.com/team.helper", "!echo team"),
            ("credential.usehttppath", "true"),
        ]
        let helpers = CredentialHelpers.configured(entries, for: "https://git.example.com/team/vault.git")
        #expect(helpers.helpers == ["store --file ~/.folio-creds", "!echo example", "!echo team"])
        #expect(helpers.useHTTPPath)
        #expect(
            CredentialHelpers.configured(entries, for: "https://a.example.org/v.git").helpers == [
                "store --file ~/.folio-creds", "!echo wildcard",
            ])
        #expect(!CredentialHelpers.matches(pattern: "https://*.example.org", url: "https://a.b.example.org/v.git"))
        #expect(!CredentialHelpers.matches(pattern: "https://git.example.com/team", url: "https://git.example.com/teamwork/v.git"))
        #expect(CredentialHelpers.matches(pattern: "https://git.example.com:443", url: "https://git.example.com/v.git"))
        #expect(!CredentialHelpers.matches(pattern: "https://git.example.com:8443", url: "https://git.example.com/v.git"))
        #expect(!CredentialHelpers.matches(pattern: "http://git.example.com", url: "https://git.example.com/v.git"))
        #expect(!CredentialHelpers.matches(pattern: "https://bob@git.example.com", url: "https://ada@git.example.com/v.git"))
    }

    @Test("what a helper is told, how it is run, and how its answer is read")
    func protocolLines() {
        var helpers = CredentialHelpers(helpers: ["store"])
        #expect(
            helpers.request(for: "https://ada@git.example.com:8443/team/v.git")
                == "protocol=https\nhost=git.example.com:8443\nusername=ada\n\n")
        helpers.useHTTPPath = true
        #expect(helpers.request(for: "https://git.example.com/team/v.git") == "protocol=https\nhost=git.example.com\npath=team/v.git\n\n")
        #expect(helpers.request(for: "https://git.example.com/a%0Ab") != nil)
        #expect(helpers.request(for: "https://ev\nil@git.example.com/v.git") == nil, "a line break never reaches a helper")
        #expect(CredentialHelpers.command("store --file /x", action: "get") == "git credential-store --file /x get")
        #expect(CredentialHelpers.command("!f() { echo hi; }; f", action: "get") == "f() { echo hi; }; f get")
        #expect(CredentialHelpers.command("/usr/local/bin/helper", action: "get") == "/usr/local/bin/helper get")
        let url = "https://git.example.com/v.git"
        let said = helpers.parse(Data("username=ada\r\npassword=p=w\n\npassword=after-the-blank\n".utf8), for: url)
        #expect(said.username == "ada" && said.password == "p=w" && !said.quit && said.problem == nil)
        #expect(helpers.parse(Data("quit=1\n".utf8), for: url).quit)
    }

    @Test("the configuration is read as git reads it: system, XDG, global, then the repository's own")
    func configurationOrder() throws {
        let scratch = try Scratch()
        let home = scratch.path("home")
        try scratch.write("home/.config/git/config", "[credential]\n\thelper = xdg\n")
        try scratch.write(
            "home/.gitconfig", "[credential]\n\thelper = global\n[credential \"https://git.example.com\"]\n\thelper = scoped\n")
        let repository = try Repository.create(at: scratch.path("vault"))
        try Tool.git(["config", "--add", "credential.helper", "local"], in: scratch.path("vault"))
        var environment = Tool.environment(home: home)
        environment["XDG_CONFIG_HOME"] = nil
        let ours = try UserConfig.entries(
            matching: CredentialHelpers.configPattern, home: home, environment: environment, gitDirectory: repository.gitDirectory)
        let gits = try Tool.run(
            try Tool.find("git", package: "git"), ["config", "--get-regexp", "^credential\\..*helper$"], in: scratch.path("vault"),
            environment: environment)
        #expect(ours.map { "\($0.name) \($0.value)" } == gits.split(separator: "\n").map(String.init))
    }

    @Test("a helper answers: git credential-store's stored password, a shell helper's; one that fails or hangs is passed over")
    func fill() throws {
        let scratch = try Scratch()
        try scratch.write("creds2", "http://ada:from-store@127.0.0.1:9\n")
        var helpers = CredentialHelpers(helpers: [
            // A shell helper gets the action as its last argument (`get`), as git runs it.
            "!exit 1", "!f() { echo nothing here; }; f", "store --file \(scratch.path("creds2").path)",
            "!f() { echo password=never-asked; }; f",
        ])
        helpers.timeout = 1
        let environment = Tool.environment(home: scratch.url)
        let answer = helpers.fill(url: "http://127.0.0.1:9/v.git", environment: environment, home: scratch.url)
        #expect(answer == CredentialHelpers.Answer(username: "ada", password: "from-store"))
        let quitting = CredentialHelpers(helpers: ["!f() { echo quit=1; }; f", "!f() { echo password=never-asked; }; f"])
        #expect(quitting.fill(url: "https://git.example.com/v.git", environment: environment, home: scratch.url) == nil)
        let told = scratch.path("told")
        let recording = CredentialHelpers(helpers: ["!f() { cat > '\(told.path)'; echo password=shell; }; f"])
        #expect(recording.fill(url: "https://git.example.com/v.git", environment: environment, home: scratch.url)?.password == "shell")
        #expect(try String(contentsOf: told, encoding: .utf8) == "protocol=https\nhost=git.example.com\n\n")
    }

    /// What `helpers` answer for `url` within `timeout` seconds, and the problems reported.
    func ask(_ helpers: [String], url: String = "https://git.example.com/v.git", timeout: Double = 5, useHTTPPath: Bool = false)
        throws -> (answer: CredentialHelpers.Answer?, problems: [CredentialHelperProblem], messages: [Message], seconds: Double)
    {
        let scratch = try Scratch()
        let reported = LockedState<[Message]>([])
        var asked = CredentialHelpers(helpers: helpers, useHTTPPath: useHTTPPath)
        asked.timeout = timeout
        asked.report = { message in reported.withValue { $0.append(message) } }
        let start = Date()
        let answer = asked.fill(url: url, environment: Tool.environment(home: scratch.url), home: scratch.url)
        let messages = reported.withValue { $0 }
        let problems = messages.compactMap { message -> CredentialHelperProblem? in
            if case .remote(.credentialHelperFailed(_, _, let problem)) = message { return problem }
            return nil
        }
        return (answer, problems, messages, Date().timeIntervalSince(start))
    }

    @Test("an answer for another place is not used: host, port, protocol, url, path; the same host in capitals is")
    func answersForElsewhere() throws {
        for answer in [
            "host=evil.example\npassword=x", "host=git.example.com:8443\npassword=x", "protocol=http\npassword=x",
            "url=https://evil.example/v.git\npassword=x", "password=x\nurl=https://git.example.com:444/v.git",
            "url=not a url\npassword=x",
        ] {
            let result = try ask(["!printf '\(answer)\\n'"])
            #expect(result.answer == nil, "\(answer)")
            #expect(result.problems.count == 1, "\(answer)")
            guard case .answeredForElsewhere = result.problems.first else {
                Issue.record("\(answer): \(result.problems)")
                continue
            }
        }
        // The next helper is still asked, and the right host's answer taken.
        let next = try ask(["!printf 'host=evil.example\\npassword=x\\n'", "!printf 'host=GIT.example.com\\npassword=ok\\n'"])
        #expect(next.answer?.password == "ok")
        #expect(try ask(["!printf 'url=https://git.example.com/other.git\\npassword=ok\\n'"]).answer?.password == "ok")
        let path = try ask(
            ["!printf 'path=other.git\\npassword=x\\n'"], url: "https://git.example.com/v.git", useHTTPPath: true)
        #expect(path.answer == nil && path.problems.count == 1)
    }

    @Test("odd answers: NUL bytes and control characters refused, lines without = skipped, megabytes stopped at the cap")
    func oddAnswers() throws {
        let nul = try ask(["!printf 'password=ab\\000cd\\n'"])
        #expect(nul.answer == nil && nul.problems == [.unreadableAnswer])
        let escape = try ask(["!printf 'password=ab\\033]52;c;x\\007\\n'"])
        #expect(escape.answer == nil && escape.problems == [.unreadableAnswer])
        #expect(try ask(["!printf 'garbage\\n=\\npassword=ok\\n'"]).answer?.password == "ok")
        let endless = try ask(["!yes password=aaaaaaaa"], timeout: 20)
        #expect(endless.answer == nil && endless.problems == [.tooLong(limit: CredentialHelpers.maxAnswerBytes)])
        #expect(endless.seconds < 5, "\(endless.seconds)")
        let failing = try ask(["!f() { echo password=x; exit 3; }; f"])
        #expect(failing.answer == nil && failing.problems == [.failed(status: 3)])
        #expect(try ask(["!f() { sleep 0.5; echo password=slow; }; f"]).answer?.password == "slow")
    }

    @Test("helpers that hang share one deadline; they and their children are killed and reaped")
    func hangingHelpers() throws {
        let scratch = try Scratch()
        let pidFile = scratch.path("sleeper")
        let hung = try ask(
            [
                "!f() { sleep 300 & echo $! > '\(pidFile.path)'; wait; }; f", "!f() { while :; do read -r line || sleep 0.1; done; }; f",
                "!f() { echo password=too-late; }; f",
            ], timeout: 1.5)
        #expect(hung.answer == nil)
        #expect(hung.seconds < 3.5, "\(hung.seconds)")
        #expect(hung.problems == [.timedOut(seconds: 2)])
        let sleeper = try #require(Int32(try String(contentsOf: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        var gone = false
        for _ in 0..<100 {
            let state = (try? String(contentsOfFile: "/proc/\(sleeper)/stat", encoding: .utf8)) ?? ""
            // Gone, or a zombie waiting for init: either way no longer running.
            if state.isEmpty || state.contains(") Z ") {
                gone = true
                break
            }
            usleep(20_000)
        }
        #expect(gone, "the helper's child outlived the deadline")
        // A helper reading its input forever gets it closed after the question, and is stopped too.
        let reader = try ask(["!f() { cat > /dev/null; sleep 300; }; f"], timeout: 1)
        #expect(reader.answer == nil && reader.problems == [.timedOut(seconds: 1)] && reader.seconds < 3)
    }

    @Test("the warning names the helper, masks a password in it, and says what to do, in both languages")
    func warningText() throws {
        let result = try ask(["!f() { echo password=hunter2secret; exit 1; }; f"])
        let message = try #require(result.messages.first)
        let english = message.text(.en)
        let chinese = message.text(.zhHant)
        #expect(english.contains("credential helper") && english.contains("git.example.com") && english.contains("git credential fill"))
        #expect(chinese.contains("憑證小幫手") && chinese.contains("git.example.com"))
        #expect(!english.contains("hunter2secret") && !chinese.contains("hunter2secret"))
        #expect(english.contains("!f() { echo password=…"))
    }

    @Test("without a token, the helper's password is sent once the server asks, with the helper's user name")
    func sentToTheServer() throws {
        let scratch = try Scratch()
        let server = try RecordingHTTPServer()
        let clone = try Repository.create(at: scratch.path("clone"))
        let url = server.url("vault.git")
        try clone.setRemote(url: url)
        let helpers = CredentialHelpers(helpers: ["!f() { echo username=ada; echo password=from-helper; }; f"])
        let access = try RemoteAccess(
            url: url, environment: Tool.environment(home: scratch.url), home: scratch.url, credentialHelpers: helpers)
        let operation = access.operation()
        do {
            try clone.fetch(callbacks: operation.callbacks, timeout: timeout)
            Issue.record("a server that refuses everything took the fetch")
        } catch {}
        #expect(server.authorizations.current == ["Basic " + Data("ada:from-helper".utf8).base64EncodedString()])
        #expect(operation.offered == ["git's credential helper"])
    }

    @Test("after the transfer every helper hears, as from git, that the password worked (store) or was refused (erase)")
    func approvedAndRejected() throws {
        let scratch = try Scratch()
        // A server that takes ada:right only, and answers it with an empty repository's references.
        let right = "Basic " + Data("ada:right".utf8).base64EncodedString()
        let server = try RecordingHTTPServer { _, authorization in
            guard authorization == right else { return RecordingHTTPServer.unauthorized }
            func packetLine(_ text: String) -> String {
                let hex = String(text.utf8.count + 4, radix: 16)
                return String(repeating: "0", count: 4 - hex.count) + hex + text
            }
            let body =
                packetLine("# service=git-upload-pack\n") + "0000"
                + packetLine(String(repeating: "0", count: 40) + " capabilities^{}\u{0}multi_ack side-band-64k ofs-delta\n") + "0000"
            return Array(
                ("HTTP/1.1 200 OK\r\nContent-Type: application/x-git-upload-pack-advertisement\r\n"
                    + "Cache-Control: no-cache\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body).utf8)
        }
        let clone = try Repository.create(at: scratch.path("clone"))
        let url = server.url("vault.git")
        try clone.setRemote(url: url)
        let stored = "http://ada:stale@127.0.0.1:\(server.port)"
        try scratch.write("creds", stored + "\n")
        try scratch.write("kept", "")
        let storeFile = "store --file \(scratch.path("creds").path)"
        let keptFile = "store --file \(scratch.path("kept").path)"

        // The stored password is refused: erased from the store, told to every helper.
        let stale = try RemoteAccess(
            url: url, environment: Tool.environment(home: scratch.url), home: scratch.url,
            credentialHelpers: CredentialHelpers(helpers: [storeFile, keptFile]))
        #expect(throws: TransportFailure.self) { try stale.perform { try clone.fetch(callbacks: $0, timeout: timeout) } }
        #expect(server.authorizations.current.contains("Basic " + Data("ada:stale".utf8).base64EncodedString()))
        #expect(try String(contentsOf: scratch.path("creds"), encoding: .utf8).isEmpty, "the stale password is still stored")

        // A password from a helper that works is stored by the store helper after it.
        let fresh = try RemoteAccess(
            url: url, environment: Tool.environment(home: scratch.url), home: scratch.url,
            credentialHelpers: CredentialHelpers(helpers: ["!f() { echo username=ada; echo password=right; }; f", keptFile]))
        try fresh.perform { try clone.fetch(callbacks: $0, timeout: timeout) }
        let kept = try String(contentsOf: scratch.path("kept"), encoding: .utf8)
        #expect(kept == "http://ada:right@127.0.0.1%3a\(server.port)\n" || kept == "http://ada:right@127.0.0.1:\(server.port)\n", "\(kept)")
    }

    @Test("a token wins over the helpers, which are then not run; over plain HTTP to another machine none is run")
    func notAsked() throws {
        let scratch = try Scratch()
        let ran = scratch.path("ran")
        let helpers = CredentialHelpers(helpers: ["!f() { touch '\(ran.path)'; echo password=x; }; f"])
        let server = try RecordingHTTPServer()
        let clone = try Repository.create(at: scratch.path("clone"))
        let url = server.url("vault.git")
        try clone.setRemote(url: url)
        var environment = Tool.environment(home: scratch.url)
        environment["FOLIO_GIT_TOKEN"] = "the-token"
        let access = try RemoteAccess(url: url, environment: environment, home: scratch.url, credentialHelpers: helpers)
        do { try access.perform { try clone.fetch(callbacks: $0, timeout: timeout) } } catch {}
        #expect(server.authorizations.current == ["Basic " + Data("x-access-token:the-token".utf8).base64EncodedString()])
        #expect(!FileManager.default.fileExists(atPath: ran.path))

        let remote = try RemoteAccess(
            url: "http://git.example.com/v.git", environment: Tool.environment(home: scratch.url), home: scratch.url,
            credentialHelpers: helpers)
        let operation = remote.operation()
        #expect(operation.setupProblem == .cleartextRemote(url: "http://git.example.com/v.git"))
        #expect(!FileManager.default.fileExists(atPath: ran.path))
    }
}
