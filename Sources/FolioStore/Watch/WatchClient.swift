import FolioCore
import Foundation
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

/// A command's side of `folio watch`: one request on the vault's socket, with a deadline for the
/// whole exchange. Whatever goes wrong, the caller walks the vault as if no watcher ran: a watcher
/// can make a command faster, never wrong or stuck.
public enum WatchClient {
    /// The socket and the lock in the vault's device folder (`.folio/local`, never synced).
    public static let socketName = "watch.sock"
    public static let lockName = "watch.lock"
    /// The longest a command waits for its answer: a watcher that takes in a burst of events (a
    /// checkout of every file) answers within it; a stopped one costs no more than this.
    static let answerDeadlineNanoseconds: UInt64 = 1_000_000_000

    /// What one exchange came to.
    public enum Outcome<Answer: Sendable>: Sendable {
        /// Nobody serves the socket (none there, or left by a watcher that ended).
        case notRunning
        case answered(Answer)
        /// Somebody serves it, and the answer was late, malformed, or from another user.
        case failed(reason: String)
    }

    /// What changed since `token`, by the watcher of the vault whose device folder is `localDirectory`.
    /// A failure is also kept for ``takeFailure()``: whichever part of a command asked (its catalog,
    /// git's status), the command says it once.
    public static func changes(localDirectory: URL, since token: WatchProtocol.Token) -> Outcome<WatchProtocol.Changes> {
        let outcome: Outcome<WatchProtocol.Changes> =
            switch exchange(localDirectory, WatchProtocol.changesRequest(since: token), limit: WatchProtocol.maxReplyBytes) {
            case .notRunning: .notRunning
            case .failed(let reason): .failed(reason: reason)
            case .answered(let reply): WatchProtocol.changes(reply).map { .answered($0) } ?? .failed(reason: "malformed answer")
            }
        if case .failed(let reason) = outcome { failures.withValue { if $0 == nil { $0 = reason } } }
        return outcome
    }

    /// Why the watcher's first failed answer in this process failed, once; nil when none did.
    public static func takeFailure() -> String? {
        failures.withValue { first in
            defer { first = nil }
            return first
        }
    }

    private static let failures = LockedState<String?>(nil)

    /// The watcher's status; `.notRunning` when the watcher on the socket watches another folder
    /// (a copy of the vault made by hard links shares the original's socket).
    public static func status(localDirectory: URL) -> Outcome<WatchProtocol.Status> {
        switch exchange(localDirectory, Array("status\n".utf8), limit: 4_096) {
        case .notRunning: return .notRunning
        case .failed(let reason): return .failed(reason: reason)
        case .answered(let reply):
            guard let status = WatchProtocol.status(reply) else { return .failed(reason: "malformed answer") }
            // The device folder is `<root>/.folio/local`.
            let root = localDirectory.deletingLastPathComponent().deletingLastPathComponent().path
            if let watched = status.root, watched != WatchProtocol.identity(ofFolder: root) { return .notRunning }
            return .answered(status)
        }
    }

    /// Asks the watcher to stop; whether one was there to ask. Only this vault's watcher: another
    /// folder's, reached through a socket a copy shares, is not asked.
    public static func stop(localDirectory: URL) -> Outcome<Void> {
        switch status(localDirectory: localDirectory) {
        case .notRunning: return .notRunning
        case .failed(let reason): return .failed(reason: reason)
        case .answered: break
        }
        return switch exchange(localDirectory, Array("stop\n".utf8), limit: 4_096) {
        case .notRunning: .notRunning
        case .failed(let reason): .failed(reason: reason)
        case .answered: .answered(())
        }
    }

    /// The watcher's status; nil when none runs; an error when one is there and does not answer properly.
    public static func currentStatus(localDirectory: URL) throws(FolioError) -> WatchProtocol.Status? {
        switch status(localDirectory: localDirectory) {
        case .answered(let status): return status
        case .notRunning: return nil
        case .failed(let reason): throw FolioError(.watch(.unanswered(reason: reason)))
        }
    }

    /// Stops the watcher; whether one was running.
    public static func stopWatching(localDirectory: URL) throws(FolioError) -> Bool {
        switch stop(localDirectory: localDirectory) {
        case .answered: return true
        case .notRunning: return false
        case .failed(let reason): throw FolioError(.watch(.unanswered(reason: reason)))
        }
    }

    private static func exchange(_ localDirectory: URL, _ request: [UInt8], limit: Int) -> Outcome<[UInt8]> {
        #if os(Linux)
            let deadline = LocalSocket.monotonicNanoseconds() + answerDeadlineNanoseconds
            let fd: Int32
            switch LocalSocket.connect(folder: localDirectory.path, name: socketName) {
            case .success(let connected): fd = connected
            case .failure(let error):
                // No socket, or one nobody listens on any more: no watcher.
                if error.code == ENOENT || error.code == ECONNREFUSED || error.code == ENOTDIR { return .notRunning }
                return .failed(reason: describe(error.code))
            }
            defer { close(fd) }
            guard LocalSocket.peerUser(fd) == geteuid() else { return .failed(reason: "served by another user") }
            guard LocalSocket.sendAll(fd, request, deadline: deadline) else { return .failed(reason: "it did not take the request") }
            guard let reply = LocalSocket.readAll(fd, limit: limit, deadline: deadline) else {
                return .failed(reason: "no whole answer within a second")
            }
            return .answered(reply)
        #else
            return .notRunning
        #endif
    }

    private static func describe(_ number: Int32) -> String {
        strerror(number).map { String(cString: $0) } ?? "error \(number)"
    }
}
