import Hummingbird
import Synchronization
import SystemIO

/// Gives the memory a burst of requests used back to the system once the burst is over.
///
/// glibc keeps the memory a process freed for its next allocations, so a server that answered
/// 8,000 connections kept their buffers for as long as it ran. Once requests came and then none
/// for ``quiet``, the free memory is returned (``ProcessMemory/returnFreeMemory()``): once per
/// burst, never while requests keep coming, never on an idle server.
final class MemoryAfterLoad: Sendable {
    /// How long no request must come before the memory goes back.
    let quiet: Duration
    private let state = Mutex<(requests: UInt64, returnedAt: UInt64, last: ContinuousClock.Instant)>((0, 0, .now))

    init(quiet: Duration = .seconds(2)) { self.quiet = quiet }

    /// A request arrived at `now`.
    func noteRequest(at now: ContinuousClock.Instant = .now) {
        state.withLock { state in
            state.requests &+= 1
            state.last = now
        }
    }

    /// Whether memory is to be returned at `now`: requests came since it last was, and none for
    /// ``quiet``. Answering yes counts as returning it.
    func isDue(at now: ContinuousClock.Instant) -> Bool {
        state.withLock { state in
            guard state.requests != state.returnedAt, now - state.last >= quiet else { return false }
            state.returnedAt = state.requests
            return true
        }
    }

    /// Looks every ``quiet`` until the task is cancelled (the server stops).
    func run() async {
        while true {
            do {
                try await Task.sleep(for: quiet)
            } catch {
                return  // cancelled: the server is stopping
            }
            if isDue(at: .now) { ProcessMemory.returnFreeMemory() }
        }
    }
}

/// Tells ``MemoryAfterLoad`` of each request, before anything else looks at it.
struct LoadNote: RouterMiddleware {
    typealias Context = WebRequestContext
    let memory: MemoryAfterLoad

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        memory.noteRequest()
        return try await next(request, context)
    }
}
