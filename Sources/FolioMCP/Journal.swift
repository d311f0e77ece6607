import FolioCore
import FolioSecrets
import FolioStore
import FolioSync
import Foundation

/// What `folio mcp` is started with: the vault, this device's environment, and whether writes are on.
public struct JournalSetup: Sendable {
    public var root: URL
    public var environment: [String: String]
    public var language: Language?
    public var allowWrite: Bool
    public var limits: MCPLimits

    public init(root: URL, environment: [String: String], language: Language?, allowWrite: Bool, limits: MCPLimits = MCPLimits()) {
        self.root = root
        self.environment = environment
        self.language = language
        self.allowWrite = allowWrite
        self.limits = limits
    }
}

/// The vault as `folio mcp` serves it: one actor owns the vault and its history, so requests that
/// arrive together are answered one at a time, each through the use cases the command line calls
/// (under the same writer lock, one commit per change).
public actor Journal {
    let vault: Vault
    let history: History?
    let limits: MCPLimits
    /// This device's environment: the embeddings key, `HOME`.
    let environment: [String: String]
    public nonisolated let allowWrite: Bool
    public nonisolated let language: Language
    /// The vault's clock: what "yesterday" in a tool's arguments is seen from.
    nonisolated let clock: Clock
    /// Why nothing can be read: an encrypted vault this device has no key for.
    let refusal: FolioError?

    public init(_ setup: JournalSetup) {
        let vault = Vault(root: setup.root, clock: Clock.from(environment: setup.environment))
        vault.languageOverride = setup.language
        self.vault = vault
        self.limits = setup.limits
        self.environment = setup.environment
        self.allowWrite = setup.allowWrite
        self.language = vault.language
        self.clock = vault.clock
        var history: History?
        var refusal: FolioError?
        do throws(FolioError) {
            if setup.allowWrite {
                // Writes commit: the history opens now, and refuses a locked vault itself.
                history = try History.open(vault, environment: setup.environment)
                if let history { vault.recorder = history }
            } else {
                // Reading needs no libgit2; a locked vault is still refused.
                try History.refuseIfLocked(vault, environment: setup.environment)
            }
        } catch {
            refusal = error
        }
        self.history = history
        self.refusal = refusal
    }

    /// Names the assistant whose writes the commits carry: `<client> via mcp`.
    public func setAgent(_ clientName: String) {
        history?.agent = "\(clientName) via mcp"
    }

    /// The locked-vault refusal, before any record is read.
    func open() throws(FolioError) {
        if let refusal { throw refusal }
    }

    /// The vault's catalog as it is now: files changed by hand since the last call are read again
    /// (their stamps differ), the rest comes from the cache, as for every command.
    func catalog() -> Catalog {
        vault.catalog()
    }

    /// ``catalog()`` for a search: the index file is opened while the catalog is made.
    func catalogForSearching() async -> Catalog {
        await vault.catalogForSearching()
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
