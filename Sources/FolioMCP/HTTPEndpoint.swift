import FolioCore
import Foundation
import HTTPServing
import HTTPTypes
import Hummingbird
import Logging
import MCP
import NIOCore
import Synchronization

/// MCP's Streamable HTTP transport on this machine only: Hummingbird's HTTP/1.1 server on
/// 127.0.0.1 (the stack `folio serve` runs on), one path (`/mcp`), one SDK session per client
/// (`Mcp-Session-Id`), answers streamed as server-sent events by the SDK's transport.
///
/// Before a body is read: the `Host` must name this machine (a web page cannot reach the server
/// through a DNS name that resolves to it), an `Origin` must be this server, the request must carry
/// the token (`Authorization: Bearer`; any local account can reach a loopback port), and a
/// `Content-Length` must be within the size limit; a request refused there is answered at once and
/// its connection closed, its body never read. A body without a length is counted as it streams
/// and refused the moment it passes the limit. Then it passes the ``MessageGate`` and the rate.
public enum HTTPEndpoint {
    public static let path = "/mcp"

    /// Listens on `port` (0: any free port), tells `ready` the URL, and serves until the task is
    /// cancelled (or SIGINT or SIGTERM), answering only requests that carry `token`.
    public static func serve(
        port: Int, journal: Journal, limits: MCPLimits, token: BearerToken, ready: @escaping @Sendable (String) -> Void
    ) async throws {
        let bound = Mutex(port)
        let sessions = Sessions(journal: journal, limits: limits, port: { bound.withLock { $0 } }, token: token)
        var logger = Logger(label: "folio.mcp")
        logger.logLevel = .critical
        let app = Application(
            responder: MCPResponder(sessions: sessions),
            server: .http1(configuration: .init(idleTimeout: .seconds(60))),
            configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: nil, backlog: 64, reuseAddress: true),
            onServerRunning: { channel in
                // With port 0 the system chose one: only now is it known, and no request came before.
                let chosen = channel.localAddress?.port ?? port
                bound.withLock { $0 = chosen }
                ready("http://127.0.0.1:\(chosen)\(path)")
            },
            logger: logger)
        try await app.runService(gracefulShutdownSignals: [])
    }
}

/// Every request, whatever its path, goes to the sessions: the head's checks come first.
struct MCPResponder: HTTPResponder {
    typealias Context = ConnectionContext
    let sessions: Sessions

    func respond(to request: Request, context: Context) async throws -> Response {
        await sessions.respond(to: request, channel: context.channel)
    }
}

/// An answer of the endpoint: the SDK's, or one folio makes itself with its status.
enum EndpointAnswer {
    case sdk(MCP.HTTPResponse)
    case json(status: HTTPTypes.HTTPResponse.Status, Data, headers: [String: String] = [:])
}

/// The sessions of the clients connected, each an SDK server over its own stateful transport.
actor Sessions {
    let journal: Journal
    let limits: MCPLimits
    /// The port the server listens on, known once it does.
    let port: @Sendable () -> Int
    let token: BearerToken
    private let gate: MessageGate
    private let stateless: StatelessProtocol
    private var rate: RequestRate
    private var open: [String: (server: Server, transport: StatefulHTTPServerTransport)] = [:]
    private var order: [String] = []
    /// Sessions kept at once; the oldest goes when another client starts one.
    static let maxSessions = 16

    init(journal: Journal, limits: MCPLimits, port: @escaping @Sendable () -> Int, token: BearerToken) {
        self.journal = journal
        self.limits = limits
        self.port = port
        self.token = token
        self.gate = MessageGate(limits: limits, language: journal.language)
        self.stateless = StatelessProtocol(journal: journal, limits: limits)
        self.rate = RequestRate(perSecond: limits.requestsPerSecond, burst: limits.burst)
    }

    /// One request: refused on its head alone (the connection then closed, the body never read),
    /// its body read up to the limit (refused the moment it passes it), then answered.
    nonisolated func respond(to request: Request, channel: any Channel) async -> Response {
        if let refusal = refusal(before: request.head) { return Self.closing(refusal, channel: channel) }
        var body = ByteBuffer()
        do {
            for try await var chunk in request.body {
                // Counted as it arrives, so a body without a length (chunked) stops at the limit too.
                guard body.readableBytes + chunk.readableBytes <= limits.maxRequestBytes else {
                    // The part read may name the request: its answer then says which.
                    body.writeBuffer(&chunk)
                    return Self.closing(tooLarge(id: MessageGate.scannedID(in: Data(body.readableBytesView))), channel: channel)
                }
                body.writeBuffer(&chunk)
            }
        } catch {
            // The client went away mid-body: nothing was asked.
            return Self.closing(.json(status: .badRequest, Data()), channel: channel)
        }
        return Self.response(await answer(request.head, body: Data(body.readableBytesView)))
    }

    /// The answer to a request that is refused on its head alone, or nil when its body may be read:
    /// another path, a `Host` or `Origin` not this server, no token, or a `Content-Length` over the limit.
    nonisolated func refusal(before head: HTTPTypes.HTTPRequest) -> EndpointAnswer? {
        let uri = head.path ?? ""
        let path = uri.split(separator: "?", maxSplits: 1).first.map(String.init) ?? uri
        guard path == HTTPEndpoint.path else { return .sdk(.error(statusCode: 404, .invalidRequest("Not Found"))) }
        guard isLocalHost(head.authority) else {
            return .sdk(.error(statusCode: 403, .invalidRequest("Forbidden: Host")))
        }
        // A browser's request from another site names it in Origin; the SDK's pipeline refuses such
        // a request for a session, and the stateless path never reaches that pipeline, so the rule
        // is kept here for every request (a `null` Origin, a sandboxed page's, included).
        if let origin = head.headerFields[.origin], !isLocalOrigin(origin) {
            return .sdk(.error(statusCode: 403, .invalidRequest("Forbidden: Origin")))
        }
        guard token.admits(authorization: head.headerFields[values: .authorization]) else {
            return .json(
                status: .unauthorized, MessageGate.error(.invalidRequest, .unauthorized, id: nil, language: gate.language),
                headers: ["Content-Type": "application/json", "WWW-Authenticate": #"Bearer realm="folio mcp""#])
        }
        // A length the client states is believed for the refusal: the body is never read to check it.
        if let stated = head.headerFields[.contentLength].flatMap({ Int($0) }), stated > limits.maxRequestBytes {
            return tooLarge()
        }
        return nil
    }

    /// The answer to a body over the size limit.
    private nonisolated func tooLarge(id: JSONValue? = nil) -> EndpointAnswer {
        .json(
            status: .contentTooLarge,
            MessageGate.error(.invalidRequest, .requestTooLarge(limit: limits.maxRequestBytes), id: id, language: gate.language),
            headers: ["Content-Type": "application/json"])
    }

    /// The answer to one whole request.
    private func answer(_ head: HTTPTypes.HTTPRequest, body: Data) async -> EndpointAnswer {
        // Path, Host, Origin and token were checked on the head (``refusal(before:)``).
        var headers: [String: String] = [:]
        for field in head.headerFields {
            headers[field.name.canonicalName] = headers[field.name.canonicalName].map { $0 + ", " + field.value } ?? field.value
        }
        if head.method == .post {
            if case .reject(let answer) = gate.screen(body) {
                return .json(status: .badRequest, answer, headers: ["Content-Type": "application/json"])
            }
            guard rate.admit(now: ContinuousClock.now) else {
                let answer = MessageGate.error(
                    .rateLimited, .tooManyRequests(perSecond: limits.requestsPerSecond), id: MessageGate.requestID(in: body),
                    language: gate.language)
                return .json(status: .tooManyRequests, answer, headers: ["Content-Type": "application/json"])
            }
        }
        let request = MCP.HTTPRequest(
            method: head.method.rawValue, headers: headers, body: body.isEmpty ? nil : body, path: HTTPEndpoint.path)
        // A 2026-07-28 request: one POST, no session, answered whole in JSON.
        if head.method == .post, request.header(HTTPHeaderName.sessionID) == nil, StatelessProtocol.isStateless(body) {
            let header = request.header(StatelessProtocol.versionHeader)
            guard header == StatelessProtocol.requestedVersion(body) else {
                return .json(
                    status: .badRequest, StatelessProtocol.headerMismatch(body, header: header),
                    headers: ["Content-Type": "application/json"])
            }
            guard let answer = await stateless.answer(body) else { return .sdk(.accepted()) }
            return .sdk(.data(answer, headers: ["Content-Type": "application/json"]))
        }
        if let id = request.header(HTTPHeaderName.sessionID) {
            guard let session = open[id] else { return .sdk(.error(statusCode: 404, .invalidRequest("Not Found: no such session"))) }
            let response = await session.transport.handleRequest(request)
            if head.method == .delete, response.statusCode == 200 { close(id) }
            return .sdk(response)
        }
        guard head.method == .post, MessageGate.isInitialize(body) else {
            return .sdk(.error(statusCode: 400, .invalidRequest("Bad Request: Missing \(HTTPHeaderName.sessionID) header")))
        }
        return .sdk(await startSession(request))
    }

    private func startSession(_ request: MCP.HTTPRequest) async -> MCP.HTTPResponse {
        let id = UUID().uuidString.lowercased()
        let transport = StatefulHTTPServerTransport(sessionIDGenerator: FixedSessionID(id: id))
        let server = await JournalServer.make(journal, limits: limits)
        do {
            try await JournalServer.start(server, on: transport, journal: journal)
        } catch {
            return .error(statusCode: 500, .internalError("session not started"))
        }
        open[id] = (server, transport)
        order.append(id)
        while order.count > Self.maxSessions, let oldest = order.first { close(oldest) }
        return await transport.handleRequest(request)
    }

    private func close(_ id: String) {
        order.removeAll { $0 == id }
        guard let session = open.removeValue(forKey: id) else { return }
        Task { await session.server.stop() }
    }

    /// `127.0.0.1`, `localhost` or `[::1]`, on this server's port.
    private nonisolated func isLocalHost(_ host: String?) -> Bool {
        guard let host else { return false }
        let port = port()
        return ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)"].contains(host.lowercased())
    }

    /// `http://127.0.0.1`, `http://localhost` or `http://[::1]`, on this server's port.
    private nonisolated func isLocalOrigin(_ origin: String) -> Bool {
        let port = port()
        return ["http://127.0.0.1:\(port)", "http://localhost:\(port)", "http://[::1]:\(port)"].contains(origin.lowercased())
    }

    /// `answer` as Hummingbird's response; the SDK's event stream is written as it comes.
    static func response(_ answer: EndpointAnswer) -> Response {
        switch answer {
        case .json(let status, let data, let headers):
            return Response(status: status, headers: fields(headers), body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
        case .sdk(let response):
            let status = HTTPTypes.HTTPResponse.Status(code: response.statusCode)
            var headers = fields(response.headers)
            if case .stream(let events, _) = response {
                headers[.contentLength] = nil
                return Response(
                    status: status, headers: headers,
                    body: ResponseBody { writer in
                        for try await event in events { try await writer.write(ByteBuffer(bytes: event)) }
                        try await writer.finish(nil)
                    })
            }
            return Response(
                status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: response.bodyData ?? Data())))
        }
    }

    /// A refusal whose request body is not read: the answer, then the connection ended without
    /// reading the rest of the body (200 MB on a 1 MB limit).
    static func closing(_ answer: EndpointAnswer, channel: any Channel) -> Response {
        let (status, data, headers): (HTTPTypes.HTTPResponse.Status, Data, [String: String]) =
            switch answer {
            case .json(let status, let data, let headers): (status, data, headers)
            case .sdk(let response):
                (HTTPTypes.HTTPResponse.Status(code: response.statusCode), response.bodyData ?? Data(), response.headers)
            }
        return RefusalResponse.make(status: status, headers: fields(headers), body: ByteBuffer(bytes: data), channel: channel)
    }

    private static func fields(_ headers: [String: String]) -> HTTPFields {
        var fields = HTTPFields()
        for (name, value) in headers {
            if let name = HTTPField.Name(name) { fields.append(HTTPField(name: name, value: value)) }
        }
        return fields
    }
}

/// The session id the sessions table chose, handed to the SDK's transport.
private struct FixedSessionID: SessionIDGenerator {
    let id: String
    func generateSessionID() -> String { id }
}
