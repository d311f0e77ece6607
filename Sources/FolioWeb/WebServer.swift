import FolioCore
import FolioSite
import FolioStore
import Foundation
import Hummingbird
import HummingbirdTLS
import Logging
import NIOCore

/// `folio serve`: the journal as a local web app, on Hummingbird.
///
/// Every GET is read-only (it may bring the page cache in `.folio/local/serve` up to date, never
/// a file of the vault); every POST is a plain form that works without JavaScript and makes one
/// change through the use case the command line calls: one commit, which `folio log` shows.
public enum WebServer {
    /// Runs until SIGINT or SIGTERM. `ready` is told where the server listens once it does;
    /// `paired` of each browser paired, with the link for the next one (a link pairs one browser);
    /// `pagesReady` once the first pages are written, with how many records they hold.
    public static func run(
        _ setup: WebSetup, warn: @escaping @Sendable (FolioError) -> Void, ready: @escaping @Sendable (WebAddress) async -> Void,
        paired: @escaping @Sendable (PairedDevice, WebAddress) async -> Void = { _, _ in },
        pagesReady: @escaping @Sendable (Int) -> Void = { _ in }
    ) async throws {
        let journal = WebJournal(setup, warn: warn)
        if let refusal = journal.refusal { throw refusal }
        for warning in await journal.openingWarnings() { warn(warning) }
        journal.sweepAbandonedUploads()
        let pairing = PairingSecret()
        let bindHost: String
        var hosts = ["127.0.0.1", "localhost", "::1"] + setup.names
        switch setup.reach {
        case .loopback: bindHost = "127.0.0.1"
        case .localNetwork(let extra):
            bindHost = "0.0.0.0"
            hosts += extra
        }
        // HTTPS with the user's certificate, read and checked before anything listens.
        let tls = try setup.tls.map { files throws(FolioError) in try WebTLS.configuration(files) }
        let scheme = tls == nil ? "http" : "https"
        let port = BoundPort(setup.port)
        let guardian = WebGuard(
            pairing: pairing, devices: PairedDevices(localDirectory: journal.localDirectory), hosts: hosts, port: port, secure: tls != nil)
        var logger = Logger(label: "folio.serve")
        logger.logLevel = .critical
        // The link names what the phone calls this computer: the certificate's name when given.
        let shownHosts: [String] =
            if !setup.names.isEmpty {
                setup.names
            } else {
                switch setup.reach {
                case .loopback: ["127.0.0.1"]
                case .localNetwork(let extra): extra.isEmpty ? ["127.0.0.1"] : extra
                }
            }
        @Sendable func address(_ secret: String) -> WebAddress {
            WebAddress(
                pairingURLs: shownHosts.map { "\(scheme)://\($0.contains(":") ? "[\($0)]" : $0):\(port.value)/pair?secret=\(secret)" })
        }
        let memory = MemoryAfterLoad()
        // Said once the server listens, so the terminal shows the link first and then the pages.
        let (listening, listened) = AsyncStream<Void>.makeStream()
        let router = makeRouter(journal: journal, guardian: guardian, memory: memory) { device, next in await paired(device, address(next))
        }
        let app = Application(
            router: router,
            // A client that stops sending (a slow-loris, a phone gone out of range) is closed
            // after 30 seconds of silence; the others are answered meanwhile.
            server: try tls.map { try .tls(.http1(configuration: .init(idleTimeout: .seconds(30))), tlsConfiguration: $0) }
                ?? .http1(configuration: .init(idleTimeout: .seconds(30))),
            configuration: .init(address: .hostname(bindHost, port: setup.port), serverName: nil),
            onServerRunning: { channel in
                // With port 0 the system chose one: only now is it known, and no request came before.
                port.set(channel.localAddress?.port ?? setup.port)
                await ready(address(pairing.current))
                listened.yield()
                listened.finish()
            },
            logger: logger)
        // The memory a burst of connections took goes back once it is over (MemoryAfterLoad).
        let returning = Task { await memory.run() }
        defer { returning.cancel() }
        // The first pages are written on the journal's own thread while the server answers:
        // Hummingbird accepts no connection until `onServerRunning` returns, and at 100,000
        // records the first export takes a minute. Pages asked for meanwhile say how far it is.
        let firstPages = Task {
            let outcome: Result<Int, FolioError>
            do throws(FolioError) {
                outcome = .success(try await journal.prepareFirstPages())
            } catch {
                outcome = .failure(error)
            }
            for await _ in listening { break }
            switch outcome {
            case .success(let records): pagesReady(records)
            case .failure(let error): warn(error)
            }
        }
        defer { firstPages.cancel() }
        try await app.runService()
    }

    static func makeRouter(
        journal: WebJournal, guardian: WebGuard, memory: MemoryAfterLoad = MemoryAfterLoad(),
        paired: @escaping @Sendable (PairedDevice, String) async -> Void = { _, _ in }
    ) -> Router<WebRequestContext> {
        let router = Router(context: WebRequestContext.self)
        router.add(middleware: LoadNote(memory: memory))
        let routes = WebRoutes(journal: journal, guardian: guardian)
        router.add(middleware: WebDoor(guardian: guardian, language: journal.language, clock: journal.clock, paired: paired))
        router.add(middleware: SitePages(journal: journal))
        // Files are answered by folio's own gates, never by a file server: only records' media
        // and the export's thumbnails, each as what its bytes are (see VaultFiles.swift).
        router.add(middleware: MediaGate(journal: journal))
        router.add(middleware: SiteFiles(siteFolder: journal.siteFolder, language: journal.language))
        router.get("/search") { request, context in await routes.search(request, context: context) }
        router.get("/list") { request, context in await routes.list(request, context: context) }
        router.get("/settings") { request, context in await routes.settings(request, context: context) }
        router.post("/settings/save") { request, context in try await routes.saveSettings(request, context: context) }
        router.post("/ideas") { request, context in try await routes.addIdea(request, context: context) }
        router.post("/done") { request, context in try await routes.markDone(request, context: context) }
        router.post("/ask") { request, context in try await routes.ask(request, context: context) }
        router.post("/edit") { request, context in try await routes.edit(request, context: context) }
        router.post("/pages") { request, context in try await routes.newPage(request, context: context) }
        router.post("/greet") { request, context in try await routes.greet(request, context: context) }
        router.post("/chat") { request, context in try await routes.chat(request, context: context) }
        router.post("/finish") { request, context in try await routes.finish(request, context: context) }
        router.post("/retry") { request, context in try await routes.retry(request, context: context) }
        return router
    }
}
