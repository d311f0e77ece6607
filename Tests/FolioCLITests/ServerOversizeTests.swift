import FolioCore
import Foundation
import SystemIO
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Servers of the real `folio` answer input over their limit with an error at once, and keep
/// answering what comes next.
@Suite("Servers answer oversize input at once and keep answering", .serialized)
struct ServerOversizeTests {
    /// `folio mcp` on stdio, one line in and one line out at a time, each answer waited for.
    final class StdioSession: @unchecked Sendable {
        let process = Process()
        private let input = Pipe()
        private let output = Pipe()
        private let received = Locked<[UInt8]>([])

        init(_ folio: FolioProcess) throws {
            process.executableURL = FolioProcess.binary
            process.arguments = ["mcp"]
            process.currentDirectoryURL = folio.directory
            process.environment = folio.environment
            process.standardInput = input
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            signal(SIGPIPE, SIG_IGN)
            try process.run(deadline: 120)
            let reading = output.fileHandleForReading
            let received = self.received
            Thread.detachNewThread {
                while true {
                    let data = reading.availableData
                    if data.isEmpty { return }
                    received.withValue { $0 += data }
                }
            }
        }

        /// Lines are written in order, one after another, off the test's thread.
        private let writing = DispatchQueue(label: "folio-mcp-stdin")

        /// Writes `line` (on a queue of its own: a server that stopped reading cannot block the test).
        func send(_ line: String) {
            let writer = input.fileHandleForWriting
            let bytes = Data((line + "\n").utf8)
            writing.async { try? writer.write(contentsOf: bytes) }
        }

        /// The next answer line, waited for up to `seconds`; how long it took.
        func answer(within seconds: Double) -> (line: String?, seconds: Double) {
            let started = Date()
            while Date().timeIntervalSince(started) < seconds {
                let line: [UInt8]? = received.withValue { bytes in
                    guard let end = bytes.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
                    defer { bytes.removeFirst(end + 1) }
                    return Array(bytes[..<end])
                }
                if let line { return (String(decoding: line, as: UTF8.self), Date().timeIntervalSince(started)) }
                usleep(10_000)
            }
            return (nil, seconds)
        }

        func end() {
            try? input.fileHandleForWriting.close()
            let deadline = Date().addingTimeInterval(10)
            while process.isRunning, Date() < deadline { usleep(20_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
    }

    @Test(
        "folio mcp on stdio: a tool call with a 5 MB argument is refused at once with its id (first or last in the message); the next call succeeds",
        arguments: ["id first", "id last"])
    func stdioFiveMegabytes(_ order: String) throws {
        let folio = try FolioProcess.vault(language: "zh-Hant")
        try folio.run("new", "diary", "--title", "下雨的傍晚", "--text", "今天下班走回家，下雨了")
        let session = try StdioSession(folio)
        defer { session.end() }
        session.send(MCPTests.initialize)
        #expect(session.answer(within: 20).line?.contains(#""id":1"#) == true)
        session.send(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)

        let query = String(repeating: "雨", count: 5_000_000 / 3)
        let call =
            order == "id first"
            ? #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"search","arguments":{"query":"\#(query)"}}}"#
            : #"{"method":"tools/call","params":{"name":"search","arguments":{"query":"\#(query)"}},"jsonrpc":"2.0","id":"call-2"}"#
        session.send(call)
        let (refusal, took) = session.answer(within: 20)
        print("folio mcp refused a 5 MB tool call (\(order)) after \(took) s")
        let id = order == "id first" ? #""id":2"# : #""id":"call-2""#
        #expect(refusal?.contains(id) == true && refusal?.contains("-32600") == true, "\(refusal ?? "no answer")")
        #expect(refusal?.contains("1048576") == true, "it says the limit: \(refusal ?? "")")
        #expect(took < 5, "the refusal took \(took) s")

        session.send(#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"search","arguments":{"query":"下雨"}}}"#)
        let (next, nextTook) = session.answer(within: 20)
        #expect(next?.contains(#""id":3"#) == true && next?.contains("下雨的傍晚") == true, "\(next ?? "no answer")")
        #expect(nextTook < 5, "the next call took \(nextTook) s")
    }

    @Test("the watcher: a request line over its limit gets a refusal at once, and the next command is answered")
    func watcherLongLine() throws {
        var folio = try FolioProcess.vault(language: "en")
        folio.environment["FOLIO_RACY_WINDOW_MS"] = "0"
        try folio.run("idea", "watched")
        #expect(try folio.run("watch", "start").status == 0)
        defer { _ = try? folio.run("watch", "stop") }
        let local = folio.directory.appendingPathComponent(".folio/local").path
        guard case .success(let socket) = LocalSocket.connect(folder: local, name: "watch.sock") else {
            Issue.record("cannot reach the watcher")
            return
        }
        defer { close(socket) }
        let started = Date()
        _ = LocalSocket.sendAll(
            socket, [UInt8](repeating: UInt8(ascii: "a"), count: 4_096), deadline: LocalSocket.monotonicNanoseconds() + 2_000_000_000)
        let reply = LocalSocket.readAll(socket, limit: 65_536, deadline: LocalSocket.monotonicNanoseconds() + 5_000_000_000)
        let took = Date().timeIntervalSince(started)
        let text = reply.map { String(decoding: $0, as: UTF8.self) } ?? "no answer"
        #expect(text.hasPrefix("folio-watch 1\nrefused: ") && text.hasSuffix("end\n"), "\(text)")
        #expect(took < 3, "took \(took) s")
        let status = try folio.run("watch", "status", "--json")
        #expect(status.status == 0 && status.stdout.contains("\"pid\""), "\(status.stdout) \(status.stderr)")
        let listed = try folio.run("list")
        #expect(listed.stdout.contains("watched") && !listed.stderr.contains("did not answer properly"), "\(listed.stderr)")
    }
}
