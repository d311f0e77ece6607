import ArgumentParser
import FolioCore
import FolioStore
import Foundation

struct List: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "list",
            abstract: bilingual("List records, newest first: date, kind, short id, title, tags.", "列出紀錄，新的在前：日期、類型、簡短 id、標題、標籤。"),
            discussion: bilingual(
                """
                Examples:
                  folio list
                  folio list idea --open --json | jq '.[].title'
                  folio list --tag rain --since 2026-11-01 -n 20
                  folio list diary --on-this-day
                """,
                """
                例如：
                  folio list
                  folio list idea --open --json | jq '.[].title'
                  folio list --tag 下雨 --since 2026-11-01 -n 20
                  folio list diary --on-this-day
                """))
    }

    @Argument(
        help: bilingual(
            "Only records of this kind (`profile` lists the owner); the same as --kind.", "只列這個類型的紀錄（`profile` 列出主人）；和 --kind 相同。"),
        completion: .custom(Completions.kinds))
    var kind: String?
    @Option(name: .customShort("n", allowingJoined: true), help: bilingual("Show at most N records.", "最多顯示 N 筆紀錄。")) var limit: Int?
    @OptionGroup var filters: FilterOptions
    @OptionGroup var output: OutputFormat<JSON>
    @ParentCommand var folio: Folio
    var global: GlobalOptions { folio.global }

    func validate() throws {
        if let limit, limit < 0 { throw ValidationError(Message.usage(.notNegative(option: "-n")).text(MessageLanguage.shared.current)) }
        _ = try filters.filter(positionalKind: kind)
    }

    func run() throws {
        let context = try Context.openForReading(global)
        let records = try context.select(try filters.filter(positionalKind: kind)).newestFirst(limit: limit)
        ListPrinter.print(records, json: output.json, context: context)
    }

    enum JSON: HelpText {
        static var help: String { bilingual("Print a JSON array.", "輸出 JSON 陣列。") }
    }
}
