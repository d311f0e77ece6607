import ArgumentParser
import FolioCore
import FolioStore
import Foundation
import YAML

/// `folio stats`: counts per kind, per month and per tag, and the sum, average, minimum and
/// maximum of record fields — computed from the files on every run, never stored.
///
/// **Key paths** name what to aggregate:
/// - `duration_minutes`: a top-level key; one value per record that has a number there.
/// - `context.temperature`: a dotted path into maps.
/// - `shots.count`: the length of the list `shots`, one value per record that has the list
///   (`count` after a list is always its length). A list named without `.count` counts too.
/// - `shots.power`: the key `power` of every map in the list `shots` — one value per item, over
///   all items of all records. A bare `power` is the top-level key when any selected record has
///   it; when none has, it names that key of the maps in the records' lists (so `result` works
///   like `shots.result`).
///
/// Only numbers count as values (`12`, `0.8`; a quoted `"12"` is text). Records without a value
/// at the path are left out of that key's figures. `--rate KEY=VALUE` is the share of values at
/// KEY equal to VALUE (text compared without case, numbers as numbers; a list matches when it
/// contains VALUE), among the records or items that have KEY.
///
/// With a KIND and neither `--sum` nor `--avg`, every numeric key and list length found in that
/// kind's records is reported, and every key the kind lists `values:` for (the magic 8 ball's
/// `answer_type`) is counted per value, overall and per month; `--count KEY` counts any key. `--by month|week|year` repeats the counts, fields and rates per
/// period (weeks are ISO 8601: `2026-W47`, starting on Monday).
struct Stats: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Count records by kind, month and tag, and sum, average, minimum and maximum of their fields.",
        discussion: """
            Key paths: `duration_minutes` (a key), `context.temperature` (into maps), `shots.count` (the length
            of the list `shots`), `shots.power` or `power` (the key of every map in a list, over all items).
            Examples:
              folio stats
              folio stats training
              folio stats training --sum shots.count --rate shots.result=made --by month
              folio stats training --avg duration_minutes --json | jq '.fields'
            """)

    enum Period: String, ExpressibleByArgument, CaseIterable {
        case month, week, year
    }

    @Argument(
        help: "Only records of this kind (the profile is counted only when named); the same as --kind.",
        completion: .custom(Completions.kinds)) var positionalKind: String?
    @OptionGroup var filters: FilterOptions
    @Option(name: .customLong("sum"), help: "A key path to total (repeatable).") var sums: [String] = []
    @Option(name: .customLong("avg"), help: "A key path to average (repeatable).") var averages: [String] = []
    @Option(name: .customLong("rate"), help: "KEY=VALUE: the share of values at KEY equal to VALUE (repeatable).") var rates: [String] = []
    @Option(
        name: .customLong("count"),
        help: "A key whose values to count, e.g. answer_type (repeatable; default: the kind's keys with listed values).")
    var counts: [String] = []
    @Option(help: "Repeat the figures per month, week (ISO) or year.") var by: Period?
    @Flag(help: "Print JSON: {total, by_kind, by_month, by_tag, fields, rates[, by, by_period]}.") var json = false
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        _ = try filters.filter(positionalKind: positionalKind)
        for key in sums + averages + counts where !FieldPath.isValid(key) {
            throw ValidationError("'\(key)' is not a key path such as duration or shots.count.")
        }
    }

    func run() throws {
        let context = try Context.open(global)
        let filter = try filters.filter(positionalKind: positionalKind)
        let selection = try context.select(filter)
        let records = selection.summaries
        let roots = fieldValues(of: records, kind: filter.kind, context: context)
        let (keys, fields) = chosenFields(roots, kind: filter.kind, context: context)
        let report = StatsReport(
            records: records, tagUses: selection.tagUses(), roots: roots, fields: fields,
            rates: try rateSpecs(roots), counts: tallies(roots, kind: filter.kind, context: context), by: by)
        if json { return context.json(report.json()) }
        let columns =
            sums.isEmpty && averages.isEmpty
            ? StatsColumns(sums: Set(keys), averages: Set(keys)) : StatsColumns(sums: Set(sums), averages: Set(averages))
        Console.page(
            report.text(language: context.language, terminal: context.terminal, columns: columns)
                .map(\.trimmingTrailingSpaces).joined(separator: "\n"), terminal: context.terminal, environment: context.environment)
    }

    /// The keys summed and averaged: those asked for, else every numeric key the kind's records hold.
    private func chosenFields(_ roots: [Value], kind: String?, context: Context) -> (keys: [String], fields: [FieldPath]) {
        let explicit = sums + averages.filter { !sums.contains($0) }
        let keys = explicit.isEmpty && kind != nil ? FieldPath.discover(in: roots) : explicit
        let fields = keys.map { FieldPath($0, roots: roots) }
        // A key asked for by name that no record holds a number at is named, not silently zero.
        for field in fields where explicit.contains(field.name) && !field.hasNumbers(in: roots) {
            context.warn(FolioError(.statsNoValues(field.name)))
        }
        return (keys, fields)
    }

    /// Each record's front matter, read from its file only when a figure needs field values.
    private func fieldValues(of records: [RecordSummary], kind: String?, context: Context) -> [Value] {
        guard kind != nil || !sums.isEmpty || !averages.isEmpty || !rates.isEmpty || !counts.isEmpty else {
            return Array(repeating: .null, count: records.count)
        }
        return context.vault.records(at: records.map(\.path)).map { $0?.document.root.resolved ?? .null }
    }

    private func rateSpecs(_ roots: [Value]) throws -> [RateSpec] {
        try rates.map { text in
            let (key, value) = try keyValue(text)
            guard FieldPath.isValid(key) else { throw FolioError(.fieldNeedsKeyValue(text)) }
            return RateSpec(name: "\(key)=\(value)", path: FieldPath(key, roots: roots), value: value)
        }
    }

    /// The `--count` keys, else for a kind the keys it lists values for.
    private func tallies(_ roots: [Value], kind: String?, context: Context) -> [CountSpec] {
        guard counts.isEmpty, let kind, let declared = try? context.vault.kind(kind) else {
            return counts.map { CountSpec(name: $0, path: FieldPath($0, roots: roots), values: []) }
        }
        return declared.fields.compactMap { field in
            field.allowedValues.map { CountSpec(name: field.name, path: FieldPath(field.name, roots: roots), values: $0) }
        }
    }
}

// MARK: - Key paths

/// A dotted key path into a record's front matter; see ``Stats``.
struct FieldPath {
    /// As the user wrote it; the key in the output.
    let name: String
    /// The segments walked; for a bare key that no record has at the top, prefixed by each list key.
    let walks: [[String]]

    /// Whether any record holds a number at this path.
    func hasNumbers(in roots: [Value]) -> Bool {
        roots.contains { !numbers(in: $0).isEmpty }
    }

    static func isValid(_ text: String) -> Bool {
        !text.isEmpty && !text.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty)
    }

    /// A path resolved against the selected records: a bare key no record has at the top
    /// names the key of the maps inside the records' lists.
    init(_ name: String, roots: [Value]) {
        self.name = name
        let segments = name.split(separator: ".").map(String.init)
        if roots.contains(where: { !Self.walk(segments, from: $0).isEmpty }) {
            walks = [segments]
            return
        }
        var listKeys: [String] = []
        for case .map(let pairs) in roots {
            for (key, value) in pairs {
                if case .list = value, !listKeys.contains(key) { listKeys.append(key) }
            }
        }
        walks = [segments] + listKeys.map { [$0] + segments }
    }

    /// The values at this path in one record's front matter (each list item gives its own).
    func values(in root: Value) -> [Value] {
        walks.flatMap { Self.walk($0, from: root) }
    }

    /// The numbers at this path: numbers, and the lengths of lists.
    func numbers(in root: Value) -> [(value: Double, integer: Bool)] {
        values(in: root).compactMap { value in
            switch value {
            case .int(let n): (Double(n), true)
            case .double(let d) where d.isFinite: (d, false)
            case .list(let items): (Double(items.count), true)
            default: nil
            }
        }
    }

    private static func walk(_ segments: [String], from root: Value) -> [Value] {
        var current = [root]
        for segment in segments {
            var next: [Value] = []
            for value in current {
                switch value {
                case .map(let pairs):
                    if let child = pairs.first(where: { $0.0 == segment })?.1 { next.append(child) }
                case .list(let items):
                    if segment == "count" {
                        next.append(.int(items.count))
                    } else {
                        for case .map(let pairs) in items {
                            if let child = pairs.first(where: { $0.0 == segment })?.1 { next.append(child) }
                        }
                    }
                default:
                    break
                }
            }
            current = next.filter { $0 != .null }
        }
        return current
    }

    /// Keys every record has but that are not measurements.
    static let commonKeys: Set<String> = ["id", "kind", "title", "created", "modified", "tags", "parent"]

    /// Every numeric key and list length in the records, in the order first met: `duration`,
    /// `shots.count`, `shots.power`, `context.temperature`.
    static func discover(in roots: [Value]) -> [String] {
        var found: [String] = []
        func add(_ key: String) { if !found.contains(key) { found.append(key) } }
        func visit(_ value: Value, _ path: String) {
            switch value {
            case .int, .double: add(path)
            case .list(let items):
                add(path + ".count")
                for case .map(let pairs) in items {
                    for (key, child) in pairs { visit(child, path + "." + key) }
                }
            case .map(let pairs):
                for (key, child) in pairs { visit(child, path + "." + key) }
            default:
                break
            }
        }
        for case .map(let pairs) in roots {
            for (key, value) in pairs where !commonKeys.contains(key) { visit(value, key) }
        }
        return found
    }
}

/// `--rate KEY=VALUE`.
struct RateSpec {
    let name: String
    let path: FieldPath
    let value: String

    func matches(_ candidate: Value) -> Bool {
        switch candidate {
        case .list(let items): return items.contains(where: matches)
        case .map: return false
        case .int, .double:
            if let wanted = Double(value), let number = Double(candidate.plainText) { return wanted == number }
            return false
        default:
            return candidate.plainText.caseInsensitiveCompare(value) == .orderedSame
        }
    }
}

/// `--count KEY`, or a key the kind lists values for: how many records hold each value.
struct CountSpec {
    let name: String
    let path: FieldPath
    /// The values the kind allows, shown (with 0) in this order before any other value found.
    let values: [String]

    /// Values in a fixed order: the allowed ones, then the others by count, then alphabetically.
    func ordered(_ tally: [String: Int]) -> [(String, Int)] {
        let others = tally.filter { !values.contains($0.key) }
            .sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        return values.map { ($0, tally[$0] ?? 0) } + others.map { ($0.key, $0.value) }
    }
}

// MARK: - Figures

/// Count, sum, average, minimum and maximum of one key's values.
struct FieldSummary {
    var count = 0
    var sum = 0.0
    var min: Double?
    var max: Double?
    var allIntegers = true

    mutating func add(_ value: Double, integer: Bool) {
        count += 1
        sum += value
        min = Swift.min(min ?? value, value)
        max = Swift.max(max ?? value, value)
        allIntegers = allIntegers && integer
    }

    var average: Double? { count == 0 ? nil : sum / Double(count) }

    /// `{"sum", "avg", "min", "max", "count"}`; integers stay integers, `avg` is always a number (or null).
    var json: JSONWriter.JSON {
        func number(_ value: Double?) -> JSONWriter.JSON {
            guard let value else { return .null }
            if allIntegers && value == value.rounded() && abs(value) < 1e15 { return .int(Int(value)) }
            return .double(Self.clean(value))
        }
        return .object([
            ("sum", number(sum)), ("avg", average.map { .double(Self.clean($0)) } ?? .null),
            ("min", number(min)), ("max", number(max)), ("count", .int(count)),
        ])
    }

    /// The value without the noise of binary fractions (0.1 + 0.2 shows as 0.3).
    static func clean(_ value: Double) -> Double {
        abs(value) < 1e9 ? (value * 1e9).rounded() / 1e9 : value
    }
}

/// How many values at a key equal the wanted value.
struct RateTally {
    var matched = 0
    var total = 0
    var rate: Double? { total == 0 ? nil : Double(matched) / Double(total) }

    var json: JSONWriter.JSON {
        .object([
            ("matched", .int(matched)), ("total", .int(total)),
            ("rate", rate.map { .double(FieldSummary.clean($0)) } ?? .null),
        ])
    }
}

/// The fields and rates of a group of records.
struct FieldFigures {
    var records = 0
    var fields: [FieldSummary]
    var rates: [RateTally]
    /// Per ``CountSpec``: how many values of each text.
    var counts: [[String: Int]]

    init(fieldCount: Int, rateCount: Int, countCount: Int = 0) {
        fields = Array(repeating: FieldSummary(), count: fieldCount)
        rates = Array(repeating: RateTally(), count: rateCount)
        counts = Array(repeating: [:], count: countCount)
    }

    mutating func add(_ root: Value, fields paths: [FieldPath], rates specs: [RateSpec], counts tallies: [CountSpec] = []) {
        records += 1
        for (i, spec) in tallies.enumerated() {
            for value in spec.path.values(in: root) {
                switch value {
                case .list(let items):
                    for item in items {
                        if case .list = item { continue }
                        if case .map = item { continue }
                        counts[i][item.plainText, default: 0] += 1
                    }
                case .map, .null: break
                default: counts[i][value.plainText, default: 0] += 1
                }
            }
        }
        for (i, path) in paths.enumerated() {
            for number in path.numbers(in: root) { fields[i].add(number.value, integer: number.integer) }
        }
        for (i, spec) in specs.enumerated() {
            for value in spec.path.values(in: root) {
                rates[i].total += 1
                if spec.matches(value) { rates[i].matched += 1 }
            }
        }
    }
}

/// Which figures the text output shows for each key.
struct StatsColumns {
    let sums: Set<String>
    let averages: Set<String>
}

/// Everything `folio stats` reports, computed once.
struct StatsReport {
    let total: Int
    let byKind: [(String, Int)]
    let byMonth: [(String, Int)]
    let byTag: [(String, Int)]
    let fields: [FieldPath]
    let rates: [RateSpec]
    let counts: [CountSpec]
    let overall: FieldFigures
    let by: Stats.Period?
    let periods: [(String, FieldFigures)]
    /// The value counts per month, whatever `--by` says: the magic 8 ball's answers month by month.
    let countsByMonth: [(String, [[String: Int]])]

    init(
        records: [RecordSummary], tagUses: [TagUse], roots: [Value], fields: [FieldPath], rates: [RateSpec], counts: [CountSpec] = [],
        by: Stats.Period?
    ) {
        total = records.count
        var kinds: [String: Int] = [:]
        var months: [String: Int] = [:]
        var overall = FieldFigures(fieldCount: fields.count, rateCount: rates.count, countCount: counts.count)
        var periods: [String: FieldFigures] = [:]
        var monthly: [String: FieldFigures] = [:]
        for (record, root) in zip(records, roots) {
            kinds[record.kind ?? "?", default: 0] += 1
            let time = record.sortTime
            if let time { months[String(time.day10.prefix(7)), default: 0] += 1 }
            overall.add(root, fields: fields, rates: rates, counts: counts)
            if !counts.isEmpty, let time {
                monthly[String(time.day10.prefix(7)), default: FieldFigures(fieldCount: 0, rateCount: 0, countCount: counts.count)]
                    .add(root, fields: [], rates: [], counts: counts)
            }
            if let by, let time {
                let key =
                    switch by {
                    case .month: String(time.day10.prefix(7))
                    case .year: String(time.day10.prefix(4))
                    case .week: CivilDate.isoWeek(year: time.year, month: time.month, day: time.day)
                    }
                periods[key, default: FieldFigures(fieldCount: fields.count, rateCount: rates.count, countCount: counts.count)]
                    .add(root, fields: fields, rates: rates, counts: counts)
            }
        }
        self.counts = counts
        countsByMonth = monthly.sorted { $0.key < $1.key }.map { ($0.key, $0.value.counts) }
        byKind = kinds.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map { ($0.key, $0.value) }
        byMonth = months.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        byTag = TagTally.sorted(tagUses, by: .count).map { ($0.tag, $0.count) }
        self.fields = fields
        self.rates = rates
        self.overall = overall
        self.by = by
        self.periods = periods.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    // MARK: JSON

    func json() -> JSONWriter.JSON {
        func counts(_ pairs: [(String, Int)]) -> JSONWriter.JSON { .object(pairs.map { ($0.0, .int($0.1)) }) }
        var pairs: [(String, JSONWriter.JSON)] = [
            ("total", .int(total)), ("by_kind", counts(byKind)), ("by_month", counts(byMonth)), ("by_tag", counts(byTag)),
        ]
        pairs += figures(overall)
        if !self.counts.isEmpty {
            pairs.append(("counts_by_month", .object(countsByMonth.map { month, tallies in (month, countsJSON(tallies)) })))
        }
        if let by {
            pairs.append(("by", .string(by.rawValue)))
            pairs.append(
                (
                    "by_period",
                    .object(
                        periods.map { period, figures in
                            (period, .object([("total", .int(figures.records))] + self.figures(figures)))
                        })
                ))
        }
        return .object(pairs)
    }

    private func figures(_ figures: FieldFigures) -> [(String, JSONWriter.JSON)] {
        var pairs: [(String, JSONWriter.JSON)] = [
            ("fields", .object(zip(fields, figures.fields).map { ($0.name, $1.json) })),
            ("rates", .object(zip(rates, figures.rates).map { ($0.name, $1.json) })),
        ]
        if !counts.isEmpty { pairs.append(("counts", countsJSON(figures.counts))) }
        return pairs
    }

    /// `{"answer_type": {"affirmative": 12, "neutral": 3, "negative": 5}}`.
    private func countsJSON(_ tallies: [[String: Int]]) -> JSONWriter.JSON {
        .object(
            zip(counts, tallies).map { spec, tally in
                (spec.name, .object(spec.ordered(tally).map { ($0.0, .int($0.1)) }))
            })
    }

    // MARK: Text

    func text(language: Language, terminal t: Terminal, columns: StatsColumns) -> [String] {
        func say(_ message: Message) -> String { message.text(language) }
        let labels: [Message] = [.statsRecordsHeading, .statsByKind, .statsByMonth, .statsTopTags]
        let labelWidth = labels.map { say($0).displayWidth }.max() ?? 0
        func row(_ label: Message, _ text: String) -> String { t.bold(say(label).padded(to: labelWidth)) + "  " + text }
        func row(_ label: Message, _ pairs: [(String, Int)]) -> String? {
            pairs.isEmpty ? nil : row(label, pairs.map { "\($0.0) \($0.1)" }.joined(separator: "  "))
        }
        var lines = [row(.statsRecordsHeading, String(total))]
        lines += [
            row(.statsByKind, byKind), row(.statsByMonth, byMonth),
            row(.statsTopTags, Array(byTag.prefix(10)).map { ("#" + $0.0, $0.1) }),
        ].compactMap { $0 }

        if !fields.isEmpty {
            lines.append("")
            var table = [
                [
                    say(.statsKeyHeading), say(.statsSamplesHeading), say(.statsSumHeading), say(.statsAvgHeading),
                    say(.statsMinHeading), say(.statsMaxHeading),
                ]
            ]
            for (path, summary) in zip(fields, overall.fields) {
                table.append([
                    path.name, String(summary.count), Self.number(summary.count == 0 ? nil : summary.sum),
                    Self.number(summary.average), Self.number(summary.min), Self.number(summary.max),
                ])
            }
            lines += Self.layout(table, terminal: t)
        }
        if !rates.isEmpty {
            lines.append("")
            var table = [[say(.statsRateHeading), say(.statsMatchedHeading), "%"]]
            for (spec, tally) in zip(rates, overall.rates) {
                table.append([spec.name, "\(tally.matched)/\(tally.total)", Self.percent(tally.rate)])
            }
            lines += Self.layout(table, terminal: t)
        }
        if !counts.isEmpty {
            lines += countLines(terminal: t, monthHeading: say(.statsMonthHeading))
        }
        if let by, !periods.isEmpty {
            lines.append("")
            let heading: Message =
                switch by {
                case .month: .statsMonthHeading
                case .week: .statsWeekHeading
                case .year: .statsYearHeading
                }
            var header = [say(heading), say(.statsRecordsHeading)]
            for path in fields {
                if columns.sums.contains(path.name) { header.append(path.name + " " + say(.statsSumHeading)) }
                if columns.averages.contains(path.name) { header.append(path.name + " " + say(.statsAvgHeading)) }
            }
            header += rates.map(\.name)
            var table = [header]
            for (period, figures) in periods {
                var cells = [period, String(figures.records)]
                for (path, summary) in zip(fields, figures.fields) {
                    if columns.sums.contains(path.name) { cells.append(Self.number(summary.count == 0 ? nil : summary.sum)) }
                    if columns.averages.contains(path.name) { cells.append(Self.number(summary.average)) }
                }
                cells += figures.rates.map { "\($0.matched)/\($0.total) \(Self.percent($0.rate))" }
                table.append(cells)
            }
            lines += Self.layout(table, terminal: t)
        }
        return lines
    }

    /// Each counted key: its values with numbers (and on a terminal a bar), then a table per month.
    private func countLines(terminal t: Terminal, monthHeading: String) -> [String] {
        var lines: [String] = []
        for (index, spec) in counts.enumerated() {
            let overallValues = spec.ordered(overall.counts[index])
            let most = overallValues.map(\.1).max() ?? 0
            lines.append("")
            var table = [[spec.name, "", ""]]
            for (value, count) in overallValues {
                table.append([value, String(count), t.isInteractive ? Self.bar(count, of: most, width: 20) : ""])
            }
            lines += Self.layout(table, terminal: t).map(\.trimmingTrailingSpaces)
            guard !countsByMonth.isEmpty else { continue }
            lines.append("")
            let values = overallValues.map(\.0)
            var monthly = [[monthHeading] + values]
            let monthMost = countsByMonth.flatMap { $0.1[index].values }.max() ?? 0
            for (month, tallies) in countsByMonth {
                monthly.append(
                    [month]
                        + values.map { value in
                            let count = tallies[index][value] ?? 0
                            return t.isInteractive ? Self.bar(count, of: monthMost, width: 8) + " " + String(count) : String(count)
                        })
            }
            lines += Self.layout(monthly, terminal: t)
        }
        return lines
    }

    /// A bar of eighth blocks, `width` cells for `most`; a count above zero always shows a sliver.
    static func bar(_ count: Int, of most: Int, width: Int) -> String {
        guard most > 0, count > 0 else { return String(repeating: " ", count: width) }
        let eighths = max(1, Int((Double(count) / Double(most) * Double(width * 8)).rounded()))
        let partial = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"][eighths % 8]
        let text = String(repeating: "█", count: eighths / 8) + partial
        return text + String(repeating: " ", count: max(0, width - text.count))
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

    /// Rows as columns: the first left-aligned, the others right-aligned; the header dimmed.
    static func layout(_ rows: [[String]], terminal: Terminal) -> [String] {
        let count = rows.map(\.count).max() ?? 0
        let widths = (0..<count).map { column in rows.map { column < $0.count ? $0[column].displayWidth : 0 }.max() ?? 0 }
        return rows.enumerated().map { index, row in
            let line = row.enumerated().map { column, cell in
                column == 0
                    ? cell.padded(to: widths[column])
                    : String(repeating: " ", count: widths[column] - cell.displayWidth) + cell
            }.joined(separator: "  ")
            return index == 0 ? terminal.dim(line) : line
        }
    }
}
