import ArgumentParser
import SystemIO

/// A command that serves connections (`folio serve`, `folio mcp`): its requests are answered by
/// tasks on Swift's concurrency pool, and its journal has a thread of its own.
protocol ServesConnections {}

/// Where a command runs: on a thread of its own, never on one of the concurrency pool's.
///
/// A command's work blocks: libgit2, reading and writing records, an editor or a pager it waits
/// for, `unzip`, `ffmpeg`. On the pool (two threads on a two-core home computer) that would stall
/// whatever else the process runs meanwhile (transfers, a watchdog's deadline, a helper's input):
/// so the command's task prefers a `DedicatedThread`, and its blocking work waits there. The
/// servers are the exception: their handlers belong on the pool, their journal on its own thread.
enum CommandThread {
    static func run(_ parsed: any ParsableCommand) async throws {
        var command = parsed
        if command is any ServesConnections, var server = command as? any AsyncParsableCommand {
            try await server.run()
            return
        }
        let thread = DedicatedThread(name: "folio-command")
        try await withTaskExecutorPreference(thread) {
            // Commands that wait on the network are async (sync, clone, media); the others run as they are.
            if var waiting = command as? any AsyncParsableCommand {
                try await waiting.run()
            } else {
                try command.run()
            }
        }
    }
}
