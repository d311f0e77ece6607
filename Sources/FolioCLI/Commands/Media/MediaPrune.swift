import ArgumentParser
import FolioCore
import FolioSync

struct MediaPrune: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prune",
        abstract: "Free the space of media the LFS server holds and no recent record uses (as git lfs prune).",
        discussion: """
            Keeps the media of records from the last media.keep_days days (30), and every file the last push did \
            not carry; the server is asked before anything is removed. A pruned file becomes its pointer again; \
            folio media fetch brings it back. Example: folio media prune --dry-run
            """)

    @Flag(help: "Say what would be removed, remove nothing.") var dryRun = false
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let context = try Context.open(global)
        let history = try context.requireHistory()
        let interrupt = Interrupt.install()
        let pruned = try await history.pruneMedia(context.vault, transport: context.syncTransport(stoppedBy: interrupt), dryRun: dryRun)
        for path in pruned.paths where dryRun { Console.out(path) }
        context.say(.lfs(.pruned(count: pruned.paths.count, bytes: pruned.bytes)))
    }
}
