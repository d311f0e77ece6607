import Foundation
import Synchronization
import SystemIO
import Testing

final class Counter: Sendable {
    let value = Mutex(0)
}

/// Blocking work runs on threads of its own, never on the concurrency pool's few threads.
@Suite("OffThePool and DedicatedThread")
struct ThreadsTests {
    /// Four times as many blocking steps as the pool has threads, each waiting until all have
    /// started: on the pool they would wait for each other forever; off it they all finish.
    @Test("blocking steps off the pool never starve each other")
    func manyBlockingSteps() async throws {
        let count = 4 * max(2, ProcessInfo.processInfo.activeProcessorCount)
        let started = Counter()
        let finished = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<count {
                group.addTask {
                    await OffThePool.run("folio-test") { () -> Bool in
                        started.value.withLock { $0 += 1 }
                        let deadline = Date().addingTimeInterval(20)
                        while started.value.withLock({ $0 }) < count {
                            if Date() > deadline { return false }
                            usleep(1_000)
                        }
                        return true
                    }
                }
            }
            var all = 0
            for await done in group where done { all += 1 }
            return all
        }
        #expect(finished == count)
    }

    @Test("work off the pool runs on a thread named for it, and its error comes back")
    func namedThreadAndErrors() async throws {
        struct Refused: Error, Equatable {}
        let name = await OffThePool.run("folio-named") { OffThePool.currentThreadName }
        #expect(name == "folio-named")
        await #expect(throws: Refused()) {
            try await OffThePool.run("folio-throws") { () throws(Refused) -> Int in throw Refused() }
        }
    }

    actor OnItsOwnThread {
        let thread = DedicatedThread(name: "folio-actor")
        nonisolated var unownedExecutor: UnownedSerialExecutor { thread.asUnownedSerialExecutor() }
        var calls = 0

        func whereAmI() -> String {
            calls += 1
            return OffThePool.currentThreadName
        }
    }

    @Test("an actor on a DedicatedThread runs every call on that thread, one at a time")
    func actorOnItsThread() async throws {
        let actor = OnItsOwnThread()
        let names = await withTaskGroup(of: String.self) { group in
            for _ in 0..<50 { group.addTask { await actor.whereAmI() } }
            var names: Set<String> = []
            for await name in group { names.insert(name) }
            return names
        }
        #expect(names == ["folio-actor"])
        #expect(await actor.calls == 50)
    }
}
