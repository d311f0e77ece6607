import Foundation
import YAML

/// A value a kind computes from each record's own keys (`computed:` in its template): shown by
/// `show`, `list`, `stats`, `--json` and the site, and never written to the file, so it can never
/// disagree with the keys it comes from.
///
/// ```yaml
/// computed:
///   duration_minutes: {label: {zh-Hant: 時長, en: duration}, minutes: [start, end]}
///   level: {label: {zh-Hant: 等級, en: level}, level: {of: experience, thresholds: [500, 1500, 4000, 10000]}}
///   success_rate: {label: {zh-Hant: 成功率, en: success rate}, share: {of: shots.result, equals: made}}
///   total: {sum: [shots.count, bonus]}
///   progress: {ratio: [completed_lessons, total_lessons]}
/// ```
public struct ComputedField: Sendable, Equatable {
    public enum Formula: Sendable, Equatable {
        /// Whole minutes from one date-time key to a later one (`minutes: [start, end]`).
        case minutes(from: String, to: String)
        /// Lv.1 below the first threshold, one level more for each threshold the total of the
        /// numbers at the key paths reaches (`level: {of: experience, thresholds: [500, 1500]}`).
        case level(of: [String], thresholds: [Double])
        /// The share of the values at a key path equal to a value, from 0 to 1 (`share: {of:
        /// shots.result, equals: made}`), compared as `stats --rate` compares.
        case share(of: String, equals: String)
        /// The total of the numbers at key paths (`sum: [a, b]`).
        case sum([String])
        /// One key's number over another's (`ratio: [completed_lessons, total_lessons]`), shown as a share.
        case ratio(of: String, to: String)
    }

    public var name: String
    public var label: Label?
    public var formula: Formula

    public init(name: String, label: Label? = nil, formula: Formula) {
        self.name = name
        self.label = label
        self.formula = formula
    }

    /// The keys (first segments of the key paths) the value is computed from.
    public var sources: [String] {
        let paths: [String] =
            switch formula {
            case .minutes(let from, let to): [from, to]
            case .level(let of, _): of
            case .share(let of, _): [of]
            case .sum(let paths): paths
            case .ratio(let part, let whole): [part, whole]
            }
        var seen = Set<String>()
        return paths.compactMap { $0.split(separator: ".").first.map(String.init) }.filter { seen.insert($0).inserted }
    }

    /// What the value is called in `language`.
    public func shownName(_ language: Language) -> String { label?.text(language) ?? name }

    /// The value for one record's front matter; nil when the keys it needs are missing.
    public func value(in root: Value) -> Value? {
        switch formula {
        case .minutes(let from, let to):
            guard case .string(let start)? = root.key(from), case .string(let end)? = root.key(to),
                let first = Timestamp(start), let last = Timestamp(end), last.epochSeconds >= first.epochSeconds
            else { return nil }
            return .int((last.epochSeconds - first.epochSeconds) / 60)
        case .level(let paths, let thresholds):
            guard let total = Self.total(paths, in: root) else { return nil }
            return .int(1 + thresholds.filter { total >= $0 }.count)
        case .share(let path, let wanted):
            let values = FieldPath(path, roots: [root]).values(in: root)
            guard !values.isEmpty else { return nil }
            let rate = RateSpec(key: path, value: wanted, roots: [root])
            let matched = values.filter(rate.matches).count
            return .double(Double(matched) / Double(values.count))
        case .sum(let paths):
            return Self.total(paths, in: root).map { $0 == $0.rounded() && abs($0) < 1e15 ? .int(Int($0)) : .double($0) }
        case .ratio(let part, let whole):
            guard let top = Self.total([part], in: root), let bottom = Self.total([whole], in: root), bottom != 0 else { return nil }
            return .double(top / bottom)
        }
    }

    /// The sum of every number at `paths`; nil when there is none.
    static func total(_ paths: [String], in root: Value) -> Double? {
        let numbers = paths.flatMap { FieldPath($0, roots: [root]).numbers(in: root) }
        return numbers.isEmpty ? nil : numbers.reduce(0) { $0 + $1.value }
    }

    /// The value as a person reads it: `2 小時 30 分`, `Lv.3`, `75%`.
    public func shownValue(_ value: Value, _ language: Language) -> String {
        switch (formula, value) {
        case (.minutes, .int(let minutes)): return Self.duration(minutes, language)
        case (.level, .int(let level)): return "Lv.\(level)"
        case (.share, .double(let share)), (.ratio, .double(let share)): return Self.percent(share)
        default: return value.plainText
        }
    }

    /// `2 小時 30 分` / `2 h 30 min`; `45 分` / `45 min` under an hour.
    public static func duration(_ minutes: Int, _ language: Language) -> String {
        let hours = minutes / 60
        let rest = minutes % 60
        switch language {
        case .zhHant: return hours == 0 ? "\(rest) 分" : rest == 0 ? "\(hours) 小時" : "\(hours) 小時 \(rest) 分"
        case .en: return hours == 0 ? "\(rest) min" : rest == 0 ? "\(hours) h" : "\(hours) h \(rest) min"
        }
    }

    /// `75%`, `66.7%`.
    public static func percent(_ share: Double) -> String {
        let value = (share * 1000).rounded() / 10
        return value == value.rounded() ? "\(Int(value))%" : String(format: "%.1f%%", value)
    }
}

extension Kind {
    /// The record's computed values, in the order the template declares them; those that cannot be
    /// computed (a sleep without its end) are left out.
    public func computedValues(of root: Value) -> [(ComputedField, Value)] {
        computed.compactMap { field in field.value(in: root).map { (field, $0) } }
    }

    /// The front matter with the computed values added (replacing a key of the same name, which
    /// the computed value contradicts): what `stats` and the charts aggregate over.
    public func withComputed(_ root: Value) -> Value {
        guard !computed.isEmpty, case .map(var pairs) = root else { return root }
        for (field, value) in computedValues(of: root) {
            if let index = pairs.firstIndex(where: { $0.0 == field.name }) {
                pairs[index].1 = value
            } else {
                pairs.append((field.name, value))
            }
        }
        return .map(pairs)
    }
}

extension Kind {
    /// The top-level keys of a record's front matter the kind's charts are drawn from: the keys
    /// they name, and the keys their computed values come from. A record's front matter cut down
    /// to them (``Value/keeping(keys:)``) gives the same charts, at a fraction of the memory.
    public var chartSourceKeys: Set<String> {
        var keys = chartKeys
        for field in computed { keys.formUnion(field.sources) }
        return keys
    }

    /// A record's front matter as the charts need it: its computed values added, then cut down to
    /// ``chartKeys``. What ``ChartData/init(_:kind:computedRecords:language:)`` is drawn from.
    public func chartRoot(_ root: Value) -> Value {
        withComputed(root.keeping(keys: chartSourceKeys)).keeping(keys: chartKeys)
    }

    /// The top-level keys the kind's charts name (a computed value's name among them). A record's
    /// front matter with its computed values added (``withComputed(_:)``) and cut down to these
    /// gives the same charts as the whole: a billiard session's shots are not kept.
    public var chartKeys: Set<String> {
        var keys = Set<String>()
        for chart in charts {
            let named: [String?] =
                switch chart.shape {
                case .bars(let key, _, _): [key]
                case .lines(let key, let series): [key, series]
                case .counts(let key): [key]
                }
            for key in named.compactMap({ $0 }) { keys.insert(key.split(separator: ".").first.map(String.init) ?? key) }
        }
        return keys
    }
}

extension Value {
    /// The value at a top-level key of a map.
    func key(_ name: String) -> Value? {
        guard case .map(let pairs) = self else { return nil }
        return pairs.first { $0.0 == name }?.1
    }

    /// A map with only its top-level `keys`, in their order; any other value as it is.
    public func keeping(keys: Set<String>) -> Value {
        guard case .map(let pairs) = self else { return self }
        return .map(pairs.filter { keys.contains($0.0) })
    }
}

/// A chart the site draws from a kind's records (`charts:` in its template), as static SVG.
///
/// ```yaml
/// charts:
///   - {bars: duration_minutes, by: day, last: 7, title: {zh-Hant: 每天睡了多久, en: Sleep per day}}
///   - {lines: success_rate, series: course}
///   - {counts: answer_type}
/// ```
public struct ChartSpec: Sendable, Equatable {
    public enum Shape: Sendable, Equatable {
        /// Bars of the total of a key per day, week or month (the number of records without a
        /// key), for the last `last` periods up to the newest record.
        case bars(key: String?, by: StatsPeriod, last: Int)
        /// A line per value of `series` (one line without it): the key's value, record by record, over time.
        case lines(key: String, series: String?)
        /// Bars of how many records hold each value of a key.
        case counts(key: String)
    }

    public var title: Label?
    public var shape: Shape

    public init(title: Label? = nil, shape: Shape) {
        self.title = title
        self.shape = shape
    }
}

extension Kind {
    /// Reads `computed:` from a template.
    static func computedFields(_ node: Node?, fail: (TemplateProblem) -> FolioError) throws(FolioError) -> [ComputedField] {
        guard let node else { return [] }
        guard let pairs = node.pairs else { throw fail(.badComputed(name: nil)) }
        var fields: [ComputedField] = []
        for pair in pairs {
            guard let name = pair.key.scalarText, FieldPath.isValid(name), !name.contains("."), pair.value.pairs != nil else {
                throw fail(.badComputed(name: pair.key.scalarText))
            }
            let spec = pair.value
            func paths(_ node: Node?) -> [String]? {
                if let text = node?.scalarText { return FieldPath.isValid(text) ? [text] : nil }
                let texts = node?.items?.compactMap(\.scalarText) ?? []
                return texts.isEmpty || texts.count != node?.items?.count || !texts.allSatisfy(FieldPath.isValid) ? nil : texts
            }
            let formula: ComputedField.Formula
            if let keys = spec["minutes"] {
                guard let ends = paths(keys), ends.count == 2 else { throw fail(.badComputed(name: name)) }
                formula = .minutes(from: ends[0], to: ends[1])
            } else if let level = spec["level"] {
                let thresholds = level["thresholds"]?.items?.compactMap { Double($0.scalarText ?? "") } ?? []
                guard let of = paths(level["of"]), !thresholds.isEmpty, thresholds.count == level["thresholds"]?.items?.count,
                    thresholds == thresholds.sorted()
                else { throw fail(.badComputed(name: name)) }
                formula = .level(of: of, thresholds: thresholds)
            } else if let share = spec["share"] {
                guard let of = paths(share["of"]), of.count == 1, let wanted = share["equals"]?.scalarText else {
                    throw fail(.badComputed(name: name))
                }
                formula = .share(of: of[0], equals: wanted)
            } else if let sum = paths(spec["sum"]) {
                formula = .sum(sum)
            } else if let keys = spec["ratio"] {
                guard let parts = paths(keys), parts.count == 2 else { throw fail(.badComputed(name: name)) }
                formula = .ratio(of: parts[0], to: parts[1])
            } else {
                throw fail(.badComputed(name: name))
            }
            var label: Label?
            if let node = spec["label"] {
                guard let parsed = Label(node: node) else { throw fail(.badLabel(key: name, value: nil)) }
                label = parsed
            }
            fields.append(ComputedField(name: name, label: label, formula: formula))
        }
        return fields
    }

    /// Reads `charts:` from a template.
    static func chartSpecs(_ node: Node?, fail: (TemplateProblem) -> FolioError) throws(FolioError) -> [ChartSpec] {
        guard let node else { return [] }
        guard let items = node.items else { throw fail(.badChart(nil)) }
        var charts: [ChartSpec] = []
        for (index, item) in items.enumerated() {
            let number = index + 1
            let shape: ChartSpec.Shape
            if let bars = item["bars"] {
                let key = bars.scalarText.flatMap { $0 == "records" ? nil : $0 }
                let by = item["by"]?.scalarText.map { StatsPeriod(rawValue: $0) } ?? .day
                let last = item["last"].map { Int($0.scalarText ?? "") } ?? 7
                guard let by, let last, (1...366).contains(last), key.map(FieldPath.isValid) ?? true, bars.scalarText != nil else {
                    throw fail(.badChart(number))
                }
                shape = .bars(key: key, by: by, last: last)
            } else if let lines = item["lines"]?.scalarText, FieldPath.isValid(lines) {
                let series = item["series"]?.scalarText
                if let series, !FieldPath.isValid(series) { throw fail(.badChart(number)) }
                shape = .lines(key: lines, series: series)
            } else if let counts = item["counts"]?.scalarText, FieldPath.isValid(counts) {
                shape = .counts(key: counts)
            } else {
                throw fail(.badChart(number))
            }
            var title: Label?
            if let node = item["title"] {
                guard let parsed = Label(node: node) else { throw fail(.badChart(number)) }
                title = parsed
            }
            charts.append(ChartSpec(title: title, shape: shape))
        }
        return charts
    }
}
