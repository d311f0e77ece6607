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
    @Flag(help: "Print JSON: {month, days: [{date, count}]}, or {year, months: [...]} for a year.") var json = false
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try Context.open(global)
        let today = context.vault.clock.timestamp
        let target = try CalendarPeriod.parse(period, today: today)
        let counts = try context.select(try filters.filter()).countsByDay()
        let grid = CalendarGrid(
            counts: counts, today: today, weekStart: weekStart ?? WeekStart.fromLocale(context.environment),
            language: context.language, terminal: context.terminal)
        grid.print(target, json: json, context: context)
    }
}

extension CalendarGrid {
    /// A month or a year: the grid on the terminal (a year in as many columns as fit), or JSON.
    func print(_ target: CalendarPeriod, json: Bool, context: Context) {
        switch target {
        case .month(let year, let month):
            if json { return context.json(monthJSON(year: year, month: month)) }
            Console.out(monthView(year: year, month: month).joined(separator: "\n"))
        case .year(let year):
            if json {
                return context.json(
                    .object([
                        ("year", .string(String(format: "%04d", year))),
                        ("months", .array((1...12).map { monthJSON(year: year, month: $0) })),
                    ]))
            }
            let columns = context.terminal.width >= 3 * 28 + 2 * 3 ? 3 : context.terminal.width >= 2 * 28 + 3 ? 2 : 1
            Console.page(
                yearView(year: year, columns: columns).joined(separator: "\n"),
                terminal: context.terminal, environment: context.environment)
        }
    }
}

/// The first day of a calendar week.
enum WeekStart: String, ExpressibleByArgument, CaseIterable, Sendable {
    case monday, sunday

    /// Regions whose calendars start the week on Sunday (CLDR's list, without the few that
    /// start on Saturday, which folio shows from Monday).
    static let sundayRegions: Set<String> = [
        "AG", "AS", "BD", "BR", "BS", "BT", "BW", "BZ", "CA", "CO", "DM", "DO", "ET", "GT", "GU", "HK", "HN", "ID",
        "IL", "IN", "JM", "JP", "KE", "KH", "KR", "LA", "MH", "MM", "MO", "MT", "MX", "MZ", "NI", "NP", "PA", "PE",
        "PH", "PK", "PR", "PT", "PY", "SA", "SG", "SV", "TH", "TT", "TW", "UM", "US", "VE", "VI", "WS", "YE", "ZA", "ZW",
    ]

    /// The week start of the locale's region: the first non-empty of `LC_ALL`, `LC_TIME`,
    /// `LANG` (as POSIX orders them), its region being the letters after `_` or `-`
    /// (`en_US.UTF-8` → US). Sunday for the regions that use it (US, TW, JP, CA…); Monday —
    /// ISO 8601's choice — for every other region and for locales without one (`C`, `POSIX`).
    static func fromLocale(_ environment: [String: String]) -> WeekStart {
        let locale = ["LC_ALL", "LC_TIME", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        let name = locale.split(whereSeparator: { $0 == "." || $0 == "@" }).first.map(String.init) ?? ""
        let parts = name.split(whereSeparator: { $0 == "_" || $0 == "-" })
        // zh-Hant-TW has a script between language and region: the region is the last 2-letter part.
        guard let region = parts.dropFirst().last(where: { $0.count == 2 }) else { return .monday }
        return sundayRegions.contains(region.uppercased()) ? .sunday : .monday
    }

    /// The weekday this start is, 0 for Sunday.
    var weekday: Int { self == .sunday ? 0 : 1 }
}

/// What `folio cal` was asked to show.
enum CalendarPeriod: Equatable {
    case month(year: Int, month: Int)
    case year(Int)

    /// `YYYY-MM` or `YYYY`; nil gives today's month.
    static func parse(_ text: String?, today: Timestamp) throws(FolioError) -> CalendarPeriod {
        guard let text else { return .month(year: today.year, month: today.month) }
        let bytes = Array(text.utf8)
        let digits = { (range: Range<Int>) in bytes[range].allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }
        if bytes.count == 4, digits(0..<4), let year = Int(text), year >= 1 {
            return .year(year)
        }
        if bytes.count == 7, digits(0..<4), bytes[4] == UInt8(ascii: "-"), digits(5..<7),
            let year = Int(text.prefix(4)), let month = Int(text.suffix(2)), year >= 1, (1...12).contains(month)
        {
            return .month(year: year, month: month)
        }
        throw FolioError(.badCalendarArgument(text))
    }
}

/// Draws months as grids of day cells; each line of a month has the same visible width.
struct CalendarGrid {
    let counts: [String: Int]
    let today: Timestamp
    let weekStart: WeekStart
    let language: Language
    let terminal: Terminal

    func monthJSON(year: Int, month: Int) -> JSONWriter.JSON {
        let days: [JSONWriter.JSON] = (1...CivilDate.length(year: year, month: month)).compactMap { day in
            let date = Self.date(year, month, day)
            guard let count = counts[date] else { return nil }
            return .object([("date", .string(date)), ("count", .int(count))])
        }
        return .object([("month", .string(String(format: "%04d-%02d", year, month))), ("days", .array(days))])
    }

    /// The month view: title, weekday names, the weeks (cells 5 wide), then the days with records and their counts.
    func monthView(year: Int, month: Int) -> [String] {
        let title = Message.calMonthTitle(year: year, month: month).text(language)
        // Weeks the month does not reach are blank rows here; only the year view needs them.
        var lines = grid(year: year, month: month, cell: 5, title: title).map(\.trimmingTrailingSpaces).filter { !$0.isEmpty }
        let recordDays = (1...CivilDate.length(year: year, month: month)).compactMap { day in
            counts[Self.date(year, month, day)].map { (day, $0) }
        }
        lines.append("")
        guard !recordDays.isEmpty else {
            lines.append(Message.calNoRecords.text(language))
            return lines
        }
        let total = recordDays.reduce(0) { $0 + $1.1 }
        lines.append(Message.calMonthSummary(records: total, days: recordDays.count).text(language))
        // The days with their counts, wrapped to the grid's width.
        var line = ""
        for (day, count) in recordDays {
            let piece = Message.calDayCount(day: day, count: count).text(language)
            if !line.isEmpty && line.displayWidth + 2 + piece.displayWidth > 7 * 5 {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : "  ") + piece
        }
        lines.append(line)
        return lines
    }

    /// The year view: twelve months side by side in `columns` columns, cells 4 wide, then a total.
    func yearView(year: Int, columns: Int) -> [String] {
        let monthWidth = 7 * 4
        let gap = "   "
        let totalWidth = columns * monthWidth + (columns - 1) * gap.count
        let yearTitle = Message.calYearTitle(year).text(language)
        var lines = [terminal.bold(Self.centered(yearTitle, in: totalWidth)).trimmingTrailingSpaces, ""]
        var total = 0
        var days = 0
        for (date, count) in counts where date.hasPrefix(String(format: "%04d-", year)) {
            total += count
            days += 1
        }
        for first in stride(from: 1, through: 12, by: columns) {
            let months = (first..<min(first + columns, 13)).map { month in
                let count = counts.filter { $0.key.hasPrefix(Self.date(year, month, 1).prefix(8)) }.values.reduce(0, +)
                let heading = Message.calMonthHeading(month: month, records: count).text(language)
                return grid(year: year, month: month, cell: 4, title: heading)
            }
            let height = months.map(\.count).max() ?? 0
            for row in 0..<height {
                let parts = months.map { row < $0.count ? $0[row] : String(repeating: " ", count: monthWidth) }
                lines.append(parts.joined(separator: gap).trimmingTrailingSpaces)
            }
            lines.append("")
        }
        lines.append(total == 0 ? Message.calNoRecords.text(language) : Message.calYearSummary(records: total, days: days).text(language))
        return lines
    }

    // MARK: - One month

    /// Title, weekday names and six week rows (blank when the month is shorter), each `7 * cell` wide.
    private func grid(year: Int, month: Int, cell: Int, title: String) -> [String] {
        let width = 7 * cell
        var lines = [terminal.bold(Self.centered(title, in: width))]
        let names = (0..<7).map { i in
            let name = Message.calWeekday((weekStart.weekday + i) % 7).text(language)
            return (" " + name).padded(to: cell)
        }
        lines.append(terminal.dim(names.joined()))
        let offset = (CivilDate.weekday(year: year, month: month, day: 1) - weekStart.weekday + 7) % 7
        let length = CivilDate.length(year: year, month: month)
        var row = String(repeating: " ", count: offset * cell)
        var filled = offset
        var rows: [String] = []
        for day in 1...length {
            row += self.cell(year: year, month: month, day: day, width: cell)
            filled += 1
            if filled == 7 {
                rows.append(row)
                row = ""
                filled = 0
            }
        }
        if filled > 0 { rows.append(row + String(repeating: " ", count: (7 - filled) * cell)) }
        while rows.count < 6 { rows.append(String(repeating: " ", count: width)) }
        return lines + rows
    }

    /// One day: ` 22 ` plain, ` 22*` with records, `[22]` today without colour (inverse video
    /// with colour). A cell 5 wide has room for today's `*` after the bracket (`[22]*`); in a
    /// cell 4 wide the bracket takes its place, so today shows `[22]` with or without records.
    private func cell(year: Int, month: Int, day: Int, width: Int) -> String {
        let number = day < 10 ? " \(day)" : "\(day)"
        let isToday = year == today.year && month == today.month && day == today.day
        let hasRecords = counts[Self.date(year, month, day)] != nil
        let star = hasRecords ? terminal.accent("*") : " "
        let shownNumber =
            isToday && terminal.useColor
            ? terminal.paint(number, "7")
            : hasRecords ? terminal.paint(number, "1;36") : number
        if isToday && !terminal.useColor {
            return width == 4 ? "[" + number + "]" : "[" + number + "]" + star
        }
        return width == 4 ? " " + shownNumber + star : " " + shownNumber + star + " "
    }

    private static func date(_ year: Int, _ month: Int, _ day: Int) -> String {
        String(format: "%04d-%02d-%02d", year, month, day)
    }

    private static func centered(_ text: String, in width: Int) -> String {
        let left = max(0, (width - text.displayWidth) / 2)
        return (String(repeating: " ", count: left) + text).padded(to: width)
    }
}
