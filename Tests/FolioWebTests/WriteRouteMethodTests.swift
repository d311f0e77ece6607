import FolioCore
import FolioStore
import FolioSync
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import NIOEmbedded
import TestSupport
import Testing

@testable import FolioWeb

/// A write happens only as a POST: every other method on a write route, with the session's cookie
/// and a valid token in the body and in the URL, changes nothing and is not answered as done. And
/// the cookie pairing sets is one a page's script cannot read and another site cannot send.
@Suite("Write routes take POST only; the session cookie's attributes")
struct WriteRouteMethodTests {
    /// The app's real router on a fresh vault holding one idea, with one browser paired through
    /// the pairing link.
    struct PairedApp {
        let scratch: Scratch
        let root: URL
        let journal: WebJournal
        let guardian: WebGuard
        let router: Router<WebRequestContext>
        let responder: RouterResponder<WebRequestContext>
        /// The idea's vault path.
        let idea: String

        /// `firstPages`: the first pages written, as a server that has been up a moment has them.
        /// `settings`: YAML added to the vault's settings, committed as another device would sync
        /// them; `environment`: the server's (an AI key, `HOME`).
        init(firstPages: Bool = true, settings: String = "", environment: [String: String] = [:]) async throws {
            scratch = try Scratch("write-routes")
            root = scratch.path("vault")
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            try History.initialise(at: root)
            let vault = try Vault.initialise(at: root, owner: Owner(name: "林小雨"), language: .en, clock: Clock.from(environment: [:]))
            if !settings.isEmpty {
                let config = root.appendingPathComponent(".folio/config.yaml")
                let old = (try? String(contentsOf: config, encoding: .utf8)) ?? ""
                try (old + settings).write(to: config, atomically: true, encoding: .utf8)
            }
            let history = try #require(try History.open(vault, environment: [:]))
            _ = try history.commitHandChanges(in: vault, message: "init: new vault")
            journal = WebJournal(WebSetup(root: root, environment: environment), warn: { _ in })
            guardian = WebGuard(
                pairing: PairingSecret("s3cret"), devices: PairedDevices(localDirectory: root.appendingPathComponent(".folio/local")),
                hosts: ["127.0.0.1"], port: BoundPort(8400))
            router = WebServer.makeRouter(journal: journal, guardian: guardian)
            responder = router.buildResponder()
            idea = try await journal.addIdea(title: "Buy an umbrella", tags: ["errand"]).path
            if firstPages { _ = try await journal.prepareFirstPages() }
        }

        struct Answer {
            var status: HTTPResponse.Status
            var headers: HTTPFields
            var body: String
        }

        /// The app's answer to `method path` on 127.0.0.1:8400 with `headers` and `body`.
        func send(_ method: HTTPRequest.Method, _ path: String, headers: HTTPFields = [:], body: String = "") async throws -> Answer {
            let request = Request(
                head: HTTPRequest(method: method, scheme: "http", authority: "127.0.0.1:8400", path: path, headerFields: headers),
                body: RequestBody(buffer: ByteBuffer(string: body)))
            let context = WebRequestContext(
                source: ApplicationRequestContextSource(channel: NIOAsyncTestingChannel(), logger: Logger(label: "test")))
            let response = try await responder.respond(to: request, context: context)
            let collected = Locked(ByteBuffer())
            try await response.body.write(Collector(collected: collected))
            return Answer(status: response.status, headers: response.headers, body: String(buffer: collected.current))
        }

        /// Pairs a browser through the link, as a browser opening it does; the `Set-Cookie` answer.
        func pair() async throws -> Answer {
            try await send(
                .get, "/pair?secret=\(guardian.pairing.current)", headers: [.userAgent: "Mozilla/5.0 (X11; Linux) Firefox/130.0"])
        }

        /// The vault as a user would check it: HEAD, `git status`, and every file but git's and
        /// this device's own (`.folio/local`, where the served pages are cached) with its bytes.
        func state() throws -> (head: String, status: String, files: [String: Data]) {
            var files: [String: Data] = [:]
            let walker = FileManager.default.enumerator(atPath: root.path)
            while let path = walker?.nextObject() as? String {
                if path == ".git" || path == ".folio/local" {
                    walker?.skipDescendants()
                    continue
                }
                var isDirectory: ObjCBool = false
                _ = FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path, isDirectory: &isDirectory)
                if !isDirectory.boolValue { files[path] = try Data(contentsOf: root.appendingPathComponent(path)) }
            }
            return (
                try Tool.git(["rev-parse", "HEAD"], in: root), try Tool.git(["status", "--porcelain", "--untracked-files=all"], in: root),
                files
            )
        }
    }

    private struct Collector: ResponseBodyWriter {
        let collected: Locked<ByteBuffer>
        mutating func write(_ buffer: ByteBuffer) async throws {
            var buffer = buffer
            collected.withValue { $0.writeBuffer(&buffer) }
        }
        consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }

    /// The cookie a `Set-Cookie` value sets: its value and its attributes (names lowercased).
    static func cookie(_ header: String) -> (name: String, value: String, attributes: [String: String]) {
        let parts = header.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        let first = parts.first ?? ""
        let name = String(first.prefix { $0 != "=" })
        let value = String(first.dropFirst(name.count + 1))
        var attributes: [String: String] = [:]
        for part in parts.dropFirst() {
            let key = String(part.prefix { $0 != "=" })
            attributes[key.lowercased()] = part.count > key.count ? String(part.dropFirst(key.count + 1)) : ""
        }
        return (name, value, attributes)
    }

    @Test("the pairing cookie is HttpOnly, SameSite=Strict, for the whole app, this host only, a year long")
    func cookieAttributes() async throws {
        let app = try await PairedApp()
        let refused = try await app.send(.get, "/pair?secret=guess")
        #expect(refused.status == .forbidden && refused.headers[.setCookie] == nil, "a wrong secret sets no cookie")

        let answer = try await app.pair()
        #expect(answer.status == .seeOther && answer.headers[.location] == "/")
        let headers = answer.headers[values: .setCookie]
        #expect(headers.count == 1, "\(headers)")
        let cookie = Self.cookie(try #require(headers.first))
        #expect(cookie.name == WebGuard.cookieName)
        // HttpOnly: no script of a page (nor one slipped into a record) can read the session.
        #expect(cookie.attributes["httponly"] == "", "\(headers)")
        // Strict: no other site's link, form or image sends it along.
        #expect(cookie.attributes["samesite"] == "Strict", "\(headers)")
        #expect(cookie.attributes["path"] == "/", "\(headers)")
        // No Domain: the browser keeps it for this host alone, not its neighbours.
        #expect(cookie.attributes["domain"] == nil, "\(headers)")
        #expect(cookie.attributes["max-age"] == "31536000" && cookie.attributes["expires"] == nil, "\(headers)")
        #expect(Set(cookie.attributes.keys) == ["httponly", "samesite", "path", "max-age"], "nothing else: \(headers)")
        // The value is a session of its own, unguessable, and nowhere in the answer but the header.
        #expect(cookie.value.count >= 43 && app.guardian.session(cookie: cookie.value) != nil)
        #expect(!answer.body.contains(cookie.value))
        let again = try await app.send(.get, "/pair?secret=s3cret")
        #expect(again.status == .forbidden && again.headers[.setCookie] == nil, "a spent link sets no second cookie")
    }

    @Test("GET, HEAD and every other method on each write route: nothing written, nothing answered as done")
    func onlyPostWrites() async throws {
        let app = try await PairedApp()
        let paired = try await app.pair()
        let value = Self.cookie(try #require(paired.headers[.setCookie])).value
        let token = try #require(app.guardian.session(cookie: value)?.formToken)
        let cookie: HTTPFields = [.cookie: "\(WebGuard.cookieName)=\(value)"]
        // A page read first, as a browser does: the served pages are made now, not during the checks.
        let home = try await app.send(.get, "/", headers: cookie)
        #expect(home.status == .ok && home.body.contains(token), "the page carries this browser's token")

        // Every route the router holds for POST, found by asking it: a write route added later is
        // covered without this test changing. The ones known today must be among them.
        let writes = Set(app.router.routes.filter { $0.method == .post }.map { "\($0.path)" })
        for known in ["/ideas", "/done", "/ask", "/edit", "/pages", "/greet", "/chat", "/finish", "/retry"] {
            #expect(writes.contains(known), "\(known) is no longer a POST route: \(writes.sorted())")
        }
        let reads = Set(app.router.routes.filter { $0.method != .post }.map { "\($0.path)" })
        #expect(reads.isDisjoint(with: writes), "a write route also answers another method: \(app.router.routes)")

        // Every field any write form reads, filled as a real write would: a URL-encoded form and
        // a multipart one (the upload's), in the body and again in the URL.
        let fields = [
            ("token", token), ("title", "Not to be written"), ("tags", "x"), ("record", app.idea), ("done", "true"),
            ("question", "Will it rain?"), ("message", "Hello"), ("version", "0"), ("text", "Not to be written"), ("stream", "1"),
            ("step", "summarize"),
        ]
        let encoded = fields.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")" }
            .joined(separator: "&")
        let boundary = "----folio-method-test"
        let multipart =
            fields.map { "--\(boundary)\r\nContent-Disposition: form-data; name=\"\($0.0)\"\r\n\r\n\($0.1)\r\n" }.joined()
            + "--\(boundary)\r\nContent-Disposition: form-data; name=\"media\"; filename=\"IMG_0001.JPG\"\r\nContent-Type: image/jpeg\r\n\r\n"
            + "\u{FF}\u{D8}\u{FF}\u{D9}\r\n--\(boundary)--\r\n"
        let bodies: [(String, String)] = [
            ("application/x-www-form-urlencoded", encoded), ("multipart/form-data; boundary=\(boundary)", multipart),
        ]

        let before = try app.state()
        var asked = 0
        for route in writes.sorted() {
            for path in [route, route + "?" + encoded, route + "/", route.uppercased()] {
                for method: HTTPRequest.Method in [.get, .head, .put, .patch, .delete, .options] {
                    for (type, body) in bodies {
                        var headers = cookie
                        headers[.contentType] = type
                        headers[.origin] = "http://127.0.0.1:8400"
                        let answer = try await app.send(method, path, headers: headers, body: body)
                        asked += 1
                        let said = "\(method) \(path) (\(type.prefix(9))): \(answer.status)"
                        #expect(answer.status.code >= 400, "answered as if done: \(said)")
                        #expect(answer.headers[.location] == nil, "sent on to a page as after a write: \(said)")
                        #expect(answer.headers[.setCookie] == nil, "\(said)")
                    }
                }
            }
        }
        let after = try app.state()
        #expect(after.head == before.head, "a commit was made")
        #expect(after.status == before.status, "git status changed: \(after.status)")
        #expect(after.files == before.files, "files changed: \(Set(after.files.keys).symmetricDifference(before.files.keys).sorted())")
        #expect(asked == writes.count * 4 * 6 * 2)

        // The same form as a POST writes (so the requests above were ones that could have).
        var headers = cookie
        headers[.contentType] = "application/x-www-form-urlencoded"
        let posted = try await app.send(.post, "/ideas", headers: headers, body: encoded)
        #expect(posted.status == .seeOther, "\(posted.status): \(posted.body)")
        let written = try app.state()
        #expect(written.head != before.head, "the POST made its commit")
    }
}
