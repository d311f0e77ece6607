import FolioCore
import FolioStore
import Foundation

extension History {
    /// The seconds between syncs of `sync --watch`: as asked, else `sync.interval`, else 10.
    public static func watchInterval(_ requested: Double?, settings: Settings) -> Double {
        requested ?? Double(settings.int("sync.interval") ?? 10)
    }

    /// `sync --watch`: a sync now, and again after each change in the vault or every `seconds`,
    /// until `stopped()`. Each outcome goes to `each`: what the sync did, or the problem that kept
    /// it from going through (offline, refused), after which the watch goes on.
    public func watch(
        _ vault: Vault, transport: SyncTransport, every seconds: Double, stopped: () -> Bool,
        each: (Result<SyncReport, FolioError>) -> Void
    ) async {
        let watcher = DirectoryWatcher(root: vault.root)
        while !stopped() {
            do throws(FolioError) {
                each(.success(try await sync(vault: vault, transport: transport)))
            } catch {
                each(.failure(error))
            }
            watcher.drain()
            _ = watcher.wait(seconds: seconds, shouldStop: stopped)
        }
    }
}

extension SyncReport {
    /// Whether the sync found nothing to do: nothing received, sent, committed or in conflict
    /// (`sync --watch` says nothing of such a round).
    public var isIdle: Bool {
        received == 0 && sent == 0 && (handCommit?.committed.isEmpty ?? true) && conflicts.isEmpty
    }
}

extension History {
    /// One sync, its failure as a value (for a caller that says something either way before it fails).
    public func syncResult(vault: Vault, transport: SyncTransport) async -> Result<SyncReport, FolioError> {
        do {
            return .success(try await sync(vault: vault, transport: transport))
        } catch {
            return .failure(error)
        }
    }
}
