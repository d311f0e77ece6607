import FolioCLI
import FolioCore
import FolioMCP
import Foundation
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

/// The MCP server behind `folio mcp` (see `MCPHost`).
enum MCPServe {
    /// Serves MCP on standard input and output (`http` nil) or on 127.0.0.1 to those who hold
    /// the token (the vault's, or the one in `--token-file`), awaited from
    /// folio's async entry point (whose main queue already runs: no second `dispatchMain`), and the
    /// process ends when the server does: 0 when the client closed standard input, 1 when the
    /// server could not start.
    @Sendable static func serve(_ request: MCPRequest) async -> Never {
        let setup = JournalSetup(
            root: request.root, environment: request.environment, language: request.language, allowWrite: request.allowWrite,
            allowSecrets: request.allowSecrets)
        let journal = Journal(setup)
        // The vault's warnings go to standard error, as every command shows them (standard output
        // is the protocol's).
        for warning in await journal.openingWarnings() { Console.err(warning.rendered(in: journal.language, asWarning: true)) }
        do {
            if let http = request.http {
                try await HTTPEndpoint.serve(port: http.port, journal: journal, limits: setup.limits, token: BearerToken(http.token)) {
                    url in
                    Console.err(
                        Message.mcp(.listening(url: url, allowWrite: setup.allowWrite, tokenFile: http.tokenFile)).text(journal.language))
                }
            } else {
                let server = await JournalServer.make(journal, limits: setup.limits)
                let transport = StdioTransport(
                    gate: MessageGate(limits: setup.limits, language: journal.language),
                    stateless: StatelessProtocol(journal: journal, limits: setup.limits))
                try await JournalServer.start(server, on: transport, journal: journal)
                await server.waitUntilCompleted()
            }
            ProcessEnd.now(0)
        } catch {
            let reason =
                (error as? FolioError)?.rendered(in: journal.language)
                ?? Message.mcp(.cannotListen(port: request.http?.port ?? 0, reason: "\(error)")).text(journal.language)
            Console.err(reason)
            ProcessEnd.now(1)
        }
    }
}
