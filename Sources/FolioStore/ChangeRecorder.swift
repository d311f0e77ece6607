import FolioCore
import Foundation

/// One change a use case made, as the history records it.
public struct VaultChange: Sendable, Hashable {
    /// Vault-relative paths written or removed.
    public var paths: [String]
    /// What changed, e.g. `idea: done "測試想法"`.
    public var message: String

    public init(paths: [String], message: String) {
        self.paths = paths
        self.message = message
    }
}

/// Where the vault reports each change it makes; the sync module commits them to git.
///
/// The store knows nothing of git: it only says which paths changed and why.
public protocol ChangeRecorder: AnyObject {
    /// Called under the writers' lock, right after the files were written.
    func record(_ change: VaultChange, in vault: Vault) throws(FolioError)

    /// The file at the vault-relative `path` as last committed, or nil when it never was: what is
    /// already published, so a key it holds is no news to the next commit.
    func committedText(of path: String) -> String?
}

extension ChangeRecorder {
    public func committedText(of path: String) -> String? { nil }
}

extension Vault {
    /// The one-line description of a record used in change messages: `idea: add "title"`.
    public static func describe(_ verb: String, _ record: some Referable) -> String {
        "\(record.kind ?? "record"): \(verb) \"\(record.title)\""
    }

    /// Reports a change to the recorder, or keeps it for the batch in progress. Call under the lock.
    func recordChange(_ paths: [String], _ message: String) {
        // A rehearsed write wrote nothing: there is nothing to commit.
        if rehearsal != nil { return }
        if pendingBatch != nil {
            pendingBatch?.append(contentsOf: paths)
            if !paths.isEmpty && !pendingMessages.contains(message) { pendingMessages.append(message) }
            return
        }
        commitChange(VaultChange(paths: paths, message: message))
    }

    /// Reports files written outside the vault's own use cases (media restored from history, say),
    /// so they join the batch in progress (``inOneCommit(_:_:)``) or are committed now. Call under the lock.
    public func recordWritten(_ paths: [String], _ message: String) {
        recordChange(paths, message)
    }

    func commitChange(_ change: VaultChange) {
        guard let recorder, !change.paths.isEmpty else { return }
        do {
            try recorder.record(change, in: self)
        } catch {
            // The files are safely written; only the history lags, and the next commit catches up.
            recordingProblems.append(error)
        }
    }

    /// Runs `body`, committing everything it changes as one commit with `message` (so one `undo` reverts it all).
    ///
    /// What was changed before a failure is committed too: a change on disk is never left out of history.
    public func inOneCommit<T>(_ message: String, _ body: () throws(FolioError) -> T) throws(FolioError) -> T {
        try inOneCommit({ _ in message }, body)
    }

    /// The same, with the message made at the end from the messages of the changes `body` made
    /// (each once, in order): one change can keep its own words.
    public func inOneCommit<T>(_ message: ([String]) -> String, _ body: () throws(FolioError) -> T) throws(FolioError) -> T {
        guard beginBatch() else { return try body() }
        let result: Result<T, FolioError>
        do throws(FolioError) {
            result = .success(try body())
        } catch {
            result = .failure(error)
        }
        return try endBatch(result, message)
    }

    /// The same, for a body that waits (an AI reply between two writes). It runs where its caller
    /// runs (an actor that owns the vault, for `folio serve`): the vault never crosses to another.
    nonisolated(nonsending) public func inOneCommit<T>(_ message: String, _ body: () async throws(FolioError) -> T) async throws(FolioError)
        -> T
    {
        try await inOneCommit({ _ in message }, body)
    }

    /// The same, with the message made at the end, for a body that waits.
    nonisolated(nonsending) public func inOneCommit<T>(
        _ message: ([String]) -> String, _ body: () async throws(FolioError) -> T
    ) async throws(FolioError) -> T {
        guard beginBatch() else { return try await body() }
        let result: Result<T, FolioError>
        do throws(FolioError) {
            result = .success(try await body())
        } catch {
            result = .failure(error)
        }
        return try endBatch(result, message)
    }

    /// Starts a batch; false inside one already (the outer batch commits everything).
    private func beginBatch() -> Bool {
        guard pendingBatch == nil else { return false }
        pendingBatch = []
        pendingMessages = []
        return true
    }

    /// Ends the batch `beginBatch()` started: commits what it changed, then hands back `result`.
    private func endBatch<T>(_ result: Result<T, FolioError>, _ message: ([String]) -> String) throws(FolioError) -> T {
        let paths = pendingBatch ?? []
        let messages = pendingMessages
        pendingBatch = nil
        pendingMessages = []
        if !paths.isEmpty {
            // As bytes: a String set takes `Café` in NFC and in NFD for one, and drops the other
            // side of a rename between them.
            var seen = Set<[UInt8]>()
            let unique = paths.filter { seen.insert(Array($0.utf8)).inserted }
            try withLock { () throws(FolioError) in commitChange(VaultChange(paths: unique, message: message(messages))) }
        }
        return try result.get()
    }
}
