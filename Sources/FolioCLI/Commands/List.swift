import ArgumentParser
import FolioCore
import FolioStore
import Foundation

struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List records, newest first: date, kind, short id, title, tags.",
        discussion: """
            Examples:
              folio list
              folio list idea --open --json | jq '.[].title'
              folio list --tag rain --since 2026-11-01 -n 20
              folio list diary --on-this-day
            """)

    @Argument(help: "Only records of this kind (`profile` lists the owner); the same as --kind.", completion: .custom(Completions.kinds))
    var kind: String?
    @Option(name: .customShort("n"), help: "Show at most N records.") var limit: Int?
    @OptionGroup var filters: FilterOptions
    @OptionGroup var output: OutputFormat<JSON>
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if let limit, limit < 0 { throw ValidationError("-n must be 0 or more.") }
        _ = try filters.filter(positionalKind: kind)
    }

    func run() throws {
        let context = try Context.openForReading(global)
        let records = try context.select(try filters.filter(positionalKind: kind)).newestFirst(limit: limit)
        ListPrinter.print(records, json: output.json, context: context)
    }

    enum JSON: HelpText {
        static let help = "Print a JSON array."
    }
}
