import FolioCore
import Foundation

/// What folio knows of a page without reading its words or asking a network: when it was, what
/// media it holds, and the place when the user shares it. It completes the tags of a page whose
/// words give too few, and gives a short page a sentence about its media.
public struct PageMoment: Sendable, Equatable {
    /// The moment in the writer's local time: the first media's time taken when known, else when
    /// the page was created.
    public var time: Timestamp?
    /// The page's media types in order: `photo`, `video`, `audio`.
    public var media: [String]
    /// Only when `privacy.share_location` allows.
    public var place: String?
    public var language: Language

    public init(time: Timestamp?, media: [String], place: String?, language: Language) {
        self.time = time
        self.media = media
        self.place = place
        self.language = language
    }

    /// The local hour, day of the week (0 = Sunday) and month, from the time as written.
    var local: (hour: Int, weekday: Int, month: Int, day: Int)? {
        guard let time else { return nil }
        return (time.local.hour, time.local.weekday, time.month, time.day)
    }

    /// Tags from the moment, most telling first: the media, the place, the time of day, the
    /// season, the weekday or weekend.
    public var tags: [String] {
        var tags: [String] = []
        for type in media where !tags.contains(Self.mediaTag(type, language)) { tags.append(Self.mediaTag(type, language)) }
        if let place, !place.isEmpty { tags.append(place) }
        if let local {
            tags.append(Self.timeOfDay(local.hour, language))
            tags.append(Self.season(local.month, language))
            tags.append(Self.weekday(local.weekday, language))
        }
        return tags
    }

    /// One sentence about the page's media in the vault's language (for a short page): when, where
    /// when shared, and what (11月23日（週一）傍晚在台北拍的一張照片。). Nil without media.
    public var mediaSentence: String? {
        guard !media.isEmpty else { return nil }
        let counts = Self.counted(media)
        switch language {
        case .zhHant:
            let things = counts.map { type, count in Self.chineseNumber(count) + (type == "photo" ? "張照片" : type == "video" ? "段影片" : "段錄音")
            }
            let verb = media.allSatisfy { $0 == "audio" } ? "錄的" : media.contains("audio") ? "留下的" : "拍的"
            var when = ""
            if let local {
                when = "\(local.month)月\(local.day)日（\(Self.weekdayName(local.weekday, .zhHant))）\(Self.timeOfDay(local.hour, .zhHant))"
            }
            let place = place.map { "在\($0)" } ?? ""
            let what = things.joined(separator: "和")
            return when.isEmpty && place.isEmpty ? what + "。" : when + place + verb + what + "。"
        case .en:
            var things = counts.map { type, count in
                let noun = type == "photo" ? "photo" : type == "video" ? "video" : "voice note"
                return count == 1 ? "a \(noun)" : "\(count) \(noun)s"
            }
            if let first = things.first { things[0] = first.prefix(1).uppercased() + first.dropFirst() }
            var sentence = things.count > 1 ? things.dropLast().joined(separator: ", ") + " and " + (things.last ?? "") : things.joined()
            if let local {
                sentence +=
                    " from \(Self.weekdayName(local.weekday, .en)) \(Self.timeOfDay(local.hour, .en)), \(local.day) \(Self.monthName(local.month))"
            }
            if let place { sentence += ", in \(place)" }
            return sentence + "."
        }
    }

    /// The moment as a sentence, for a page with neither words nor media: 11月23日（週一）早上。
    public var whenSentence: String? {
        guard let local else { return nil }
        switch language {
        case .zhHant:
            return "\(local.month)月\(local.day)日（\(Self.weekdayName(local.weekday, .zhHant))）\(Self.timeOfDay(local.hour, .zhHant))"
                + (place.map { "，\($0)" } ?? "") + "。"
        case .en:
            return "\(Self.weekdayName(local.weekday, .en)) \(Self.timeOfDay(local.hour, .en)), \(local.day) \(Self.monthName(local.month))"
                + (place.map { ", \($0)" } ?? "") + "."
        }
    }

    private static func counted(_ media: [String]) -> [(String, Int)] {
        var order: [String] = []
        var counts: [String: Int] = [:]
        for type in media {
            let type = ["photo", "video"].contains(type) ? type : "audio"
            if counts[type] == nil { order.append(type) }
            counts[type, default: 0] += 1
        }
        return order.map { ($0, counts[$0] ?? 0) }
    }

    static func mediaTag(_ type: String, _ language: Language) -> String {
        switch (type, language) {
        case ("photo", .zhHant): "照片"
        case ("video", .zhHant): "影片"
        case (_, .zhHant): "錄音"
        case ("photo", .en): "photo"
        case ("video", .en): "video"
        case (_, .en): "voice"
        }
    }

    static func timeOfDay(_ hour: Int, _ language: Language) -> String {
        switch language {
        case .zhHant:
            switch hour {
            case 5..<8: "清晨"
            case 8..<11: "早上"
            case 11..<13: "中午"
            case 13..<17: "下午"
            case 17..<19: "傍晚"
            case 19..<23: "晚上"
            default: "深夜"
            }
        case .en:
            switch hour {
            case 5..<12: "morning"
            case 12..<17: "afternoon"
            case 17..<22: "evening"
            default: "night"
            }
        }
    }

    /// Seasons of the northern hemisphere, by month.
    static func season(_ month: Int, _ language: Language) -> String {
        let index =
            switch month {
            case 3...5: 0
            case 6...8: 1
            case 9...11: 2
            default: 3
            }
        return language == .zhHant ? ["春天", "夏天", "秋天", "冬天"][index] : ["spring", "summer", "autumn", "winter"][index]
    }

    /// `週末` / `weekend` on Saturday and Sunday, else the day's name.
    static func weekday(_ weekday: Int, _ language: Language) -> String {
        if weekday == 0 || weekday == 6 { return language == .zhHant ? "週末" : "weekend" }
        return language == .zhHant ? weekdayName(weekday, language) : weekdayName(weekday, language).lowercased()
    }

    static func weekdayName(_ weekday: Int, _ language: Language) -> String {
        let index = min(max(weekday, 0), 6)
        return language == .zhHant
            ? ["週日", "週一", "週二", "週三", "週四", "週五", "週六"][index]
            : ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"][index]
    }

    static func monthName(_ month: Int) -> String {
        let names = [
            "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December",
        ]
        return names.indices.contains(month - 1) ? names[month - 1] : String(month)
    }

    /// The vault's own word for a moment tag when it already uses one (相片 for 照片, winter for 冬天).
    static func spelling(of tag: String, existing: [String]) -> String {
        let words = synonyms.first { $0.contains(tag) } ?? [tag]
        return existing.first { candidate in words.contains(candidate.lowercased()) } ?? tag
    }

    static let synonyms: [Set<String>] = [
        ["照片", "相片", "拍照", "photo", "photos"], ["影片", "視頻", "video", "videos"], ["錄音", "語音", "voice", "audio"],
        ["清晨", "早晨", "dawn"], ["早上", "上午", "morning"], ["中午", "noon"], ["下午", "afternoon"], ["傍晚", "黃昏", "evening"],
        ["晚上", "夜晚"], ["深夜", "半夜", "night"], ["春天", "春季", "spring"], ["夏天", "夏季", "summer"],
        ["秋天", "秋季", "autumn", "fall"], ["冬天", "冬季", "winter"], ["週末", "周末", "weekend"],
    ]

    static func chineseNumber(_ count: Int) -> String {
        let words = ["", "一", "兩", "三", "四", "五", "六", "七", "八", "九", "十"]
        return words.indices.contains(count) && count > 0 ? words[count] : String(count)
    }
}

/// Tags made whole: a page always gets 3 to 8. The words' own tags come first; when they are
/// fewer than three, the page's moment fills up (an existing tag the AI's description of the media
/// mentions, then the media, the place, the time of day, the season, the weekday or weekend), each
/// spelled as the vault already spells it, and last the tags the vault uses most.
public enum TagCompletion {
    public static let minimum = 3

    /// - Returns: the tags, and those added from the moment (empty when the words gave enough).
    public static func complete(
        _ tags: [String], moment: PageMoment?, analysis: String?, existing: [String]
    ) -> (tags: [String], added: [String]) {
        var result = PageSummary.normalizedTags(tags, existing: existing)
        guard result.count < minimum else { return (result, []) }
        var added: [String] = []
        let mentioned = analysis.map { text in existing.filter { !KeywordTags.occurrences(of: $0, in: text).isEmpty } } ?? []
        let fallback = moment?.language == .en ? ["diary", "journal", "notes"] : ["日記", "生活", "隨手記"]
        let fromMoment = (moment?.tags ?? []).map { tag in PageMoment.spelling(of: tag, existing: existing) }
        for candidate in mentioned + fromMoment + existing + fallback {
            guard result.count < minimum else { break }
            let before = result.count
            result = PageSummary.normalizedTags(result + [candidate], existing: existing)
            if result.count > before, let tag = result.last { added.append(tag) }
        }
        return (result, added)
    }
}
