import Foundation
import YAML

/// The numbers one chart shows, computed from a kind's records (their keys and computed values),
/// with every word already in the vault's language; drawing them is the site's business.
public struct ChartData: Sendable, Equatable {
    public enum Body: Sendable, Equatable {
        /// One bar per period, oldest first; empty periods are there with 0.
        case bars([Bar])
        /// One line per series (by its label), each point a record's time and value.
        case lines([Series])
        /// One bar per value of a key, in the kind's order, then by count.
        case counts([Bar])
    }

    public struct Bar: Sendable, Equatable {
        /// Under the bar: `11/23 一`, `2026-11`, a value's label.
        public var label: String
        public var value: Double
        /// Over the bar: `2 小時 30 分`, `12`.
        public var shown: String

        public init(label: String, value: Double, shown: String) {
            self.label = label
            self.value = value
            self.shown = shown
        }
    }

    public struct Series: Sendable, Equatable {
        public var label: String
        public var points: [Point]
    }

    public struct Point: Sendable, Equatable {
        public var epochSeconds: Int
        public var day: String
        public var value: Double
    }

    public var title: String
    public var body: Body
    /// Whether values are shares from 0 to 1 (shown as percentages on the axis).
    public var isShare: Bool

    /// What the records of `kind` give `spec`; `records` pairs each record's time with its front matter.
    public init(_ spec: ChartSpec, kind: Kind, records: [(time: Timestamp?, root: Value)], language: Language) {
        self.init(spec, kind: kind, computedRecords: records.map { ($0.time, kind.withComputed($0.root)) }, language: language)
    }

    /// The same from front matter with the computed values already added (``Kind/withComputed(_:)``),
    /// which may be cut down to the keys the charts name (``Kind/chartKeys``).
    public init(_ spec: ChartSpec, kind: Kind, computedRecords records: [(time: Timestamp?, root: Value)], language: Language) {
        let roots = records.map(\.root)
        let computed = Dictionary(kind.computed.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        func name(of key: String) -> String { kind.field(key)?.shownName(language) ?? computed[key]?.shownName(language) ?? key }
        isShare = false
        switch spec.shape {
        case .bars(let key, let period, let last):
            title = spec.title?.text(language) ?? key.map(name) ?? Message.statsRecordsHeading.text(language)
            let path = key.map { FieldPath($0, roots: roots) }
            var totals: [String: Double] = [:]
            var newest: Timestamp?
            for (record, root) in zip(records, roots) {
                guard let time = record.time else { continue }
                if newest.map({ time.day10 > $0.day10 }) ?? true { newest = time }
                let amount = path.map { $0.numbers(in: root).reduce(0) { $0 + $1.value } } ?? 1
                totals[period.key(for: time), default: 0] += amount
            }
            let periods = newest.map { Self.periods(ending: $0, period, count: last) } ?? []
            let minutes: ComputedField? = key.flatMap { computed[$0] }.flatMap { if case .minutes = $0.formula { $0 } else { nil } }
            body = .bars(
                periods.map { period in
                    let value = totals[period.key] ?? 0
                    let shown =
                        minutes.map { _ in ComputedField.duration(Int(value.rounded()), language) } ?? Self.number(value)
                    return Bar(label: period.label(language), value: value, shown: value == 0 ? "" : shown)
                })
        case .lines(let key, let seriesKey):
            title = spec.title?.text(language) ?? name(of: key)
            if case .share? = computed[key]?.formula { isShare = true }
            if case .ratio? = computed[key]?.formula { isShare = true }
            let path = FieldPath(key, roots: roots)
            let seriesPath = seriesKey.map { FieldPath($0, roots: roots) }
            let seriesField = seriesKey.flatMap { kind.field($0) }
            var order: [String] = []
            var points: [String: [Point]] = [:]
            for (record, root) in zip(records, roots) {
                guard let time = record.time, let value = path.numbers(in: root).first?.value else { continue }
                let group = seriesPath?.values(in: root).first.map(\.plainText) ?? ""
                if points[group] == nil { order.append(group) }
                points[group, default: []].append(Point(epochSeconds: time.epochSeconds, day: time.day10, value: value))
            }
            body = .lines(
                order.sorted().map { group in
                    Series(
                        label: seriesField?.shownValue(group, language) ?? group,
                        points: (points[group] ?? []).sorted { $0.epochSeconds < $1.epochSeconds })
                })
        case .counts(let key):
            let field = kind.field(key)
            title = spec.title?.text(language) ?? name(of: key)
            let count = CountSpec(name: key, roots: roots, values: field?.allowedValues ?? [])
            var figures = FieldFigures(fieldCount: 0, rateCount: 0, countCount: 1)
            for root in roots { figures.add(root, fields: [], rates: [], counts: [count]) }
            body = .counts(
                count.ordered(figures.counts[0]).map { value, number in
                    Bar(label: field?.shownValue(value, language) ?? value, value: Double(number), shown: String(number))
                })
        }
    }

    /// A period of a bar chart: its key as `stats --by` names it, and its words under the bar.
    struct Period {
        var key: String
        var month: Int
        var day: Int
        var weekday: Int?
        var period: StatsPeriod

        func label(_ language: Language) -> String {
            switch period {
            case .day:
                let names = language == .zhHant ? ["日", "一", "二", "三", "四", "五", "六"] : ["Su", "Mo", "Tu", "We", "Th", "Fr", "Sa"]
                return "\(month)/\(day) " + names[(weekday ?? 0) % 7]
            default:
                return key
            }
        }
    }

    /// The `count` periods up to and including the one `newest` falls in, oldest first.
    static func periods(ending newest: Timestamp, _ period: StatsPeriod, count: Int) -> [Period] {
        let today = CivilDate.days(year: newest.year, month: newest.month, day: newest.day)
        var found: [Period] = []
        var seen = Set<String>()
        var day = today
        // Walk back day by day until `count` distinct periods are seen (a year is at most 366 days).
        while found.count < count, today - day <= 366 * count {
            let date = CivilDate.date(fromDays: day)
            let key: String
            switch period {
            case .day: key = String(format: "%04d-%02d-%02d", date.year, date.month, date.day)
            case .month: key = String(format: "%04d-%02d", date.year, date.month)
            case .year: key = String(format: "%04d", date.year)
            case .week: key = CivilDate.isoWeek(year: date.year, month: date.month, day: date.day)
            }
            if seen.insert(key).inserted {
                found.append(
                    Period(key: key, month: date.month, day: date.day, weekday: CivilDate.weekday(ofDays: day), period: period))
            }
            day -= 1
        }
        return found.reversed()
    }

    /// `12`, `10.5`.
    public static func number(_ value: Double) -> String {
        if value == value.rounded() && abs(value) < 1e15 { return String(Int(value)) }
        var text = String(format: "%.2f", value)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
}
