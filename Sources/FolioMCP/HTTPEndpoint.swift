import FolioCore
import Foundation
import MCP
import NIOCore
import NIOHTTP1
import NIOPosix

/// MCP's Streamable HTTP transport on this machine only: SwiftNIO's HTTP/1.1 server on 127.0.0.1,
/// one path (`/mcp`), one SDK session per client (`Mcp-Session-Id`), answers streamed as
/// server-sent events by the SDK's transport.
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
    /// cancelled, answering only requests that carry `token`.
    public static func serve(
        port: Int, journal: Journal, limits: MCPLimits, token: BearerToken, ready: @Sendable (String) -> Void
    ) async throws {
        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 64)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .bind(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
                    return try NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>(wrappingChannelSynchronously: channel)
                }
            }
        let boundPort = server.channel.localAddress?.port ?? port
        ready("http://127.0.0.1:\(boundPort)\(path)")
        let sessions = Sessions(journal: journal, limits: limits, port: boundPort, token: token)
        try await server.executeThenClose { connections in
            try await withThrowingDiscardingTaskGroup { group in
                for try await connection in connections {
                    group.addTask { await sessions.serve(connection) }
                }
            }
        }
    }
}

/// The sessions of the clients connected, each an SDK server over its own stateful transport.
actor Sessions {
    let journal: Journal
    let limits: MCPLimits
    let port: Int
    let token: BearerToken
    private let gate: MessageGate
    private let stateless: StatelessProtocol
    private var rate: RequestRate
    private var open: [String: (server: Server, transport: StatefulHTTPServerTransport)] = [:]
    private var order: [String] = []
    /// Sessions kept at once; the oldest goes when another client starts one.
    static let maxSessions = 16

    init(journal: Journal, limits: MCPLimits, port: Int, token: BearerToken) {
        self.journal = journal
        self.limits = limits
        self.port = port
        self.token = token
        self.gate = MessageGate(limits: limits, language: journal.language)
        self.stateless = StatelessProtocol(journal: journal, limits: limits)
        self.rate = RequestRate(perSecond: limits.requestsPerSecond, burst: limits.burst)
    }

    /// Reads each request of one connection and writes its answer. A request refused before its
    /// body is read (or once its body passes the limit) ends the connection: the rest of the body
    /// is never read, and the client learns why at once.
    nonisolated func serve(_ connection: NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>) async {
        do {
            try await connection.executeThenClose { inbound, outbound in
                var head: HTTPRequestHead?
                var body = ByteBuffer()
                for try await part in inbound {
                    switch part {
                    case .head(let started):
                        if let refusal = refusal(before: started) {
                            try await write(refusal, version: started.version, keepAlive: false, to: outbound)
                            return
                        }
                        head = started
                        body.clear()
                    case .body(var chunk):
                        guard let started = head else { continue }
                        // Counted as it arrives, so a body without a length (chunked) stops at the limit too.
                        guard body.readableBytes + chunk.readableBytes <= limits.maxRequestBytes else {
                            // The part read may name the request: its answer then says which.
                            body.writeBuffer(&chunk)
                            let id = MessageGate.scannedID(in: Data(body.readableBytesView))
                            try await write(tooLarge(id: id), version: started.version, keepAlive: false, to: outbound)
                            return
                        }
                        body.writeBuffer(&chunk)
                    case .end:
                        guard let started = head else { continue }
                        let response = await answer(started, body: Data(body.readableBytesView))
                        try await write(response, version: started.version, keepAlive: started.isKeepAlive, to: outbound)
                        head = nil
                        body.clear()
                    }
                }
            }
        } catch {
            // A client that went away mid-answer: nothing to tell anyone.
        }
    }

    /// The answer to a request that is refused on its head alone, or nil when its body may be read:
    /// another path, a `Host` or `Origin` not this server, no token, or a `Content-Length` over the limit.
    nonisolated func refusal(before head: HTTPRequestHead) -> HTTPResponse? {
        let path = head.uri.split(separator: "?", maxSplits: 1).first.map(String.init) ?? head.uri
        guard path == HTTPEndpoint.path else { return .error(statusCode: 404, .invalidRequest("Not Found")) }
        guard isLocalHost(head.headers["Host"].first) else { return .error(statusCode: 403, .invalidRequest("Forbidden: Host")) }
        // A browser's request from another site names it in Origin; the SDK's pipeline refuses such
        // a request for a session, and the stateless path never reaches that pipeline, so the rule
        // is kept here for every request (a `null` Origin, a sandboxed page's, included).
        if let origin = head.headers["Origin"].first, !isLocalOrigin(origin) {
            return .error(statusCode: 403, .invalidRequest("Forbidden: Origin"))
        }
        guard token.admits(authorization: head.headers["Authorization"]) else {
            return .data(
                MessageGate.error(.invalidRequest, .unauthorized, id: nil, language: gate.language),
                headers: ["Content-Type": "application/json", "WWW-Authenticate": #"Bearer realm="folio mcp""#, "X-Folio-Status": "401"])
        }
        // A length the client states is believed for the refusal: the body is never read to check it.
        if let stated = head.headers["Content-Length"].first.flatMap({ Int($0) }), stated > limits.maxRequestBytes {
            return tooLarge()
        }
        return nil
    }

    /// The answer to a body over the size limit.
    private nonisolated func tooLarge(id: JSONOutput? = nil) -> HTTPResponse {
        .data(
            MessageGate.error(.invalidRequest, .requestTooLarge(limit: limits.maxRequestBytes), id: id, language: gate.language),
            headers: ["Content-Type": "application/json", "X-Folio-Status": "413"])
    }

    /// The answer to one whole request.
    private func answer(_ head: HTTPRequestHead, body: Data) async -> HTTPResponse {
        // Path, Host, Origin and token were checked on the head (``refusal(before:)``).
        let path = HTTPEndpoint.path
        var headers: [String: String] = [:]
        for (name, value) in head.headers { headers[name] = headers[name].map { $0 + ", " + value } ?? value }
        if head.method == .POST {
            if case .reject(let answer) = gate.screen(body) {
                return .data(answer, headers: ["Content-Type": "application/json", "X-Folio-Status": "400"])
            }
            guard rate.admit(now: ContinuousClock.now) else {
                let answer = MessageGate.error(
                    .rateLimited, .tooManyRequests(perSecond: limits.requestsPerSecond), id: MessageGate.requestID(in: body),
                    language: gate.language)
                return .data(answer, headers: ["Content-Type": "application/json", "X-Folio-Status": "429"])
            }
        }
        let request = HTTPRequest(method: head.method.rawValue, headers: headers, body: body.isEmpty ? nil : body, path: path)
        // A 2026-07-28 request: one POST, no session, answered whole in JSON.
        if head.method == .POST, request.header(HTTPHeaderName.sessionID) == nil, StatelessProtocol.isStateless(body) {
            let header = request.header(StatelessProtocol.versionHeader)
            guard header == StatelessProtocol.requestedVersion(body) else {
                return .data(
                    StatelessProtocol.headerMismatch(body, header: header),
                    headers: ["Content-Type": "application/json", "X-Folio-Status": "400"])
            }
            guard let answer = await stateless.answer(body) else { return .accepted() }
            return .data(answer, headers: ["Content-Type": "application/json"])
        }
        if let id = request.header(HTTPHeaderName.sessionID) {
            guard let session = open[id] else { return .error(statusCode: 404, .invalidRequest("Not Found: no such session")) }
            let response = await session.transport.handleRequest(request)
            if head.method == .DELETE, response.statusCode == 200 { close(id) }
            return response
        }
        guard head.method == .POST, MessageGate.isInitialize(body) else {
            return .error(statusCode: 400, .invalidRequest("Bad Request: Missing \(HTTPHeaderName.sessionID) header"))
        }
        return await startSession(request)
    }

    private func startSession(_ request: HTTPRequest) async -> HTTPResponse {
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
        return ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)"].contains(host.lowercased())
    }

    /// `http://127.0.0.1`, `http://localhost` or `http://[::1]`, on this server's port.
    private nonisolated func isLocalOrigin(_ origin: String) -> Bool {
        ["http://127.0.0.1:\(port)", "http://localhost:\(port)", "http://[::1]:\(port)"].contains(origin.lowercased())
    }

    private nonisolated func write(
        _ response: HTTPResponse, version: HTTPVersion, keepAlive: Bool, to outbound: NIOAsyncChannelOutboundWriter<HTTPServerResponsePart>
    ) async throws {
        var headers = HTTPHeaders()
        var status = response.statusCode
        for (name, value) in response.headers {
            if name == "X-Folio-Status" {
                status = Int(value) ?? status
            } else {
                headers.add(name: name, value: value)
            }
        }
        headers.replaceOrAdd(name: "Connection", value: keepAlive ? "keep-alive" : "close")
        switch response {
        case .stream(let events, _):
            headers.replaceOrAdd(name: "Transfer-Encoding", value: "chunked")
            try await outbound.write(
                .head(HTTPResponseHead(version: version, status: HTTPResponseStatus(statusCode: status), headers: headers)))
            for try await event in events {
                try await outbound.write(.body(.byteBuffer(ByteBuffer(bytes: event))))
            }
        default:
            let body = response.bodyData ?? Data()
            headers.replaceOrAdd(name: "Content-Length", value: String(body.count))
            try await outbound.write(
                .head(HTTPResponseHead(version: version, status: HTTPResponseStatus(statusCode: status), headers: headers)))
            if !body.isEmpty { try await outbound.write(.body(.byteBuffer(ByteBuffer(bytes: body)))) }
        }
        try await outbound.write(.end(nil))
    }
}

/// The session id the sessions table chose, handed to the SDK's transport.
private struct FixedSessionID: SessionIDGenerator {
    let id: String
    func generateSessionID() -> String { id }
}
