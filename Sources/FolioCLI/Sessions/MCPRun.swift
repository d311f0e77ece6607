import FolioCore
import FolioMCP
import FolioStore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `folio mcp` from the command line: the vault found as for every command, then the server on
/// the main thread's behalf until the client goes away.
enum MCPRun {
    /// The vault and language `global` names, and writes on with `--allow-write` or
    /// `FOLIO_MCP_ALLOW_WRITE=1` (this device's own switches; no synced setting turns writes on).
    static func setup(_ global: GlobalOptions, allowWrite: Bool) throws(FolioError) -> JournalSetup {
        let environment = ProcessInfo.processInfo.environment
        try global.enterDirectory()
        if let language = global.language() { MessageLanguage.shared.set(language) }
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let root = try VaultLocation.find(explicit: global.vault, environment: environment, workingDirectory: cwd)
        let writes = allowWrite || environment["FOLIO_MCP_ALLOW_WRITE"] == "1"
        return JournalSetup(root: root, environment: environment, language: global.language(), allowWrite: writes)
    }

    /// Serves MCP on standard input and output (`httpPort` nil) or on 127.0.0.1, awaited from
    /// folio's async entry point (whose main queue already runs: no second `dispatchMain`), and the
    /// process ends when the server does: 0 when the client closed standard input, 1 when the
    /// server could not start.
    static func serve(_ setup: JournalSetup, httpPort: Int?) async -> Never {
        let journal = Journal(setup)
        MessageLanguage.shared.set(journal.language)
        do {
            if let httpPort {
                try await HTTPEndpoint.serve(port: httpPort, journal: journal, limits: setup.limits) { url in
                    Console.err(Message.mcp(.listening(url: url, allowWrite: setup.allowWrite)).text(journal.language))
                }
            } else {
                let server = await JournalServer.make(journal, limits: setup.limits)
                let transport = StdioTransport(
                    gate: MessageGate(limits: setup.limits, language: journal.language),
                    stateless: StatelessProtocol(journal: journal, limits: setup.limits))
                try await JournalServer.start(server, on: transport, journal: journal)
                await server.waitUntilCompleted()
            }
            exit(0)
        } catch {
            let reason =
                (error as? FolioError)?.rendered(in: journal.language)
                ?? Message.mcp(.cannotListen(port: httpPort ?? 0, reason: "\(error)")).text(journal.language)
            Console.err(reason)
            exit(1)
        }
    }
}
