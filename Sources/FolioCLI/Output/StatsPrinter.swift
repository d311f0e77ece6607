import FolioCore
import Foundation

/// `folio stats`: the counts, then tables of the fields, rates, value counts and periods; or JSON
/// `{total, by_kind, by_month, by_tag, fields, rates[, counts, counts_by_month][, by, by_period]}`.
struct StatsPrinter {
    let report: StatsReport
    /// The keys whose sum and average the period table shows: those asked for, else every key.
    let sums: Set<String>
    let averages: Set<String>

    init(_ report: StatsReport, request: StatsRequest) {
        self.report = report
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
        func row(_ label: Message, _ pairs: [(String, Int)]) -> String? {
            pairs.isEmpty ? nil : row(label, pairs.map { "\($0.0.oneLine) \($0.1)" }.joined(separator: "  "))
        }
        var lines = [row(.statsRecordsHeading, String(report.total))]
        lines += [
            row(.statsByKind, report.byKind), row(.statsByMonth, report.byMonth),
            row(.statsTopTags, Array(report.byTag.prefix(10)).map { ("#" + $0.0, $0.1) }),
        ].compactMap { $0 }

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
                    path.name, String(summary.count), Self.number(summary.count == 0 ? nil : summary.sum),
                    Self.number(summary.average), Self.number(summary.min), Self.number(summary.max),
                ])
            }
            lines += Table.lines(table, terminal: t)
        }
        if !report.rates.isEmpty {
            lines.append("")
            var table = [[say(.statsRateHeading), say(.statsMatchedHeading), "%"]]
            for (spec, tally) in zip(report.rates, report.overall.rates) {
                table.append([spec.name, "\(tally.matched)/\(tally.total)", Self.percent(tally.rate)])
            }
            lines += Table.lines(table, terminal: t)
        }
        if !report.counts.isEmpty {
            lines += countLines(terminal: t, monthHeading: say(.statsMonthHeading))
        }
        if let by = report.by, !report.periods.isEmpty {
            lines.append("")
            lines += periodLines(by, language: language, terminal: t)
        }
        return lines
    }

    /// A row per period: its records, the sums and averages shown, and the rates.
    private func periodLines(_ by: StatsPeriod, language: Language, terminal t: Terminal) -> [String] {
        func say(_ message: Message) -> String { message.text(language) }
        let heading: Message =
            switch by {
            case .month: .statsMonthHeading
            case .week: .statsWeekHeading
            case .year: .statsYearHeading
            }
        var header = [say(heading), say(.statsRecordsHeading)]
        for path in report.fields {
            if sums.contains(path.name) { header.append(path.name + " " + say(.statsSumHeading)) }
            if averages.contains(path.name) { header.append(path.name + " " + say(.statsAvgHeading)) }
        }
        header += report.rates.map(\.name)
        var table = [header]
        for (period, figures) in report.periods {
            var cells = [period, String(figures.records)]
            for (path, summary) in zip(report.fields, figures.fields) {
                if sums.contains(path.name) { cells.append(Self.number(summary.count == 0 ? nil : summary.sum)) }
                if averages.contains(path.name) { cells.append(Self.number(summary.average)) }
            }
            cells += figures.rates.map { "\($0.matched)/\($0.total) \(Self.percent($0.rate))" }
            table.append(cells)
        }
        return Table.lines(table, terminal: t)
    }

    /// Each counted key: its values with numbers (and on a terminal a bar), then a table per month.
    private func countLines(terminal t: Terminal, monthHeading: String) -> [String] {
        var lines: [String] = []
        for (index, spec) in report.counts.enumerated() {
            let overallValues = spec.ordered(report.overall.counts[index])
            let most = overallValues.map(\.1).max() ?? 0
            lines.append("")
            var table = [[spec.name, "", ""]]
            for (value, count) in overallValues {
                table.append([value, String(count), t.isInteractive ? Table.bar(count, of: most, width: 20) : ""])
            }
            lines += Table.lines(table, terminal: t).map(\.trimmingTrailingSpaces)
            guard !report.countsByMonth.isEmpty else { continue }
            lines.append("")
            let values = overallValues.map(\.0)
            var monthly = [[monthHeading] + values]
            let monthMost = report.countsByMonth.flatMap { $0.1[index].values }.max() ?? 0
            for (month, tallies) in report.countsByMonth {
                monthly.append(
                    [month]
                        + values.map { value in
                            let count = tallies[index][value] ?? 0
                            return t.isInteractive ? Table.bar(count, of: monthMost, width: 8) + " " + String(count) : String(count)
                        })
            }
            lines += Table.lines(monthly, terminal: t)
        }
        return lines
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
