import ArgumentParser
import FolioCore
import FolioStore
import Foundation

struct Remove: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "rm",
            abstract: bilingual("Remove records and, by their kinds' rules, their children.", "刪除紀錄，並依類型的規則處理它們底下的紀錄。"),
            discussion: bilingual(
                """
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
                """,
                """
                指名要刪除的紀錄，或用篩選挑出來（所有篩選都要符合）：--kind、--tag、--since 和 --until（日期，或一段期間：
                90d、2w、6m、1y；`--until 90d` 是 90 天前或更早建立的每一筆紀錄）、--search（`folio search` 的查詢語法）。
                只有指定 --kind profile 時才會刪除主人資料。

                會先列出要刪除的內容（每個類型幾筆，再列出每筆紀錄）並詢問；不在終端機上時需要 --yes。刪除的全部是一個提交，
                `folio undo` 可以全部找回來。
                例如：
                  folio rm 5b0c --dry-run
                  folio rm 小寶 --yes
                  folio rm --kind qa --until 90d --dry-run
                  folio rm --tag 草稿 --search "before:2026-01-01" --yes
                """))
    }

    @Argument(
        help: bilingual(
            "The records to remove: id, id prefix, path or slug, or a conflict copy's path.", "要刪除的紀錄：id、id 開頭、路徑或 slug，或衝突副本的路徑。"),
        completion: .custom(Completions.records))
    var records: [String] = []
    @OptionGroup var filters: FilterOptions
    @Option(help: bilingual("Only records that `folio search` finds with this query.", "只刪除 `folio search` 用這個查詢找得到的紀錄。")) var search:
        String?
    @Flag(help: bilingual("Only list what would be removed.", "只列出會移除什麼。")) var dryRun = false
    @Flag(name: .shortAndLong, help: bilingual("Do not ask.", "不詢問。")) var yes = false
    @OptionGroup var output: OutputFormat<JSON>
    @ParentCommand var folio: Folio
    var global: GlobalOptions { folio.global }

    // try?: only whether filters were given; run() reads them with try and says what is wrong.
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
        static var help: String {
            bilingual(
                "Print the plan as JSON: {\"remove\": [records], \"unlink\": [paths]}.",
                "以 JSON 輸出計畫：`{\"remove\": [紀錄], \"unlink\": [路徑]}`。")
        }
    }
}
