import FolioCore
import FolioStore
import Foundation

/// What `folio mcp` asks of the server: the vault found as for every command, its language, the
/// environment, whether writes are on, and where to listen.
public struct MCPRequest: Sendable {
    public let root: URL
    public let environment: [String: String]
    public let language: Language?
    public let allowWrite: Bool
    /// Nil: standard input and output.
    public let httpPort: Int?
}

/// Where `folio mcp` runs. The server lives in its own executable, `folio-mcp`, installed beside
/// `folio`: the MCP SDK brings Foundation's HTTP client, and with it libcurl and some thirty shared
/// libraries that every other command would load and relocate at start (4.6 ms of a 14.6 ms
/// start, measured). `folio mcp` parses its options as every command does, then replaces
/// its process with `folio-mcp` and the same arguments (`MCPHandoff`); `folio-mcp` runs the same
/// parser with ``server`` set, and serves.
public enum MCPHost {
    /// The server, set by `folio-mcp`'s entry point around ``Folio/run(_:)``; nil in `folio`.
    @TaskLocal public static var server: (@Sendable (MCPRequest) async -> Never)?
}

/// `folio mcp` from the command line: the vault found as for every command.
enum MCPRun {
    /// The vault and language `global` names, and writes on with `--allow-write` or
    /// `FOLIO_MCP_ALLOW_WRITE=1` (this device's own switches; no synced setting turns writes on).
    static func request(_ global: GlobalOptions, allowWrite: Bool, httpPort: Int?) throws(FolioError) -> MCPRequest {
        let environment = ProcessInfo.processInfo.environment
        try global.enterDirectory()
        if let language = global.language() { MessageLanguage.shared.set(language) }
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let root = try VaultLocation.find(explicit: global.vault, environment: environment, workingDirectory: cwd)
        let writes = allowWrite || environment["FOLIO_MCP_ALLOW_WRITE"] == "1"
        return MCPRequest(root: root, environment: environment, language: global.language(), allowWrite: writes, httpPort: httpPort)
    }
}
