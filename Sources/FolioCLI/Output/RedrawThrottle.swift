import Synchronization

/// How often a progress line may be drawn: at most once per `interval` (a tenth of a second),
/// and always its final state. A transfer reports every few hundred bytes; drawing each report
/// would write more text than the transfer moves and slow it down.
final class RedrawThrottle: Sendable {
    let interval: Duration
    private let now: @Sendable () -> ContinuousClock.Instant
    private let lastDraw = Mutex<ContinuousClock.Instant?>(nil)

    /// The one throttle of stderr's progress line: every progress callback draws through it.
    static let statusLine = RedrawThrottle()

    init(interval: Duration = .milliseconds(100), now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }) {
        (self.interval, self.now) = (interval, now)
    }

    /// Runs `draw` when the last drawing is at least `interval` ago, or when `isFinal`; whether it
    /// ran. The drawing happens under the lock, so a stale line never lands after a newer one.
    @discardableResult
    func draw(isFinal: Bool = false, _ draw: () -> Void) -> Bool {
        lastDraw.withLock { last in
            let time = now()
            if !isFinal, let last, time - last < interval { return false }
            last = time
            draw()
            return true
        }
    }

    /// Forgets the last drawing, so the next progress line (another transfer's) shows at once.
    func reset() {
        lastDraw.withLock { $0 = nil }
    }
}
