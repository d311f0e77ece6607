/// What `folio cal` shows: a month, or a year.
public enum CalendarPeriod: Sendable, Equatable {
    case month(year: Int, month: Int)
    case year(Int)

    /// `YYYY-MM` or `YYYY`; nil gives today's month.
    public static func parse(_ text: String?, today: Timestamp) throws(FolioError) -> CalendarPeriod {
        guard let text else { return .month(year: today.year, month: today.month) }
        let bytes = Array(text.utf8)
        let digits = { (range: Range<Int>) in bytes[range].allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }
        if bytes.count == 4, digits(0..<4), let year = Int(text), year >= 1 {
            return .year(year)
        }
        if bytes.count == 7, digits(0..<4), bytes[4] == UInt8(ascii: "-"), digits(5..<7),
            let year = Int(text.prefix(4)), let month = Int(text.suffix(2)), year >= 1, (1...12).contains(month)
        {
            return .month(year: year, month: month)
        }
        throw FolioError(.badCalendarArgument(text))
    }
}

/// The first day of a calendar week.
public enum WeekStart: String, Sendable, CaseIterable {
    case monday, sunday

    /// Regions whose calendars start the week on Sunday (CLDR's list, without the few that
    /// start on Saturday, which folio shows from Monday).
    static let sundayRegions: Set<String> = [
        "AG", "AS", "BD", "BR", "BS", "BT", "BW", "BZ", "CA", "CO", "DM", "DO", "ET", "GT", "GU", "HK", "HN", "ID",
        "IL", "IN", "JM", "JP", "KE", "KH", "KR", "LA", "MH", "MM", "MO", "MT", "MX", "MZ", "NI", "NP", "PA", "PE",
        "PH", "PK", "PR", "PT", "PY", "SA", "SG", "SV", "TH", "TT", "TW", "UM", "US", "VE", "VI", "WS", "YE", "ZA", "ZW",
    ]

    /// The week start of the locale's region: the first non-empty of `LC_ALL`, `LC_TIME`,
    /// `LANG` (as POSIX orders them), its region being the letters after `_` or `-`
    /// (`en_US.UTF-8` → US). Sunday for the regions that use it (US, TW, JP, CA…); Monday —
    /// ISO 8601's choice — for every other region and for locales without one (`C`, `POSIX`).
    public static func fromLocale(_ environment: [String: String]) -> WeekStart {
        localeRegion(environment).map(forRegion) ?? .monday
    }

    /// The week start of a region (`TW`, `US`, `DE`).
    public static func forRegion(_ region: String) -> WeekStart {
        sundayRegions.contains(region.uppercased()) ? .sunday : .monday
    }

    /// The region the locale names, if it names one (`C.UTF-8` and `POSIX` do not).
    public static func localeRegion(_ environment: [String: String]) -> String? {
        let locale = ["LC_ALL", "LC_TIME", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        let name = locale.split(whereSeparator: { $0 == "." || $0 == "@" }).first.map(String.init) ?? ""
        let parts = name.split(whereSeparator: { $0 == "_" || $0 == "-" })
        // zh-Hant-TW has a script between language and region: the region is the last 2-letter part.
        return parts.dropFirst().last(where: { $0.count == 2 }).map { $0.uppercased() }
    }

    /// The week start for a vault: the locale's region when it names one; else the region of the
    /// time zone, as the time zone database's `zone.tab` lists it (`Asia/Taipei` → TW); else the
    /// vault's language (zh-Hant is read in Taiwan and Hong Kong, whose weeks start on Sunday);
    /// else Monday, ISO 8601's choice. So `LANG=C.UTF-8` in a zh-Hant vault in Taipei gives Sunday.
    public static func resolve(environment: [String: String], zoneIdentifier: String, zoneTable: String?, language: Language)
        -> WeekStart
    {
        if let region = localeRegion(environment) { return forRegion(region) }
        if let zoneTable, let region = region(ofZone: zoneIdentifier, in: zoneTable) { return forRegion(region) }
        return language == .zhHant ? .sunday : .monday
    }

    /// The country code `zone.tab` gives a zone (`TW\t+2503+12130\tAsia/Taipei`).
    public static func region(ofZone zone: String, in table: String) -> String? {
        for line in table.split(separator: "\n") where !line.hasPrefix("#") {
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
            if columns.count >= 3, columns[2] == zone, columns[0].count == 2 { return String(columns[0]) }
        }
        return nil
    }

    /// The weekday this start is, 0 for Sunday.
    public var weekday: Int { self == .sunday ? 0 : 1 }

    /// How many blank cells come before day 1 of a month in a week starting here.
    public func offset(year: Int, month: Int) -> Int {
        (CivilDate.weekday(year: year, month: month, day: 1) - weekday + 7) % 7
    }
}

/// How many records each day holds (`YYYY-MM-DD` → count), read as `cal` shows it.
public struct DayCounts: Sendable, Equatable {
    public let counts: [String: Int]

    public init(_ counts: [String: Int]) {
        self.counts = counts
    }

    public func count(year: Int, month: Int, day: Int) -> Int? {
        counts[Self.date(year, month, day)]
    }

    /// The days of a month that have records, with their counts, in order.
    public func days(year: Int, month: Int) -> [(day: Int, count: Int)] {
        (1...CivilDate.length(year: year, month: month)).compactMap { day in count(year: year, month: month, day: day).map { (day, $0) } }
    }

    /// The records of a month.
    public func total(year: Int, month: Int) -> Int {
        let prefix = Self.date(year, month, 1).prefix(8)
        return counts.filter { $0.key.hasPrefix(prefix) }.values.reduce(0, +)
    }

    /// The records of a year, and on how many days.
    public func total(year: Int) -> (records: Int, days: Int) {
        let prefix = CivilDate.pad(year, 4) + "-"
        let inYear = counts.filter { $0.key.hasPrefix(prefix) }
        return (inYear.values.reduce(0, +), inYear.count)
    }

    /// `2026-11-22`.
    public static func date(_ year: Int, _ month: Int, _ day: Int) -> String {
        CivilDate.pad(year, 4) + "-" + CivilDate.pad(month, 2) + "-" + CivilDate.pad(day, 2)
    }
}
