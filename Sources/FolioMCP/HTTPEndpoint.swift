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
/// Before a body reaches the SDK: the `Host` must name this machine (a web page cannot reach the
/// server through a DNS name that resolves to it), the body is read only up to the size limit, and
/// it passes the ``MessageGate`` and the request rate.
public enum HTTPEndpoint {
    public static let path = "/mcp"

    /// Listens on `port` (0: any free port), tells `ready` the URL, and serves until the task is cancelled.
    public static func serve(port: Int, journal: Journal, limits: MCPLimits, ready: @Sendable (String) -> Void) async throws {
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
        let sessions = Sessions(journal: journal, limits: limits, port: boundPort)
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
    private let gate: MessageGate
    private let stateless: StatelessProtocol
    private var rate: RequestRate
    private var open: [String: (server: Server, transport: StatefulHTTPServerTransport)] = [:]
    private var order: [String] = []
    /// Sessions kept at once; the oldest goes when another client starts one.
    static let maxSessions = 16

    init(journal: Journal, limits: MCPLimits, port: Int) {
        self.journal = journal
        self.limits = limits
        self.port = port
        self.gate = MessageGate(limits: limits, language: journal.language)
        self.stateless = StatelessProtocol(journal: journal, limits: limits)
        self.rate = RequestRate(perSecond: limits.requestsPerSecond, burst: limits.burst)
    }

    /// Reads each request of one connection and writes its answer.
    nonisolated func serve(_ connection: NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>) async {
        do {
            try await connection.executeThenClose { inbound, outbound in
                var head: HTTPRequestHead?
                var body = ByteBuffer()
                var tooLarge = false
                for try await part in inbound {
                    switch part {
                    case .head(let started):
                        head = started
                        body.clear()
                        tooLarge = false
                    case .body(var chunk):
                        // Past the limit the rest is read and dropped, never kept.
                        if body.readableBytes + chunk.readableBytes > limits.maxRequestBytes { tooLarge = true }
                        if !tooLarge { body.writeBuffer(&chunk) }
                    case .end:
                        guard let started = head else { continue }
                        let response: HTTPResponse
                        if tooLarge {
                            response = .data(
                                MessageGate.error(
                                    .invalidRequest, .requestTooLarge(limit: limits.maxRequestBytes), id: nil, language: gate.language),
                                headers: ["Content-Type": "application/json", "X-Folio-Status": "413"])
                        } else {
                            response = await answer(started, body: Data(body.readableBytesView))
                        }
                        try await write(response, version: started.version, keepAlive: started.isKeepAlive && !tooLarge, to: outbound)
                        head = nil
                        if tooLarge { return }
                    }
                }
            }
        } catch {
            // A client that went away mid-answer: nothing to tell anyone.
        }
    }

    /// The answer to one whole request.
    private func answer(_ head: HTTPRequestHead, body: Data) async -> HTTPResponse {
        let path = head.uri.split(separator: "?", maxSplits: 1).first.map(String.init) ?? head.uri
        guard path == HTTPEndpoint.path else { return .error(statusCode: 404, .invalidRequest("Not Found")) }
        guard isLocalHost(head.headers["Host"].first) else { return .error(statusCode: 403, .invalidRequest("Forbidden: Host")) }
        // A browser's request from another site names it in Origin; the SDK's pipeline refuses such
        // a request for a session, and the stateless path below never reaches that pipeline, so the
        // rule is kept here for every request (a `null` Origin, a sandboxed page's, included).
        if let origin = head.headers["Origin"].first, !isLocalOrigin(origin) {
            return .error(statusCode: 403, .invalidRequest("Forbidden: Origin"))
        }
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
    private func isLocalHost(_ host: String?) -> Bool {
        guard let host else { return false }
        return ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)"].contains(host.lowercased())
    }

    /// `http://127.0.0.1`, `http://localhost` or `http://[::1]`, on this server's port.
    private func isLocalOrigin(_ origin: String) -> Bool {
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
