import Foundation

/// `{total, by_kind, by_month, by_tag, fields, rates[, counts, counts_by_month][, by, by_period or by_value]}`:
/// a report as JSON, the same for `stats --json` and `folio mcp`.
extension StatsReport {
    /// The report as `stats --json` and the MCP `stats` tool give it.
    public var json: JSONValue {
        func numbers(_ pairs: [(String, Int)]) -> JSONValue { .object(pairs.map { ($0.0, .int($0.1)) }) }
        var pairs: [(String, JSONValue)] = [
            ("total", .int(total)), ("by_kind", numbers(byKind)), ("by_month", numbers(byMonth)),
            ("by_tag", numbers(byTag)),
        ]
        pairs += figures(overall)
        if !counts.isEmpty {
            pairs.append(("counts_by_month", .object(countsByMonth.map { month, tallies in (month, countsJSON(tallies)) })))
        }
        if let by = by {
            pairs.append(("by", .string(by.name)))
            let name = if case .key = by { "by_value" } else { "by_period" }
            pairs.append(
                (
                    name,
                    .object(
                        periods.map { period, figures in
                            (period, .object([("total", .int(figures.records))] + self.figures(figures)))
                        })
                ))
        }
        return .object(pairs)
    }

    private func figures(_ figures: FieldFigures) -> [(String, JSONValue)] {
        var pairs: [(String, JSONValue)] = [
            ("fields", .object(zip(fields, figures.fields).map { ($0.name, Self.json($1)) })),
            ("rates", .object(zip(rates, figures.rates).map { ($0.name, Self.json($1)) })),
        ]
        if !counts.isEmpty { pairs.append(("counts", countsJSON(figures.counts))) }
        return pairs
    }

    /// `{"answer_type": {"affirmative": 12, "neutral": 3, "negative": 5}}`.
    private func countsJSON(_ tallies: [[String: Int]]) -> JSONValue {
        .object(zip(counts, tallies).map { spec, tally in (spec.name, .object(spec.ordered(tally).map { ($0.0, .int($0.1)) })) })
    }

    /// `{"sum", "avg", "min", "max", "count"}`; integers stay integers, `avg` is always a number (or null).
    public static func json(_ summary: FieldSummary) -> JSONValue {
        func number(_ value: Double?) -> JSONValue {
            guard let value else { return .null }
            if summary.allIntegers && value == value.rounded() && abs(value) < 1e15 { return .int(Int(value)) }
            return .double(clean(value))
        }
        return .object([
            ("sum", number(summary.sum)), ("avg", summary.average.map { .double(clean($0)) } ?? .null),
            ("min", number(summary.min)), ("max", number(summary.max)), ("count", .int(summary.count)),
        ])
    }

    public static func json(_ tally: RateTally) -> JSONValue {
        .object([("matched", .int(tally.matched)), ("total", .int(tally.total)), ("rate", tally.rate.map { .double(clean($0)) } ?? .null)])
    }

    /// The value without the noise of binary fractions (0.1 + 0.2 shows as 0.3).
    public static func clean(_ value: Double) -> Double {
        abs(value) < 1e9 ? (value * 1e9).rounded() / 1e9 : value
    }

}
