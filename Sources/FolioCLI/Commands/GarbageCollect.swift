import ArgumentParser
import FolioCore
import FolioStore

struct GarbageCollect: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gc",
        abstract: "Remove media that no record uses any more (committed, so history keeps them).",
        discussion: """
            A media file counts as used while any Markdown file of the vault names its hash. Removing a \
            record never removes its media at once, since another record may share the same bytes.
            Examples: folio gc --dry-run · folio gc --yes
            """)

    @Flag(help: "Only list what would be removed.") var dryRun = false
    @Flag(name: .shortAndLong, help: "Do not ask.") var yes = false
    @OptionGroup var output: OutputFormat<JSON>
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try Context.open(global)
        let unused = context.vault.unreferencedMedia()
        let printer = UnusedMediaPrinter(json: output.json, context: context)
        if output.json && dryRun { return printer.files(unused) }
        guard !unused.isEmpty else { return printer.none() }
        printer.unused(unused)
        guard !dryRun, try context.confirmed(.media(.confirmRemove(unused.count)), yes: yes) else { return }
        printer.removed(try context.vault.removeUnreferencedMedia(unused))
    }

    enum JSON: HelpText {
        static let help = "Print the files as JSON."
    }
}
