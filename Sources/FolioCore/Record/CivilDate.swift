/// Day arithmetic on the proleptic Gregorian calendar, with no time zone involved: the one copy
/// folio has (``Timestamp``, `cal`, `stats --by week`, the site's calendar and the companion's
/// sense of the moment all ask it). Howard Hinnant's algorithms, exact for every date.
public enum CivilDate {
    /// Days since 1970-01-01.
    public static func days(year y0: Int, month m: Int, day d: Int) -> Int {
        let y = m <= 2 ? y0 - 1 : y0
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// Year, month and day of a day count since 1970-01-01.
    public static func date(fromDays z0: Int) -> (year: Int, month: Int, day: Int) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let y = yoe + era * 400
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp + (mp < 10 ? 3 : -9)
        return (m <= 2 ? y + 1 : y, m, d)
    }

    /// 0 for Sunday … 6 for Saturday, of a day count since 1970-01-01 (a Thursday).
    public static func weekday(ofDays days: Int) -> Int {
        let n = (days + 4) % 7
        return n < 0 ? n + 7 : n
    }

    /// 0 for Sunday … 6 for Saturday.
    public static func weekday(year: Int, month: Int, day: Int) -> Int {
        weekday(ofDays: days(year: year, month: month, day: day))
    }

    public static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// The number of days in a month (1 to 12).
    public static func length(year: Int, month: Int) -> Int {
        [31, isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
    }

    public static func isValid(year: Int, month: Int, day: Int) -> Bool {
        (1...12).contains(month) && day >= 1 && day <= length(year: year, month: month)
    }

    /// The ISO 8601 week (weeks start on Monday; week 1 holds the year's first Thursday), as `2026-W47`.
    public static func isoWeek(year: Int, month: Int, day: Int) -> String {
        let n = days(year: year, month: month, day: day)
        let isoWeekday = (weekday(ofDays: n) + 6) % 7 + 1  // 1 Monday … 7 Sunday
        let thursday = n - isoWeekday + 4
        // The week belongs to the year its Thursday falls in.
        var weekYear = year
        if thursday < days(year: year, month: 1, day: 1) { weekYear -= 1 }
        if thursday >= days(year: year + 1, month: 1, day: 1) { weekYear += 1 }
        let week = (thursday - days(year: weekYear, month: 1, day: 1)) / 7 + 1
        return pad(weekYear, 4) + "-W" + pad(week, 2)
    }

    /// `value` with leading zeros to `width` digits.
    static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
