import FolioSecrets
import Foundation
import TestSupport
import Testing

@testable import Git

#if canImport(Glibc)
    import Glibc
#endif

/// A connected pair of sockets inside this process (a client and the connection its listener
/// accepted), to check that a watchdog leaves sockets that are not its operation's alone.
private final class Bystander: @unchecked Sendable {
    let listener: Listener
    let client: Int32
    let server: Int32

    init() throws {
        let listener = try Listener()
        let client = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(listener.port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(client, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw HarnessError(description: "bystander connect failed: errno \(errno)") }
        let server = accept(listener.descriptor, nil, nil)
        guard server >= 0 else { throw HarnessError(description: "bystander accept failed: errno \(errno)") }
        self.listener = listener
        self.client = client
        self.server = server
    }

    deinit {
        close(client)
        close(server)
    }

    /// Whether a byte still goes both ways.
    var isAlive: Bool {
        func echo(_ from: Int32, _ to: Int32) -> Bool {
            var byte: UInt8 = 42
            guard send(from, &byte, 1, Int32(MSG_NOSIGNAL)) == 1 else { return false }
            var ready = pollfd(fd: to, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 5000) == 1 else { return false }
            var got: UInt8 = 0
            return recv(to, &got, 1, 0) == 1 && got == 42
        }
        return echo(client, server) && echo(server, client)
    }
}

@Suite struct WatchdogTests {
    @Test func aStalledFetchEndsAfterTheLimitAndOtherSocketsStayAlive() throws {
        let scratch = try Scratch()
        let source = try Repository.create(at: scratch.path("source"))
        try source.commitFiles(["a.md": "one\n"], "one", minute: 0)
        let daemon = try GitDaemon(serving: scratch.url)
        let proxy = try FaultProxy(to: daemon.port, mode: .stall(after: 0, direction: .serverToClient))
        let sink = try Repository.create(at: scratch.path("sink"))
        try sink.setRemote(url: "git://127.0.0.1:\(proxy.port)/source")

        let before = try Bystander()
        let during = Locked<Bystander?>(nil)
        let opener = Thread {
            while proxy.faults == 0 { usleep(10_000) }
            during.withValue { $0 = try? Bystander() }
        }
        opener.start()
        let started = ContinuousClock.now
        let error = try #require(throws: GitError.self) { try sink.fetch(timeout: .seconds(1)) }
        let took = ContinuousClock.now - started
        #expect(error.code == .user)
        #expect(error.message == "timed out: nothing moved for 1 second")
        #expect(took < .seconds(15), "gave up after \(took)")
        #expect(try sink.reference(named: "refs/remotes/origin/main") == nil)
        #expect(before.isAlive, "a socket open before the fetch was shut down")
        let opened = try #require(during.current, "no socket was opened during the fetch")
        #expect(opened.isAlive, "a socket opened during the fetch, to another port, was shut down")

        proxy.mode = .pass
        try sink.fetch(timeout: .seconds(1))
        #expect(try sink.reference(named: "refs/remotes/origin/main") == source.head())
    }

    @Test func cancellingEndsAFetchBlockedOnASilentServer() throws {
        let scratch = try Scratch()
        try Repository.create(at: scratch.path("source")).commitFiles(["a.md": "one\n"], "one", minute: 0)
        let daemon = try GitDaemon(serving: scratch.url)
        let proxy = try FaultProxy(to: daemon.port, mode: .stall(after: 0, direction: .serverToClient))
        let sink = try Repository.create(at: scratch.path("sink"))
        try sink.setRemote(url: "git://127.0.0.1:\(proxy.port)/source")
        let error = try #require(throws: GitError.self) {
            try sink.fetch(callbacks: RemoteCallbacks(shouldCancel: { proxy.faults > 0 }), timeout: .seconds(600))
        }
        #expect(error.code == .user)
        #expect(error.message == "cancelled")
    }

    @Test(arguments: [
        ("git://example.com/v.git", TransferWatchdog.Sockets.port(9418)),
        ("git://127.0.0.1:9999/v.git", .port(9999)),
        ("ssh://git@example.com/v.git", .port(22)),
        ("ssh://git@[::1]:2222/v.git", .port(2222)),
        ("git+ssh://example.com:2200/v.git", .port(2200)),
        ("git@example.com:me/v.git", .port(22)),
        ("https://example.com/v.git", .port(443)),
        ("http://user@example.com:8080/v.git", .port(8080)),
        ("file:///srv/v.git", .none),
        ("/srv/v.git", .none),
        ("relative/v.git", .none),
        ("svn+odd://example.com/v", .any),
    ])
    func theSocketsOfARemote(_ url: String, _ expected: TransferWatchdog.Sockets) {
        #expect(TransferWatchdog.Sockets(url: url) == expected)
    }
}

/// The limits besides silence: a deadline, a minimum rate and a cap on what is received, each
/// against a real git daemon behind a proxy that trickles or stalls.
@Suite struct TransferLimitTests {
    /// A source repository served by git daemon through a proxy in `mode`, and an empty clone
    /// pointed at the proxy.
    private struct Rig {
        let sink: Repository
        let source: Repository
        let proxy: FaultProxy
        let daemon: GitDaemon
    }

    private func rig(_ scratch: Scratch, _ mode: FaultProxy.Mode, files: [String: String] = ["a.md": "one\n"]) throws -> Rig {
        let source = try Repository.create(at: scratch.path("source"))
        try source.commitFiles(files, "one", minute: 0)
        let daemon = try GitDaemon(serving: scratch.url)
        let proxy = try FaultProxy(to: daemon.port, mode: mode)
        let sink = try Repository.create(at: scratch.path("sink"))
        try sink.setRemote(url: "git://127.0.0.1:\(proxy.port)/source")
        return Rig(sink: sink, source: source, proxy: proxy, daemon: daemon)
    }

    @Test func aServerTricklingAByteAtATimeEndsAtTheDeadline() throws {
        let scratch = try Scratch()
        // A byte every 0.3 s is never 2 seconds of silence; the reference advertisement alone
        // would take a minute.
        let rig = try rig(scratch, .trickle(direction: .serverToClient, every: .milliseconds(300)))
        let (sink, proxy) = (rig.sink, rig.proxy)
        let started = ContinuousClock.now
        let error = try #require(throws: GitError.self) {
            try sink.fetch(limits: TransferLimits(total: .seconds(3), idle: .seconds(2)))
        }
        let took = ContinuousClock.now - started
        #expect(proxy.faults == 1, "the proxy never trickled")
        #expect(error.code == .user && error.errorClass == .net)
        #expect(error.transferLimit == TransferLimitHit(limit: .total(.seconds(3)), phase: .transferring))
        #expect(error.message == "timed out: took longer than 3 seconds in all")
        #expect(took < .seconds(20), "gave up after \(took)")
        #expect(try sink.reference(named: "refs/remotes/origin/main") == nil)
    }

    @Test func aServerTricklingBelowTheMinimumRateEndsAfterOneWindow() throws {
        let scratch = try Scratch()
        let rig = try rig(scratch, .trickle(direction: .serverToClient, every: .milliseconds(200)))
        let sink = rig.sink
        let rate = TransferLimits.Rate(bytesPerSecond: 64, window: .seconds(2))
        let started = ContinuousClock.now
        let error = try #require(throws: GitError.self) {
            try sink.fetch(limits: TransferLimits(total: .seconds(600), idle: .seconds(600), minimumRate: rate))
        }
        let took = ContinuousClock.now - started
        #expect(error.transferLimit == TransferLimitHit(limit: .tooSlow(rate), phase: .transferring))
        #expect(error.message == "timed out: moved less than 64 bytes a second over 2 seconds")
        #expect(took < .seconds(20), "gave up after \(took)")
    }

    @Test func aFastFetchMeetsEveryLimit() throws {
        let scratch = try Scratch()
        let rig = try rig(scratch, .pass)
        let (sink, source) = (rig.sink, rig.source)
        let limits = TransferLimits(
            total: .seconds(60), idle: .seconds(30), minimumRate: .init(bytesPerSecond: 1_024, window: .seconds(30)),
            maxReceivedBytes: 1 << 20)
        try sink.fetch(limits: limits)
        #expect(try sink.reference(named: "refs/remotes/origin/main") == source.head())
    }

    @Test func moreThanTheCapEndsTheFetchWhileItRuns() throws {
        let scratch = try Scratch()
        // 600 KB that does not compress; the proxy stops forwarding after 300 KB of it, so the
        // fetch is still running (and nothing else ends it) when the cap is passed.
        var generator = SystemRandomNumberGenerator()
        let noise = (0..<450_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let rig = try rig(scratch, .stall(after: 300_000, direction: .serverToClient), files: ["big.md": Data(noise).base64EncodedString()])
        let sink = rig.sink
        let error = try #require(throws: GitError.self) {
            try sink.fetch(limits: TransferLimits(total: .seconds(120), idle: .seconds(120), maxReceivedBytes: 100_000))
        }
        #expect(error.transferLimit == TransferLimitHit(limit: .tooLarge(100_000), phase: .transferring))
        #expect(error.message == "stopped: received more than 100000 bytes")
    }

    @Test func aHostThatSwallowsTheConnectionEndsAtTheDeadlineWhileConnecting() throws {
        // A port that accepts no connection and refuses none: the listener's queue is full.
        let scratch = try Scratch()
        let silent = try SilentPort()
        let sink = try Repository.create(at: scratch.path("sink"))
        try sink.setRemote(url: "git://127.0.0.1:\(silent.port)/source")
        let started = ContinuousClock.now
        let error = try #require(throws: GitError.self) { try sink.fetch(limits: TransferLimits(total: .seconds(2))) }
        let took = ContinuousClock.now - started
        #expect(error.transferLimit?.limit == .total(.seconds(2)), "\(error) after \(ContinuousClock.now - started)")
        #expect(took < .seconds(20), "gave up after \(took)")
    }
}

/// What libgit2 is never allowed to do with a credential, whatever the remote says.
@Suite struct RemoteCredentialTests {
    @Test func aRedirectToAnotherHostIsNotFollowedAndTheCallbackIsNeverAsked() throws {
        let scratch = try Scratch()
        let elsewhere = try RecordingHTTPServer()
        let moved = try RecordingHTTPServer { line, _ in
            let path = line.split(separator: " ").dropFirst().first.map(String.init) ?? "/"
            return Array(
                "HTTP/1.1 302 Found\r\nLocation: http://localhost:\(elsewhere.port)\(path)\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
                    .utf8)
        }
        let sink = try Repository.create(at: scratch.path("sink"))
        try sink.setRemote(url: moved.url("vault.git"))
        let asked = Locked<[String]>([])
        let callbacks = RemoteCallbacks(credentials: { url, _, _ in
            asked.withValue { $0.append(url) }
            return .userPassword(username: "x-access-token", password: "token-for-127")
        })
        let error = try #require(throws: GitError.self) { try sink.fetch(callbacks: callbacks, timeout: .seconds(10)) }
        #expect(error.message.contains("cannot redirect from"), "\(error)")
        #expect(elsewhere.requests.current.isEmpty, "the other host was asked: \(elsewhere.requests.current)")
        #expect(elsewhere.authorizations.current.isEmpty)
        #expect(asked.current.isEmpty)
        // The same for a push.
        try sink.commitFiles(["a.md": "one\n"], "one", minute: 0)
        #expect(throws: GitError.self) {
            try sink.push(refspec: "refs/heads/main:refs/heads/main", callbacks: callbacks, timeout: .seconds(10))
        }
        #expect(elsewhere.requests.current.isEmpty)
    }

    @Test func aRedirectOnTheSameHostIsFollowed() throws {
        let scratch = try Scratch()
        let server = try RecordingHTTPServer { line, _ in
            line.contains("/old.git/")
                ? Array(
                    "HTTP/1.1 301 Moved\r\nLocation: /new.git/info/refs?service=git-upload-pack\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
                        .utf8)
                : RecordingHTTPServer.unauthorized
        }
        let sink = try Repository.create(at: scratch.path("sink"))
        try sink.setRemote(url: server.url("old.git"))
        #expect(throws: GitError.self) { try sink.fetch(timeout: .seconds(10)) }
        #expect(server.requests.current.contains { $0.hasPrefix("GET /new.git/info/refs") }, "\(server.requests.current)")
    }

    @Test func aPasswordInTheURLIsNeverSentByLibgit2Itself() throws {
        let scratch = try Scratch()
        let server = try RecordingHTTPServer()
        let sink = try Repository.create(at: scratch.path("sink"))
        try sink.setRemote(url: "http://ada:pw-in-the-url@127.0.0.1:\(server.port)/vault.git")
        #expect(throws: GitError.self) { try sink.fetch(timeout: .seconds(10)) }
        let passwords = server.authorizations.current.compactMap(RecordingHTTPServer.basicPassword)
        #expect(!passwords.contains("pw-in-the-url"), "\(passwords)")
        // The configuration keeps what was written; only the operation's URL lost the password.
        #expect(try sink.remoteURL() == "http://ada:pw-in-the-url@127.0.0.1:\(server.port)/vault.git")
    }

    @Test(arguments: [
        ("https://ada:s3cret@git.example.com/v.git", "https://ada@git.example.com/v.git", "s3cret"),
        ("https://ada:p%40ss@git.example.com:8443/v.git", "https://ada@git.example.com:8443/v.git", "p@ss"),
        ("https://ada@git.example.com/v.git", "https://ada@git.example.com/v.git", nil),
        ("https://git.example.com/v.git?x=a:b@c", "https://git.example.com/v.git?x=a:b@c", nil),
        ("git@example.com:me/v.git", "git@example.com:me/v.git", nil),
        ("/srv/v.git", "/srv/v.git", nil),
        ("ssh://git:pw@[::1]:2222/v.git", "ssh://git@[::1]:2222/v.git", "pw"),
    ])
    func passwordsInURLs(_ url: String, _ stripped: String, _ password: String?) {
        #expect(URLPassword.removed(from: url) == stripped)
        #expect(URLPassword.of(url) == password)
    }
}
