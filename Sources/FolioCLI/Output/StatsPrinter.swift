import FolioCore
import Foundation

/// `folio stats`: the counts, then tables of the fields, rates, value counts and periods; or JSON
/// `{total, by_kind, by_month, by_tag, fields, rates[, counts, counts_by_month][, by, by_period]}`.
struct StatsPrinter {
    let report: StatsReport
    /// The keys whose sum and average the period table shows: those asked for, else every key.
    let sums: Set<String>
    let averages: Set<String>
    /// The kind the records were chosen by: its labels name keys and values in the text.
    let kind: Kind?
    /// Every kind of the vault: their labels name them in the count per kind.
    let kinds: [String: Kind]

    init(_ report: StatsReport, request: StatsRequest, kind: Kind? = nil, kinds: [String: Kind] = [:]) {
        self.report = report
        self.kind = kind
        self.kinds = kinds
        let named = request.sums.isEmpty && request.averages.isEmpty
        sums = named ? Set(report.fields.map(\.name)) : Set(request.sums)
        averages = named ? Set(report.fields.map(\.name)) : Set(request.averages)
    }

    func print(json: Bool, context: Context) {
        if json { return context.json(report.json) }
        Console.page(
            text(language: context.language, terminal: context.terminal).map(\.trimmingTrailingSpaces).joined(separator: "\n"),
            terminal: context.terminal, environment: context.environment)
    }

    // MARK: Text

    func text(language: Language, terminal t: Terminal) -> [String] {
        func say(_ message: Message) -> String { message.text(language) }
        let labels: [Message] = [.statsRecordsHeading, .statsByKind, .statsByMonth, .statsTopTags]
        let labelWidth = labels.map { say($0).displayWidth }.max() ?? 0
        func row(_ label: Message, _ text: String) -> String { t.bold(say(label).padded(to: labelWidth)) + "  " + text }
        func rows(_ label: Message, _ pairs: [(String, Int)]) -> [String] {
            let cells = pairs.map { "\($0.0.oneLine) \($0.1)" }
            guard !cells.isEmpty else { return [] }
            // On a terminal the pairs wrap at its width, under the first (as `ls` fills columns);
            // through a pipe each label keeps one line, so `grep` finds it whole.
            let room = t.cutsLongLines ? max(8, t.width - labelWidth - 2) : Int.max
            return Self.wrapped(cells, width: room).enumerated().map { index, line in
                index == 0 ? row(label, line) : String(repeating: " ", count: labelWidth + 2) + line
            }
        }
        var lines = [row(.statsRecordsHeading, String(report.total))]
        lines += rows(.statsByKind, report.byKind.map { (kinds[$0.0]?.shownName(language) ?? $0.0, $0.1) })
        lines += rows(.statsByMonth, report.byMonth)
        lines += rows(.statsTopTags, Array(report.byTag.prefix(10)).map { ("#" + $0.0, $0.1) })

        if !report.fields.isEmpty {
            lines.append("")
            var table = [
                [
                    say(.statsKeyHeading), say(.statsSamplesHeading), say(.statsSumHeading), say(.statsAvgHeading),
                    say(.statsMinHeading), say(.statsMaxHeading),
                ]
            ]
            for (path, summary) in zip(report.fields, report.overall.fields) {
                table.append([
                    shownKey(path.name, language), String(summary.count), Self.number(summary.count == 0 ? nil : summary.sum),
                    Self.number(summary.average), Self.number(summary.min), Self.number(summary.max),
                ])
            }
            lines += Table.lines(table, terminal: t)
        }
        if !report.rates.isEmpty {
            lines.append("")
            var table = [[say(.statsRateHeading), say(.statsMatchedHeading), "%"]]
            for (spec, tally) in zip(report.rates, report.overall.rates) {
                table.append([shownKey(spec.name, language), "\(tally.matched)/\(tally.total)", Self.percent(tally.rate)])
            }
            lines += Table.lines(table, terminal: t)
        }
        if !report.counts.isEmpty {
            lines += countLines(terminal: t, language: language)
        }
        if let by = report.by, !report.periods.isEmpty {
            lines.append("")
            lines += periodLines(by, language: language, terminal: t)
        }
        return lines
    }

    /// A row per period (or value of the `--by` key): its records, the sums and averages shown,
    /// and the rates; on a terminal, a bar for the first figure beside the numbers.
    private func periodLines(_ by: StatsGrouping, language: Language, terminal t: Terminal) -> [String] {
        func say(_ message: Message) -> String { message.text(language) }
        let heading: String
        var shown: (String) -> String = { $0 }
        switch by {
        case .period(.day): heading = say(.statsDayHeading)
        case .period(.month): heading = say(.statsMonthHeading)
        case .period(.week): heading = say(.statsWeekHeading)
        case .period(.year): heading = say(.statsYearHeading)
        case .key(let key):
            let field = kind?.field(key)
            heading = field?.shownName(language) ?? key
            if let field { shown = { field.shownValue($0, language) } }
        }
        var header = [heading, say(.statsRecordsHeading)]
        for path in report.fields {
            if sums.contains(path.name) { header.append(shownKey(path.name, language) + " " + say(.statsSumHeading)) }
            if averages.contains(path.name) { header.append(shownKey(path.name, language) + " " + say(.statsAvgHeading)) }
        }
        header += report.rates.map { shownKey($0.name, language) }
        // The bar follows the first sum shown, else the first rate, else the number of records.
        let barred: (FieldFigures) -> Double = { figures in
            if let index = report.fields.firstIndex(where: { sums.contains($0.name) }) { return figures.fields[index].sum }
            if let rate = figures.rates.first { return rate.rate ?? 0 }
            return Double(figures.records)
        }
        let most = report.periods.map { barred($0.1) }.max() ?? 0
        var table = [header]
        for (period, figures) in report.periods {
            var cells = [shown(period), String(figures.records)]
            for (path, summary) in zip(report.fields, figures.fields) {
                if sums.contains(path.name) { cells.append(Self.number(summary.count == 0 ? nil : summary.sum)) }
                if averages.contains(path.name) { cells.append(Self.number(summary.average)) }
            }
            cells += figures.rates.map { "\($0.matched)/\($0.total) \(Self.percent($0.rate))" }
            table.append(cells)
        }
        if t.isInteractive {
            let width = Self.barWidth(16, beside: table, terminal: t)
            table[0].append("")
            for (row, (_, figures)) in report.periods.enumerated() {
                table[row + 1].append(Table.bar(barred(figures), of: most, width: width))
            }
        }
        return Table.lines(table, terminal: t).map(\.trimmingTrailingSpaces)
    }

    /// A key (or a computed value) by its label in `language` when the kind gives one; a key path
    /// (`shots.count`) as it was typed.
    private func shownKey(_ name: String, _ language: Language) -> String {
        kind?.field(name)?.shownName(language) ?? kind?.computed.first { $0.name == name }?.shownName(language) ?? name
    }

    /// Each counted key: its values with numbers (and on a terminal a bar), then a table per month.
    /// Keys and values by their labels in the vault's language, when the kind gives them.
    private func countLines(terminal t: Terminal, language: Language) -> [String] {
        var lines: [String] = []
        for (index, spec) in report.counts.enumerated() {
            let field = kind?.field(spec.name)
            let overallValues = spec.ordered(report.overall.counts[index])
            let most = overallValues.map(\.1).max() ?? 0
            lines.append("")
            var table = [[field?.shownName(language) ?? spec.name, ""]]
            for (value, count) in overallValues { table.append([field?.shownValue(value, language) ?? value, String(count)]) }
            let width = Self.barWidth(20, beside: table, terminal: t)
            table[0].append("")
            for (row, (_, count)) in overallValues.enumerated() {
                table[row + 1].append(t.isInteractive ? Table.bar(count, of: most, width: width) : "")
            }
            lines += Table.lines(table, terminal: t).map(\.trimmingTrailingSpaces)
            guard !report.countsByMonth.isEmpty else { continue }
            lines.append("")
            let values = overallValues.map(\.0)
            var monthly = [[Message.statsMonthHeading.text(language)] + values.map { field?.shownValue($0, language) ?? $0 }]
            let monthMost = report.countsByMonth.flatMap { $0.1[index].values }.max() ?? 0
            // Each value's column is a bar and its count: the bars narrow so every value fits.
            let countWidth = String(monthMost).count
            let monthWidth = report.countsByMonth.map(\.0.displayWidth).max() ?? 7
            let perValue = values.isEmpty ? 8 : (t.width - monthWidth) / values.count - 2 - 1 - countWidth
            let barWidth = t.cutsLongLines ? max(2, min(8, perValue)) : 8
            for (month, tallies) in report.countsByMonth {
                monthly.append(
                    [month]
                        + values.map { value in
                            let count = tallies[index][value] ?? 0
                            return t.isInteractive ? Table.bar(count, of: monthMost, width: barWidth) + " " + String(count) : String(count)
                        })
            }
            lines += Table.lines(monthly, terminal: t)
        }
        return lines
    }

    /// `cells` joined by two spaces into lines of at most `width` columns (a cell wider than that
    /// alone on its line, cut by the terminal's own rule).
    static func wrapped(_ cells: [String], width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        var used = 0
        for cell in cells {
            let cellWidth = cell.displayWidth
            if !line.isEmpty, used + 2 + cellWidth > width {
                lines.append(line)
                (line, used) = ("", 0)
            }
            if line.isEmpty {
                (line, used) = (cell, cellWidth)
            } else {
                line += "  " + cell
                used += 2 + cellWidth
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// The width of a bar beside a table on `t`: `preferred` cells, fewer when the table and the
    /// bar would not fit the window (at least 4, so a bar still shows which is most).
    static func barWidth(_ preferred: Int, beside table: [[String]], terminal t: Terminal) -> Int {
        guard t.cutsLongLines else { return preferred }
        return max(4, min(preferred, t.width - Table.width(of: table) - 2))
    }

    /// `12`, `10.5`, `7.33`; `-` for no value.
    static func number(_ value: Double?) -> String {
        guard let value else { return "-" }
        if value == value.rounded() && abs(value) < 1e15 { return String(Int(value)) }
        var text = String(format: "%.2f", value)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }

    /// `70.0%`; `-` when nothing was counted.
    static func percent(_ rate: Double?) -> String {
        rate.map { String(format: "%.1f%%", $0 * 100) } ?? "-"
    }
}
