import FolioApp
import FolioCore
import FolioSecrets
import FolioStore
import FolioSync
import Foundation
import SystemIO

/// What `folio mcp` is started with: the vault, this device's environment, and whether writes are on.
public struct JournalSetup: Sendable {
    public var root: URL
    public var environment: [String: String]
    public var language: Language?
    public var allowWrite: Bool
    public var limits: MCPLimits
    /// `--allow-secret`: writes may keep text that looks like a key or a token.
    public var allowSecrets: Bool

    public init(
        root: URL, environment: [String: String], language: Language?, allowWrite: Bool, limits: MCPLimits = MCPLimits(),
        allowSecrets: Bool = false
    ) {
        self.root = root
        self.environment = environment
        self.language = language
        self.allowWrite = allowWrite
        self.limits = limits
        self.allowSecrets = allowSecrets
    }
}

/// The vault as `folio mcp` serves it: one actor owns the vault and its history, so requests that
/// arrive together are answered one at a time, each through the use cases the command line calls
/// (under the same writer lock, one commit per change).
public actor Journal {
    /// The vault as every face opens it (FolioApp).
    let service: JournalService
    var vault: Vault { service.vault }
    var history: History? { service.history }
    let limits: MCPLimits
    /// This device's environment: the embeddings key, `HOME`.
    let environment: [String: String]
    public nonisolated let allowWrite: Bool
    public nonisolated let language: Language
    /// The vault's clock: what "yesterday" in a tool's arguments is seen from.
    nonisolated let clock: Clock
    /// Why nothing can be read: an encrypted vault this device has no key for.
    var refusal: FolioError? { service.refusal }
    /// The thread every call runs on: exports, commits and child processes never hold a thread
    /// of the concurrency pool, which the transport's tasks share.
    private let thread = DedicatedThread(name: "folio-mcp")

    public nonisolated var unownedExecutor: UnownedSerialExecutor { thread.asUnownedSerialExecutor() }

    public init(_ setup: JournalSetup) {
        // Writes commit: the history opens now, and refuses a locked vault itself. Reading needs
        // no libgit2; a locked vault is still refused.
        let service = JournalService.open(
            JournalOptions(
                root: setup.root, environment: setup.environment, language: setup.language, allowSecrets: setup.allowSecrets,
                history: setup.allowWrite ? .open(whenLocked: .refuse) : .readingOnly))
        self.service = service
        self.limits = setup.limits
        self.environment = setup.environment
        self.allowWrite = setup.allowWrite
        self.language = service.language
        self.clock = service.vault.clock
    }

    /// The vault's warnings and the history's notices, for the server's terminal once it starts
    /// (standard error: standard output is the protocol's).
    public func openingWarnings() -> [FolioError] {
        service.openingWarnings()
    }

    /// Names the assistant whose writes the commits carry: `<client> via mcp`.
    public func setAgent(_ clientName: String) {
        history?.agent = "\(clientName) via mcp"
    }

    /// The locked-vault refusal, before any record is read.
    func open() throws(FolioError) {
        try service.beginRequest()
    }

    /// The vault's catalog as it is now: files changed by hand since the last call are read again
    /// (their stamps differ), the rest comes from the cache, as for every command.
    func catalog() -> Catalog {
        reported(vault.catalog())
    }

    /// ``catalog()`` for a search: the index file is opened while the catalog is made.
    func catalogForSearching() async -> Catalog {
        reported(await vault.catalogForSearching())
    }

    /// `catalog`, its notices reported to the tool call being answered (``ReadNotices``).
    private func reported(_ catalog: Catalog) -> Catalog {
        ReadNotices.report(ReadNotices.of(catalog))
        return catalog
    }

    /// `answer` with what its reads left out as `notes` (the first ten, then how many more), in
    /// the vault's language, masked: an assistant reading a list learns a record may be missing.
    nonisolated func noted(_ answer: JSONValue, _ notices: [FolioError]) -> JSONValue {
        guard !notices.isEmpty, case .object(var pairs) = answer else { return answer }
        let shown = 10
        var said = notices.prefix(shown).map { masked($0.rendered(in: language, asWarning: true)) }
        if notices.count > shown { said.append(FolioError(.moreNotices(notices.count - shown)).rendered(in: language, asWarning: true)) }
        pairs.append(("notes", .array(said.map { .string($0) })))
        return .object(pairs)
    }

    /// Text leaving the server: every key and token in it masked, as in everything folio prints.
    nonisolated func masked(_ text: String) -> String {
        ConfiguredSecrets.redact(text)
    }
}

/// A failure of a tool call: arguments the tool cannot take (a JSON-RPC error), or a refusal
/// of the vault's (a tool result marked as an error, which the assistant reads).
public enum ToolFailure: Error, Sendable, Equatable {
    case arguments(MCPMessage)
    case refused(FolioError)
}
