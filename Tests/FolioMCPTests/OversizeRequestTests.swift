import FolioCore
import Foundation
import Testing

@testable import FolioMCP

#if canImport(Glibc)
    import Glibc
#endif

/// A message over the size (or depth) limit is answered at once with an error naming its request,
/// read from bytes that are never kept, and the next message is read as usual.
@Suite("Oversize MCP messages: refused with their id, and the next one answered")
struct OversizeRequestTests {
    /// The id the scanner reads in `text`, as JSON text.
    static func id(of text: String) -> String? {
        var scanner = RequestIDScanner()
        scanner.feed(Array(text.utf8))
        return scanner.id?.text
    }

    @Test("the id is found wherever it stands, at the top level only, in the forms JSON-RPC allows")
    func scanner() {
        let big = String(repeating: "雨", count: 10_000)
        #expect(Self.id(of: #"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"q":"\#(big)"}}"#) == "7")
        #expect(
            Self.id(of: #"{"method":"tools/call","params":{"arguments":{"id":99,"q":"\#(big)"}},"jsonrpc":"2.0","id":"req-2"}"#)
                == #""req-2""#)
        #expect(Self.id(of: #"{ "id" : -12 , "method":"x"}"#) == "-12")
        #expect(Self.id(of: #"{"params":{"text":"\"id\":5, \\\" }"},"id":"a\"b"}"#) == #""a\"b""#)
        #expect(Self.id(of: #"{"method":"x","params":{"id":3}}"#) == nil, "a nested id is not the request's")
        #expect(Self.id(of: #"{"idx":1,"id":2}"#) == "2")
        #expect(Self.id(of: #"{"id":null,"method":"x"}"#) == nil)
        #expect(Self.id(of: #"{"id":{"a":1},"method":"x"}"#) == nil)
        #expect(Self.id(of: #"{"id":1.5,"method":"x"}"#) == nil)
        #expect(Self.id(of: #"[{"id":1}]"#) == nil, "a batch has no one id")
        #expect(Self.id(of: #"{"id":""# + String(repeating: "9", count: 10_000) + "\"}") == nil, "an id longer than any is none")
        // Split anywhere, the same id: the bytes are read as they come.
        let text = Array(#"{"params":{"a":"[{\"id\":1}]"},"id":"split-here"}"#.utf8)
        for cut in 0...text.count {
            var scanner = RequestIDScanner()
            scanner.feed(text[..<cut])
            scanner.feed(text[cut...])
            #expect(scanner.id?.text == #""split-here""#, "cut at \(cut)")
        }
    }

    @Test("the gate's answers to a message too large or too deep name its request")
    func gate() {
        var limits = MCPLimits()
        limits.maxRequestBytes = 64
        limits.maxJSONDepth = 3
        let gate = MessageGate(limits: limits, language: .zhHant)
        func answer(_ text: String) -> String {
            guard case .reject(let answer) = gate.screen(Data(text.utf8)) else { return "pass" }
            return String(decoding: answer, as: UTF8.self)
        }
        let large = answer(#"{"jsonrpc":"2.0","id":41,"method":"tools/call","params":{"q":"\#(String(repeating: "x", count: 100))"}}"#)
        #expect(large.contains(#""id":41"#) && large.contains("-32600"), "\(large)")
        let deep = answer(#"{"jsonrpc":"2.0","id":"d","method":"x","params":{"a":[[[1]]]}}"#)
        #expect(deep.contains(#""id":"d""#), "\(deep)")
    }

    /// Reads what the line reader makes of `input`, written to a pipe from another thread.
    static func lines(_ input: [UInt8], maxBytes: Int) async -> [LineReader.Line] {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return [] }
        let writer = ends[1]
        Thread.detachNewThread {
            input.withUnsafeBytes { bytes in
                guard let base = bytes.baseAddress else { return }
                var offset = 0
                while offset < bytes.count {
                    let written = write(writer, base + offset, bytes.count - offset)
                    if written <= 0 { break }
                    offset += written
                }
            }
            close(writer)
        }
        var read: [LineReader.Line] = []
        for await line in LineReader.start(fd: ends[0], maxBytes: maxBytes) { read.append(line) }
        close(ends[0])
        return read
    }

    @Test("a 5 MB line is skipped as it is read, answered with its id whether the id comes first or last, and the next line is read")
    func lineReader() async {
        let argument = String(repeating: "雨", count: 5_000_000 / 3)
        for (name, line) in [
            (
                "id first",
                #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"search","arguments":{"query":"\#(argument)"}}}"#
            ),
            ("id last", #"{"method":"tools/call","params":{"name":"search","arguments":{"query":"\#(argument)"}},"jsonrpc":"2.0","id":2}"#),
        ] {
            let next = #"{"jsonrpc":"2.0","id":3,"method":"tools/list"}"#
            let read = await Self.lines(Array((line + "\n" + next + "\n").utf8), maxBytes: 1_048_576)
            #expect(read.count == 2, "\(name): \(read.count) lines")
            guard read.count == 2 else { continue }
            if case .tooLong(let id) = read[0] { #expect(id?.text == "2", "\(name)") } else { Issue.record("\(name): not refused") }
            if case .message(let bytes) = read[1] {
                #expect(String(decoding: bytes, as: UTF8.self) == next, "\(name)")
            } else {
                Issue.record("\(name): the next line was lost")
            }
        }
    }
}
