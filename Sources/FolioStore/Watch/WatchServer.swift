import FolioCore
import Foundation
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

/// `folio watch run`: one server per vault, held by a lock in the device folder, serving on the
/// socket beside it until stopped.
public enum WatchServer {
    public final class Running {
        let watcher: VaultWatcher
        let listening: Int32
        let lock: Int32
        let socketPath: String

        init(watcher: VaultWatcher, listening: Int32, lock: Int32, socketPath: String) {
            self.watcher = watcher
            self.listening = listening
            self.lock = lock
            self.socketPath = socketPath
        }

        public var watchedFolders: Int { watcher.watchedFolders }

        /// Serves until asked to stop or the vault goes away; then removes its socket.
        public func serve() {
            // Not in the vault's folder: a process standing in a removed folder keeps it from
            // being gone, and the kernel would not say it went.
            _ = chdir("/")
            var own = stat()
            let identity = lstat(socketPath, &own) == 0 ? (own.st_dev, own.st_ino) : nil
            watcher.serve(listening: listening) {
                var now = stat()
                guard let identity, lstat(socketPath, &now) == 0 else { return false }
                return (now.st_dev, now.st_ino) == identity
            }
            // Only its own socket: one another server put in its place is left alone.
            var current = stat()
            if let identity, lstat(socketPath, &current) == 0, (current.st_dev, current.st_ino) == identity { unlink(socketPath) }
            close(listening)
            close(lock)
        }
    }

    /// The server of `vault`, watching and listening: call ``Running/serve()``. A command that
    /// reaches the socket always reaches a server with every watch in place.
    /// `automatic`: started by a command (``AutomaticWatch``), with nobody to tell why it could not
    /// watch: the reason goes into the vault's off mark, so no command starts one again.
    /// - Throws: ``FolioError`` `.watch(.alreadyWatching)` naming the process that serves the vault,
    ///   or why it cannot watch or listen.
    public static func start(_ vault: Vault, automatic: Bool) throws(FolioError) -> Running {
        let running: Running?
        do {
            running = try lockAndWatch(vault)
        } catch {
            // try?: a mark not written means the next large check starts one again, which fails the same way.
            if automatic { try? AutomaticWatch.turnOff(localDirectory: vault.localDirectory, reason: error.message.text(vault.language)) }
            throw error
        }
        guard let running else {
            let pid: Int32 =
                if case .answered(let status) = WatchClient.status(localDirectory: vault.localDirectory) { status.pid } else { 0 }
            throw FolioError(.watch(.alreadyWatching(pid: pid)))
        }
        return running
    }

    /// Takes the vault's watch lock, watches every folder, then listens; nil when another server
    /// holds the lock.
    private static func lockAndWatch(_ vault: Vault) throws(FolioError) -> Running? {
        #if os(Linux)
            let local = vault.localDirectory
            try AtomicFile.makeDirectory(local)
            let lockPath = local.appendingPathComponent(WatchClient.lockName).path
            let lock = openOwnLock(lockPath)
            guard lock >= 0 else { throw FolioError(.watch(.cannotListen(SystemReason(errno: errno)))) }
            guard flock(lock, LOCK_EX | LOCK_NB) == 0 else {
                close(lock)
                return nil
            }
            let watcher: VaultWatcher
            do throws(FolioError) {
                watcher = try VaultWatcher(root: vault.root)
            } catch {
                close(lock)
                throw error
            }
            switch LocalSocket.listen(folder: local.path, name: WatchClient.socketName) {
            case .success(let listening):
                return Running(
                    watcher: watcher, listening: listening, lock: lock,
                    socketPath: local.appendingPathComponent(WatchClient.socketName).path)
            case .failure(let error):
                close(lock)
                throw FolioError(.watch(.cannotListen(SystemReason(errno: error.code))))
            }
        #else
            throw FolioError(.watch(.notOnThisSystem))
        #endif
    }

    #if os(Linux)
        /// The vault's watch lock, open. A lock file with more than one name is another folder's
        /// too (a copy of the vault made by hard links shares the original's): it is replaced by
        /// one of this vault's own, so the copy gets a watcher of its own and the original keeps its.
        private static func openOwnLock(_ path: String) -> Int32 {
            let flags = O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK
            let lock = open(path, flags, 0o600)
            var opened = stat()
            guard lock >= 0, fstat(lock, &opened) == 0, opened.st_nlink > 1 else { return lock }
            close(lock)
            // Only the file just opened: one another server of this vault made meanwhile stays.
            var named = stat()
            if lstat(path, &named) == 0, named.st_dev == opened.st_dev, named.st_ino == opened.st_ino { unlink(path) }
            return open(path, flags, 0o600)
        }
    #endif
}
