import FolioCore
import Foundation
import MCP

// try? in this file: a message that is not JSON is answered with the protocol's parse error; these reads only
// decide which answer.

/// The first reader of every message an MCP client sends: a message passes on to the SDK only when
/// it is within the size limit, nested no deeper than the depth limit, UTF-8 JSON, and shaped as
/// JSON-RPC 2.0. Anything else is answered here with a JSON-RPC error, and the server stays up.
///
/// The depth is counted on the bytes before any parser sees them, so a message of a million `[`
/// never reaches a recursive decoder.
public struct MessageGate: Sendable {
    public var limits: MCPLimits
    public var language: Language

    public init(limits: MCPLimits = MCPLimits(), language: Language) {
        self.limits = limits
        self.language = language
    }

    /// What becomes of one message.
    public enum Verdict: Sendable, Equatable {
        /// Hand the bytes to the SDK.
        case pass
        /// Answer with these bytes (a JSON-RPC error response) and drop the message.
        case reject(Data)
    }

    /// JSON-RPC's error codes the gate answers with.
    public enum Code: Int, Sendable {
        case parseError = -32700
        case invalidRequest = -32600
        /// In the server's own range: the client sends too fast.
        case rateLimited = -32029
    }

    public func screen(_ bytes: Data) -> Verdict {
        guard bytes.count <= limits.maxRequestBytes else {
            return .reject(
                Self.error(
                    .invalidRequest, .requestTooLarge(limit: limits.maxRequestBytes), id: Self.scannedID(in: bytes), language: language))
        }
        guard let depth = Self.nestingDepth(of: bytes, limit: limits.maxJSONDepth) else {
            return .reject(
                Self.error(.invalidRequest, .requestTooDeep(limit: limits.maxJSONDepth), id: Self.scannedID(in: bytes), language: language))
        }
        _ = depth
        // Read as the SDK reads it, so what passes here is what the SDK sees.
        guard String(validating: bytes, as: UTF8.self) != nil, let object = try? JSONDecoder().decode(Value.self, from: bytes) else {
            return .reject(Self.error(.parseError, .malformedJSON, id: nil, language: language))
        }
        if case .array(let batch) = object {
            // A batch (protocol 2025-03-26): every item must be a message; an empty one is not.
            guard !batch.isEmpty, batch.allSatisfy({ Self.isMessage($0) }) else {
                return .reject(Self.error(.invalidRequest, .notJSONRPC, id: nil, language: language))
            }
            return .pass
        }
        guard Self.isMessage(object) else {
            return .reject(Self.error(.invalidRequest, .notJSONRPC, id: Self.id(of: object), language: language))
        }
        return .pass
    }

    /// A JSON-RPC error response answering the message `id` (null when it could not be read).
    public static func error(_ code: Code, _ message: MCPMessage, id: JSONValue?, language: Language) -> Data {
        let response = JSONValue.object([
            ("jsonrpc", .string("2.0")), ("id", id ?? .null),
            ("error", .object([("code", .int(code.rawValue)), ("message", .string(Message.mcp(message).text(language)))])),
        ])
        return Data(response.text.utf8)
    }

    /// The id of the message in `bytes` (or its first part) read without parsing it: for a message
    /// refused as too large or too deep, whose answer must still name its request.
    static func scannedID(in bytes: Data) -> JSONValue? {
        var scanner = RequestIDScanner()
        scanner.feed(bytes)
        return scanner.id
    }

    /// The id of the request in `bytes` (a message that passed the gate), for an error answering it.
    public static func requestID(in bytes: Data) -> JSONValue? {
        (try? JSONDecoder().decode(Value.self, from: bytes)).flatMap(id(of:))
    }

    /// Whether `bytes` (a message that passed the gate) is an `initialize` request.
    public static func isInitialize(_ bytes: Data) -> Bool {
        guard let message = try? JSONDecoder().decode(Value.self, from: bytes), case .object(let fields) = message else { return false }
        return fields["method"] == .string("initialize") && fields["id"] != nil
    }

    /// The request's id when it is one JSON-RPC allows (a string or an integer).
    static func id(of object: Value) -> JSONValue? {
        guard case .object(let fields) = object, let id = fields["id"] else { return nil }
        switch id {
        case .string(let text): return .string(text)
        case .int(let number): return .int(number)
        default: return nil
        }
    }

    /// A request, a notification or a response of JSON-RPC 2.0.
    static func isMessage(_ object: Value) -> Bool {
        guard case .object(let fields) = object, fields["jsonrpc"] == .string("2.0") else { return false }
        if let id = fields["id"], id != .null, Self.id(of: object) == nil { return false }
        if let method = fields["method"] {
            guard case .string = method else { return false }
            switch fields["params"] {
            case nil, .object?, .array?: return true
            default: return false
            }
        }
        return fields["id"] != nil && (fields["result"] != nil || fields["error"] != nil)
    }

    /// How deeply arrays and objects nest in `bytes`, read without parsing (strings and their
    /// escapes are skipped), or nil past `limit`.
    public static func nestingDepth(of bytes: Data, limit: Int) -> Int? {
        var depth = 0
        var deepest = 0
        var strings = JSONStringBounds()
        for byte in bytes {
            guard strings.place(of: byte) == .outside else { continue }
            switch byte {
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth > limit { return nil }
                deepest = max(deepest, depth)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth = max(0, depth - 1)
            default: break
            }
        }
        return deepest
    }
}
