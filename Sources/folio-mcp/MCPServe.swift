import FolioCLI
import FolioCore
import FolioMCP
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The MCP server behind `folio mcp` (see `MCPHost`).
enum MCPServe {
    /// Serves MCP on standard input and output (`httpPort` nil) or on 127.0.0.1, awaited from
    /// folio's async entry point (whose main queue already runs: no second `dispatchMain`), and the
    /// process ends when the server does: 0 when the client closed standard input, 1 when the
    /// server could not start.
    @Sendable static func serve(_ request: MCPRequest) async -> Never {
        let setup = JournalSetup(
            root: request.root, environment: request.environment, language: request.language, allowWrite: request.allowWrite)
        let journal = Journal(setup)
        do {
            if let httpPort = request.httpPort {
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
                ?? Message.mcp(.cannotListen(port: request.httpPort ?? 0, reason: "\(error)")).text(journal.language)
            Console.err(reason)
            exit(1)
        }
    }
}
