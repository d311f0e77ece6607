import Foundation
import TestSupport
import Testing

/// A server that echoes the credential it was sent: folio never repeats it, on stderr or in a file.
@Suite("Keys and tokens never appear in errors or in the vault's files")
struct RedactionTests {
    /// A key that matches no pattern: only knowing it is configured can mask it.
    static let aiKey = "loopback-key-" + Fake.body(24, seed: 70)

    func openAIVault(_ server: OpenAIServer, key: String?) throws -> FolioProcess {
        var folio = try FolioProcess.vault()
        let home = folio.directory.appendingPathComponent(".home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        folio.environment["HOME"] = home.path
        folio.environment.removeValue(forKey: "OPENAI_API_KEY")
        folio.environment["FOLIO_AI_KEY"] = key
        for (name, value) in [("ai.provider", "openai"), ("ai.base_url", server.baseURL), ("ai.model", "friend-1"), ("ai.timeout", "10")] {
            #expect(try folio.run("config", "set", name, value).status == 0)
        }
        return folio
    }

    static func echo(_ key: String) -> OpenAIServer.Reply {
        .error(
            status: 401,
            message: "Incorrect API key provided: \(key). You can find your API key at https://platform.openai.com/account/api-keys.",
            code: "invalid_api_key")
    }

    @Test("an OpenAI-compatible server answering 401 with the key in its message: stderr, show, status and the AI state hold no key")
    func aiServerEchoesKey() throws {
        let server = try OpenAIServer(defaultReply: Self.echo(Self.aiKey))
        defer { server.stop() }
        let folio = try openAIVault(server, key: Self.aiKey)
        let asked = try folio.run("ask", "will it rain?", "--ai")
        #expect(asked.status == 1)
        #expect(asked.stderr.contains("Incorrect API key provided: \(masked(Self.aiKey))"), "\(asked.stderr)")
        #expect(server.lastRequest?.header("Authorization") == "Bearer \(Self.aiKey)", "the key itself is still sent")

        #expect(try folio.run("new", "diary", "--text", "a quiet walk home in the rain").status == 0)
        let summary = try folio.run("summarize", "a quiet walk home in the rain")
        #expect(summary.status == 1)
        let show = try folio.run("show", "a quiet walk home in the rain")
        let status = try folio.run("status")
        let state = try #require(folio.read(".folio/local/ai-state.json"))
        #expect(state.contains("Incorrect API key provided"), "\(state)")
        for (name, text) in [
            ("ask", asked.stderr), ("summarize", summary.stderr), ("show", show.stdout + show.stderr),
            ("status", status.stdout + status.stderr), ("ai-state.json", state),
        ] {
            #expect(!text.contains(Self.aiKey), "\(name) shows the key: \(text)")
        }
    }

    @Test("a key from the credentials file, and one shaped like OpenAI's, are masked the same way")
    func keyFromFileAndPattern() throws {
        let patterned = Fake.openAIProject
        let server = try OpenAIServer(defaultReply: Self.echo(patterned))
        defer { server.stop() }
        let folio = try openAIVault(server, key: nil)
        let file = URL(fileURLWithPath: try #require(folio.environment["HOME"])).appendingPathComponent(".config/folio/credentials.yaml")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "ai_key: \(Self.aiKey)\n".write(to: file, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        server.enqueue(Self.echo(Self.aiKey))
        let fromFile = try folio.run("ask", "will it rain?", "--ai")
        #expect(fromFile.status == 1 && !fromFile.stderr.contains(Self.aiKey), "\(fromFile.stderr)")
        #expect(fromFile.stderr.contains(masked(Self.aiKey)))
        let shaped = try folio.run("ask", "will it rain?", "--ai")
        #expect(shaped.status == 1 && !shaped.stderr.contains(patterned), "\(shaped.stderr)")
        #expect(shaped.stderr.contains("Incorrect API key provided: sk-p…"))
    }

    @Test("a git https remote echoing the token in its error: sync's message, the sync state and status hold no token")
    func gitServerEchoesToken() throws {
        let server = try RecordingHTTPServer { _, authorization in
            guard let authorization, let token = RecordingHTTPServer.basicPassword(authorization) else {
                return RecordingHTTPServer.unauthorized
            }
            return RecordingHTTPServer.gitError("access denied for token \(token)")
        }
        defer { server.stop() }
        let token = "loopback-git-token-" + Fake.body(16, seed: 71)
        var folio = try FolioProcess.vault()
        folio.environment["HOME"] = folio.directory.appendingPathComponent(".home").path
        folio.environment["FOLIO_GIT_TOKEN"] = token
        #expect(try folio.run("config", "set", "sync.remote", server.url("vault.git")).status == 0)
        let sync = try folio.run("sync")
        #expect(sync.status != 0)
        #expect(server.authorizations.current.contains { RecordingHTTPServer.basicPassword($0) == token }, "the token is sent")
        #expect(sync.stderr.contains("access denied for token \(masked(token))"), "\(sync.stderr)")
        let state = try #require(folio.read(".folio/local/sync-state.json"))
        let status = try folio.run("status")
        for (name, text) in [("sync", sync.stdout + sync.stderr), ("sync-state.json", state), ("status", status.stdout + status.stderr)] {
            #expect(!text.contains(token), "\(name) shows the token: \(text)")
        }
    }
}
