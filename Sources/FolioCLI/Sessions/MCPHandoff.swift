import FolioCore
import Foundation
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

/// `folio mcp` in `folio`: the process becomes `folio-mcp` (see ``MCPHost``), so the MCP client
/// keeps talking to the process it started, on the same standard input and output.
enum MCPHandoff {
    static let executableName = "folio-mcp"

    /// Replaces this process with `folio-mcp` from the folder of folio's own executable (symbolic
    /// links followed, as the kernel names it), given folio's arguments. Returns only by throwing,
    /// when there is no such executable or it cannot be run.
    static func replaceProcess() throws(FolioError) -> Never {
        let path = serverPath()
        let arguments = [path] + CommandLine.arguments.dropFirst()
        // A new program keeps the calling thread's signal mask, and Swift's worker threads block
        // most signals: whichever thread runs the command, the server must stop on SIGINT and SIGTERM.
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        pthread_sigmask(SIG_SETMASK, &unblocked, nil)
        let failure = execute(path, arguments)
        throw FolioError(.mcp(.serverMissing(path: path, reason: String(cString: strerror(failure)))))
    }

    /// `folio-mcp` beside the running executable: `/proc/self/exe` is the file the kernel ran,
    /// whichever link or `PATH` entry led to it.
    static func serverPath() -> String {
        let own = ProcessFacts.executablePath ?? CommandLine.arguments.first ?? "folio"
        return URL(fileURLWithPath: own).deletingLastPathComponent().appendingPathComponent(executableName).path
    }

    /// `execv`; on failure the C strings are freed and `errno` returned.
    private static func execute(_ path: String, _ arguments: [String]) -> Int32 {
        let strings = arguments.map { strdup($0) }
        defer { strings.forEach { free($0) } }
        var argv = strings + [nil]
        execv(path, &argv)
        return errno
    }
}
