import FolioCore
import FolioStore
import Foundation
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

/// `folio watch start`: this executable again as `folio watch run --detached`, in its own session,
/// its standard error on a pipe until it serves. The pipe closing with nothing on it means it is
/// serving; what it says before it closes is why it could not.
enum WatchLauncher {
    /// The longest `start` waits for the server to watch every folder (a first watch of a large
    /// vault on a slow disk lists every folder).
    static let readyDeadlineNanoseconds: UInt64 = 60_000_000_000

    enum Outcome {
        case serving
        /// It ended before serving, with what it said.
        case failed(String)
        case timedOut
    }

    /// What `folio watch start` found or made.
    enum Started {
        case alreadyRunning(pid: Int32)
        case started(WatchProtocol.Status)
        /// The server ended before serving, with what it said (already in the user's language).
        case failed(String)
    }

    /// The watcher of `vault`: the one running, or a new one once it serves.
    static func startOrFind(vault: Vault) throws(FolioError) -> Started {
        let local = vault.localDirectory
        if let running = try WatchClient.currentStatus(localDirectory: local) { return .alreadyRunning(pid: running.pid) }
        switch try start(vault: vault) {
        case .serving:
            guard let status = try WatchClient.currentStatus(localDirectory: local) else { throw FolioError(.watch(.didNotStart)) }
            return .started(status)
        case .failed(let said): return .failed(said)
        case .timedOut: throw FolioError(.watch(.didNotStart))
        }
    }

    private static func start(vault: Vault) throws(FolioError) -> Outcome {
        #if os(Linux)
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else { throw FolioError(.watch(.cannotListen(SystemReason(errno: errno)))) }
            // Neither end is for any other program this process starts; the server gets the write end as its stderr.
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            defer { close(ends[0]) }
            let spawned = spawnServer(root: vault.root, automatic: false, errorOutput: ends[1])
            close(ends[1])
            if case .failure(let error) = spawned { throw FolioError(.watch(.cannotListen(SystemReason(errno: error.code)))) }
            let deadline = LocalSocket.monotonicNanoseconds() + readyDeadlineNanoseconds
            guard let said = LocalSocket.readAll(ends[0], limit: 65_536, deadline: deadline) else { return .timedOut }
            return said.isEmpty ? .serving : .failed(String(decoding: said, as: UTF8.self))
        #else
            throw FolioError(.watch(.notOnThisSystem))
        #endif
    }

    /// After a command: a watcher for each large vault it had to check file by file
    /// (``AutomaticWatch``), started without waiting for it to serve (it watches while the user reads
    /// the output), and said on standard error. One that cannot watch marks the vault off itself.
    static func startAutomaticallyAndSay() {
        for notice in startAutomatically() { Console.err(Message.watch(notice).text(MessageLanguage.shared.current)) }
    }

    /// For a command that runs for long (`serve`, `mcp`, `sync --watch`): the same as soon as a check
    /// finds the vault unwatched.
    static func startAtOnce() {
        AutomaticWatch.startAtOnce { startAutomaticallyAndSay() }
    }

    private static func startAutomatically() -> [WatchMessage] {
        #if os(Linux)
            var said: [WatchMessage] = []
            for vault in AutomaticWatch.takeWanted() {
                let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
                guard null >= 0 else { continue }
                defer { close(null) }
                if case .success = spawnServer(root: vault.root, automatic: true, errorOutput: null) {
                    said.append(.startedAutomatically(files: vault.files))
                }
            }
            return said
        #else
            return []
        #endif
    }

    #if os(Linux)
        /// This executable again as `folio --vault ROOT watch run --detached`, its standard error on `errorOutput`.
        private static func spawnServer(root: URL, automatic: Bool, errorOutput: Int32) -> Result<pid_t, SystemError> {
            let executable = ProcessFacts.executablePath ?? CommandLine.arguments.first ?? "folio"
            let arguments = ["--vault", root.path, "watch", "run", "--detached"] + (automatic ? ["--automatic"] : [])
            return DetachedProcess.spawn(executable, arguments: arguments, errorOutput: errorOutput)
        }
    #endif

    /// In the detached server once it serves: standard error to `/dev/null`, which closes the pipe
    /// `start` reads.
    static func detachFromStarter() {
        let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
        if null >= 0 {
            dup2(null, 2)
            close(null)
        }
    }
}
