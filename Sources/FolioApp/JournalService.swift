import FolioCore
import FolioStore
import FolioSync
import Foundation
import Synchronization

/// How a face (the command line, `folio serve`, `folio mcp`) asks for a journal.
public struct JournalOptions: Sendable {
    /// What the face needs of the vault's git history.
    public enum HistoryNeed: Sendable {
        /// Writes commit: the history opens (libgit2 starts); a vault encrypted with no key here
        /// is refused unless `whenLocked` is `.open`.
        case open(whenLocked: History.LockedVault)
        /// Only the files are read: no libgit2; a locked vault is still refused.
        case readingOnly
    }

    public var root: URL
    public var environment: [String: String]
    /// An explicit language (`--lang`), which wins over the vault's setting.
    public var language: Language?
    /// `--allow-secret`: write and commit text that looks like a key or a token.
    public var allowSecrets: Bool
    public var history: HistoryNeed

    public init(
        root: URL, environment: [String: String], language: Language? = nil, allowSecrets: Bool = false,
        history: HistoryNeed = .open(whenLocked: .refuse)
    ) {
        self.root = root
        self.environment = environment
        self.language = language
        self.allowSecrets = allowSecrets
        self.history = history
    }
}

/// One vault as every face uses it: opened by one function with one policy for the language,
/// secrets, the watcher, the vault's warnings and a change written but not committed.
///
/// The service is owned by one caller at a time (the command's task, or the actor of a server's
/// journal): a vault is not shared across threads.
public final class JournalService {
    public let vault: Vault
    /// The vault's git history; nil when the vault has none (the vault warns about that), when
    /// only reading was asked for, or when the vault is refused.
    public let history: History?
    public let environment: [String: String]
    /// Why nothing can be done with this vault (an encrypted vault this device has no key for, a
    /// history libgit2 cannot open); every use case throws it.
    public let refusal: FolioError?
    /// Changes written to disk whose commit failed, for the face to report as errors.
    public let ledger = CommitLedger()

    public var language: Language { vault.language }

    private init(vault: Vault, history: History?, environment: [String: String], refusal: FolioError?) {
        self.vault = vault
        self.history = history
        self.environment = environment
        self.refusal = refusal
    }

    /// Opens the vault at `options.root`. Never throws: a refused vault is still a service whose
    /// language and folders the face needs to say so; ``requireOpen()`` throws the refusal.
    public static func open(_ options: JournalOptions) -> JournalService {
        let vault = Vault(root: options.root, clock: Clock.from(environment: options.environment))
        vault.languageOverride = options.language
        vault.allowSecrets = options.allowSecrets
        // `FOLIO_WATCH=off`: every file is stamped, as without a watcher (a network disk, a script).
        vault.asksWatcher = options.environment["FOLIO_WATCH"] != "off"
        var history: History?
        var refusal: FolioError?
        do throws(FolioError) {
            switch options.history {
            case .open(let whenLocked):
                history = try History.open(vault, environment: options.environment, whenLocked: whenLocked)
            case .readingOnly:
                try History.refuseIfLocked(vault, environment: options.environment)
            }
        } catch {
            refusal = error
        }
        let service = JournalService(vault: vault, history: history, environment: options.environment, refusal: refusal)
        if let history { vault.recorder = LedgerRecorder(history: history, ledger: service.ledger) }
        return service
    }

    /// The language a vault's messages are said in (`--lang`'s, else the vault's setting), for a
    /// face that speaks before or after its journal is open (a server's start, a clone just made).
    public static func language(of root: URL, environment: [String: String], explicit: Language? = nil) -> Language {
        explicit ?? Vault(root: root, clock: Clock.from(environment: environment)).language
    }

    /// A vault already open, without its history (nothing it changes is committed): for the
    /// printers' tests, which make a vault in memory.
    public static func withoutHistory(_ vault: Vault, environment: [String: String] = [:]) -> JournalService {
        JournalService(vault: vault, history: nil, environment: environment, refusal: nil)
    }

    /// Starts libgit2 on a thread of its own while the caller finds the vault (a command's start is
    /// its user's wait), when the history will be needed.
    public static func warmUp(for need: JournalOptions.HistoryNeed) {
        if case .open = need { History.warmUp() }
    }

    /// Throws the reason nothing can be done with this vault, if there is one.
    public func requireOpen() throws(FolioError) {
        if let refusal { throw refusal }
    }

    /// Begins one request of a face that runs for weeks (`folio serve`, `folio mcp`): the reason
    /// nothing can be done is thrown, and the settings are read again if their file changed since
    /// (`folio config set` in a terminal, another device's settings arriving by sync), so the
    /// provider, tone and privacy a request uses are the vault's now. A command opens the vault
    /// for itself and needs none of this.
    public func beginRequest() throws(FolioError) {
        try requireOpen()
        vault.followSettings()
    }

    /// What the face shows once when the journal opens, in the vault's language: the vault's own
    /// warnings (a damaged setting, a template it could not read), then the history's notices.
    public func openingWarnings() -> [FolioError] {
        vault.warnings + (history?.takeNotices().map { FolioError($0) } ?? [])
    }

    /// Runs one change and hands back what it made. A change written to disk whose commit failed
    /// is an error, never a quiet success: the file stays (nothing is lost), and the error says
    /// what was not committed.
    public func committing<T>(_ change: (Vault) throws(FolioError) -> T) throws(FolioError) -> T {
        try requireOpen()
        let mark = commitMark
        let made = try change(vault)
        try requireCommitted(since: mark)
        return made
    }

    /// Where the ledger stands now, for ``requireCommitted(since:)`` after a change that waits.
    public var commitMark: Int { ledger.count }

    /// Throws the first commit that failed since `mark`: the change is on disk, but not in history.
    public func requireCommitted(since mark: Int) throws(FolioError) {
        if let problem = ledger.failures(since: mark).first { throw problem }
    }

}

/// The changes a journal wrote but could not commit, in order. The command line names them all
/// when a command ends (and exits 1); the servers fail the request that made one.
public final class CommitLedger: Sendable {
    private let failures = Mutex<[FolioError]>([])

    public init() {}

    public var count: Int { failures.withLock { $0.count } }

    func add(_ error: FolioError) {
        failures.withLock { $0.append(error) }
    }

    /// The failures after the first `count`.
    public func failures(since count: Int) -> [FolioError] {
        failures.withLock { Array($0.dropFirst(count)) }
    }

    /// Every failure not handed out yet, each once.
    public func take() -> [FolioError] {
        failures.withLock { failures in
            defer { failures.removeAll() }
            var seen: [FolioError] = []
            for failure in failures where !seen.contains(failure) { seen.append(failure) }
            return seen
        }
    }
}

/// Commits each change through the history and keeps a failed commit in the ledger; the vault
/// goes on (the change is safely on disk, and the next commit takes it along).
final class LedgerRecorder: ChangeRecorder {
    let history: History
    let ledger: CommitLedger

    init(history: History, ledger: CommitLedger) {
        self.history = history
        self.ledger = ledger
    }

    func record(_ change: VaultChange, in vault: Vault) throws(FolioError) {
        do throws(FolioError) {
            try history.record(change, in: vault)
        } catch {
            ledger.add(error)
            throw error
        }
    }

    func committedText(of path: String) -> String? {
        history.committedText(of: path)
    }
}
