import FolioCore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The commit a command is about to make for files it writes in a batch (an import's records and
/// media), kept in `.folio/local/pending-commit.json` from before the first file is written until
/// the commit is made. A command killed in between leaves it, and the next command that takes
/// the writers' lock makes that commit first (`History.writersLockTaken`): interrupted work is
/// committed as what it was, never left for a later sync to call a hand edit, and a rerun of the
/// import finds it done.
public struct PendingCommit: Codable, Sendable, Equatable {
    /// The commit's message.
    public var message: String
    /// Vault-relative paths the batch writes (some may not be written yet).
    public var paths: [String]

    public init(message: String, paths: [String]) {
        self.message = message
        self.paths = paths
    }

    static func url(_ localDirectory: URL) -> URL { localDirectory.appendingPathComponent("pending-commit.json") }

    /// Writes the journal, flushed, before the batch writes its first file.
    func save(_ localDirectory: URL) throws(FolioError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data: Data
        do {
            data = try encoder.encode(self)
        } catch {
            throw FolioError(.writeFailed(SystemReason(error)), file: Self.url(localDirectory).path)
        }
        try AtomicFile.write(Array(data), to: Self.url(localDirectory))
    }

    /// The journal a killed command left, or nil. A journal that does not read (damaged by hand)
    /// is removed: it names no commit folio could make.
    public static func load(_ localDirectory: URL) -> PendingCommit? {
        let url = url(localDirectory)
        guard let data = LocalFile.read(url, maxBytes: 64 << 20) else { return nil }
        // try?: a journal that does not read names no commit folio could make; the files stay and the next commit takes them.
        guard let pending = try? JSONDecoder().decode(PendingCommit.self, from: data) else {
            clear(localDirectory)
            return nil
        }
        return pending
    }

    /// Removes the journal once its commit is made.
    public static func clear(_ localDirectory: URL) {
        unlink(url(localDirectory).path)
    }
}
