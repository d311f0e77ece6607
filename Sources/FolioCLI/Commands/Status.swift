import ArgumentParser
import FolioCompanion
import FolioCore
import FolioSync

struct Status: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "What is not committed, not pushed, or in conflict; the last sync's result. Never uses the network.")

    @OptionGroup var output: OutputFormat<JSON>
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try Context.open(global)
        let history = try context.requireHistory()
        var status = try history.status(settings: context.vault.settings, localDirectory: context.vault.localDirectory)
        status.ignored = try history.ignoredFiles(in: context.vault)
        let heldBack = try history.heldBackNotes(status.changed, in: context.vault)
        let pendingAI = AIState(localDirectory: context.vault.localDirectory).failures.keys.sorted()
        let media = try history.lfsMediaCounts(context.vault)
        StatusPrinter(status: status, heldBack: heldBack, pendingAI: pendingAI, media: media).print(json: output.json, context: context)
    }

    enum JSON: HelpText {
        static let help = "Print the status as JSON."
    }
}
