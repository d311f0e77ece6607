import Foundation
import YAML

/// `--rate KEY=VALUE`: the share of values at KEY equal to VALUE (text compared without case,
/// numbers as numbers; a list matches when it contains VALUE), among the records or items that have KEY.
public struct RateSpec: Sendable, Equatable {
    /// `KEY=VALUE`, the rate's name in the output.
    public let name: String
    public let path: FieldPath
    public let value: String

    public init(key: String, value: String, roots: [Value]) {
        name = "\(key)=\(value)"
        path = FieldPath(key, roots: roots)
        self.value = value
    }

    public func matches(_ candidate: Value) -> Bool {
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
public struct CountSpec: Sendable, Equatable {
    public let name: String
    public let path: FieldPath
    /// The values the kind allows, shown (with 0) in this order before any other value found.
    public let values: [String]

    public init(name: String, roots: [Value], values: [String] = []) {
        self.name = name
        path = FieldPath(name, roots: roots)
        self.values = values
    }

    /// Values in a fixed order: the allowed ones, then the others by count, then alphabetically.
    public func ordered(_ tally: [String: Int]) -> [(String, Int)] {
        let others = tally.filter { !values.contains($0.key) }
            .sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        return values.map { ($0, tally[$0] ?? 0) } + others.map { ($0.key, $0.value) }
    }
}

/// Count, sum, average, minimum and maximum of one key's values.
public struct FieldSummary: Sendable, Equatable {
    public private(set) var count = 0
    public private(set) var sum = 0.0
    public private(set) var min: Double?
    public private(set) var max: Double?
    /// Whether every value was a whole number (or a list's length), so the figures stay integers.
    public private(set) var allIntegers = true

    public init() {}

    mutating func add(_ value: Double, integer: Bool) {
        count += 1
        sum += value
        min = Swift.min(min ?? value, value)
        max = Swift.max(max ?? value, value)
        allIntegers = allIntegers && integer
    }

    public var average: Double? { count == 0 ? nil : sum / Double(count) }
}

/// How many values at a key equal the wanted value.
public struct RateTally: Sendable, Equatable {
    public internal(set) var matched = 0
    public internal(set) var total = 0
    public var rate: Double? { total == 0 ? nil : Double(matched) / Double(total) }
}

/// The fields, rates and value counts of a group of records.
public struct FieldFigures: Sendable, Equatable {
    public private(set) var records = 0
    public private(set) var fields: [FieldSummary]
    public private(set) var rates: [RateTally]
    /// Per ``CountSpec``: how many values of each text.
    public private(set) var counts: [[String: Int]]

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
