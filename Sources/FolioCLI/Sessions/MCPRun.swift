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
    /// `--allow-secret`.
    public let allowSecrets: Bool
    /// Nil: standard input and output.
    public let http: HTTPListening?
}

/// `folio mcp --http`: the port, and the token every request must carry with the file it is kept
/// in (the vault's, or `--token-file`'s), for the server to name.
public struct HTTPListening: Sendable {
    public let port: Int
    public let token: String
    public let tokenFile: String
}

/// Where `folio mcp` runs. The server lives in its own executable, `folio-mcp`, installed beside
/// `folio`: the MCP SDK brings Foundation's HTTP client, and with it libcurl and some thirty shared
/// libraries that every other command would load and relocate at start (4.6 ms of a 14.6 ms
/// start, measured). `folio mcp` parses its options as every command does, then replaces
/// its process with `folio-mcp` and the same arguments (`MCPHandoff`); `folio-mcp` installs its
/// server, then runs the same parser, and `mcp` serves.
public enum MCPHost {
    public typealias Server = @Sendable (MCPRequest) async -> Never

    /// A process-wide setting rather than a task-local value: `withValue` around the top-level code
    /// of an async `main` crashed the static release build (swift_task_localValuePush, Swift 6.3).
    private static let installed = LockedState<Server?>(nil)

    /// Called by `folio-mcp`'s entry point before ``Folio/run(_:)``; `folio` installs none.
    public static func install(_ server: @escaping Server) { installed.withValue { $0 = server } }

    static var server: Server? { installed.current }
}

/// `folio mcp` from the command line: the vault found as for every command.
enum MCPRun {
    /// The vault and language `global` names, and writes on with `--allow-write` or
    /// `FOLIO_MCP_ALLOW_WRITE=1` (this device's own switches; no synced setting turns writes on).
    static func request(_ global: GlobalOptions, allowWrite: Bool, httpPort: Int?, tokenFile: String?) throws(FolioError) -> MCPRequest {
        let environment = ProcessInfo.processInfo.environment
        try global.enterDirectory()
        if let language = global.language() { MessageLanguage.shared.set(language) }
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let root = try VaultLocation.find(explicit: global.vault, environment: environment, workingDirectory: cwd)
        let writes = allowWrite || environment["FOLIO_MCP_ALLOW_WRITE"] == "1"
        var http: HTTPListening?
        if let httpPort {
            // A relative path from the folder the command works in (after -C), as every path given is.
            let file = tokenFile.map { URL(fileURLWithPath: $0, relativeTo: cwd).path } ?? MCPToken.vaultFile(root: root).path
            let token = try tokenFile == nil ? MCPToken.vaultToken(root: root) : MCPToken.token(inFile: file)
            http = HTTPListening(port: httpPort, token: token, tokenFile: file)
        }
        return MCPRequest(
            root: root, environment: environment, language: global.language(), allowWrite: writes, allowSecrets: global.allowSecret,
            http: http)
    }

    /// `folio mcp --print-token` and `--new-token`: the vault's token for `--http`, made when there
    /// is none yet, or a new one in place of the old.
    static func vaultToken(_ global: GlobalOptions, renew: Bool) throws(FolioError) -> String {
        let environment = ProcessInfo.processInfo.environment
        try global.enterDirectory()
        if let language = global.language() { MessageLanguage.shared.set(language) }
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let root = try VaultLocation.find(explicit: global.vault, environment: environment, workingDirectory: cwd)
        return try MCPToken.vaultToken(root: root, renew: renew)
    }
}
