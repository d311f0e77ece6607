import ArgumentParser
import FolioCore
import FolioStore
import Foundation

/// `folio cal`: a month (or a year) as a calendar grid, with the days that have records marked.
///
/// A record belongs to the day of its `created` (else `modified`) as written, the writer's
/// local day. Today comes from the vault's clock (`FOLIO_NOW` in tests). Today is shown in
/// inverse video on a colour terminal and as `[22]` otherwise; days with records carry a `*`
/// (and colour), and the month view lists each such day with its count under the grid. Month
/// and weekday names follow the vault's language.
///
/// The week starts on the day the locale's region uses, else the time zone's, else the vault language's (``Context/weekStart()``), unless
/// `--week-start` says otherwise.
struct Cal: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "cal",
            abstract: bilingual("Show a month (or a year) as a calendar, marking the days that have records.", "以月曆顯示一個月（或一整年），標出有紀錄的日子。"),
            discussion: bilingual(
                """
                Today is shown as [22] (inverse video on a colour terminal); days with records carry a *,
                and the month view lists their counts under the grid. The week starts on Sunday or Monday
                as the locale's region does (LC_ALL, LC_TIME, LANG; en_US and zh_TW: Sunday; most others:
                Monday); a locale without a region (C.UTF-8) leaves it to the time zone's country, then the
                vault's language (zh-Hant: Sunday).
                Examples:
                  folio cal
                  folio cal 2026-11 --week-start monday
                  folio cal 2026 --kind diary
                  folio cal 2026-11 --json | jq '.days[] | select(.count > 1)'
                """,
                """
                今天顯示成 [22]（彩色終端機上是反白）；有紀錄的日子標上 *，月份畫面會在月曆下方列出每天的筆數。
                一週從星期日或星期一開始，依地區設定（LC_ALL、LC_TIME、LANG；en_US 和 zh_TW：星期日；其他大多數：星期一）；
                地區設定沒有指明地區時（C.UTF-8），依時區所在的國家，再依資料庫的語言（zh-Hant：星期日）。
                例如：
                  folio cal
                  folio cal 2026-11 --week-start monday
                  folio cal 2026 --kind diary
                  folio cal 2026-11 --json | jq '.days[] | select(.count > 1)'
                """))
    }

    @Argument(help: bilingual("A month (YYYY-MM) or a year (YYYY); default: the current month.", "月份（YYYY-MM）或年份（YYYY）；預設是這個月。"))
    var period: String?
    @OptionGroup var filters: FilterOptions
    @Option(
        help: bilingual(
            "The first day of the week: monday or sunday (default: from the locale, the time zone, then the vault's language).",
            "一週的第一天：`monday` 或 `sunday`（預設依地區設定、時區和資料庫的語言）。")) var weekStart: WeekStart?
    @OptionGroup var output: OutputFormat<JSON>
    @ParentCommand var folio: Folio
    var global: GlobalOptions { folio.global }

    func run() throws {
        let context = try Context.openForReading(global)
        let today = context.vault.clock.timestamp
        let target = try CalendarPeriod.parse(period, today: today)
        let counts = DayCounts(try context.select(try filters.filter()).countsByDay())
        let grid = CalendarGrid(
            counts: counts, today: today, weekStart: weekStart ?? context.weekStart(), language: context.language,
            terminal: context.terminal)
        grid.print(target, json: output.json, context: context)
    }

    enum JSON: HelpText {
        static var help: String {
            bilingual(
                "Print JSON: {month, days: [{date, count}]}, or {year, months: [...]} for a year.",
                "輸出 JSON：`{month, days: [{date, count}]}`，整年則是 `{year, months: [...]}`。")
        }
    }
}

extension WeekStart: ExpressibleByArgument {}
