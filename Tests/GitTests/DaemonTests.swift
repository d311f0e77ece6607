import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

@testable import Git

/// A `git daemon` serving a directory over git:// on 127.0.0.1, stopped when released.
final class GitDaemon {
    let process = Process()
    let port: UInt16

    init(serving base: URL) throws {
        port = try freePort()
        // Run git-daemon itself, not the `git daemon` wrapper: killing the wrapper would orphan the daemon.
        let execPath = try GitCLI.run(["--exec-path"], in: base)
        process.executableURL = URL(fileURLWithPath: execPath).appendingPathComponent("git-daemon")
        process.arguments = [
            "--reuseaddr", "--export-all", "--enable=receive-pack", "--base-path=\(base.path)",
            "--listen=127.0.0.1", "--port=\(port)", base.path,
        ]
        process.environment = GitCLI.environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        do {
            try waitForPort(port)
        } catch {
            stop()
            throw error
        }
    }

    func url(_ repository: String) -> String {
        "git://127.0.0.1:\(port)/\(repository)"
    }

    /// Kills the daemon with SIGKILL, since the test process's children inherit a mask that blocks SIGTERM.
    func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    deinit {
        stop()
    }
}

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
        #expect(try GitCLI.run(["rev-parse", "refs/heads/main"], in: scratch.path("hub.git")) == first.hex)

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
        try GitCLI.run(["config", "receive.denyNonFastForwards", "true"], in: scratch.path("hub.git"))
        let second = try bob.commitFiles(["a.md": "two\n"], "two", minute: 1)
        try bob.push(refspec: "refs/heads/main:refs/heads/main", timeout: .seconds(30))
        let divergent = try alice.commitFiles(["b.md": "b\n"], "divergent", minute: 2)
        let refused = try #require(throws: GitError.self) {
            try alice.push(refspec: "+refs/heads/main:refs/heads/main", timeout: .seconds(30))
        }
        #expect(refused.code == .nonFastForward)
        #expect(refused.message.contains("refs/heads/main"))
        #expect(try GitCLI.run(["rev-parse", "refs/heads/main"], in: scratch.path("hub.git")) == second.hex)
        #expect(divergent != second)
        try GitCLI.run(["fsck", "--strict"], in: scratch.path("hub.git"))
    }
}
