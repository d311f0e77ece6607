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
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "tags",
            abstract: bilingual("List every tag with its number of records and the day it was last used.", "列出每個標籤、它有幾筆紀錄，以及最後一次使用的日子。"),
            discussion: bilingual(
                """
                Tags are the front matter `tags` and the inline #tags of the body. The first line, "All",
                counts every record (the profile is left out unless --kind profile).
                Examples:
                  folio tags
                  folio tags --sort count
                  folio tags --kind diary --json | jq '.[0].tag'
                """,
                """
                標籤是 front matter 的 `tags` 和本文裡的 #標籤。第一行「全部」計算每一筆紀錄（不含主人資料，除非加
                --kind profile）。
                例如：
                  folio tags
                  folio tags --sort count
                  folio tags --kind diary --json | jq '.[0].tag'
                """))
    }

    @Option(
        help: bilingual(
            "recent (newest use first; ties by count, then name), count (most used first), or name.",
            "`recent`（最近用過的在前；相同時依數量，再依名稱）、`count`（用得最多的在前）或 `name`。"))
    var sort: TagOrder = .recent
    @OptionGroup var filters: FilterOptions
    @OptionGroup var output: OutputFormat<JSON>
    @ParentCommand var folio: Folio
    var global: GlobalOptions { folio.global }

    func run() throws {
        let context = try Context.openForReading(global)
        let records = try context.select(try filters.filter())
        TagsPrinter.print(records.tagUses().sorted(by: sort), recordCount: records.count, json: output.json, context: context)
    }

    enum JSON: HelpText {
        static var help: String { bilingual("Print a JSON array of {tag, count, last_used}.", "輸出 `{tag, count, last_used}` 的 JSON 陣列。") }
    }
}

extension TagOrder: ExpressibleByArgument {}
