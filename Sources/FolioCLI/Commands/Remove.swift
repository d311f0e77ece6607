import ArgumentParser
import FolioCore
import FolioStore
import Foundation

struct Remove: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rm",
        abstract: "Remove records and, by their kinds' rules, their children.",
        discussion: """
            Name the records, or choose them with filters (all filters must hold): --kind, --tag, --since and \
            --until (a date, or an age: 90d, 2w, 6m, 1y; `--until 90d` is every record made 90 days ago or \
            earlier), --search (the query language of `folio search`). The profile is only removed when \
            --kind profile is given.

            It lists what will go (counts per kind, then the records) and asks first; without a terminal it \
            needs --yes. Everything removed is one commit, so `folio undo` brings it all back.
            Examples:
              folio rm 5b0c --dry-run
              folio rm 小寶 --yes
              folio rm --kind qa --until 90d --dry-run
              folio rm --tag draft --search "before:2026-01-01" --yes
            """)

    @Argument(
        help: "The records to remove: id, id prefix, path or slug, or a conflict copy's path.", completion: .custom(Completions.records))
    var records: [String] = []
    @OptionGroup var filters: FilterOptions
    @Option(help: "Only records that `folio search` finds with this query.") var search: String?
    @Flag(help: "Only list what would be removed.") var dryRun = false
    @Flag(name: .shortAndLong, help: "Do not ask.") var yes = false
    @OptionGroup var output: OutputFormat<JSON>
    @OptionGroup var global: GlobalOptions

    private var hasFilters: Bool { (try? filters.filter()) != RecordFilter() || search != nil }

    func validate() throws {
        if records.isEmpty && !hasFilters { throw ValidationError(Message.ask(.needsRecordsOrFilter).text(MessageLanguage.shared.current)) }
        if !records.isEmpty && hasFilters { throw ValidationError(Message.ask(.recordsAndFilters).text(MessageLanguage.shared.current)) }
    }

    func run() throws {
        let context = try Context.open(global)
        let removal = try context.vault.planRemoval(
            names: records, filter: try filters.filter(), search: search, in: context.catalog(quiet: true),
            workingDirectory: context.workingDirectory)
        let printer = RemovalPrinter(removal: removal, json: output.json, context: context)
        guard !removal.isEmpty else { return printer.nothing() }
        printer.plan(limit: records.isEmpty ? 20 : nil)
        try context.vault.checkRefusals(removal)
        guard !dryRun, try context.confirmed(.confirmDelete(removal.count), yes: yes) else { return }
        try context.vault.remove(removal)
        printer.removed()
    }

    enum JSON: HelpText {
        static let help = "Print the plan as JSON: {\"remove\": [records], \"unlink\": [paths]}."
    }
}
