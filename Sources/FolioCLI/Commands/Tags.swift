import ArgumentParser
import FolioCore
import FolioStore
import Foundation

/// `folio tags`: every tag with how many records carry it and the day it was last used.
///
/// Tags are the front matter `tags` plus the body's inline `#tags` (``Record/allTags``). Tags
/// that differ only in case are one tag, shown as the oldest record carrying it wrote it
/// (oldest by `created`, then by path), so the spelling does not depend on which file is read
/// first and does not change when a newer record writes it differently.
struct Tags: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tags",
        abstract: "List every tag with its number of records and the day it was last used.",
        discussion: """
            Tags are the front matter `tags` and the inline #tags of the body. The first line, "All",
            counts every record (the profile is left out unless --kind profile).
            Examples:
              folio tags
              folio tags --sort count
              folio tags --kind diary --json | jq '.[0].tag'
            """)

    @Option(help: "recent (newest use first; ties by count, then name), count (most used first), or name.")
    var sort: TagOrder = .recent
    @OptionGroup var filters: FilterOptions
    @OptionGroup var output: OutputFormat<JSON>
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try Context.openForReading(global)
        let records = try context.select(try filters.filter())
        TagsPrinter.print(records.tagUses().sorted(by: sort), recordCount: records.count, json: output.json, context: context)
    }

    enum JSON: HelpText {
        static let help = "Print a JSON array of {tag, count, last_used}."
    }
}

extension TagOrder: ExpressibleByArgument {}
