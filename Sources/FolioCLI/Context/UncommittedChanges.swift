import FolioCore
import FolioStore
import FolioSync
import Foundation
import Synchronization

/// Commits each change through the history. A failed commit leaves the change saved on disk, so
/// the command goes on, and fails at its end naming what was not committed (``UncommittedChanges``).
final class HistoryRecorder: ChangeRecorder {
    let history: History

    init(history: History) {
        self.history = history
    }

    func record(_ change: VaultChange, in vault: Vault) throws(FolioError) {
        do {
            try history.record(change, in: vault)
        } catch {
            UncommittedChanges.shared.add(error)
        }
    }

    func committedText(of path: String) -> String? {
        history.committedText(of: path)
    }
}

/// Changes a command wrote but could not commit. A command never reports success with a change of
/// its own left uncommitted: ``Folio/run(_:)`` names each and exits 1.
final class UncommittedChanges: Sendable {
    static let shared = UncommittedChanges()
    private let errors = Mutex<[FolioError]>([])

    func add(_ error: FolioError) {
        errors.withLock { errors in
            if !errors.contains(error) { errors.append(error) }
        }
    }

    /// The failures so far, each handed out once.
    func take() -> [FolioError] {
        errors.withLock { errors in
            defer { errors.removeAll() }
            return errors
        }
    }
}
