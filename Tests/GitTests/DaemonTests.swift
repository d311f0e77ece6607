import Foundation
import TestSupport
import Testing

@testable import Git

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct DaemonTests {
    @Test func pushAndFetchOverGitProtocol() throws {
        let scratch = try Scratch()
        let hub = try Repository.create(at: scratch.path("hub.git"), bare: true)
        _ = hub
        let daemon = try GitDaemon(serving: scratch.url)
        defer { daemon.stop() }

        let alice = try Repository.create(at: scratch.path("alice"))
        try alice.setRemote(url: daemon.url("hub.git"))
        let first = try alice.commitFiles(["a.md": "one\n"], "one", minute: 0)
        try alice.push(refspec: "refs/heads/main:refs/heads/main", timeout: .seconds(30))
        #expect(try Tool.git(["rev-parse", "refs/heads/main"], in: scratch.path("hub.git")) == first.hex)

        let bob = try Repository.create(at: scratch.path("bob"))
        try bob.setRemote(url: daemon.url("hub.git"))
        let messages = Locked<[String]>([])
        try bob.fetch(
            callbacks: RemoteCallbacks(remoteMessage: { text in messages.withValue { $0.append(text) } }),
            timeout: .seconds(30))
        #expect(try bob.reference(named: "refs/remotes/origin/main") == first)
        try bob.fastForward(to: first)
        #expect(try bob.read("a.md") == "one\n")

        // Server-side refusal travels through push_update_reference, even for a forced refspec.
        try Tool.git(["config", "receive.denyNonFastForwards", "true"], in: scratch.path("hub.git"))
        let second = try bob.commitFiles(["a.md": "two\n"], "two", minute: 1)
        try bob.push(refspec: "refs/heads/main:refs/heads/main", timeout: .seconds(30))
        let divergent = try alice.commitFiles(["b.md": "b\n"], "divergent", minute: 2)
        let refused = try #require(throws: GitError.self) {
            try alice.push(refspec: "+refs/heads/main:refs/heads/main", timeout: .seconds(30))
        }
        #expect(refused.code == .nonFastForward)
        #expect(refused.message.contains("refs/heads/main"))
        #expect(try Tool.git(["rev-parse", "refs/heads/main"], in: scratch.path("hub.git")) == second.hex)
        #expect(divergent != second)
        try Tool.git(["fsck", "--strict"], in: scratch.path("hub.git"))
    }
}
