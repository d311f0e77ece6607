import Foundation

/// One end of a time range as a user types it: a day (`2026-11-22`) or an age (`90d`, `2w`, `6m`, `1y`).
///
/// A day bound compares by the record's own day, both ends included, as `list --since/--until`
/// always did. An age is an instant: `--until 90d` keeps records made at least 90 days before
/// now, to the second, the magic 8 ball's "older than 90 days"; months and years are calendar
/// months and years in the device's time zone (6m before 31 August is 28 or 29 February).
public enum DateBound: Sendable, Equatable {
    case day(String)
    case age(count: Int, unit: Unit)

    public enum Unit: Character, Sendable {
        case days = "d"
        case weeks = "w"
        case months = "m"
        case years = "y"
    }

    /// Reads `2026-11-22`, `90d`, `2w`, `6m` or `1y`; nil for anything else.
    public init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.utf8.count == 10, Timestamp(trimmed) != nil {
            self = .day(trimmed)
            return
        }
        guard let last = trimmed.last, let unit = Unit(rawValue: Character(last.lowercased())),
            let count = Int(trimmed.dropLast()), count >= 0, count <= 100_000
        else { return nil }
        self = .age(count: count, unit: unit)
    }

    /// ``init(_:)``'s forms, or a day as people say it (``DayPhrase``: `yesterday`, `上週五`),
    /// seen from `now` in `zone`.
    public static func parse(_ text: String, now: Date, zone: TimeZone) -> DateBound? {
        DateBound(text) ?? DayPhrase.day(text, now: now, zone: zone).map(DateBound.day)
    }

    /// A day written `YYYY-MM-DD` or said as people say it; nil for anything else.
    public static func day(_ text: String, now: Date, zone: TimeZone) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.utf8.count == 10, Timestamp(trimmed) != nil { return trimmed }
        return DayPhrase.day(trimmed, now: now, zone: zone)
    }

    /// The instant an age reaches back to from `now`; nil for a day bound.
    public func instant(before now: Timestamp, zone: TimeZone) -> Int? {
        guard case .age(let count, let unit) = self else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let component: Calendar.Component =
            switch unit {
            case .days: .day
            case .weeks: .weekOfYear
            case .months: .month
            case .years: .year
            }
        guard let date = calendar.date(byAdding: component, value: -count, to: now.date) else { return nil }
        return Int(date.timeIntervalSince1970.rounded(.down))
    }

    /// Whether a record made at `time` is on or after this bound.
    public func isOnOrAfter(_ time: Timestamp, now: Timestamp, zone: TimeZone) -> Bool {
        switch self {
        case .day(let day): time.day10 >= day
        case .age: time.epochSeconds >= (instant(before: now, zone: zone) ?? Int.min)
        }
    }

    /// Whether a record made at `time` is on or before this bound.
    public func isOnOrBefore(_ time: Timestamp, now: Timestamp, zone: TimeZone) -> Bool {
        switch self {
        case .day(let day): time.day10 <= day
        case .age: time.epochSeconds <= (instant(before: now, zone: zone) ?? Int.max)
        }
    }
}
