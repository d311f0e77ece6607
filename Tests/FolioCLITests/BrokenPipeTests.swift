import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// folio's output going to a reader that has already left (`folio list | head -1`, a closed
/// terminal): the command finishes as it would have, with its own exit status, and never dies
/// of SIGPIPE or a failed write.
@Suite("Output nobody reads")
struct BrokenPipeTests {
    /// Runs folio with standard output and error going into pipes whose reading ends are already
    /// closed, so every write folio makes fails with EPIPE.
    func runIntoClosedPipes(_ folio: FolioProcess, _ arguments: String...) throws -> Process {
        var out: [Int32] = [0, 0]
        var err: [Int32] = [0, 0]
        guard pipe(&out) == 0, pipe(&err) == 0 else { throw HarnessError(description: "pipe() failed") }
        close(out[0])
        close(err[0])
        let process = Process()
        process.executableURL = FolioProcess.binary
        process.arguments = arguments
        process.currentDirectoryURL = folio.directory
        process.environment = folio.environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle(fileDescriptor: out[1], closeOnDealloc: true)
        process.standardError = FileHandle(fileDescriptor: err[1], closeOnDealloc: true)
        try process.run(deadline: childDeadline)
        process.waitUntilExit()
        return process
    }

    @Test("list into a closed pipe exits 0, not by a signal")
    func listIntoClosedPipe() throws {
        let folio = try FolioProcess.vault()
        for number in 1...30 { try folio.run("idea", "想法 \(number)") }
        let process = try runIntoClosedPipes(folio, "list")
        #expect(process.terminationReason == .exit, "folio died of signal \(process.terminationStatus)")
        #expect(process.terminationStatus == 0)
    }

    @Test("a write command whose output nobody reads still writes and commits its record, exit 0")
    func writeIntoClosedPipe() throws {
        let folio = try FolioProcess.vault()
        let process = try runIntoClosedPipes(folio, "idea", "沒人看的輸出")
        #expect(process.terminationReason == .exit, "folio died of signal \(process.terminationStatus)")
        #expect(process.terminationStatus == 0)
        let list = try folio.json("list", "--json") as? [[String: Any]] ?? []
        #expect(list.contains { $0["title"] as? String == "沒人看的輸出" })
        #expect(try Tool.git(["log", "-1", "--format=%s"], in: folio.directory) == "idea: add \"沒人看的輸出\"")
        #expect(try Tool.git(["status", "--porcelain"], in: folio.directory).isEmpty)
    }

    @Test("an error nobody reads keeps its exit status (3 for an unreachable remote)")
    func errorIntoClosedPipe() throws {
        let folio = try FolioProcess.vault()
        let port = try freePort()
        #expect(try folio.run("config", "set", "sync.remote", "git://127.0.0.1:\(port)/nothing.git").status == 0)
        let process = try runIntoClosedPipes(folio, "sync")
        #expect(process.terminationReason == .exit, "folio died of signal \(process.terminationStatus)")
        #expect(process.terminationStatus == 3)
    }
}
