import FolioCore
import FolioSite
import FolioStore
import Foundation
import Hummingbird
import Logging
import NIOCore

#if canImport(Glibc)
    import Glibc
#endif

/// `folio serve`: the journal as a local web app, on Hummingbird.
///
/// Every GET is read-only (it may bring the page cache in `.folio/local/serve` up to date, never
/// a file of the vault); every POST is a plain form that works without JavaScript and makes one
/// change through the use case the command line calls: one commit, which `folio log` shows.
public enum WebServer {
    /// Runs until SIGINT or SIGTERM. `ready` is told where the server listens once it does.
    public static func run(
        _ setup: WebSetup, warn: @escaping @Sendable (FolioError) -> Void, ready: @escaping @Sendable (WebAddress) -> Void
    ) async throws {
        let journal = WebJournal(setup, warn: warn)
        if let refusal = journal.refusalBeforeStart { throw refusal }
        journal.sweepAbandonedUploads()
        let secret = setup.pairingSecret ?? WebGuard.randomToken()
        let bindHost: String
        var hosts = ["127.0.0.1", "localhost", "::1"]
        switch setup.reach {
        case .loopback: bindHost = "127.0.0.1"
        case .localNetwork(let extra):
            bindHost = "0.0.0.0"
            hosts += extra
        }
        let port = try setup.port == 0 ? freePort(host: bindHost) : setup.port
        let guardian = WebGuard(pairingSecret: secret, hosts: hosts, port: port)
        let router = makeRouter(journal: journal, guardian: guardian)
        var logger = Logger(label: "folio.serve")
        logger.logLevel = .critical
        let shownHosts: [String] =
            switch setup.reach {
            case .loopback: ["127.0.0.1"]
            case .localNetwork(let extra): extra.isEmpty ? ["127.0.0.1"] : extra
            }
        let address = WebAddress(
            port: port, pairingURLs: shownHosts.map { "http://\($0.contains(":") ? "[\($0)]" : $0):\(port)/pair?secret=\(secret)" })
        let app = Application(
            router: router,
            // A client that stops sending (a slow-loris, a phone gone out of range) is closed
            // after 30 seconds of silence; the others are answered meanwhile.
            server: .http1(configuration: .init(idleTimeout: .seconds(30))),
            configuration: .init(address: .hostname(bindHost, port: port), serverName: nil),
            onServerRunning: { _ in
                ready(address)
                // The served pages are brought up to date now, not when the first page is asked
                // for (at 10,000 records the first export takes a few seconds).
                do throws(FolioError) {
                    try await journal.refresh()
                } catch {
                    warn(error)
                }
            },
            logger: logger)
        try await app.runService()
    }

    /// A port nobody listens on now (for `--port 0`), found by binding to port 0 and closing.
    static func freePort(host: String) throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw FolioError(.web(.cannotListen(String(cString: strerror(errno))))) }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr(host)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { throw FolioError(.web(.cannotListen(String(cString: strerror(errno))))) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else { throw FolioError(.web(.cannotListen(String(cString: strerror(errno))))) }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    static func makeRouter(journal: WebJournal, guardian: WebGuard) -> Router<WebRequestContext> {
        let router = Router(context: WebRequestContext.self)
        let routes = WebRoutes(journal: journal, guardian: guardian)
        router.add(middleware: WebDoor(guardian: guardian, language: journal.language))
        router.add(middleware: SitePages(journal: journal, guardian: guardian))
        router.add(middleware: MediaGate(vaultRoot: journal.vaultRoot))
        var quiet = Logger(label: "folio.serve.files")
        quiet.logLevel = .critical
        router.add(
            middleware: FileMiddleware(
                journal.vaultRoot.path + "/media", urlBasePath: "/vault/media", cacheControl: .init([]), logger: quiet))
        router.add(middleware: FileMiddleware(journal.siteFolder.path, cacheControl: .init([]), logger: quiet))
        router.get("/search") { request, context in await routes.search(request, context: context) }
        router.post("/ideas") { request, context in try await routes.addIdea(request, context: context) }
        router.post("/done") { request, context in try await routes.markDone(request, context: context) }
        router.post("/ask") { request, context in try await routes.ask(request, context: context) }
        router.post("/edit") { request, context in try await routes.edit(request, context: context) }
        router.post("/pages") { request, context in try await routes.newPage(request, context: context) }
        router.post("/greet") { request, context in try await routes.greet(request, context: context) }
        router.post("/chat") { request, context in try await routes.chat(request, context: context) }
        router.post("/finish") { request, context in try await routes.finish(request, context: context) }
        return router
    }
}
