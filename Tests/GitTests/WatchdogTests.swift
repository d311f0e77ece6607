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
