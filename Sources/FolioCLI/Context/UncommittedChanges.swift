import FolioApp
import FolioCore
import Synchronization

/// The ledgers of the journals a command opened. A command never reports success with a change of
/// its own left uncommitted: ``ExitStatus`` names each failure and exits 1. What counts as
/// uncommitted is the journal's own policy (``CommitLedger`` in FolioApp); this only remembers
/// which journals the command opened, since a command's `run()` hands back no context.
final class UncommittedChanges: Sendable {
    static let shared = UncommittedChanges()
    private let ledgers = Mutex<[CommitLedger]>([])

    func follow(_ ledger: CommitLedger) {
        ledgers.withLock { $0.append(ledger) }
    }

    /// The failures so far, each handed out once.
    func take() -> [FolioError] {
        var failures: [FolioError] = []
        for ledger in ledgers.withLock({ $0 }) {
            for failure in ledger.take() where !failures.contains(failure) { failures.append(failure) }
        }
        return failures
    }
}
