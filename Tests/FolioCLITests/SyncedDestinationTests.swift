import Foundation
import TestSupport
import Testing

/// Every destination a synced file can name (the LFS server of a committed `.lfsconfig`,
/// `weather.url`, `sync.remote`) waits for this device's confirmation before a token, a photo or
/// the user's place goes to it. The hostile servers listen on loopback, some on 127.0.0.2: another
/// host to folio's origin checks, still this machine.
@Suite("Destinations a synced file names wait for this device's confirmation")
struct SyncedDestinationTests {
    static let catchAllToken = "catch-all-" + Fake.body(20, seed: 74)
    static let summary = #"{"page": "我走路回家。", "tags": ["雨天", "散步", "晚上"]}"#

    /// Adds `lines` to the vault's settings by hand and commits them, as a sync brings another
    /// device's change: nothing on this device confirmed them.
    func arrive(_ folio: FolioProcess, settings lines: String) throws {
        let text = folio.read(".folio/config.yaml") ?? ""
        try folio.write(".folio/config.yaml", text + lines)
        #expect(try folio.run("commit", "-m", "from another device").status == 0)
    }

    @Test(
        "a .lfsconfig from another device naming 127.0.0.2: no token and no photo until config trust lfs.url, then the catch-all token goes there"
    )
    func lfsServerFromAnotherDevice() throws {
        let scratch = try Scratch("lfs-trust")
        let hostile = try LFSFaultServer(address: "127.0.0.2")
        let expected = "Basic " + Data("x-access-token:\(Self.catchAllToken)".utf8).base64EncodedString()
        hostile.requireAuthorization(expected)
        let a = try LFSTests.vault(scratch)
        let home = URL(fileURLWithPath: try #require(a.environment["HOME"]))
        let credentials = home.appendingPathComponent(".config/folio/credentials.yaml")
        try FileManager.default.createDirectory(at: credentials.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "git_token: \(Self.catchAllToken)\n".write(to: credentials, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: credentials.path)
        #expect(try a.run("sync").status == 0)

        // Device B, a clone, commits a .lfsconfig naming a server of someone else's; A syncs it in.
        #expect(try FolioProcess(directory: scratch.url, scratch: scratch).run("clone", scratch.path("remote.git").path, "b").status == 0)
        var b = FolioProcess(directory: scratch.path("b"), scratch: scratch)
        b.environment["FOLIO_DEVICE"] = "B"
        try b.write(".lfsconfig", "[lfs]\n\turl = \(hostile.url)\n")
        #expect(try b.run("commit", "-m", "LFS server").status == 0)
        #expect(try b.run("sync").status == 0)
        let photo = try LFSTests.photo(scratch, "IMG_T.jpg", seed: 74)
        #expect(try a.run("new", "diary", "--title", "信任", "--media", photo.path).status == 0)
        let remote = scratch.path("remote.git")
        let before = try git(["rev-parse", "main"], in: remote)

        let refused = try a.run("sync")
        #expect(refused.status == 1, "\(refused.stdout) \(refused.stderr)")
        #expect(
            refused.stderr.contains("is named by the synced .lfsconfig") && refused.stderr.contains("`folio config trust lfs.url`")
                && refused.stderr.contains("No branch was pushed"), "\(refused.stderr)")
        #expect(a.read(".lfsconfig") != nil, "git's part of the sync went on: B's commit is merged")
        #expect(try git(["rev-parse", "main"], in: remote) == before, "no branch without its media")
        #expect(!hostile.requests.contains { $0.method == "PUT" || $0.authorization != nil }, "\(hostile.requests)")
        #expect(hostile.object(try LFSTests.sha256(photo)) == nil)
        // The Chinese refusal names the same command.
        #expect(try a.run("config", "set", "language", "zh-Hant").status == 0)
        let chinese = try a.run("sync")
        #expect(chinese.status == 1 && chinese.stderr.contains("請執行 `folio config trust lfs.url`"), "\(chinese.stderr)")
        #expect(try a.run("config", "set", "language", "en").status == 0)
        #expect(!hostile.requests.contains { $0.authorization != nil })

        // Confirmed here: the photo goes, and the catch-all token with it, only to that server.
        let trusted = try a.run("config", "trust", "lfs.url")
        #expect(trusted.status == 0 && trusted.stdout == "confirmed on this device: lfs.url = \(hostile.url).\n", "\(trusted)")
        #expect(a.read(".folio/local/trusted-endpoints")?.contains("lfs.url http://127.0.0.2:\(hostile.port)") == true)
        let synced = try a.run("sync")
        #expect(synced.status == 0, "\(synced.stderr)")
        #expect(synced.stdout.contains("sent 1 media file"), "\(synced.stdout)")
        #expect(hostile.object(try LFSTests.sha256(photo)) != nil)
        let puts = hostile.requests.filter { $0.method == "PUT" }
        #expect(!puts.isEmpty && puts.allSatisfy { $0.authorization == expected }, "\(puts)")
        #expect(!synced.stdout.contains(Self.catchAllToken) && !synced.stderr.contains(Self.catchAllToken))

        // B never confirmed it: it asks for the photo without any credential, and the refusal it
        // gets names the command rather than a login.
        let authorizedBefore = hostile.requests.filter { $0.authorization != nil }.count
        // The sync is done but its media did not come: exit 1, naming the command (issue 70).
        let bSynced = try b.run("sync")
        #expect(bSynced.status == 1 && bSynced.stderr.contains("folio media fetch"), "\(bSynced.stderr)")
        let fetched = try b.run("media", "fetch", "--all")
        #expect(hostile.requests.filter { $0.authorization != nil }.count == authorizedBefore, "\(hostile.requests)")
        #expect(fetched.stderr.contains("`folio config trust lfs.url`"), "\(fetched.stdout) \(fetched.stderr)")
        #expect(b.read(".folio/local/trusted-endpoints") == nil)
    }

    @Test("an .lfsconfig naming the remote's own folder needs no confirmation; a config trust with no .lfsconfig says so")
    func lfsServerOfTheRemote() throws {
        let scratch = try Scratch("lfs-own")
        let a = try LFSTests.vault(scratch)
        let nothing = try a.run("config", "trust", "lfs.url")
        #expect(nothing.status == 1 && nothing.stderr.contains("is not set: there is nothing to confirm"), "\(nothing.stderr)")
        try a.write(".lfsconfig", "[lfs]\n\turl = \(scratch.path("remote.git").path)\n")
        #expect(try a.run("commit", "-m", "LFS server").status == 0)
        let photo = try LFSTests.photo(scratch, "IMG_O.jpg", seed: 75)
        #expect(try a.run("new", "diary", "--title", "自己的", "--media", photo.path).status == 0)
        let synced = try a.run("sync")
        #expect(synced.status == 0, "\(synced.stderr)")
        #expect(synced.stdout.contains("sent 1 media file"), "\(synced.stdout)")
    }

    @Test(
        "a weather.url from another device on 127.0.0.2 gets no place until config trust weather.url; a redirect to another host is not followed"
    )
    func weatherFromAnotherDevice() throws {
        let ai = try OpenAIServer()
        defer { ai.stop() }
        let weather = try OpenAIServer(defaultReply: .raw(contentType: "text/plain", body: "小雨 18°C\n"), address: "127.0.0.2")
        defer { weather.stop() }
        var folio = try FolioProcess.vault(language: "en")
        folio.environment["FOLIO_AI_KEY"] = "sk-test"
        folio.environment["HOME"] = folio.directory.path
        for (name, value) in [
            ("ai.provider", "openai"), ("ai.base_url", ai.baseURL), ("ai.model", "friend-1"), ("ai.timeout", "10"),
            ("privacy.share_location", "true"), ("location", "台北"),
        ] {
            #expect(try folio.run("config", "set", name, value).status == 0)
        }
        try arrive(folio, settings: "weather:\n  url: \(weather.url)/weather/{place}?format=3\n")

        ai.enqueue(.chat("晚上好。"), .chat(Self.summary))
        let refused = try folio.run("diary", "--text", "走路回家", "--no-chat")
        #expect(refused.status == 0, "\(refused.stderr)")
        #expect(
            refused.stderr.contains("weather.url (\(weather.url)/weather/{place}?format=3) was set on another device")
                && refused.stderr.contains("`folio config trust weather.url`"), "\(refused.stderr)")
        #expect(weather.requests.isEmpty, "the place went to a weather source this device never confirmed")
        let greeting = try #require(ai.requests.first?.json?["messages"]?[0]?["content"]?.string)
        #expect(!greeting.contains("Weather"))

        let trusted = try folio.run("config", "trust", "weather.url")
        #expect(trusted.status == 0, "\(trusted.stderr)")
        ai.enqueue(.chat("小雨的晚上。"), .chat(Self.summary))
        let before = ai.requests.count
        let asked = try folio.run("diary", "--text", "又走路回家", "--no-chat")
        #expect(asked.status == 0 && !asked.stderr.contains("weather.url"), "\(asked.stderr)")
        #expect(weather.requests.map(\.path) == ["/weather/%E5%8F%B0%E5%8C%97?format=3"])
        let told = try #require(ai.requests[before].json?["messages"]?[0]?["content"]?.string)
        #expect(told.contains("Weather: 小雨 18°C"), "\(told)")

        // The confirmed source sends folio on to another host: the place goes no further.
        let elsewhere = try OpenAIServer(defaultReply: .raw(contentType: "text/plain", body: "晴 30°C\n"))
        defer { elsewhere.stop() }
        weather.enqueue(
            .raw(status: 302, contentType: "text/plain", body: "", headers: ["Location": elsewhere.url + "/steal/%E5%8F%B0%E5%8C%97"]))
        ai.enqueue(.chat("晚上好。"), .chat(Self.summary))
        let redirected = try folio.run("diary", "--text", "第三次", "--no-chat")
        #expect(redirected.status == 0, "\(redirected.stderr)")
        #expect(weather.requests.count == 2)
        #expect(elsewhere.requests.isEmpty, "a redirect carried the place to another host")
        #expect(ai.requests.allSatisfy { !($0.bodyText.contains("晴 30°C")) })
    }

    @Test("the weather refusal in zh-Hant names the command too")
    func weatherRefusalInChinese() throws {
        let ai = try OpenAIServer()
        defer { ai.stop() }
        var folio = try FolioProcess.vault(language: "zh-Hant")
        folio.environment["FOLIO_AI_KEY"] = "sk-test"
        folio.environment["HOME"] = folio.directory.path
        for (name, value) in [
            ("ai.provider", "openai"), ("ai.base_url", ai.baseURL), ("ai.model", "friend-1"), ("privacy.share_location", "true"),
            ("location", "台北"),
        ] {
            #expect(try folio.run("config", "set", name, value).status == 0)
        }
        try arrive(folio, settings: "weather:\n  url: http://127.0.0.2:9/weather/{place}\n")
        ai.enqueue(.chat("晚上好。"), .chat(Self.summary))
        let refused = try folio.run("diary", "--text", "走路回家", "--no-chat")
        #expect(refused.stderr.contains("是在另一台裝置上設定的") && refused.stderr.contains("`folio config trust weather.url`"), "\(refused.stderr)")
    }

    @Test("a sync.remote from another device on a vault without origin: nothing is pushed there until config trust sync.remote")
    func remoteFromAnotherDevice() throws {
        let folio = try FolioProcess.vault(language: "en")
        let bare = folio.directory.deletingLastPathComponent().appendingPathComponent("named-\(UUID().uuidString.prefix(8)).git")
        try Tool.git(["init", "-q", "--bare", "-b", "main", bare.path], in: folio.directory)
        defer { try? FileManager.default.removeItem(at: bare) }
        try arrive(folio, settings: "sync:\n  remote: \(bare.path)\n")
        let refused = try folio.run("sync")
        #expect(refused.status == 1, "\(refused.stdout) \(refused.stderr)")
        #expect(
            refused.stderr.contains("sync.remote (\(bare.path)) was set on another device")
                && refused.stderr.contains("`folio config trust sync.remote`"), "\(refused.stderr)")
        #expect(try Tool.git(["rev-list", "--all"], in: bare).isEmpty, "the journal went to a remote this device never named")
        #expect(try Tool.git(["remote"], in: folio.directory).isEmpty)

        #expect(try folio.run("config", "trust", "sync.remote").status == 0)
        let synced = try folio.run("sync")
        #expect(synced.status == 0, "\(synced.stderr)")
        #expect(try !Tool.git(["rev-list", "--all"], in: bare).isEmpty)
    }
}
