import Foundation
import TestSupport
import Testing

/// Where the AI key, the git token and the pages may go, as a user drives folio: an AI server
/// set on another device waits for this device's confirmation; secrets are masked in everything
/// folio prints or stores.
@Suite("Secrets go only where this device agreed, and are stored and shown nowhere")
struct SecretDestinationTests {
    static let answer = #"{"answer": "會", "answer_en": "Yes.", "answer_type": "affirmative"}"#

    /// Devices A and B sharing a bare remote by path; HOME of each in its own scratch folder.
    func twoDevices() throws -> (a: FolioProcess, b: FolioProcess, scratch: Scratch) {
        let scratch = try Scratch("trust")
        let bare = scratch.path("remote.git")
        try Tool.git(["init", "-q", "--bare", "-b", "main", bare.path], in: scratch.url)
        var a = FolioProcess(directory: scratch.path("A"))
        try FileManager.default.createDirectory(at: a.directory, withIntermediateDirectories: true)
        a.environment["FOLIO_DEVICE"] = "A"
        #expect(try a.run("init", ".", "--name", "林小雨", "--language", "en", "--remote", bare.path).status == 0)
        #expect(try a.run("sync").status == 0)
        #expect(try FolioProcess(directory: scratch.url).run("clone", bare.path, "B").status == 0)
        var b = FolioProcess(directory: scratch.path("B"))
        b.environment["FOLIO_DEVICE"] = "B"
        return (a, b, scratch)
    }

    @Test("an ai.base_url arriving from another device: nothing is sent until this device confirms it with config trust")
    func aiBaseURLFromAnotherDevice() throws {
        let server = try OpenAIServer(defaultReply: .chat(Self.answer))
        defer { server.stop() }
        let devices = try twoDevices()
        defer { withExtendedLifetime(devices.scratch) {} }
        let a = devices.a
        var b = devices.b
        for (key, value) in [("ai.provider", "openai"), ("ai.base_url", server.baseURL), ("ai.model", "oracle-1")] {
            #expect(try a.run("config", "set", key, value).status == 0)
        }
        #expect(try a.run("sync").status == 0)
        #expect(try b.run("sync").status == 0)
        b.environment["FOLIO_AI_KEY"] = "sk-trust-" + Fake.body(24, seed: 31)

        let refused = try b.run("ask", "will it rain?", "--ai")
        #expect(refused.status == 1)
        #expect(
            refused.stderr.contains("ai.base_url (\(server.baseURL)) was set on another device and is not confirmed on this one")
                && refused.stderr.contains("`folio config trust ai.base_url`"), "\(refused.stderr)")
        #expect(server.requests.isEmpty, "the server was asked before this device confirmed it")

        let trusted = try b.run("config", "trust", "ai.base_url")
        #expect(trusted.status == 0 && trusted.stdout == "confirmed on this device: ai.base_url = \(server.baseURL).\n", "\(trusted)")
        #expect(b.read(".folio/local/trusted-endpoints")?.contains("ai.base_url http://127.0.0.1:\(server.port)") == true)
        let asked = try b.run("ask", "will it rain?", "--ai")
        #expect(asked.status == 0, "\(asked.stderr)")
        #expect(server.lastRequest?.header("Authorization") == "Bearer \(b.environment["FOLIO_AI_KEY"] ?? "")")

        // A later change from A to another server is a new endpoint: confirmed again, or nothing goes.
        let other = try OpenAIServer(defaultReply: .chat(Self.answer))
        defer { other.stop() }
        #expect(try a.run("config", "set", "ai.base_url", other.baseURL).status == 0)
        #expect(try a.run("sync").status == 0)
        #expect(try b.run("sync").status == 0)
        #expect(try b.run("ask", "again?", "--ai").status == 1)
        #expect(other.requests.isEmpty)
        // On A, which set it, it is used at once.
        #expect(try a.run("ask", "on A?", "--ai").status == 0)
        #expect(other.requests.count == 1)
        // Nothing of this device's confirmations is in the vault's history.
        #expect(try Tool.git(["status", "--porcelain"], in: b.directory).isEmpty)
        #expect(try Tool.git(["ls-files"], in: b.directory).contains("trusted-endpoints") == false)
    }

    @Test("config trust refuses a setting that needs no confirmation, and one that is not set")
    func trustWhatNeedsIt() throws {
        let folio = try FolioProcess.vault()
        let model = try folio.run("config", "trust", "ai.model")
        #expect(model.status == 1 && model.stderr.contains("needs no confirmation on this device"), "\(model.stderr)")
        let unset = try folio.run("config", "trust", "ai.base_url")
        #expect(unset.status == 1 && unset.stderr.contains("is not set: there is nothing to confirm"), "\(unset.stderr)")
        #expect(try folio.run("config", "trust").status == 2)
    }

    @Test("a silent name server for ai.base_url: the step gives up within ai.timeout, name resolution included")
    func silentNameServerForTheAI() throws {
        if let reason = SilentNameServer.unavailableReason {
            Issue.record("skipped: \(reason)")
            return
        }
        let dns = try SilentNameServer()
        var folio = try FolioProcess.vault()
        for (key, value) in [
            ("ai.provider", "openai"), ("ai.base_url", "http://folio-ai.test:8080/v1"), ("ai.model", "m"), ("ai.timeout", "2"),
        ] {
            #expect(try folio.run("config", "set", key, value).status == 0)
        }
        folio.wrapper = dns.wrapper
        let started = ContinuousClock.now
        let (result, killed) = try folio.run(["ask", "will it rain?", "--ai"], killAfter: 120)
        let took = ContinuousClock.now - started
        print("ask --ai with a silent name server and ai.timeout 2 gave up after \(took)")
        #expect(!killed)
        #expect(result.status == 1)
        #expect(result.stderr.contains("(ai.timeout)") || result.stderr.contains("(ai.deadline)"), "\(result.stderr)")
        #expect(took < .seconds(30), "took \(took)")
        #expect(dns.queries > 0)
    }
}

@Suite("Tokens and passwords are masked in what folio prints and stores")
struct SecretMaskingTests {
    static let token = Fake.github("p")

    @Test("config list and get mask URL passwords, credential query parameters and tokens; --json too")
    func configValues() throws {
        let folio = try FolioProcess.vault()
        try folio.write(
            ".folio/config.yaml",
            """
            language: en
            ai:
              base_url: https://ada:hunter22secret@ai.example/v1
            weather:
              url: https://weather.example/{place}?format=3&key=abcd1234secret
            location: \(Self.token)

            """)
        let listed = try folio.run("config", "list")
        #expect(listed.status == 0, "\(listed.stderr)")
        for secret in ["hunter22secret", "abcd1234secret", Self.token] {
            #expect(!listed.stdout.contains(secret), "config list shows \(secret)")
        }
        #expect(listed.stdout.contains("https://ada:hunt…@ai.example/v1"), "\(listed.stdout)")
        #expect(listed.stdout.contains("?format=3&key=abcd…"), "\(listed.stdout)")
        let json = try folio.run("config", "list", "--json")
        #expect(!json.stdout.contains("hunter22secret") && !json.stdout.contains(Self.token), "\(json.stdout)")
        let got = try folio.run("config", "get", "ai.base_url")
        #expect(got.stdout == "https://ada:hunt…@ai.example/v1\n", "\(got.stdout)")
    }

    @Test("a URL with a password is refused as a setting and as init's remote: settings are committed and synced")
    func passwordsInSettings() throws {
        let folio = try FolioProcess.vault()
        let before = try Tool.git(["rev-list", "--count", "HEAD"], in: folio.directory)
        for (key, value) in [
            ("sync.remote", "https://ada:s3cretpass99@git.example.com/v.git"), ("ai.base_url", "https://u:p4ssw0rd@ai.example/v1"),
        ] {
            let set = try folio.run("config", "set", key, value)
            #expect(set.status == 1, "\(key): \(set.stdout)")
            #expect(set.stderr.contains("holds a password in its URL") && set.stderr.contains("credentials.yaml"), "\(set.stderr)")
            #expect(!set.stderr.contains("s3cretpass99") && !set.stderr.contains("p4ssw0rd"), "\(set.stderr)")
        }
        #expect(try Tool.git(["rev-list", "--count", "HEAD"], in: folio.directory) == before)
        #expect(folio.read(".folio/config.yaml")?.contains("s3cretpass99") == false)

        let scratch = try Scratch("init-password")
        let fresh = FolioProcess(directory: scratch.url)
        let made = try fresh.run("init", "vault", "--name", "Ada", "--remote", "https://ada:s3cretpass99@git.example.com/v.git")
        #expect(made.status == 1 && made.stderr.contains("網址裡有密碼") && !made.stderr.contains("s3cretpass99"), "\(made.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("vault/.folio/config.yaml").path))
    }

    @Test("a device name holding a token is masked in every commit's author, e-mail and trailer")
    func deviceNames() throws {
        var folio = try FolioProcess.vault()
        let configured = "my-own-git-token-" + Fake.body(20, seed: 9)
        folio.environment["FOLIO_GIT_TOKEN"] = configured
        for device in ["laptop \(Self.token)", configured] {
            folio.environment["FOLIO_DEVICE"] = device
            #expect(try folio.run("idea", "an idea on \(device.prefix(6))").status == 0)
            let log = try Tool.git(["log", "-1", "--format=%an%n%ae%n%B"], in: folio.directory)
            for secret in [Self.token, configured] {
                #expect(!log.contains(secret), "the commit shows the device's token: \(log)")
                #expect(!log.contains(String(secret.dropFirst(4).prefix(12))), "a piece of the token: \(log)")
            }
            #expect(log.contains("Device: "), "\(log)")
        }
    }

    @Test("an origin URL with a password put there by hand: status and status --json mask it")
    func statusRemoteURL() throws {
        let folio = try FolioProcess.vault()
        let password = "by-hand-" + Fake.body(16, seed: 12)
        try Tool.git(["remote", "add", "origin", "https://ada:\(password)@git.example.com/v.git"], in: folio.directory)
        for arguments in [["status"], ["status", "--json"]] {
            let status = try folio.run(arguments)
            #expect(status.stdout.contains("git.example.com/v.git"), "\(arguments): \(status.stdout)")
            #expect(!status.stdout.contains(password) && !status.stderr.contains(password), "\(arguments): \(status.stdout)")
        }
    }

    @Test("a clone URL with a password: used for the clone, kept nowhere (git config, reflog, FETCH_HEAD), the user told")
    func cloneURLPassword() throws {
        let scratch = try Scratch("clone-password")
        let bare = scratch.path("remote.git")
        try Tool.git(["init", "-q", "--bare", "-b", "main", bare.path], in: scratch.url)
        let a = FolioProcess(directory: scratch.path("A"))
        try FileManager.default.createDirectory(at: a.directory, withIntermediateDirectories: true)
        #expect(try a.run("init", ".", "--name", "Ada", "--language", "en", "--remote", bare.path).status == 0)
        #expect(try a.run("sync").status == 0)
        let daemon = try GitDaemon(serving: scratch.url)
        let password = "clone-secret-" + Fake.body(16, seed: 4)
        let url = "git://ada:\(password)@127.0.0.1:\(daemon.port)/remote.git"
        let cloned = try FolioProcess(directory: scratch.url).run("clone", url, "B")
        #expect(cloned.status == 0, "\(cloned.stderr)")
        #expect(!cloned.stdout.contains(password) && !cloned.stderr.contains(password))
        #expect(cloned.stderr.contains("the password in the URL was used for this clone only"), "\(cloned.stderr)")
        let b = scratch.path("B")
        #expect(try Tool.git(["config", "remote.origin.url"], in: b) == "git://ada@127.0.0.1:\(daemon.port)/remote.git")
        for file in [".git/config", ".git/FETCH_HEAD", ".git/logs/HEAD", ".git/logs/refs/heads/main"] {
            let text = (try? String(contentsOf: b.appendingPathComponent(file), encoding: .utf8)) ?? ""
            #expect(!text.contains(password), "\(file) holds the password")
        }
        #expect(try Tool.git(["reflog", "--format=%gs"], in: b).contains(password) == false)
        var device = FolioProcess(directory: b)
        device.environment["FOLIO_DEVICE"] = "B"
        #expect(try device.run("sync").status == 0)
        #expect(try device.run("status").stdout.contains(password) == false)
    }
}
