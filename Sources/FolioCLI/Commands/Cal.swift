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
/// The week starts on the day the locale's region uses (``WeekStart/fromLocale(_:)``), unless
/// `--week-start` says otherwise.
struct Cal: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cal",
        abstract: "Show a month (or a year) as a calendar, marking the days that have records.",
        discussion: """
            Today is shown as [22] (inverse video on a colour terminal); days with records carry a *,
            and the month view lists their counts under the grid. The week starts on Sunday or Monday
            as the locale's region does (LC_ALL, LC_TIME, LANG; en_US and zh_TW: Sunday; most others
            and no region: Monday).
            Examples:
              folio cal
              folio cal 2026-11 --week-start monday
              folio cal 2026 --kind diary
              folio cal 2026-11 --json | jq '.days[] | select(.count > 1)'
            """)

    @Argument(help: "A month (YYYY-MM) or a year (YYYY); default: the current month.") var period: String?
    @OptionGroup var filters: FilterOptions
    @Option(help: "The first day of the week: monday or sunday (default: from the locale).") var weekStart: WeekStart?
    @OptionGroup var output: OutputFormat<JSON>
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try Context.openForReading(global)
        let today = context.vault.clock.timestamp
        let target = try CalendarPeriod.parse(period, today: today)
        let counts = DayCounts(try context.select(try filters.filter()).countsByDay())
        let grid = CalendarGrid(
            counts: counts, today: today, weekStart: weekStart ?? WeekStart.fromLocale(context.environment),
            language: context.language, terminal: context.terminal)
        grid.print(target, json: output.json, context: context)
    }

    enum JSON: HelpText {
        static let help = "Print JSON: {month, days: [{date, count}]}, or {year, months: [...]} for a year."
    }
}

extension WeekStart: ExpressibleByArgument {}
