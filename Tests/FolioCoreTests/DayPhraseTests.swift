import FolioCore
import Foundation
import Testing

/// Days as people say them, in English and Chinese, seen from a fixed day.
@Suite("Days said as people say them")
struct DayPhraseTests {
    static let taipei = TimeZone(identifier: "Asia/Taipei") ?? .current

    /// Saturday 28 November 2026, 00:30 in Taipei (still Friday in UTC: the day is the zone's).
    static let saturday = Date(timeIntervalSince1970: 1_795_797_000)

    static func day(_ phrase: String, from now: Date = saturday) -> String? {
        DayPhrase.day(phrase, now: now, zone: taipei)
    }

    @Test(
        "each phrase names its day, seen from a Saturday just after midnight",
        arguments: [
            ("today", "2026-11-28"), ("yesterday", "2026-11-27"), ("Yesterday", "2026-11-27"), ("tomorrow", "2026-11-29"),
            ("3 days ago", "2026-11-25"), ("a week ago", "2026-11-21"), ("2 weeks ago", "2026-11-14"), ("last week", "2026-11-21"),
            ("last month", "2026-10-28"), ("3 months ago", "2026-08-28"), ("last year", "2025-11-28"), ("1 year ago", "2025-11-28"),
            // A weekday alone: the latest up to today; `last`: the latest before today.
            ("friday", "2026-11-27"), ("saturday", "2026-11-28"), ("sat", "2026-11-28"), ("last saturday", "2026-11-21"),
            ("last friday", "2026-11-27"), ("last monday", "2026-11-23"), ("this monday", "2026-11-23"),
            ("今天", "2026-11-28"), ("昨天", "2026-11-27"), ("前天", "2026-11-26"), ("大前天", "2026-11-25"), ("明天", "2026-11-29"),
            ("3 天前", "2026-11-25"), ("3天前", "2026-11-25"), ("三天前", "2026-11-25"), ("十天前", "2026-11-18"),
            ("二十三天前", "2026-11-05"), ("兩週前", "2026-11-14"), ("兩個星期前", "2026-11-14"), ("一個月前", "2026-10-28"),
            ("兩個月前", "2026-09-28"), ("去年", "2025-11-28"), ("1 年前", "2025-11-28"), ("上週", "2026-11-21"), ("上個月", "2026-10-28"),
            // 上週五: the Friday of last week, as Chinese speakers mean it (not yesterday).
            ("上週五", "2026-11-20"), ("上星期五", "2026-11-20"), ("上禮拜一", "2026-11-16"), ("上週日", "2026-11-22"),
            ("這週一", "2026-11-23"), ("週五", "2026-11-27"), ("星期六", "2026-11-28"), ("禮拜天", "2026-11-22"),
        ])
    func phrase(_ phrase: String, _ expected: String) {
        #expect(Self.day(phrase) == expected, "\(phrase)")
    }

    @Test("what names no day is nil, never a guess")
    func notPhrases() {
        for text in [
            "", "  ", "next blursday", "3 days", "days ago", "-3 days ago", "999999999999 days ago", "上週八", "一百天前", "前", "天前",
            "friday the 13th", "2026-11-22", "30d", String(repeating: "昨天", count: 30),
        ] {
            #expect(Self.day(text) == nil, "\(text)")
        }
    }

    @Test("on a Monday, last week's days and this week's")
    func fromMonday() {
        let monday = Self.saturday.addingTimeInterval(2 * 86_400)
        #expect(Self.day("上週五", from: monday) == "2026-11-27")
        #expect(Self.day("last monday", from: monday) == "2026-11-23")
        #expect(Self.day("monday", from: monday) == "2026-11-30")
        #expect(Self.day("週日", from: monday) == "2026-11-29")
    }

    @Test("every option that takes a day reads the phrases beside its own forms")
    func bounds() {
        #expect(DateBound.parse("yesterday", now: Self.saturday, zone: Self.taipei) == .day("2026-11-27"))
        #expect(DateBound.parse("30d", now: Self.saturday, zone: Self.taipei) == .age(count: 30, unit: .days))
        #expect(DateBound.parse("2026-01-02", now: Self.saturday, zone: Self.taipei) == .day("2026-01-02"))
        #expect(DateBound.day("上週五", now: Self.saturday, zone: Self.taipei) == "2026-11-20")
        #expect(DateBound.day("2026-13-01", now: Self.saturday, zone: Self.taipei) == nil)
    }
}
