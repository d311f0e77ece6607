import FolioCore
import FolioLFS
import FolioStore
import Foundation
import Git
import LFSStore

extension History {
    /// What `media prune` removed (or would remove).
    public struct PrunedMedia: Sendable {
        public var paths: [String] = []
        public var bytes: UInt64 = 0
    }

    /// Frees the space of media the LFS server holds: each media file on disk whose pointer the
    /// remote branch (as last fetched) already has, that no record of the last `media.keep_days`
    /// days uses, and that the server says it holds, becomes its pointer again and leaves the
    /// local store. Nothing is removed that is not on the server.
    public func pruneMedia(_ vault: Vault, transport: SyncTransport, dryRun: Bool) async throws(FolioError) -> PrunedMedia {
        guard usesLFS(vault) else { throw FolioError(.lfs(.off)) }
        var pruned = PrunedMedia()
        guard let tracking = try gitStep("git", { try repository.reference(named: "refs/remotes/origin/\(try branch)") }) else {
            return pruned
        }
        let pushed = Dictionary(try pointers(in: tracking).map { ($0.path, $0.pointer) }, uniquingKeysWith: { first, _ in first })
        let days = vault.settings.int("media.keep_days") ?? 30
        let cutoff = Int(vault.clock.now().timeIntervalSince1970) - days * 86_400
        let recent = vault.mediaListed { ($0.created?.epochSeconds ?? Int.max) >= cutoff }
        let store = lfsStore
        let candidates = try vault.storedMedia().files.compactMap { file -> PointerFile? in
            guard let pointer = pushed[file.path], !recent.contains(file.path), file.bytes == pointer.size,
                LFSPointerFile.pointer(in: vault.url(file.path)) == nil
            else { return nil }
            return PointerFile(path: file.path, pointer: pointer)
        }
        guard !candidates.isEmpty else { return pruned }
        // A configuration that cannot be read is said, never taken for "no remote".
        let remoteURL = try gitStep("git") { try repository.remoteURL() }
        guard let client = try await lfsClient(transport: transport, remoteURL: remoteURL) else {
            throw FolioError(.lfs(.serverNotAsked(reason: .noEndpoint)))
        }
        let onServer: Set<String>
        do {
            onServer = try await client.present(candidates.map(\.pointer))
        } catch {
            throw FolioError(.lfs(.serverNotAsked(reason: Self.reason(error, client: client))))
        }
        try vault.withLock { () throws(FolioError) in
            for candidate in candidates where onServer.contains(candidate.pointer.oid) {
                pruned.paths.append(candidate.path)
                pruned.bytes += candidate.pointer.size
                guard !dryRun else { continue }
                try AtomicFile.write(candidate.pointer.bytes, to: vault.url(candidate.path))
                refreshIndex(candidate)
                store.remove(candidate.pointer.oid)
            }
        }
        return pruned
    }
}
