import FolioLFS
import LFSStore
import Synchronization

extension SyncTransport {
    /// An LFS transfer's progress told to ``progress`` as bytes of all `pointers` together, so a
    /// push or a clone moving a gigabyte of media is never silent on a terminal; nil without one.
    func mediaProgress(for pointers: [LFSPointer], sending: Bool) -> LFSClient.Progress? {
        guard let report = progress, !pointers.isEmpty else { return nil }
        let total = pointers.reduce(UInt64(0)) { $0 + $1.size }
        let moved = Mutex<[String: UInt64]>([:])
        return { oid, done, _ in
            let bytes = moved.withLock { moved in
                moved[oid] = done
                return moved.values.reduce(0, +)
            }
            report(sending ? .sendingMedia(bytes: bytes, total: total) : .receivingMedia(bytes: bytes, total: total))
        }
    }
}
