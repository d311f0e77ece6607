import FolioCore
import Foundation
import Synchronization
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

/// Ctrl-C during a sync: stop at the next safe point instead of dying mid-write.
final class Interrupt: Sendable {
    private let pressed: LockedState<Bool>
    /// Held so the signal source lives as long as this.
    private let source: Mutex<any DispatchSourceSignal>

    private init(pressed: LockedState<Bool>, source: sending any DispatchSourceSignal) {
        self.pressed = pressed
        self.source = Mutex(source)
    }

    var fired: Bool { pressed.current }

    static func install() -> Interrupt {
        let pressed = LockedState(false)
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler {
            let second = pressed.withValue { fired in
                defer { fired = true }
                return fired
            }
            // A second Ctrl-C means now.
            if second { ProcessEnd.now(130) }
        }
        source.resume()
        return Interrupt(pressed: pressed, source: source)
    }
}
