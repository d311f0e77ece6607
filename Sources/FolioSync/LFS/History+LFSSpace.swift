import FolioCore
import FolioLFS
import FolioStore
import Foundation
import Git
import LFSStore

/// What ``History/freeLFSSpace(_:dryRun:)`` removed (or would remove).
public struct FreedLFSSpace: Sendable, Equatable {
    /// Unfinished downloads and writes no process will finish.
    public var partials = 0
    /// Objects of `.git/lfs/objects` no commit to keep uses.
    public var objects = 0
    public var bytes: UInt64 = 0

    public var isEmpty: Bool { partials == 0 && objects == 0 }
}

extension History {
    /// `gc` and `media prune`: gives back the space of the LFS store that nothing needs, as
    /// `git lfs prune` does, without the network:
    /// - partial downloads no process will finish (``LFSObjectStore/stalePartials(now:)``, and
    ///   those in `media/`: ``Vault/abandonedMediaPartials()``);
    /// - objects no commit to keep uses. Kept: every object the tree of a branch or HEAD names,
    ///   every object a commit not on the remote brings in, and every object the index names. Of
    ///   the rest, only an object a commit the remote has brings in goes: sync sends a commit's
    ///   objects before its branch, so the LFS server has it (`media fetch` brings it back for an
    ///   old version). An object no commit names, or any in a vault without a remote, is kept:
    ///   this copy may be the only one.
    public func freeLFSSpace(_ vault: Vault, dryRun: Bool) throws(FolioError) -> FreedLFSSpace {
        let store = lfsStore
        return try vault.withLock { () throws(FolioError) -> FreedLFSSpace in
            var freed = FreedLFSSpace()
            let partials = store.stalePartials() + vault.abandonedMediaPartials().map { (url: vault.url($0.path), bytes: $0.bytes) }
            for partial in partials {
                if !dryRun, unlink(partial.url.path) != 0, errno != ENOENT { continue }
                freed.partials += 1
                freed.bytes += partial.bytes
            }
            let held: [(oid: String, size: UInt64)]
            do throws(LFSStoreProblem) {
                held = try store.objects()
            } catch {
                throw FolioError(.fileUnreadable(error.description), file: ".git/lfs/objects")
            }
            guard !held.isEmpty else { return freed }
            let unneeded = try gitStep("git") { () throws -> Set<String> in
                let (kept, pushed) = try objectsToKeepAndPushed()
                return Set(held.map(\.oid).filter { !kept.contains($0) && pushed.contains($0) })
            }
            for object in held where unneeded.contains(object.oid) {
                if !dryRun { store.remove(object.oid) }
                freed.objects += 1
                freed.bytes += object.size
            }
            return freed
        }
    }

    /// The object ids the commits to keep need, and those commits the remote has bring in.
    private func objectsToKeepAndPushed() throws -> (kept: Set<String>, pushed: Set<String>) {
        var localTips: [OID] = []
        var remoteTips: [OID] = []
        for name in try repository.referenceNames() {
            guard let tip = try repository.reference(named: name) else { continue }
            // Tags are left out (one may name a tree or a blob): what only a tag keeps is on the
            // remote anyway, or it is not pruned (below).
            if name.hasPrefix("refs/remotes/") { remoteTips.append(tip) } else if name.hasPrefix("refs/heads/") { localTips.append(tip) }
        }
        if let head = try repository.head() { localTips.append(head) }
        var kept = Set<String>()
        for tip in Set(localTips) {
            for (_, blob) in try repository.files(in: tip) { if let pointer = try pointer(in: blob) { kept.insert(pointer.oid) } }
        }
        for tip in Set(localTips) {
            kept.formUnion(try pointersIntroduced(from: tip, hiding: remoteTips).map(\.pointer.oid))
        }
        for blob in try repository.indexedBlobs() { if let pointer = try pointer(in: blob) { kept.insert(pointer.oid) } }
        var pushed = Set<String>()
        for tip in Set(remoteTips) { pushed.formUnion(try pointersIntroduced(from: tip, hiding: []).map(\.pointer.oid)) }
        return (kept, pushed)
    }

    /// The LFS pointer a blob holds, nil when it is not one (read only when small enough to be one).
    private func pointer(in blob: OID) throws -> LFSPointer? {
        guard try repository.objectSize(blob) <= UInt64(LFSPointer.maxBytes) else { return nil }
        return LFSPointer(parsing: [UInt8](try repository.storedBlob(blob)))
    }
}
