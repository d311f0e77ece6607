import FolioCore
import Testing

@Suite("Calendar arithmetic, once")
struct CivilDateTests {
    @Test("days since 1970 and back agree for every day of 5,000 years on either side of 1970")
    func roundTrip() {
        for days in stride(from: -1_826_000, through: 1_826_000, by: 1) {
            let date = CivilDate.date(fromDays: days)
            guard CivilDate.days(year: date.year, month: date.month, day: date.day) == days else {
                Issue.record("\(days) → \(date)")
                return
            }
        }
        #expect(CivilDate.days(year: 1970, month: 1, day: 1) == 0)
        #expect(CivilDate.date(fromDays: 20_779) == (2026, 11, 22))
    }

    @Test("weekdays, month lengths and leap years")
    func weekdaysAndLengths() {
        #expect(CivilDate.weekday(year: 1970, month: 1, day: 1) == 4)
        #expect(CivilDate.weekday(year: 2026, month: 11, day: 22) == 0)
        #expect(CivilDate.weekday(year: 1969, month: 12, day: 31) == 3)
        #expect(CivilDate.weekday(year: 1, month: 1, day: 1) == 1)
        #expect([2000, 2024, 2100, 2026].map { CivilDate.length(year: $0, month: 2) } == [29, 29, 28, 28])
        #expect(CivilDate.length(year: 2026, month: 4) == 30 && CivilDate.length(year: 2026, month: 12) == 31)
        #expect(CivilDate.isValid(year: 2024, month: 2, day: 29) && !CivilDate.isValid(year: 2026, month: 2, day: 29))
        #expect(!CivilDate.isValid(year: 2026, month: 13, day: 1) && !CivilDate.isValid(year: 2026, month: 1, day: 0))
    }

    @Test("ISO 8601 weeks belong to the year of their Thursday")
    func isoWeeks() {
        #expect(CivilDate.isoWeek(year: 2026, month: 11, day: 22) == "2026-W47")
        #expect(CivilDate.isoWeek(year: 2021, month: 1, day: 1) == "2020-W53")
        #expect(CivilDate.isoWeek(year: 2024, month: 12, day: 30) == "2025-W01")
        #expect(CivilDate.isoWeek(year: 2026, month: 1, day: 1) == "2026-W01")
    }

    @Test("a timestamp's local hour, minute and weekday are those where it was written")
    func localParts() throws {
        let evening = try #require(Timestamp("2026-11-22T18:04:11+08:00"))
        #expect(evening.local == Timestamp.LocalParts(hour: 18, minute: 4, weekday: 0))
        // Late on Sunday in New York is Monday in UTC; the parts stay Sunday's.
        let late = try #require(Timestamp("2026-11-22T23:30:00-05:00"))
        #expect(late.local == Timestamp.LocalParts(hour: 23, minute: 30, weekday: 0))
        let day = try #require(Timestamp("2026-11-23"))
        #expect(day.local == Timestamp.LocalParts(hour: 0, minute: 0, weekday: 1))
        let old = try #require(Timestamp("1969-12-31T23:59:00Z"))
        #expect(old.local == Timestamp.LocalParts(hour: 23, minute: 59, weekday: 3))
    }
}
