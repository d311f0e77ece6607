import Foundation

/// A date or date-time as written in a record (`2026-11-22` or `2026-11-22T18:04:11+08:00`).
///
/// Kept as the written text plus the instant it names, so sorting is by time while writing
/// back never changes what the user typed.
public struct Timestamp: Sendable, Hashable, Comparable {
    public let text: String
    /// Seconds since 1970 UTC. A date without a time counts as its local midnight in UTC+0.
    public let epochSeconds: Int
    /// The first three digits of the fraction of a second written (folio writes milliseconds), 0 when none.
    public let milliseconds: Int
    /// The UTC offset written, in seconds; nil for a date without a time.
    public let offsetSeconds: Int?
    public let year: Int, month: Int, day: Int

    /// Parses `YYYY-MM-DD`, `YYYY-MM-DDTHH:MM[:SS[.fff]](Z|±HH:MM)` or the same with a space.
    public init?(_ text: String) {
        var text = text
        guard let parts = text.withUTF8({ Self.parts(of: UnsafeRawBufferPointer($0)) }) else { return nil }
        self.init(text: text, parts: parts)
    }

    /// The same from the written text's bytes, with `parts` already read from them (``parts(of:)``).
    public init(text: String, parts: Parts) {
        self.text = text
        self.epochSeconds = parts.epochSeconds
        self.milliseconds = parts.milliseconds
        self.offsetSeconds = parts.offsetSeconds
        self.year = parts.year
        self.month = parts.month
        self.day = parts.day
    }

    /// What a written time says, read from its bytes without making a string (the catalog reads
    /// 100,000 of them on a first run).
    public struct Parts: Sendable, Hashable {
        public var epochSeconds: Int
        /// The first three digits of the fraction of a second written, 0 when none.
        public var milliseconds: Int
        public var offsetSeconds: Int?
        public var year: Int, month: Int, day: Int

        /// Milliseconds since 1970 UTC.
        public var epochMilliseconds: Int64 { Int64(epochSeconds) * 1000 + Int64(milliseconds) }
        /// YYYYMMDD of the date as written.
        public var packedDay: Int32 { Int32(clamping: year * 10_000 + month * 100 + day) }
    }

    /// The parts of `YYYY-MM-DD`, `YYYY-MM-DDTHH:MM[:SS[.fff]](Z|±HH:MM)` or the same with a space;
    /// nil for any other text.
    public static func parts(of b: UnsafeRawBufferPointer) -> Parts? {
        // Inlined: called for every field of every record's time, it was most of the parse.
        @inline(__always) func num(_ from: Int, _ count: Int) -> Int? {
            guard from + count <= b.count else { return nil }
            var n = 0
            for i in from..<(from + count) {
                let c = b[i]
                guard c >= 0x30 && c <= 0x39 else { return nil }
                n = n * 10 + Int(c - 0x30)
            }
            return n
        }
        guard b.count >= 10, let y = num(0, 4), b[4] == 0x2D, let m = num(5, 2), b[7] == 0x2D, let d = num(8, 2),
            CivilDate.isValid(year: y, month: m, day: d)
        else { return nil }
        var seconds = CivilDate.days(year: y, month: m, day: d) * 86_400
        var offset: Int?
        var millis = 0
        if b.count > 10 {
            guard b[10] == UInt8(ascii: "T") || b[10] == UInt8(ascii: " ") || b[10] == UInt8(ascii: "t"),
                let hh = num(11, 2), b.count > 13, b[13] == 0x3A, let mm = num(14, 2), hh < 24, mm < 60
            else { return nil }
            var i = 16
            var ss = 0
            if i < b.count, b[i] == 0x3A {
                guard let s = num(i + 1, 2), s < 61 else { return nil }
                ss = s
                i += 3
                if i < b.count, b[i] == UInt8(ascii: ".") {
                    i += 1
                    var digits = 0
                    while i < b.count, b[i] >= 0x30 && b[i] <= 0x39 {
                        if digits < 3 { millis = millis * 10 + Int(b[i] - 0x30) }
                        digits += 1
                        i += 1
                    }
                    for _ in min(digits, 3)..<3 { millis *= 10 }
                }
            }
            while i < b.count, b[i] == 0x20 { i += 1 }
            if i == b.count {
                offset = nil
            } else if b[i] == UInt8(ascii: "Z") || b[i] == UInt8(ascii: "z") {
                offset = 0
                i += 1
            } else if b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") {
                let sign = b[i] == UInt8(ascii: "-") ? -1 : 1
                guard let oh = num(i + 1, 2) else { return nil }
                var j = i + 3
                if j < b.count, b[j] == 0x3A { j += 1 }
                let om = num(j, 2) ?? 0
                if num(j, 2) != nil { j += 2 }
                offset = sign * (oh * 3600 + om * 60)
                i = j
            }
            guard i == b.count else { return nil }
            seconds += hh * 3600 + mm * 60 + ss - (offset ?? 0)
            if offset == nil { offset = 0 }
        }
        return Parts(epochSeconds: seconds, milliseconds: millis, offsetSeconds: offset, year: y, month: m, day: d)
    }

    /// The instant `date` in the time zone `zone`, written as `2026-11-22T18:04:11+08:00`; with
    /// `milliseconds`, `2026-11-22T18:04:11.250+08:00` unless the milliseconds are zero, so records
    /// made within one second still list in the order they were made.
    public init(date: Date, zone: TimeZone, milliseconds: Bool = false) {
        let offset = zone.secondsFromGMT(for: date)
        let whole = date.timeIntervalSince1970.rounded(.down)
        let local = Int(whole) + offset
        let days = Int((Double(local) / 86_400).rounded(.down))
        let (y, m, d) = CivilDate.date(fromDays: days)
        let secs = local - days * 86_400
        let sign = offset < 0 ? "-" : "+"
        // To the nearest millisecond (a Double holds .3 as .2999…), never past the second.
        let millis = milliseconds ? min(999, max(0, Int(((date.timeIntervalSince1970 - whole) * 1000).rounded()))) : 0
        let text = String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d%@%@%02d:%02d", y, m, d, secs / 3600, secs % 3600 / 60, secs % 60,
            millis == 0 ? "" : String(format: ".%03d", millis), sign, abs(offset) / 3600, abs(offset) % 3600 / 60)
        self.text = text
        self.epochSeconds = local - offset
        self.milliseconds = millis
        self.offsetSeconds = offset
        self.year = y
        self.month = m
        self.day = d
    }

    /// `YYYY-MM-DD` of the day as written (the writer's local day).
    public var day10: String {
        // Hand-formatted: String(format:) costs more than parsing the timestamp did.
        var bytes = [UInt8](repeating: UInt8(ascii: "-"), count: 10)
        func put(_ value: Int, _ at: Int, _ width: Int) {
            var v = value
            for i in stride(from: at + width - 1, through: at, by: -1) {
                bytes[i] = UInt8(ascii: "0") + UInt8(v % 10)
                v /= 10
            }
        }
        put(year, 0, 4)
        put(month, 5, 2)
        put(day, 8, 2)
        return String(decoding: bytes, as: UTF8.self)
    }
    public var date: Date { Date(timeIntervalSince1970: TimeInterval(epochSeconds)) }

    /// Milliseconds since 1970 UTC: the order records were made in, to the millisecond folio writes.
    public var epochMilliseconds: Int64 { Int64(epochSeconds) * 1000 + Int64(milliseconds) }

    /// By instant, to the millisecond; then by the text (two ways of writing one instant).
    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        lhs.epochMilliseconds != rhs.epochMilliseconds ? lhs.epochMilliseconds < rhs.epochMilliseconds : lhs.text < rhs.text
    }

    /// The parts of the moment in the writer's local time, as written (a date alone is its midnight).
    public var local: LocalParts {
        let seconds = epochSeconds + (offsetSeconds ?? 0)
        let days = Int((Double(seconds) / 86_400).rounded(.down))
        let secondOfDay = seconds - days * 86_400
        return LocalParts(hour: secondOfDay / 3600, minute: secondOfDay % 3600 / 60, weekday: CivilDate.weekday(ofDays: days))
    }

    /// The time of day and day of the week of a ``Timestamp`` where it was written.
    public struct LocalParts: Sendable, Equatable {
        public var hour: Int
        public var minute: Int
        /// 0 for Sunday … 6 for Saturday.
        public var weekday: Int

        public init(hour: Int, minute: Int, weekday: Int) {
            self.hour = hour
            self.minute = minute
            self.weekday = weekday
        }
    }
}
