import FolioCore
import Testing

@Suite("cal: the period asked for, the week's first day, the days with records")
struct CalendarTests {
    let today: Timestamp

    init() throws {
        today = try #require(Timestamp("2026-11-22T18:04:11+08:00"))
    }

    @Test("a month, a year, or today's month; anything else names what was typed")
    func periods() throws {
        #expect(try CalendarPeriod.parse(nil, today: today) == .month(year: 2026, month: 11))
        #expect(try CalendarPeriod.parse("2026-02", today: today) == .month(year: 2026, month: 2))
        #expect(try CalendarPeriod.parse("2025", today: today) == .year(2025))
        for bad in ["2026-13", "2026-1", "26", "0000", "２０２６", "2026-11-22", ""] {
            #expect(throws: FolioError(.badCalendarArgument(bad))) { try CalendarPeriod.parse(bad, today: today) }
        }
    }

    @Test("the week starts on the locale region's day: LC_ALL, then LC_TIME, then LANG")
    func weekStart() {
        #expect(WeekStart.fromLocale(["LANG": "en_US.UTF-8"]) == .sunday)
        #expect(WeekStart.fromLocale(["LANG": "zh_TW.UTF-8"]) == .sunday)
        #expect(WeekStart.fromLocale(["LANG": "zh-Hant-TW"]) == .sunday)
        #expect(WeekStart.fromLocale(["LANG": "de_DE.UTF-8"]) == .monday)
        #expect(WeekStart.fromLocale(["LANG": "C"]) == .monday)
        #expect(WeekStart.fromLocale(["LC_ALL": "fr_FR", "LANG": "en_US"]) == .monday)
        #expect(WeekStart.fromLocale(["LC_ALL": "", "LC_TIME": "ja_JP", "LANG": "de_DE"]) == .sunday)
        #expect(WeekStart.localeRegion(["LANG": "C.UTF-8"]) == nil)
        // November 2026 begins on a Sunday.
        #expect(WeekStart.sunday.offset(year: 2026, month: 11) == 0)
        #expect(WeekStart.monday.offset(year: 2026, month: 11) == 6)
    }

    @Test("days with records, a month's and a year's totals")
    func dayCounts() {
        let counts = DayCounts(["2026-11-01": 2, "2026-11-22": 1, "2026-12-31": 4, "2025-11-22": 7])
        #expect(counts.days(year: 2026, month: 11).map(\.day) == [1, 22])
        #expect(counts.days(year: 2026, month: 11).map(\.count) == [2, 1])
        #expect(counts.total(year: 2026, month: 11) == 3)
        #expect(counts.total(year: 2026) == (records: 7, days: 3))
        #expect(counts.count(year: 2025, month: 11, day: 22) == 7)
        #expect(counts.count(year: 2026, month: 11, day: 2) == nil)
        #expect(DayCounts.date(987, 1, 2) == "0987-01-02")
    }

    @Test("without a region in the locale: the time zone's country, then the vault's language")
    func weekStartOfTheVault() {
        let table = "# comment\nDE\t+5230+01322\tEurope/Berlin\nTW\t+2503+12130\tAsia/Taipei\nUS\t+404251-0740023\tAmerica/New_York\n"
        let c = ["LANG": "C.UTF-8"]
        #expect(WeekStart.resolve(environment: c, zoneIdentifier: "Asia/Taipei", zoneTable: table, language: .en) == .sunday)
        #expect(WeekStart.resolve(environment: c, zoneIdentifier: "Europe/Berlin", zoneTable: table, language: .zhHant) == .monday)
        #expect(WeekStart.resolve(environment: c, zoneIdentifier: "UTC", zoneTable: table, language: .zhHant) == .sunday)
        #expect(WeekStart.resolve(environment: c, zoneIdentifier: "UTC", zoneTable: table, language: .en) == .monday)
        #expect(WeekStart.resolve(environment: c, zoneIdentifier: "Asia/Taipei", zoneTable: nil, language: .en) == .monday)
        #expect(
            WeekStart.resolve(environment: ["LANG": "de_DE.UTF-8"], zoneIdentifier: "Asia/Taipei", zoneTable: table, language: .zhHant)
                == .monday)
    }
}
