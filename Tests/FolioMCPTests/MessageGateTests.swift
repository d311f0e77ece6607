import Foundation
import Testing

@testable import FolioMCP

/// What every message passes before the SDK decodes it: its size, its depth, JSON, JSON-RPC.
@Suite("The MCP message gate")
struct MessageGateTests {
    @Test("the request decoder: size, depth, JSON, JSON-RPC shape")
    func gate() throws {
        var limits = MCPLimits()
        limits.maxRequestBytes = 64
        limits.maxJSONDepth = 3
        let gate = MessageGate(limits: limits, language: .en)
        func verdict(_ text: String) -> String {
            switch gate.screen(Data(text.utf8)) {
            case .pass: "pass"
            case .reject(let answer): String(decoding: answer, as: UTF8.self)
            }
        }
        #expect(verdict(#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#) == "pass")
        #expect(verdict(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#) == "pass")
        #expect(verdict(#"{"jsonrpc":"2.0","id":1,"result":{}}"#) == "pass")
        #expect(verdict(#"{"jsonrpc":"2.0","id":1,"method":"x","params":{"a":[1]}}"#) == "pass")
        #expect(verdict(#"{"jsonrpc":"2.0","id":1,"method":"x","params":{"a":[[1]]}}"#).contains("more than 3 deep"))
        #expect(verdict(#"{"jsonrpc":"2.0","id":1,"method":"x","params":{"a":"[[[[[["}}"#) == "pass", "brackets in strings do not count")
        #expect(verdict(String(repeating: " ", count: 65)).contains("over the limit of 64 bytes"))
        #expect(verdict(#"{"jsonrpc":"1.0","id":"q","method":"x"}"#).contains(#""id":"q""#))
        #expect(verdict(#"{"jsonrpc":"2.0","id":true,"method":"x"}"#).contains(#""id":null"#))
        #expect(verdict("[]").contains("-32600"))
        #expect(verdict("{").contains("-32700"))
    }

    @Test("depth counts brackets outside strings, escaped quotes included, and stops at the limit")
    func depth() {
        #expect(MessageGate.nestingDepth(of: Data("{}".utf8), limit: 10) == 1)
        #expect(MessageGate.nestingDepth(of: Data(#"{"a":[{"b":[]}]}"#.utf8), limit: 10) == 4)
        #expect(MessageGate.nestingDepth(of: Data(#"{"a":"\"[[[["}"#.utf8), limit: 10) == 1)
        #expect(MessageGate.nestingDepth(of: Data(String(repeating: "[", count: 100_000).utf8), limit: 64) == nil)
    }

    @Test("the id of a request is read back for its error, whatever else is wrong with it")
    func requestID() {
        #expect(MessageGate.requestID(in: Data(#"{"id":7,"method":1}"#.utf8)) != nil)
        #expect(MessageGate.requestID(in: Data("not json".utf8)) == nil)
        #expect(MessageGate.isInitialize(Data(#"{"jsonrpc":"2.0","id":1,"method":"initialize"}"#.utf8)))
        #expect(!MessageGate.isInitialize(Data(#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#.utf8)))
    }
}
