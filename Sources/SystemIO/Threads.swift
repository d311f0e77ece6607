import CSystemIO
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The one door from async code to work that blocks a thread: a child process waited for, a
/// libgit2 call, a large read, a blocking socket or descriptor.
///
/// Swift's concurrency pool has as many threads as the machine has cores (two, on a small home
/// computer): a task that blocks one of them stalls every other task of the process, the web
/// app's requests among them. So blocking work runs on a thread of its own, started here and
/// nowhere else (`make lint` refuses a thread started elsewhere).
public enum OffThePool {
    /// Runs `work` on a thread of its own and hands its result to the awaiting task, whose
    /// thread of the pool is free meanwhile.
    public static func run<T: Sendable>(_ name: String, _ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            start(name) { continuation.resume(returning: work()) }
        }
    }

    /// The same for work that throws.
    public static func run<T: Sendable, Failure: Error>(
        _ name: String, _ work: @escaping @Sendable () throws(Failure) -> T
    ) async throws(Failure) -> T {
        let result: Result<T, Failure> = await run(name) {
            do throws(Failure) {
                return .success(try work())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Starts `body` on a thread of its own named `name`, for work that lives as long as its
    /// thread (a reader of a descriptor, a watchdog, a name lookup).
    public static func start(_ name: String, _ body: @escaping @Sendable () -> Void) {
        let thread = Thread {
            // Linux keeps at most 15 bytes of a name, and only one set from the thread itself.
            _ = String(decoding: name.utf8.prefix(15), as: UTF8.self).withCString { folio_set_thread_name($0) }
            body()
        }
        thread.start()
    }
}

/// A serial executor with a thread of its own: an actor that owns a vault (the web app's and the
/// MCP server's journal) runs every job here, so its exports, commits and child processes block
/// this thread only, never one of the concurrency pool's, and requests that need no vault (pairing,
/// icons, a "preparing your pages" page) are answered meanwhile.
///
/// It is a task executor too: a test (or a server's task) that prefers it runs there, clear of
/// whatever blocks the pool beside it.
public final class DedicatedThread: SerialExecutor, TaskExecutor {
    /// The jobs waiting, shared with the thread; the thread holds this and not the executor, so the
    /// executor's end (its actor's) ends the thread.
    // @unchecked: every field is read and written under `condition`.
    private final class Queue: @unchecked Sendable {
        let condition = NSCondition()
        var jobs: [UnownedJob] = []
        var stopped = false
        var executor: UnownedSerialExecutor?
        var taskExecutor: UnownedTaskExecutor?

        func run() {
            while true {
                condition.lock()
                // waits: until a job is enqueued or the executor is gone.
                while jobs.isEmpty && !stopped { condition.wait() }
                if jobs.isEmpty && stopped {
                    condition.unlock()
                    return
                }
                let batch = jobs
                jobs = []
                let (executor, taskExecutor) = (self.executor, self.taskExecutor)
                condition.unlock()
                guard let executor, let taskExecutor else { continue }
                for job in batch { job.runSynchronously(isolatedTo: executor, taskExecutor: taskExecutor) }
            }
        }
    }

    private let queue = Queue()

    public init(name: String) {
        let queue = queue
        OffThePool.start(name) { queue.run() }
        queue.condition.lock()
        queue.executor = UnownedSerialExecutor(ordinary: self)
        queue.taskExecutor = UnownedTaskExecutor(ordinary: self)
        queue.condition.unlock()
    }

    deinit {
        queue.condition.lock()
        queue.stopped = true
        queue.condition.broadcast()
        queue.condition.unlock()
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.condition.lock()
        queue.jobs.append(job)
        queue.condition.signal()
        queue.condition.unlock()
    }

    public func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

}

extension OffThePool {
    /// The name of the thread the caller runs on, as the system keeps it (what `top -H` shows).
    public static var currentThreadName: String {
        var name = [CChar](repeating: 0, count: 32)
        guard folio_thread_name(&name, UInt(name.count)) == 0 else { return "" }
        return String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
