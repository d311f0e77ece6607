import ArgumentParser
import FolioCore
import FolioSecrets
import FolioStore
import FolioSync
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

struct SyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Commit hand edits, fetch, merge record by record, and push.",
        discussion: """
            Conflicting edits never lose a word: the newer version stays, the other is kept beside it as \
            <name>.conflict-<device>-<time>.md. Offline, everything stays committed here and the exit \
            status is 3. Examples: folio sync · folio sync --watch --interval 5
            """)

    @Flag(help: "Keep syncing every interval and right after local changes, until Ctrl-C.") var watch = false
    @Option(help: "Seconds between syncs with --watch, 1 to 86400 (default: sync.interval, else 10).") var interval: Double?
    @OptionGroup var output: OutputFormat<JSON>
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        // The same range as the sync.interval setting; a NaN or 1e300 would trap as whole seconds.
        if let interval, !(interval >= 1 && interval <= 86_400) {
            throw ValidationError("--interval takes seconds from 1 to 86400, not '\(interval)'.")
        }
    }

    func run() async throws {
        let context = try Context.open(global)
        let history = try context.requireHistory()
        let interrupt = Interrupt.install()
        let transport = context.syncTransport(stoppedBy: interrupt)
        let printer = SyncPrinter(json: output.json, history: history, context: context)
        guard watch else { return try printer.print(await history.syncResult(vault: context.vault, transport: transport)) }
        let seconds = History.watchInterval(interval, settings: context.vault.settings)
        printer.watching(seconds)
        await history.watch(context.vault, transport: transport, every: seconds, stopped: { interrupt.fired }) {
            printer.print($0, stopped: interrupt.fired)
        }
        printer.stopped()
    }

    enum JSON: HelpText {
        static let help = """
            Print what the sync did as JSON: {"committed", "received", "sent", "conflicts": [{"path", "copy"}], \
            "renamed": [{"path", "renamed"}], "parents_kept": [{"path", "child"}], "merge_commit", \
            "rewritten_remote_dropped", "unrelated_histories"}; with --watch, one line per sync that did something.
            """
    }
}
