import YAML

/// The period `folio stats --by` repeats its figures for.
public enum StatsPeriod: String, Sendable, CaseIterable {
    /// ISO 8601 weeks: `2026-W47`, starting on Monday.
    case day, month, week, year

    /// The period a moment falls in, by its day as written: `2026-11-23`, `2026-11`, `2026-W47`, `2026`.
    public func key(for time: Timestamp) -> String {
        switch self {
        case .day: time.day10
        case .month: String(time.day10.prefix(7))
        case .year: String(time.day10.prefix(4))
        case .week: CivilDate.isoWeek(year: time.year, month: time.month, day: time.day)
        }
    }
}

/// What `folio stats --by` groups records by: a period of their date, or the value of a key
/// (`--by course`: the figures per course).
public enum StatsGrouping: Sendable, Equatable {
    case period(StatsPeriod)
    case key(String)

    /// `day`, `week`, `month`, `year`, else a key path; nil for text that is neither.
    public init?(_ text: String) {
        if let period = StatsPeriod(rawValue: text) {
            self = .period(period)
        } else if FieldPath.isValid(text) {
            self = .key(text)
        } else {
            return nil
        }
    }

    /// As `--by` is written, and in `"by"` of the JSON.
    public var name: String {
        switch self {
        case .period(let period): period.rawValue
        case .key(let key): key
        }
    }
}

/// What `folio stats` is asked for, its filters aside.
public struct StatsRequest: Sendable {
    /// The kind the records were chosen by: with it, every numeric key is reported when no
    /// `--sum` or `--avg` names one, and the keys the kind lists values for are counted.
    public var kind: String?
    /// Key paths to total and to average (each is reported with all its figures).
    public var sums: [String]
    public var averages: [String]
    /// `--rate KEY=VALUE`, split.
    public var rates: [(key: String, value: String)]
    /// Keys whose values to count; empty: the kind's keys with listed values.
    public var counts: [String]
    public var by: StatsGrouping?

    public init(
        kind: String?, sums: [String] = [], averages: [String] = [], rates: [(key: String, value: String)] = [], counts: [String] = [],
        by: StatsGrouping? = nil
    ) {
        self.kind = kind
        self.sums = sums
        self.averages = averages
        self.rates = rates
        self.counts = counts
        self.by = by
    }

    /// Whether a figure needs the records' front matter; counts by kind, month and tag do not.
    public var needsFields: Bool {
        if case .key = by { return true }
        return kind != nil || !sums.isEmpty || !averages.isEmpty || !rates.isEmpty || !counts.isEmpty
    }

    /// The keys named by `--sum` and `--avg`, each once.
    var namedKeys: [String] { sums + averages.filter { !sums.contains($0) } }
}

/// Everything `folio stats` reports, computed once from the records, never stored: counts per
/// kind, month and tag, and the sum, average, minimum and maximum of record fields.
///
/// Only numbers count as values (`12`, `0.8`; a quoted `"12"` is text). Records without a value
/// at a path are left out of that key's figures.
public struct StatsReport: Sendable {
    public let total: Int
    public let byKind: [(String, Int)]
    public let byMonth: [(String, Int)]
    /// The tags in the order they are shown: the most used first.
    public let byTag: [(String, Int)]
    public let fields: [FieldPath]
    public let rates: [RateSpec]
    public let counts: [CountSpec]
    public let overall: FieldFigures
    public let by: StatsGrouping?
    /// The figures per period, or per value of the key `--by` names, in order.
    public let periods: [(String, FieldFigures)]
    /// The value counts per month, whatever `--by` says: the magic 8 ball's answers month by month.
    public let countsByMonth: [(String, [[String: Int]])]
    /// Keys asked for by name that no record holds a number at (said, not silently zero).
    public private(set) var unvalued: [String] = []

    /// - Parameters:
    ///   - roots: each record's front matter (`.null` when the request needs none).
    ///   - tagCounts: each tag with the number of records carrying it, most used first.
    ///   - kind: the kind the records were chosen by, for the keys it lists values for.
    public init(_ request: StatsRequest, records: [RecordSummary], roots: [Value], tagCounts: [(String, Int)], kind: Kind?) {
        let named = request.namedKeys
        let keys = named.isEmpty && request.kind != nil ? FieldPath.discover(in: roots) : named
        let fields = keys.map { FieldPath($0, roots: roots) }
        let rates = request.rates.map { RateSpec(key: $0.key, value: $0.value, roots: roots) }
        let counts: [CountSpec]
        if request.counts.isEmpty, let kind {
            counts = kind.fields.compactMap { field in field.allowedValues.map { CountSpec(name: field.name, roots: roots, values: $0) } }
        } else {
            counts = request.counts.map { CountSpec(name: $0, roots: roots) }
        }
        self.init(records: records, roots: roots, tagCounts: tagCounts, fields: fields, rates: rates, counts: counts, by: request.by)
        unvalued = fields.filter { named.contains($0.name) && !$0.hasNumbers(in: roots) }.map(\.name)
    }

    init(
        records: [RecordSummary], roots: [Value], tagCounts: [(String, Int)], fields: [FieldPath], rates: [RateSpec], counts: [CountSpec],
        by: StatsGrouping?
    ) {
        let groupPath: FieldPath? = if case .key(let key) = by { FieldPath(key, roots: roots) } else { nil }
        /// The groups a record counts in: its period, or each text value at the `--by` key.
        func groups(_ time: Timestamp?, _ root: Value) -> [String] {
            switch by {
            case .period(let period)?: return time.map { [period.key(for: $0)] } ?? []
            case .key?:
                var seen = Set<String>()
                return (groupPath?.values(in: root) ?? []).flatMap { value -> [Value] in
                    if case .list(let items) = value { return items }
                    return [value]
                }
                .compactMap { value -> String? in
                    switch value {
                    case .map, .list, .null: nil
                    default: value.plainText
                    }
                }
                .filter { seen.insert($0).inserted }
            case nil: return []
            }
        }
        total = records.count
        var kinds: [String: Int] = [:]
        var months: [String: Int] = [:]
        var overall = FieldFigures(fieldCount: fields.count, rateCount: rates.count, countCount: counts.count)
        var periods: [String: FieldFigures] = [:]
        var monthly: [String: FieldFigures] = [:]
        for (record, root) in zip(records, roots) {
            kinds[record.kind ?? "?", default: 0] += 1
            let time = record.sortTime
            if let time { months[StatsPeriod.month.key(for: time), default: 0] += 1 }
            overall.add(root, fields: fields, rates: rates, counts: counts)
            if !counts.isEmpty, let time {
                monthly[StatsPeriod.month.key(for: time), default: FieldFigures(fieldCount: 0, rateCount: 0, countCount: counts.count)]
                    .add(root, fields: [], rates: [], counts: counts)
            }
            for group in groups(time, root) {
                periods[group, default: FieldFigures(fieldCount: fields.count, rateCount: rates.count, countCount: counts.count)]
                    .add(root, fields: fields, rates: rates, counts: counts)
            }
        }
        self.counts = counts
        countsByMonth = monthly.sorted { $0.key < $1.key }.map { ($0.key, $0.value.counts) }
        byKind = kinds.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map { ($0.key, $0.value) }
        byMonth = months.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        byTag = tagCounts
        self.fields = fields
        self.rates = rates
        self.overall = overall
        self.by = by
        self.periods = periods.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
}

extension StatsRequest {
    /// The keys whose values `folio stats` reads as they are, not only as numbers: the keys named
    /// by `--sum`, `--avg`, `--rate`, `--count` and `--by`, and those the kind lists values for
    /// when no `--count` is given (each path by its first name, which a bare name also uses
    /// inside the records' lists).
    public func keysReadWhole(kind: Kind?) -> Set<String> {
        var names = namedKeys + rates.map(\.key) + counts
        if case .key(let key) = by { names.append(key) }
        if counts.isEmpty, let kind { names += kind.fields.filter { $0.allowedValues != nil }.map(\.name) }
        return Set(names.compactMap { $0.split(separator: ".").first.map(String.init) })
    }
}

extension Value {
    /// What `folio stats` needs of a record's front matter, so that it can hold every selected
    /// record's at once: the values of `keysReadWhole` as they are, wherever such a key stands;
    /// elsewhere the numbers, maps and lists. Text and booleans there become `null`, which every
    /// figure reads as a missing value: no figure reads them there, and they are most of a diary
    /// page's front matter. A map's null values are left out and a map left empty is null; a
    /// list's items stay as nulls, so lists keep their lengths.
    /// The report from these equals the report from the whole front matter
    /// (`StatsProjectionTests`).
    public func projectedForStats(keepingWhole keys: Set<String>) -> Value {
        switch self {
        case .int, .double: return self
        case .map(let pairs):
            // From the last key back: a null is what a missing key reads as, so it is left out,
            // unless the key comes again later (the first of two keys hides the second).
            var kept: [(String, Value)] = []
            var later = Set<String>()
            for (key, value) in pairs.reversed() {
                let projected = keys.contains(key) ? value : value.projectedForStats(keepingWhole: keys)
                if projected != .null || later.contains(key) { kept.append((key, projected)) }
                later.insert(key)
            }
            return kept.isEmpty ? .null : .map(kept.reversed())
        case .list(let items):
            return .list(items.map { $0.projectedForStats(keepingWhole: keys) })
        case .null, .bool, .string:
            return .null
        }
    }
}
