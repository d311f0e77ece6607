import FolioCore
import Foundation
import MCP

// try? in this file: a message the gate passed is JSON-RPC already; what cannot be read of it
// (params of the wrong shape) is answered with the protocol's "invalid params", never dropped.

/// MCP's 2026-07-28 revision, spoken beside the handshake revisions the SDK answers. Each request
/// is whole in itself: it names its protocol version (and the client) in `params._meta`, there is
/// no `initialize`, session or `ping`, `server/discover` says what the server speaks, and every
/// result says it is complete. Tools and resources are ``JournalServer``'s handlers, so a client
/// of either revision gets the same answers.
///
/// On standard input the first request decides a connection's revision, once (``StdioTransport``);
/// over HTTP a request of this revision is a POST without a session (``HTTPEndpoint``).
public struct StatelessProtocol: Sendable {
    public static let revision = "2026-07-28"
    static let versionKey = "io.modelcontextprotocol/protocolVersion"
    static let clientInfoKey = "io.modelcontextprotocol/clientInfo"
    static let serverInfoKey = "io.modelcontextprotocol/serverInfo"
    /// The header an HTTP request of this revision names its version in, which must agree with `_meta`.
    public static let versionHeader = "MCP-Protocol-Version"

    /// Every revision folio speaks, oldest first: the SDK's handshake ones, then this one.
    static var supported: [String] { Version.supported.sorted() + [revision] }

    /// The protocol's error codes for this revision.
    public enum Code: Int, Sendable {
        case headerMismatch = -32020
        case unsupportedVersion = -32022
        case invalidRequest = -32600
        case methodNotFound = -32601
        case invalidParams = -32602
        case internalError = -32603
    }

    let journal: Journal
    let limits: MCPLimits

    public init(journal: Journal, limits: MCPLimits) {
        self.journal = journal
        self.limits = limits
    }

    /// Whether a message the gate passed is a request of this revision: a request other than
    /// `initialize` whose `_meta` names a protocol version.
    public static func isStateless(_ bytes: Data) -> Bool {
        guard let fields = object(bytes), case .string(let method)? = fields["method"], method != "initialize" else { return false }
        return meta(of: fields)?[versionKey] != nil
    }

    /// Whether a message the gate passed is a request (it has an id), not a notification or a response.
    public static func isRequest(_ bytes: Data) -> Bool {
        guard let fields = object(bytes), fields["method"] != nil, let id = fields["id"] else { return false }
        return id != .null
    }

    /// The protocol version a request names in its `_meta`.
    public static func requestedVersion(_ bytes: Data) -> String? {
        guard let fields = object(bytes), case .string(let version)? = meta(of: fields)?[versionKey] else { return nil }
        return version
    }

    /// The answer to one request of this revision; nil for a notification, which asks none.
    public func answer(_ bytes: Data) async -> Data? {
        guard let fields = Self.object(bytes), case .string(let method)? = fields["method"], let id = fields["id"], id != .null else {
            return nil
        }
        let meta = Self.meta(of: fields) ?? [:]
        guard case .string(let version)? = meta[Self.versionKey], version == Self.revision else {
            return Self.unsupported(id: id, requested: meta[Self.versionKey])
        }
        // The client names itself in each request; writes are committed in its name.
        if case .object(let info)? = meta[Self.clientInfoKey], case .string(let name)? = info["title"] ?? info["name"] {
            await journal.setAgent(String(name.prefix(100)))
        }
        let params = fields["params"] ?? .object([:])
        do {
            let result: Value
            switch method {
            case "server/discover":
                result = try cacheable(
                    .object([
                        "supportedVersions": .array(Self.supported.map { .string($0) }),
                        "capabilities": try Self.value(JournalServer.capabilities),
                        "instructions": .string(JournalServer.instructions(journal)),
                    ]))
            case "tools/list":
                result = try cacheable(try Self.value(JournalServer.listTools(journal)))
            case "tools/call":
                let asked = try Self.decode(CallTool.Parameters.self, params)
                result = try complete(try Self.value(try await JournalServer.callTool(asked, journal: journal, limits: limits)))
            case "resources/list":
                let asked = try Self.decode(ListResources.Parameters.self, params)
                result = try cacheable(try Self.value(try await JournalServer.listResources(asked, journal: journal, limits: limits)))
            case "resources/templates/list":
                result = try cacheable(try Self.value(JournalServer.listResourceTemplates()))
            case "resources/read":
                let asked = try Self.decode(ReadResource.Parameters.self, params)
                result = try cacheable(try Self.value(try await JournalServer.readResource(asked, journal: journal)))
            case "prompts/list":
                result = try cacheable(try Self.value(JournalServer.listPrompts(journal)))
            case "prompts/get":
                let asked = try Self.decode(GetPrompt.Parameters.self, params)
                result = try complete(try Self.value(try await JournalServer.getPrompt(asked, journal: journal)))
            default:
                throw MCPError.methodNotFound("Unknown method: \(method)")
            }
            return Self.encode(.object(["jsonrpc": .string("2.0"), "id": id, "result": result]))
        } catch let error as MCPError {
            return Self.error(id: id, code: error.code, message: error.errorDescription ?? "error", data: nil)
        } catch {
            return Self.error(id: id, code: Code.internalError.rawValue, message: "Internal error", data: nil)
        }
    }

    /// The error a request of another revision gets, naming the revisions folio speaks.
    static func unsupported(id: Value, requested: Value?) -> Data {
        var data: [String: Value] = ["supported": .array(supported.map { .string($0) })]
        if let requested { data["requested"] = requested }
        return error(
            id: id, code: Code.unsupportedVersion.rawValue,
            message: "Unsupported protocol version: folio speaks \(supported.joined(separator: ", "))", data: .object(data))
    }

    /// An `initialize` on a connection a stateless request opened.
    public static func initializeRefused(_ bytes: Data) -> Data {
        unsupported(id: object(bytes)?["id"] ?? .null, requested: nil)
    }

    /// A stateless request on a connection `initialize` opened.
    public static func statelessRefused(_ bytes: Data) -> Data {
        error(
            id: object(bytes)?["id"] ?? .null, code: Code.invalidRequest.rawValue,
            message: "Invalid request: this connection began with initialize; a \(revision) request needs a connection of its own",
            data: nil)
    }

    /// The answer to an HTTP request whose header and `_meta` name different versions.
    public static func headerMismatch(_ bytes: Data, header: String?) -> Data {
        error(
            id: object(bytes)?["id"] ?? .null, code: Code.headerMismatch.rawValue,
            message: "The \(versionHeader) header (\(header ?? "missing")) does not match the request's protocol version", data: nil)
    }

    // MARK: - Results

    /// A result as this revision has it: marked complete, and stamped with the server's name.
    private func complete(_ result: Value) throws -> Value {
        guard case .object(var fields) = result else { throw MCPError.internalError("a result that is not an object") }
        fields["resultType"] = .string("complete")
        var meta: [String: Value] = [:]
        if case .object(let kept)? = fields["_meta"] { meta = kept }
        meta[Self.serverInfoKey] = .object(["name": .string(JournalServer.name), "version": .string(JournalServer.version)])
        fields["_meta"] = .object(meta)
        return .object(fields)
    }

    /// A listing or a read a client may keep: folio's change with every edit, so never for long.
    private func cacheable(_ result: Value) throws -> Value {
        guard case .object(var fields) = try complete(result) else { throw MCPError.internalError("a result that is not an object") }
        fields["ttlMs"] = .int(0)
        fields["cacheScope"] = .string("private")
        return .object(fields)
    }

    // MARK: - JSON

    static func object(_ bytes: Data) -> [String: Value]? {
        guard let message = try? JSONDecoder().decode(Value.self, from: bytes), case .object(let fields) = message else { return nil }
        return fields
    }

    static func meta(of fields: [String: Value]) -> [String: Value]? {
        guard case .object(let params)? = fields["params"], case .object(let meta)? = params["_meta"] else { return nil }
        return meta
    }

    static func value<T: Encodable>(_ item: T) throws -> Value {
        try JSONDecoder().decode(Value.self, from: try JSONEncoder().encode(item))
    }

    static func decode<T: Decodable>(_ type: T.Type, _ params: Value) throws -> T {
        do {
            return try JSONDecoder().decode(type, from: try JSONEncoder().encode(params))
        } catch {
            throw MCPError.invalidParams("Invalid params")
        }
    }

    static func encode(_ value: Value) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // try?: a Value is always encodable; an empty answer would be a client's parse error, not a wrong answer.
        return (try? encoder.encode(value)) ?? Data()
    }

    static func error(id: Value, code: Int, message: String, data: Value?) -> Data {
        var error: [String: Value] = ["code": .int(code), "message": .string(message)]
        if let data { error["data"] = data }
        return encode(.object(["jsonrpc": .string("2.0"), "id": id, "error": .object(error)]))
    }
}
