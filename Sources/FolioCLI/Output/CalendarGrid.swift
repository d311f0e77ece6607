import FolioCore
import Foundation

/// Draws months as grids of day cells; each line of a month has the same visible width.
struct CalendarGrid {
    let counts: DayCounts
    let today: Timestamp
    let weekStart: WeekStart
    let language: Language
    let terminal: Terminal

    func monthJSON(year: Int, month: Int) -> JSONWriter.JSON {
        let days: [JSONWriter.JSON] = counts.days(year: year, month: month).map { day, count in
            .object([("date", .string(DayCounts.date(year, month, day))), ("count", .int(count))])
        }
        return .object([("month", .string(String(format: "%04d-%02d", year, month))), ("days", .array(days))])
    }

    /// The month view: title, weekday names, the weeks (cells 5 wide), then the days with records and their counts.
    func monthView(year: Int, month: Int) -> [String] {
        let title = Message.calMonthTitle(year: year, month: month).text(language)
        // Weeks the month does not reach are blank rows here; only the year view needs them.
        var lines = grid(year: year, month: month, cell: 5, title: title).map(\.trimmingTrailingSpaces).filter { !$0.isEmpty }
        let recordDays = counts.days(year: year, month: month)
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
        let (total, days) = counts.total(year: year)
        for first in stride(from: 1, through: 12, by: columns) {
            let months = (first..<min(first + columns, 13)).map { month in
                let heading = Message.calMonthHeading(month: month, records: counts.total(year: year, month: month)).text(language)
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
        let offset = weekStart.offset(year: year, month: month)
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
        let hasRecords = counts.count(year: year, month: month, day: day) != nil
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

    private static func centered(_ text: String, in width: Int) -> String {
        let left = max(0, (width - text.displayWidth) / 2)
        return (String(repeating: " ", count: left) + text).padded(to: width)
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
