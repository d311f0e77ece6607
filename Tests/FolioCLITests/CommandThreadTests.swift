import ArgumentParser
import Synchronization
import SystemIO
import Testing

@testable import FolioCLI

/// Where a command's blocking work waits: a command on a thread of its own, a server's handlers
/// on the pool.
@Suite("The thread a command runs on")
struct CommandThreadTests {
    private static let seen = Mutex<[String: String]>([:])

    struct Blocking: ParsableCommand {
        func run() { CommandThreadTests.seen.withLock { $0["blocking"] = OffThePool.currentThreadName } }
    }

    struct Waiting: AsyncParsableCommand {
        func run() async {
            await Task.yield()
            CommandThreadTests.seen.withLock { $0["waiting"] = OffThePool.currentThreadName }
        }
    }

    struct Server: AsyncParsableCommand, ServesConnections {
        func run() async { CommandThreadTests.seen.withLock { $0["server"] = OffThePool.currentThreadName } }
    }

    @Test("a command, blocking or async, runs on folio-command; a server's work stays on the pool")
    func threads() async throws {
        try await CommandThread.run(Blocking())
        try await CommandThread.run(Waiting())
        try await CommandThread.run(Server())
        let seen = Self.seen.withLock { $0 }
        #expect(seen["blocking"] == "folio-command")
        #expect(seen["waiting"] == "folio-command")
        #expect(seen["server"] != nil && seen["server"] != "folio-command")
    }
}
