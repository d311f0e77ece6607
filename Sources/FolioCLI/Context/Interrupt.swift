import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Ctrl-C during a sync: stop at the next safe point instead of dying mid-write.
final class Interrupt: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    private var source: (any DispatchSourceSignal)?

    var fired: Bool {
        lock.lock()
        defer { lock.unlock() }
        return value
    }

    static func install() -> Interrupt {
        let interrupt = Interrupt()
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler { [weak interrupt] in
            guard let interrupt else { return }
            interrupt.lock.lock()
            let second = interrupt.value
            interrupt.value = true
            interrupt.lock.unlock()
            // A second Ctrl-C means now.
            if second { exit(130) }
        }
        source.resume()
        interrupt.source = source
        return interrupt
    }
}
