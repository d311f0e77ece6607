import FolioCore
import FolioStore
import Foundation
import Synchronization
import SystemIO
import TestSupport
import Testing

@testable import FolioMCP

#if canImport(Glibc)
    import Glibc
#endif

/// `folio mcp --http` in process, spoken to byte by byte: who may use it (the token, in the header
/// only) and how much of a body it reads (a stated length over the limit is refused before a byte
/// of it, a chunked body the moment it passes the limit), while other clients keep being answered.
/// (The reference client and a second account of this machine: FolioCLITests/MCPTests.)
@Suite("MCP over HTTP: the token and the body limit")
struct HTTPAccessTests {
    static let token = MCPToken.generate()
    static let meta = #""_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}"#
    static let listTools = #"{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{\#(meta)}}"#

    @Test("no Authorization, another scheme, a wrong or near token, two headers: 401 with WWW-Authenticate, the connection closed")
    func refusedWithoutTheToken() async throws {
        try await Self.withServer { port in
            let wrong = [
                nil, "Basic " + Data("me:\(Self.token)".utf8).base64EncodedString(), "Bearer " + MCPToken.generate(),
                "Bearer " + Self.token.dropLast(), "Bearer " + Self.token + "x", "Bearer", "Bearer ", Self.token,
            ]
            for authorization in wrong {
                let answer = try Self.exchange(port, Self.post(Self.listTools, authorization: authorization))
                #expect(answer.status == 401, "\(authorization ?? "none"): \(answer)")
                #expect(answer.header("WWW-Authenticate")?.hasPrefix("Bearer") == true, "\(answer)")
                #expect(answer.body.contains("Authorization: Bearer"), "\(answer.body)")
                #expect(answer.closed, "the connection ends with the refusal")
            }
            let twice = Self.post(Self.listTools, authorization: "Bearer \(Self.token)", extra: ["Authorization: Bearer nothing"])
            #expect(try Self.exchange(port, twice).status == 401)
        }
    }

    @Test("the right token answers, the scheme's name in any case; a token in the query string is never taken")
    func answeredWithTheToken() async throws {
        try await Self.withServer { port in
            for scheme in ["Bearer", "bearer", "BEARER"] {
                let answer = try Self.exchange(port, Self.post(Self.listTools, authorization: "\(scheme) \(Self.token)"))
                #expect(answer.status == 200 && answer.body.contains(#""name":"search""#), "\(scheme): \(answer)")
            }
            for query in ["access_token", "token", "auth"] {
                let answer = try Self.exchange(port, Self.post(Self.listTools, authorization: nil, path: "/mcp?\(query)=\(Self.token)"))
                #expect(answer.status == 401, "?\(query)=: \(answer)")
            }
        }
    }

    @Test("Host and Origin are still checked, before the token")
    func hostAndOrigin() async throws {
        try await Self.withServer { port in
            let host = try Self.exchange(
                port, Self.post(Self.listTools, authorization: "Bearer \(Self.token)", host: "rebound.example:\(port)"))
            #expect(host.status == 403)
            let origin = try Self.exchange(
                port, Self.post(Self.listTools, authorization: "Bearer \(Self.token)", extra: ["Origin: http://evil.example"]))
            #expect(origin.status == 403)
        }
    }

    @Test("a stated length of 200 MB is refused at once, before a byte of the body is sent; unauthorized first when no token")
    func statedLengthOverTheLimit() async throws {
        try await Self.withServer { port in
            let head = Self.head(length: 200_000_000, authorization: "Bearer \(Self.token)")
            let started = ContinuousClock.now
            let answer = try Self.exchange(port, Array(head.utf8))
            #expect(answer.status == 413 && answer.body.contains("1048576 bytes"), "\(answer)")
            #expect(answer.closed)
            #expect(ContinuousClock.now - started < .seconds(2), "answered without waiting for the body")
            let stranger = try Self.exchange(port, Array(Self.head(length: 200_000_000, authorization: nil).utf8))
            #expect(stranger.status == 401, "a stranger learns nothing of the limit: \(stranger)")
        }
    }

    @Test("a chunked body is counted as it streams: refused just past the limit while the client is still sending, naming its call")
    func chunkedOverTheLimit() async throws {
        try await Self.withServer { port in
            let connection = try RawHTTPConnection(port: port)
            #expect(connection.send(Array(Self.head(length: nil, authorization: "Bearer \(Self.token)").utf8)))
            let start = #"{"jsonrpc":"2.0","id":"big-1","method":"tools/call","params":{"name":"search","arguments":{"query":""#
            #expect(connection.send(Array((String(format: "%x\r\n", start.utf8.count) + start + "\r\n").utf8)))
            let chunk =
                Array(String(format: "%x\r\n", 65_536).utf8) + [UInt8](repeating: UInt8(ascii: " "), count: 65_536) + Array("\r\n".utf8)
            var sent = 0
            // Sends until the server answers: it must answer long before 200 MB.
            while sent < 200_000_000, !connection.readable(withinMilliseconds: 0) {
                guard connection.send(chunk) else { break }
                sent += 65_536
            }
            let answer = try connection.response()
            #expect(answer.status == 413, "\(answer)")
            #expect(answer.body.contains(#""id":"big-1""#), "the refusal names the call: \(answer.body)")
            // Past the limit the server answers, then reads at most RefusalResponse's 8 MiB more so
            // the client sees the answer rather than a reset; a loaded machine may show the answer
            // only then. The sockets' buffers hold a few MiB besides: far short of the 200 MB sent
            // by a server that read the body whole.
            let bound = MCPLimits().maxRequestBytes + (8 << 20) + (4 << 20)
            #expect(sent < bound, "the server stopped the body after \(sent) bytes")
        }
    }

    @Test("while one client streams a body slowly and another sends too much, a third is answered")
    func othersKeepBeingAnswered() async throws {
        try await Self.withServer { port in
            let slow = try RawHTTPConnection(port: port)
            #expect(slow.send(Array(Self.head(length: nil, authorization: "Bearer \(Self.token)").utf8)))
            let start = #"{"jsonrpc":"2.0","#
            #expect(slow.send(Array((String(format: "%x\r\n", start.utf8.count) + start + "\r\n").utf8)))
            let huge = try RawHTTPConnection(port: port)
            #expect(huge.send(Array(Self.head(length: 200_000_000, authorization: "Bearer \(Self.token)").utf8)))
            for _ in 0..<3 {
                let answer = try Self.exchange(port, Self.post(Self.listTools, authorization: "Bearer \(Self.token)"))
                #expect(answer.status == 200, "\(answer)")
            }
            #expect(try huge.response().status == 413)
            // The slow client is still waited on: it can finish its request.
            let rest = #""id":2,"method":"tools/list","params":{\#(Self.meta)}}"#
            #expect(slow.send(Array((String(format: "%x\r\n", rest.utf8.count) + rest + "\r\n0\r\n\r\n").utf8)))
            let finished = try slow.response()
            #expect(finished.status == 200, "\(finished)")
        }
    }

    @Test("the header's credential is read as RFC 6750 writes it, and compared whole")
    func credentialParsing() {
        let bearer = BearerToken(Self.token)
        #expect(bearer.admits(authorization: ["Bearer \(Self.token)"]))
        #expect(bearer.admits(authorization: ["  bearer   \(Self.token)  "]))
        #expect(!bearer.admits(authorization: []))
        #expect(!bearer.admits(authorization: ["Bearer\(Self.token)"]))
        #expect(!bearer.admits(authorization: ["Bearer \(Self.token)", "Bearer \(Self.token)"]))
        #expect(!BearerToken("").admits(authorization: ["Bearer "]), "an empty token admits no one")
        #expect(BearerToken.equalInConstantTime(Array("abc".utf8), Array("abc".utf8)))
        #expect(!BearerToken.equalInConstantTime(Array("abcd".utf8), Array("abc".utf8)))
        #expect(!BearerToken.equalInConstantTime(Array("ab".utf8), Array("abc".utf8)))
        #expect(!BearerToken.equalInConstantTime(Array("abd".utf8), Array("abc".utf8)))
    }

    @Test("the vault's token: made once with mode 0600, the same after, new with renew; a file others can read is refused")
    func vaultToken() throws {
        let scratch = try Scratch("mcp-token")
        let root = scratch.path("vault")
        try FileManager.default.createDirectory(at: root.appendingPathComponent(".folio"), withIntermediateDirectories: true)
        let first = try MCPToken.vaultToken(root: root)
        #expect(MCPToken.isWellFormed(first) && first.count == 43)
        let file = MCPToken.vaultFile(root: root).path
        var info = stat()
        #expect(stat(file, &info) == 0 && info.st_mode & 0o077 == 0, "mode \(String(info.st_mode & 0o777, radix: 8))")
        #expect(try MCPToken.vaultToken(root: root) == first)
        let renewed = try MCPToken.vaultToken(root: root, renew: true)
        #expect(try renewed != first && MCPToken.vaultToken(root: root) == renewed)

        chmod(file, 0o640)
        #expect(throws: FolioError(.mcp(.tokenFileExposed(path: file)))) { try MCPToken.vaultToken(root: root) }
        chmod(file, 0o600)
        // A link in its place is never followed (it could lead to a file another user wrote).
        let elsewhere = try scratch.write("elsewhere", MCPToken.generate() + "\n", mode: 0o600)
        unlink(file)
        symlink(elsewhere.path, file)
        #expect(throws: FolioError.self) { try MCPToken.vaultToken(root: root) }

        let own = try scratch.write("own-token", "  short\n", mode: 0o600)
        #expect(throws: FolioError(.mcp(.tokenFileMalformed(path: own.path)))) { try MCPToken.token(inFile: own.path) }
        let good = MCPToken.generate() + "_and-more"
        try scratch.write("own-token", good + "\r\n", mode: 0o600)
        #expect(try MCPToken.token(inFile: own.path) == good)
        try scratch.write("shared-token", good, mode: 0o604)
        #expect(throws: FolioError(.mcp(.tokenFileExposed(path: scratch.path("shared-token").path)))) {
            try MCPToken.token(inFile: scratch.path("shared-token").path)
        }
        #expect(throws: FolioError.self) { try MCPToken.token(inFile: scratch.path("none").path) }
    }

    // MARK: - Helpers

    /// A vault with one record, served over HTTP on a thread of its own (the client below blocks
    /// the test's thread), for the length of `body`.
    static func withServer(_ body: @Sendable (Int) async throws -> Void) async throws {
        let scratch = try Scratch("mcp-http")
        let root = scratch.path("vault")
        let vault = try Vault.initialise(
            at: root, owner: Owner(name: "林小雨", birthday: nil, gender: nil), language: .en, clock: Clock.from(environment: [:]))
        _ = try vault.create(NewRecord(kind: "idea", title: "下雨天去咖啡店"))
        let journal = Journal(JournalSetup(root: root, environment: [:], language: .en, allowWrite: false))
        let executor = DedicatedThread(name: "folio-test-mcp")
        let ready = Mutex<Int?>(nil)
        let server = Task(executorPreference: executor) {
            try await HTTPEndpoint.serve(port: 0, journal: journal, limits: MCPLimits(), token: BearerToken(token)) { url in
                let port = url.split(separator: ":").last?.split(separator: "/").first.flatMap { Int($0) }
                ready.withLock { $0 = port }
            }
        }
        defer { server.cancel() }
        let deadline = ContinuousClock.now + .seconds(30)
        while ready.withLock({ $0 }) == nil, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        let port = try #require(ready.withLock { $0 }, "the server never listened")
        try await body(port)
    }

    static func head(length: Int?, authorization: String?, path: String = "/mcp", host: String? = nil) -> String {
        var lines = ["POST \(path) HTTP/1.1", "Content-Type: application/json", "Accept: application/json, text/event-stream"]
        lines.append("MCP-Protocol-Version: 2026-07-28")
        lines.append(length.map { "Content-Length: \($0)" } ?? "Transfer-Encoding: chunked")
        if let authorization { lines.append("Authorization: \(authorization)") }
        return lines.joined(separator: "\r\n") + "\r\n" + (host.map { "Host: \($0)\r\n" } ?? "") + "\r\n"
    }

    static func post(_ body: String, authorization: String?, path: String = "/mcp", host: String? = nil, extra: [String] = [])
        -> [UInt8]
    {
        // The head without its blank line, then the extra headers, the blank line and the body.
        let lines = head(length: body.utf8.count, authorization: authorization, path: path, host: host).components(separatedBy: "\r\n")
        let text = (lines.filter { !$0.isEmpty } + extra).joined(separator: "\r\n") + "\r\n\r\n" + body
        return Array(text.utf8)
    }

    /// Sends `request` on a new connection (with `Host: 127.0.0.1:port` unless it names one) and reads the answer.
    static func exchange(_ port: Int, _ request: [UInt8]) throws -> RawHTTPResponse {
        let connection = try RawHTTPConnection(port: port)
        _ = connection.send(request)
        return try connection.response()
    }

}
