import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `folio serve` among other writers of the same vault, and under many browsers at once, driven
/// over real sockets: every write answered as done is one commit whose record is there, nothing is
/// written twice or as a conflict copy, every read is answered whole, and the vault is left
/// checked and clean.
@Suite("folio serve beside other writers and under many clients", .serialized)
struct ServeWritersTests {
    /// A running `folio serve` on the vault of `folio`, with one browser paired through its link.
    final class Server: @unchecked Sendable {
        let process: ChildProcess
        let errors: URL
        let port: Int
        let cookie: String
        let token: String

        init(_ folio: FolioProcess, name: String) throws {
            let scratch = try #require(folio.scratch)
            let errors = scratch.path("\(name).err")
            let process = try ChildProcess(
                FolioBinary.url.path, ["--vault", folio.directory.path, "serve", "--port", "0"], environment: folio.environment,
                errors: errors)
            do {
                (port, cookie, token) = try Self.pair(errors)
            } catch {
                process.stop()
                throw error
            }
            self.process = process
            self.errors = errors
        }

        /// Pairs a browser with the link the server printed: its port, the cookie, the page's token.
        private static func pair(_ errors: URL) throws -> (Int, String, String) {
            let link = try #require(WebBrowserTests.pairingLink(in: errors), "folio serve printed no pairing link")
            let address = try #require(link.range(of: #"(?<=127\.0\.0\.1:)[0-9]+"#, options: .regularExpression))
            let port = try #require(Int(link[address]))
            let pairing = try #require(link.range(of: "/pair?"))
            let paired = try HTTPClient.request(port: port, "GET", String(link[pairing.lowerBound...]))
            #expect(paired.status == 303, "pairing: \(paired.status)")
            let setCookie = try #require(paired.header("Set-Cookie"), "pairing set no cookie")
            let cookie = String(setCookie.prefix { $0 != ";" })
            let home = try HTTPClient.request(port: port, "GET", "/", cookie: cookie)
            let field = try #require(home.body.range(of: #"(?<=name="token" value=")[0-9a-f]{64}"#, options: .regularExpression))
            return (port, cookie, String(home.body[field]))
        }

        /// `POST /ideas` with this browser's cookie and token.
        func addIdea(_ title: String) throws -> HTTPClient.Answer {
            try HTTPClient.request(
                port: port, "POST", "/ideas", cookie: cookie, form: [("token", token), ("title", title), ("tags", "crowd")])
        }

        func stop() { process.stop() }
    }

    /// A write and how it was answered.
    struct Write: Sendable {
        var title: String
        var by: String
        var done: Bool
        var said: String
        /// The page a web write sent the browser on to.
        var location: String?
    }

    @Test("two servers, an MCP server with writes on and the command line write one vault at once: each write done is one commit")
    func fourWriters() throws {
        let folio = try FolioProcess.vault(language: "en")
        let start = try Tool.git(["rev-parse", "HEAD"], in: folio.directory)
        let first = try Server(folio, name: "serve-a")
        defer { first.stop() }
        let second = try Server(folio, name: "serve-b")
        defer { second.stop() }
        #expect(first.port != second.port)

        let perWriter = 12
        let writes = Locked<[Write]>([])
        let began = Date()
        Self.atOnce(5) { writer in
            switch writer {
            case 0, 1:
                // Two browsers, one on each server.
                let server = writer == 0 ? first : second
                for step in 0..<perWriter {
                    let title = "web \(writer == 0 ? "a" : "b") \(step)"
                    let done: Bool
                    let said: String
                    do {
                        let answer = try server.addIdea(title)
                        done = answer.status == 303 && answer.header("Location")?.hasSuffix(".html#saved") == true
                        said = "\(answer.status) \(answer.header("Location") ?? answer.body.prefix(300).description)"
                    } catch {
                        (done, said) = (false, "\(error)")
                    }
                    writes.withValue { $0.append(Write(title: title, by: "serve \(writer)", done: done, said: said)) }
                }
            case 2:
                // An assistant through `folio mcp --allow-write`, its calls one after another on stdin.
                let titles = (0..<perWriter).map { "mcp \($0)" }
                let calls = titles.enumerated().map { index, title in
                    #"{"jsonrpc":"2.0","id":\#(index + 2),"method":"tools/call","params":{"name":"new_record","arguments":{"kind":"idea","title":"\#(title)"}}}"#
                }
                let result = try? folio.run(
                    ["mcp", "--allow-write"], input: ([MCPTests.initialize] + calls).joined(separator: "\n") + "\n")
                var answers: [Int: [String: Any]] = [:]
                for line in (result?.stdout ?? "").split(separator: "\n") {
                    guard let answer = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any],
                        let id = answer["id"] as? Int
                    else { continue }
                    answers[id] = answer
                }
                for (index, title) in titles.enumerated() {
                    let answer = answers[index + 2]
                    let outcome = answer?["result"] as? [String: Any]
                    let done = outcome != nil && outcome?["isError"] as? Bool != true
                    let said = answer.map { "\($0)".prefix(300).description } ?? "no answer: \(result?.stderr ?? "did not run")"
                    writes.withValue { $0.append(Write(title: title, by: "mcp", done: done, said: said)) }
                }
            default:
                // The command line, two shells at once.
                for step in 0..<perWriter / 2 {
                    let title = "cli \(writer) \(step)"
                    let result = try? folio.run("idea", title, "--tag", "crowd")
                    writes.withValue {
                        $0.append(Write(title: title, by: "cli", done: result?.status == 0, said: result?.stderr ?? "did not run"))
                    }
                }
            }
        }
        let seconds = Date().timeIntervalSince(began)
        let all = writes.current
        print("serve writers: \(all.count) writes, \(all.filter(\.done).count) done, in \(String(format: "%.1f", seconds)) s")
        #expect(all.count == perWriter * 4)
        for write in all where !write.done { Issue.record("\(write.by) \(write.title) not done: \(write.said)") }

        // Each server's pages show what every writer wrote: one more write through each (after
        // which its next page is made anew), then its home page lists every idea.
        var everything = all
        for (server, name) in [(first, "a"), (second, "b")] {
            let title = "web \(name) last"
            let answer = try server.addIdea(title)
            everything.append(Write(title: title, by: "serve \(name)", done: answer.status == 303, said: "\(answer.status)"))
        }
        for server in [first, second] {
            let home = try HTTPClient.request(port: server.port, "GET", "/", cookie: server.cookie)
            #expect(home.status == 200)
            let missing = everything.filter { $0.done && !home.body.contains(">\($0.title)<") }.map(\.title)
            #expect(missing.isEmpty, "the home page on port \(server.port) lacks \(missing)")
        }
        try Self.expectEveryWriteCommitted(everything, in: folio, since: start)
    }

    @Test("40 clients at once on one server, half writing ideas and half reading pages: every answer right, every write one commit")
    func manyClients() throws {
        let folio = try FolioProcess.vault(language: "en")
        #expect(try folio.run("idea", "the umbrella", "--tag", "rain").status == 0)
        let start = try Tool.git(["rev-parse", "HEAD"], in: folio.directory)
        let server = try Server(folio, name: "serve")
        defer { server.stop() }

        let clients = 40
        let requests = 6
        let writes = Locked<[Write]>([])
        let wrongReads = Locked<[String]>([])
        let began = Date()
        Self.atOnce(clients) { client in
            for step in 0..<requests {
                if (client + step) % 2 == 0 {
                    let title = "client \(client) idea \(step)"
                    let answer = try? server.addIdea(title)
                    let done = answer?.status == 303 && answer?.header("Location")?.hasSuffix(".html#saved") == true
                    let said = answer.map { "\($0.status) \($0.header("Location") ?? String($0.body.prefix(300)))" } ?? "no answer"
                    writes.withValue {
                        $0.append(Write(title: title, by: "client \(client)", done: done, said: said, location: answer?.header("Location")))
                    }
                    continue
                }
                // The reads a browser makes: the home page, a search, the stylesheet.
                let (path, wanted): (String, String) =
                    switch step % 3 {
                    case 0: ("/", server.token)
                    case 1: ("/search?q=umbrella", "the umbrella")
                    default: ("/assets/app.css", "{")
                    }
                guard let answer = try? HTTPClient.request(port: server.port, "GET", path, cookie: server.cookie) else {
                    wrongReads.withValue { $0.append("GET \(path): no answer") }
                    continue
                }
                let length = answer.header("Content-Length").flatMap(Int.init)
                if answer.status != 200 || !answer.body.contains(wanted) || length != answer.bytes {
                    wrongReads.withValue {
                        $0.append("GET \(path): \(answer.status), \(answer.bytes) of \(length ?? -1) bytes, \(answer.body.prefix(200))")
                    }
                }
            }
        }
        let seconds = Date().timeIntervalSince(began)
        let all = writes.current
        print(
            "serve clients: \(clients) × \(requests) requests, \(all.count) writes (\(all.filter(\.done).count) done), in \(String(format: "%.1f", seconds)) s"
        )
        #expect(all.count == clients * requests / 2)
        for write in all where !write.done { Issue.record("\(write.by) \(write.title) not done: \(write.said)") }
        let pages = all.compactMap(\.location)
        #expect(Set(pages).count == pages.count, "two writes sent on to one page")
        // Each write sent its browser on to the page of its own record.
        for write in all where write.done {
            guard let location = write.location else { continue }
            let page = try HTTPClient.request(port: server.port, "GET", String(location.prefix { $0 != "#" }), cookie: server.cookie)
            #expect(page.status == 200 && page.body.contains(">\(write.title)<"), "\(write.title) sent on to \(location): \(page.status)")
        }
        #expect(wrongReads.current.isEmpty, "\(wrongReads.current.count) reads wrong: \(wrongReads.current.prefix(5))")
        try Self.expectEveryWriteCommitted(all, in: folio, since: start)
        #expect(server.process.isRunning, "the server is still up")
    }

    @Test("a page's edit while the command line changes the same record: saved whole, or refused and nothing written")
    func editBesideTheCommandLine() throws {
        let folio = try FolioProcess.vault(language: "en")
        #expect(try folio.run("idea", "shared", "--tag", "both").status == 0)
        let shown = try #require(try folio.json("show", "shared", "--json") as? [String: Any])
        let id = try #require(shown["id"] as? String)
        let path = try #require(shown["path"] as? String)
        let start = try Tool.git(["rev-parse", "HEAD"], in: folio.directory)
        let server = try Server(folio, name: "serve")
        defer { server.stop() }

        /// Loads the record's page, as a browser opening it does, and sends its edit form with
        /// `text`; when that is refused, sends it again from the form the refusal shows (made from
        /// the record as it is now), as a user would, up to three times. The last answer's status.
        @Sendable func edit(_ text: String, changeFirst: (() -> Void)? = nil) throws -> Int {
            var page = try HTTPClient.request(port: server.port, "GET", "/records/\(id).html", cookie: server.cookie)
            changeFirst?()
            for _ in 0..<(changeFirst == nil ? 3 : 1) {
                let field = try #require(page.body.range(of: #"(?<=name="version" value=")[0-9a-f]+"#, options: .regularExpression))
                page = try HTTPClient.request(
                    port: server.port, "POST", "/edit", cookie: server.cookie,
                    form: [
                        ("token", server.token), ("record", id), ("version", String(page.body[field])), ("text", text), ("tags", "both"),
                    ])
                if page.status != 409 { break }
            }
            return page.status
        }

        // The page loaded, then the command line changes the record: the edit is refused.
        let stale = try edit("web stale") {
            _ = try? folio.run("set", "shared", "description=cli first", "--extra")
        }
        #expect(stale == 409, "\(stale)")

        // Then both at once, over and over.
        let rounds = 12
        let edits = Locked<[(text: String, status: Int)]>([])
        let sets = Locked<[(text: String, done: Bool)]>([])
        Self.atOnce(2) { writer in
            for step in 0..<rounds {
                if writer == 0 {
                    let text = "web edit \(step)"
                    let status = (try? edit(text)) ?? 0
                    edits.withValue { $0.append((text, status)) }
                } else {
                    let text = "cli \(step)"
                    let result = try? folio.run("set", "shared", "description=\(text)", "--extra")
                    sets.withValue { $0.append((text, result?.status == 0)) }
                }
            }
        }
        print("serve edits: \(edits.current.map(\.status)) beside \(sets.current.filter(\.done).count) command-line changes")

        // Every version of the record in the history, oldest first: an edit saved is in one, a
        // refused one in none, every change of the command line is in one; and each commit
        // changes one writer's part only, keeping what the other wrote (no update lost).
        let commits = try Tool.git(["log", "--reverse", "--format=%H", "\(start)..HEAD"], in: folio.directory).split(separator: "\n")
        let versions = try ([Substring(start)] + commits).map { try Tool.git(["show", "\($0):\(path)"], in: folio.directory) + "\n" }
        let saved = edits.current.filter { $0.status == 303 }
        for (text, status) in edits.current {
            #expect(status == 303 || status == 409, "\(text): \(status)")
            let committed = versions.contains { $0.contains("\n\(text)\n") }
            #expect(committed == (status == 303), "\(text) answered \(status) is \(committed ? "" : "not ")committed")
        }
        #expect(!versions.contains { $0.contains("web stale") })
        for (text, done) in sets.current {
            #expect(done, "folio set \(text) failed")
            #expect(versions.contains { $0.contains("description: \(text)\n") }, "\(text) is in no commit")
        }
        func parts(_ version: String) -> (description: String, body: String) {
            let lines = version.split(separator: "\n", omittingEmptySubsequences: false)
            let description = lines.first { $0.hasPrefix("description: ") }.map(String.init) ?? ""
            let body = version.components(separatedBy: "\n---\n").dropFirst().joined()
            return (description, body)
        }
        for (older, newer) in zip(versions, versions.dropFirst()) {
            let (before, after) = (parts(older), parts(newer))
            #expect(
                (before.description != after.description) != (before.body != after.body),
                "a commit changed both or neither:\n\(older)\n→\n\(newer)")
        }
        #expect(commits.count == 1 + saved.count + sets.current.filter(\.done).count, "\(commits.count) commits")
        let check = try folio.run("check")
        #expect(check.status == 0, "folio check: \(check.stdout)\(check.stderr)")
        let status = try Tool.git(["status", "--porcelain", "--untracked-files=all"], in: folio.directory)
        #expect(status.isEmpty, "git status: \(status)")
    }

    /// What a user checks after the writers are done: each write answered as done is one commit of
    /// its own (`git log`) and its record is listed; there are no other commits; no conflict copy;
    /// `folio check` finds nothing; `git status` is clean.
    static func expectEveryWriteCommitted(_ writes: [Write], in folio: FolioProcess, since start: String) throws {
        let subjects = try Tool.git(["log", "--format=%s", "\(start)..HEAD"], in: folio.directory).split(separator: "\n").map(String.init)
        let done = writes.filter(\.done)
        #expect(subjects.count == done.count, "\(subjects.count) commits for \(done.count) writes done")
        var counted: [String: Int] = [:]
        for subject in subjects { counted[subject, default: 0] += 1 }
        let listing = try folio.run("list", "idea", "--json")
        #expect(listing.status == 0, "\(listing.stderr)")
        let listed = Set(
            ((try? JSONSerialization.jsonObject(with: Data(listing.stdout.utf8))) as? [[String: Any]] ?? []).compactMap {
                $0["title"] as? String
            })
        for write in done {
            let subject = "idea: add \"\(write.title)\""
            #expect(counted[subject] == 1, "\(write.by): \(subject) is \(counted[subject] ?? 0) commits")
            #expect(listed.contains(write.title), "\(write.by): \(write.title) is not listed")
        }
        let files = try Tool.git(["ls-files"], in: folio.directory).split(separator: "\n")
        #expect(!files.contains { $0.contains(".conflict-") }, "a conflict copy")
        let check = try folio.run("check")
        #expect(check.status == 0, "folio check: \(check.stdout)\(check.stderr)")
        let status = try Tool.git(["status", "--porcelain", "--untracked-files=all"], in: folio.directory)
        #expect(status.isEmpty, "git status: \(status)")
    }

    /// Runs `body` on `count` threads of their own, started together, and waits for all of them
    /// (a thread each: concurrentPerform would run only as many at once as there are cores).
    static func atOnce(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let group = DispatchGroup()
        let gate = DispatchSemaphore(value: 0)
        for index in 0..<count {
            group.enter()
            let thread = Thread {
                // waits: the gate is opened below, once for each thread, as soon as all are made.
                gate.wait()
                body(index)
                group.leave()
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
        for _ in 0..<count { gate.signal() }
        // waits: each request gives up after 120 s of silence, each folio command at its deadline.
        group.wait()
    }
}

/// HTTP/1.1 over a plain socket to 127.0.0.1, one request per connection, as a browser's form
/// and page loads send it.
enum HTTPClient {
    struct Answer: Sendable {
        var status: Int
        var headers: [(String, String)]
        var body: String
        /// The body's length in bytes.
        var bytes: Int

        func header(_ name: String) -> String? {
            headers.first { $0.0.caseInsensitiveCompare(name) == .orderedSame }?.1
        }
    }

    static func request(
        port: Int, _ method: String, _ path: String, cookie: String? = nil, form: [(String, String)]? = nil
    ) throws -> Answer {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        if let cookie { head += "Cookie: \(cookie)\r\n" }
        var body = ""
        if let form {
            var allowed = CharacterSet.alphanumerics
            allowed.insert(charactersIn: "-._~")
            body = form.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")" }.joined(separator: "&")
            head += "Origin: http://127.0.0.1:\(port)\r\nContent-Type: application/x-www-form-urlencoded\r\n"
        }
        head += "Content-Length: \(body.utf8.count)\r\n\r\n"
        let raw = try exchange(port: port, Array((head + body).utf8))
        guard let end = raw.firstRange(of: Array("\r\n\r\n".utf8)) else {
            throw HarnessError(description: "\(method) \(path): no complete answer (\(raw.count) bytes)")
        }
        let lines = String(decoding: raw[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let statusWords = (lines.first ?? "").split(separator: " ")
        guard statusWords.count >= 2, let status = Int(statusWords[1]) else {
            throw HarnessError(description: "\(method) \(path): no status line in \(lines.first ?? "")")
        }
        let headers = lines.dropFirst().compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        let content = raw[end.upperBound...]
        return Answer(status: status, headers: headers, body: String(decoding: content, as: UTF8.self), bytes: content.count)
    }

    /// Sends `bytes` and reads until the server closes (at most 120 s of silence).
    private static func exchange(port: Int, _ bytes: [UInt8]) throws -> [UInt8] {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw HarnessError(description: "socket() failed: errno \(errno)") }
        defer { close(descriptor) }
        var wait = timeval(tv_sec: 120, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw HarnessError(description: "connect to port \(port) failed: errno \(errno)") }
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { throw HarnessError(description: "send failed: errno \(errno)") }
            sent += count
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count == 0 { return received }
            guard count > 0 else { throw HarnessError(description: "recv failed after \(received.count) bytes: errno \(errno)") }
            received += buffer[..<count]
        }
    }
}
