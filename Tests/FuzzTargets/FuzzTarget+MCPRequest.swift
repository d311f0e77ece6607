import FolioCore
import FolioMCP
import Foundation

extension FuzzTarget {
    /// `folio mcp`'s request decoder (``MessageGate``, and ``StatelessProtocol``'s reading of a
    /// 2026-07-28 request) on any bytes a client could send.
    ///
    /// Promises: it never traps; every refusal is a JSON-RPC 2.0 error response (valid JSON with
    /// `"jsonrpc": "2.0"`, an `id` and an `error` with a code and a message); what it passes is
    /// UTF-8 JSON nested no deeper than the limit, which Foundation's parser reads too; its
    /// nesting count agrees with the parser's tree; and a message over the size limit never passes.
    static let mcpRequest = FuzzTarget(
        name: "mcp-request",
        summary: "MessageGate.screen: refusals are JSON-RPC errors, what passes parses within the depth and size limits"
    ) { bytes throws(InvariantFailure) in
        try MCPRequestFuzz.run(bytes)
    }
}

enum MCPRequestFuzz {
    static func run(_ bytes: [UInt8]) throws(InvariantFailure) {
        var limits = MCPLimits()
        // Small limits, so the fuzzer reaches both edges with short inputs.
        limits.maxRequestBytes = 4_096
        limits.maxJSONDepth = 8
        let gate = MessageGate(limits: limits, language: .en)
        let data = Data(bytes)
        switch gate.screen(data) {
        case .reject(let answer):
            let parsed = try? JSONSerialization.jsonObject(with: answer) as? [String: Any]
            try expect(
                parsed?["jsonrpc"] as? String == "2.0", "a refusal is not JSON-RPC 2.0: \(excerpt(String(decoding: answer, as: UTF8.self)))"
            )
            try expect(parsed?.keys.contains("id") == true, "a refusal has no id")
            let error = parsed?["error"] as? [String: Any]
            try expect(error?["code"] is Int && error?["message"] is String, "a refusal has no code and message")
        case .pass:
            try expect(
                bytes.count <= limits.maxRequestBytes, "a message of \(bytes.count) bytes passed the limit of \(limits.maxRequestBytes)")
            try expect(String(validating: data, as: UTF8.self) != nil, "a message that is not UTF-8 passed")
            guard let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
                throw InvariantFailure("a message Foundation cannot parse passed: \(excerpt(String(decoding: bytes, as: UTF8.self)))")
            }
            let depth = MessageGate.nestingDepth(of: data, limit: limits.maxJSONDepth)
            try expect(depth == treeDepth(object), "counted depth \(String(describing: depth)) but the tree is \(treeDepth(object)) deep")
            // The 2026-07-28 reading agrees with the message: a stateless request is a request
            // naming its revision, never `initialize`; the errors answering one are JSON-RPC.
            let fields = object as? [String: Any]
            let params = fields?["params"] as? [String: Any]
            let named = (params?["_meta"] as? [String: Any])?["io.modelcontextprotocol/protocolVersion"]
            if StatelessProtocol.isStateless(data) {
                try expect(fields?["method"] as? String != "initialize" && named != nil, "a message read as 2026-07-28 that is not one")
                for answer in [StatelessProtocol.initializeRefused(data), StatelessProtocol.statelessRefused(data)] {
                    let parsed = try? JSONSerialization.jsonObject(with: answer) as? [String: Any]
                    try expect(parsed?["jsonrpc"] as? String == "2.0" && parsed?["error"] != nil, "a 2026-07-28 refusal is not JSON-RPC")
                }
            }
            if let version = StatelessProtocol.requestedVersion(data) { try expect(named as? String == version, "a revision read wrong") }
        }
    }

    static func treeDepth(_ object: Any) -> Int {
        if let array = object as? [Any] { return 1 + (array.map(treeDepth).max() ?? 0) }
        if let map = object as? [String: Any] { return 1 + (map.values.map(treeDepth).max() ?? 0) }
        return 0
    }
}
