import ArgumentParser
import FolioCore
import FolioSync

struct Undo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo",
        abstract: "Revert the newest change folio made on this device, with a new commit.",
        discussion: """
            Run it again to undo the change before that. It refuses when commits from another device \
            or made by hand came after and touch the same files, unless --force.
            """)

    @Flag(help: "Undo even when later commits from elsewhere touch the same files.") var force = false
    @Flag(help: "Only say what would be undone; change nothing.") var dryRun = false
    @OptionGroup var output: OutputFormat<JSON>
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try Context.open(global)
        let plan = try context.requireHistory().undoLast(in: context.vault, force: force, dryRun: dryRun)
        UndoPrinter.print(plan, dryRun: dryRun, json: output.json, context: context)
    }

    enum JSON: HelpText {
        static let help =
            "Print as JSON: {\"commit\", \"summary\", \"paths\", \"later_overlapping\", \"dry_run\"} (commit null when there is nothing to undo)."
    }
}
