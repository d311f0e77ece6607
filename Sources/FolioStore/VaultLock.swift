import FolioCore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The writers' lock of one vault: at most one folio process changes the vault at a time.
///
/// It is an advisory `flock` on `.folio/local/lock`; the kernel drops it when its process
/// dies, so a crashed folio can never leave the vault locked.
public final class VaultLock {
    private var fd: Int32 = -1

    /// Waits up to `timeout` seconds for the lock.
    /// - Throws: ``FolioError`` `.lockBusy` when another writer holds it that long.
    public init(directory: URL, timeout: TimeInterval = 30) throws(FolioError) {
        try AtomicFile.makeDirectory(directory)
        let path = directory.appendingPathComponent("lock").path
        LocalFile.clearWay(to: directory.appendingPathComponent("lock"))
        fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard fd >= 0 else { throw FolioError(.writeFailed(SystemReason(errno: errno)), file: path) }
        let deadline = Date().addingTimeInterval(timeout)
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, Date() < deadline else {
                close(fd)
                fd = -1
                throw FolioError(.lockBusy)
            }
            usleep(5_000)
        }
    }

    public func release() {
        guard fd >= 0 else { return }
        flock(fd, LOCK_UN)
        close(fd)
        fd = -1
    }

    deinit { release() }
}

@available(*, unavailable)
extension VaultLock: Sendable {}

/// Told around every hold of the writers' lock, so what else writes beside the vault (git) can be
/// checked before anything is written.
public protocol WritersLockGuard: AnyObject {
    /// Called right after the lock is taken; throwing refuses the change before anything is written.
    func writersLockTaken(_ vault: Vault) throws(FolioError)
    /// Called before the lock is released, also after ``writersLockTaken(_:)`` threw.
    func writersLockReleasing(_ vault: Vault)
}
