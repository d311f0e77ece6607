import Foundation
import TestSupport
import Testing

/// What a user of git, jrnl, nb or zk expects of a command line: options anywhere, `--json`
/// everywhere there is output, documented exit codes. Most of it is in Transcripts/ (global-options,
/// json, exit-codes, help); what needs a server or two devices is here.
@Suite("Conventions: global options anywhere, --json, exit codes")
struct ConventionsTests {
    @Test("sync and clone print JSON too: what a sync committed, sent, received, and the conflict copies it made")
    func syncJSON() throws {
        var devices = try Devices.make()
        let path = try devices.retitleOnBoth("original title", onA: "A's title", onB: "B's title").path
        let sent = try #require(try devices["A"].json("sync", "--json") as? [String: Any])
        #expect((sent["sent"] as? Int ?? 0) > 0 && (sent["conflicts"] as? [Any])?.isEmpty == true)
        let merged = try #require(try devices["B"].json("sync", "--json") as? [String: Any])
        let conflicts = try #require(merged["conflicts"] as? [[String: String]])
        #expect(conflicts == [["path": path, "copy": (path as NSString).deletingPathExtension + ".conflict-a-20261122-020000.md"]])
        #expect((merged["received"] as? Int ?? 0) > 0 && merged["unrelated_histories"] as? Bool == false)
        let cloned = try #require(try FolioProcess(directory: devices.base).json("clone", devices.remote, "C", "--json") as? [String: Any])
        #expect(
            cloned["vault"] as? String == devices.base.appendingPathComponent("C").path && cloned["remote"] as? String == devices.remote)
    }

    @Test("transcribe prints JSON too")
    func transcribeJSON() throws {
        let server = try OpenAIServer()
        defer { server.stop() }
        var folio = try FolioProcess.vault()
        folio.environment["FOLIO_AI_KEY"] = "sk-test"
        folio.environment["HOME"] = folio.directory.path
        for (name, value) in [("ai.provider", "openai"), ("ai.base_url", server.baseURL), ("ai.model", "friend-1"), ("ai.timeout", "10")] {
            #expect(try folio.run("config", "set", name, value).status == 0)
        }
        try Data(MediaFixtures.wav(seconds: 1)).write(to: folio.directory.appendingPathComponent("voice.m4a"))
        server.enqueue(.transcription("今天下班走回家"))
        let json = try #require(try folio.json("transcribe", "voice.m4a", "--json") as? [String: Any])
        #expect(json["text"] as? String == "今天下班走回家" && json["file"] as? String == "voice.m4a")
    }

    /// `folio help`'s table and its codes are in Transcripts/help.t and exit-codes.t; docs/commands.md has the same table.
    @Test("the exit codes are one table in the commands' documentation too")
    func exitCodesInTheDocs() throws {
        let readme = try String(contentsOf: Self.packageRoot.appendingPathComponent("docs/commands.md"), encoding: .utf8)
        #expect(readme.contains("## Exit status\n\nThe same table is at the end of `folio help`.\n\n| status | meaning |"))
        for code in ["| 0 |", "| 1 |", "| 2 |", "| 3 |", "| 130 |"] { #expect(readme.contains(code)) }
    }

    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }
}
