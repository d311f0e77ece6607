import Foundation

/// A day as people say it, in English or Chinese: `yesterday`, `3 days ago`, `last friday`,
/// `昨天`, `3 天前`, `上週五`, `兩個月前`. Every option that takes a day (`--date`, `--on`,
/// `--since`, `--until`, and MCP's `date`, `on`, `since`, `until`) reads these beside
/// `2026-11-22`, so one form works everywhere.
///
/// The week starts on Monday. A weekday alone (`friday`, `週五`) is the latest such day up to
/// today; `last friday` the latest before today; `上週五` the Friday of last week, as Chinese
/// speakers mean it. `last week` is seven days ago, `last month` a month ago.
public enum DayPhrase {
    /// `YYYY-MM-DD` of the day `text` names, seen from `now` in `zone`; nil when it names none.
    public static func day(_ text: String, now: Date, zone: TimeZone) -> String? {
        let phrase = text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard !phrase.isEmpty, phrase.count <= 40, let offset = offset(phrase) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        calendar.firstWeekday = 2
        let today = calendar.startOfDay(for: now)
        let day: Date?
        switch offset {
        case .days(let count): day = calendar.date(byAdding: .day, value: -count, to: today)
        case .months(let count): day = calendar.date(byAdding: .month, value: -count, to: today)
        case .years(let count): day = calendar.date(byAdding: .year, value: -count, to: today)
        case .weekday(let wanted, let rule):
            // Monday 0 … Sunday 6.
            let todayIndex = (calendar.component(.weekday, from: today) + 5) % 7
            let back: Int
            switch rule {
            case .latestUpToToday: back = (todayIndex - wanted + 7) % 7
            case .latestBeforeToday: back = (todayIndex - wanted + 6) % 7 + 1
            case .lastWeek: back = todayIndex + 7 - wanted
            case .thisWeek: back = todayIndex - wanted
            }
            day = calendar.date(byAdding: .day, value: -back, to: today)
        }
        guard let day else { return nil }
        let parts = calendar.dateComponents([.year, .month, .day], from: day)
        guard let year = parts.year, let month = parts.month, let date = parts.day, (1...9999).contains(year) else { return nil }
        return String(format: "%04d-%02d-%02d", year, month, date)
    }

    enum Offset: Equatable {
        case days(Int)
        case months(Int)
        case years(Int)
        case weekday(Int, WeekdayRule)
    }

    enum WeekdayRule: Equatable {
        case latestUpToToday, latestBeforeToday, lastWeek, thisWeek
    }

    static let englishWeekdays = [
        ["monday", "mon"], ["tuesday", "tue", "tues"], ["wednesday", "wed"], ["thursday", "thu", "thur", "thurs"],
        ["friday", "fri"], ["saturday", "sat"], ["sunday", "sun"],
    ]
    /// 一 … 六, then 日 and 天 for Sunday.
    static let chineseWeekdays: [Character: Int] = ["一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6]

    static func offset(_ phrase: String) -> Offset? {
        switch phrase {
        case "today", "今天", "今日": return .days(0)
        case "yesterday", "昨天", "昨日": return .days(1)
        case "前天": return .days(2)
        case "大前天": return .days(3)
        case "tomorrow", "明天": return .days(-1)
        case "last week", "a week ago", "上週", "上周", "上星期", "上個星期", "上禮拜", "上個禮拜": return .days(7)
        case "last month", "a month ago", "上個月", "上月": return .months(1)
        case "last year", "a year ago", "去年": return .years(1)
        default: break
        }
        if let found = english(phrase) { return found }
        return chinese(phrase)
    }

    private static func english(_ phrase: String) -> Offset? {
        let words = phrase.split(separator: " ").map(String.init)
        if words.count == 3, words[2] == "ago", let count = Int(words[0]) ?? (words[0] == "a" || words[0] == "an" ? 1 : nil),
            (0...100_000).contains(count)
        {
            switch words[1] {
            case "day", "days": return .days(count)
            case "week", "weeks": return count <= 10_000 ? .days(count * 7) : nil
            case "month", "months": return .months(count)
            case "year", "years": return .years(count)
            default: return nil
            }
        }
        let rule: WeekdayRule
        let name: String
        switch words.count {
        case 1: (rule, name) = (.latestUpToToday, words[0])
        case 2 where words[0] == "last": (rule, name) = (.latestBeforeToday, words[1])
        case 2 where words[0] == "this": (rule, name) = (.thisWeek, words[1])
        default: return nil
        }
        guard let index = englishWeekdays.firstIndex(where: { $0.contains(name) }) else { return nil }
        return .weekday(index, rule)
    }

    private static func chinese(_ phrase: String) -> Offset? {
        let text = phrase.replacingOccurrences(of: " ", with: "")
        // 上週五, 上星期五, 上禮拜五, 這週五, 本週五, 週五, 星期五, 禮拜五.
        for (prefix, rule) in [("上", WeekdayRule.lastWeek), ("這", .thisWeek), ("这", .thisWeek), ("本", .thisWeek), ("", .latestUpToToday)] {
            for week in ["週", "周", "星期", "禮拜", "礼拜", "個星期", "個禮拜"] where text.hasPrefix(prefix + week) {
                let rest = text.dropFirst(prefix.count + week.count)
                if rest.count == 1, let first = rest.first, let day = chineseWeekdays[first] { return .weekday(day, rule) }
            }
        }
        // N 天前, N 日前, N 週前, N 個星期前, N 個月前, N 年前.
        guard text.hasSuffix("前") else { return nil }
        let body = text.dropLast()
        let units: [(String, (Int) -> Offset?)] = [
            ("天", { .days($0) }), ("日", { .days($0) }),
            ("個星期", { $0 <= 10_000 ? .days($0 * 7) : nil }), ("個禮拜", { $0 <= 10_000 ? .days($0 * 7) : nil }),
            ("星期", { $0 <= 10_000 ? .days($0 * 7) : nil }), ("禮拜", { $0 <= 10_000 ? .days($0 * 7) : nil }),
            ("週", { $0 <= 10_000 ? .days($0 * 7) : nil }), ("周", { $0 <= 10_000 ? .days($0 * 7) : nil }),
            ("個月", { .months($0) }), ("个月", { .months($0) }), ("年", { .years($0) }),
        ]
        for (unit, make) in units where body.hasSuffix(unit) {
            let number = String(body.dropLast(unit.count))
            guard let count = Int(number) ?? chineseNumber(number), (0...100_000).contains(count) else { return nil }
            return make(count)
        }
        return nil
    }

    /// 一 … 九十九, with 兩 for two: `三`, `十`, `十五`, `二十`, `二十三`.
    static func chineseNumber(_ text: String) -> Int? {
        let digits: [Character: Int] = ["零": 0, "一": 1, "二": 2, "兩": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9]
        let characters = Array(text)
        switch characters.count {
        case 1:
            if characters[0] == "十" { return 10 }
            return digits[characters[0]]
        case 2:
            if characters[0] == "十" { return digits[characters[1]].map { 10 + $0 } }
            if characters[1] == "十" { return digits[characters[0]].map { $0 * 10 } }
            return nil
        case 3:
            guard characters[1] == "十", let tens = digits[characters[0]], let ones = digits[characters[2]] else { return nil }
            return tens * 10 + ones
        default:
            return nil
        }
    }
}
