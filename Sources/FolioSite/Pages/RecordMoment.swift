import FolioCore
import FolioMedia
import Foundation
import SystemIO
import YAML

#if canImport(Glibc)
    import Glibc
#endif

/// Where and when a record's moment was, and the weather, as a person says it: from the page's
/// `context: {local_time, location, weather}` first, else from the photo's EXIF (the time it was
/// taken, where it was taken). Keys of a kind's own (a training's `location`) stay in its table.
struct RecordMoment: Equatable {
    var place: String?
    var time: Timestamp?
    var weather: String?

    var isEmpty: Bool { place == nil && time == nil && weather == nil }

    /// The keys of `context` that the moment shows in words.
    static let placeKeys = ["location", "place", "city"]
    static let timeKeys = ["local_time", "time"]
    static let weatherKeys = ["weather"]

    static func of(_ record: Record, photo: MediaFacts?) -> RecordMoment {
        var context: [(String, Value)] = []
        if case .map(let pairs)? = record.document.value("context") { context = pairs }
        func text(_ keys: [String]) -> String? {
            for key in keys {
                if case .string(let text)? = context.first(where: { $0.0 == key })?.1 {
                    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
                    if !trimmed.isEmpty { return trimmed }
                }
            }
            return nil
        }
        var moment = RecordMoment(place: text(placeKeys), time: text(timeKeys).flatMap { Timestamp($0) }, weather: text(weatherKeys))
        if moment.time == nil, let taken = photo?.taken {
            // A camera without a recorded offset: its wall clock, shown as it reads.
            moment.time = Timestamp(taken + (photo?.takenOffset ?? "Z"))
        }
        if moment.place == nil, let latitude = photo?.latitude, let longitude = photo?.longitude {
            moment.place = coordinates(latitude: latitude, longitude: longitude)
        }
        return moment
    }

    /// `25.0330° N, 121.5654° E`: all the EXIF says of a place (naming it needs a map folio does not ship).
    static func coordinates(latitude: Double, longitude: Double) -> String? {
        guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180 else { return nil }
        return String(format: "%.4f", abs(latitude)) + "° " + (latitude < 0 ? "S" : "N") + ", " + String(format: "%.4f", abs(longitude))
            + "° " + (longitude < 0 ? "W" : "E")
    }

    /// `2026 年 11 月 22 日（星期日）傍晚 6:04`, `Sunday, 22 November 2026, 6:04 pm`: the time where it was written.
    static func spoken(_ time: Timestamp, context: SiteContext) -> String {
        let day = context.text(.spokenDay(year: time.year, month: time.month, day: time.day, weekday: time.local.weekday))
        guard time.offsetSeconds != nil else { return day }
        let clock = context.text(.spokenClock(hour: time.local.hour, minute: time.local.minute))
        return context.language == .zhHant ? day + clock : day + ", " + clock
    }

    func html(context: SiteContext) -> SafeHTML {
        guard !isEmpty else { return "" }
        var html: SafeHTML = "<dl class=\"moment\">"
        if let time {
            html +=
                "<div><dt>\(HTML.escape(context.text(.time)))</dt><dd><time datetime=\"\(HTML.escape(time.text))\">\(HTML.escape(Self.spoken(time, context: context)))</time></dd></div>"
        }
        if let place { html += "<div><dt>\(HTML.escape(context.text(.place)))</dt><dd>\(HTML.escape(place))</dd></div>" }
        if let weather { html += "<div><dt>\(HTML.escape(context.text(.weather)))</dt><dd>\(HTML.escape(weather))</dd></div>" }
        return html + "</dl>\n"
    }

    /// What the first bytes of a photo in the vault say (EXIF time and place); nil when it cannot be read.
    static func facts(ofPhoto path: String) -> MediaFacts? {
        guard let (input, info) = Descriptor.openRegular(path) else { return nil }
        defer { close(input) }
        guard info.st_size > 0 else { return nil }
        let size = UInt64(info.st_size)
        var head = [UInt8](repeating: 0, count: Int(min(UInt64(MediaProbe.headLength), size)))
        let count = head.withUnsafeMutableBytes { Descriptor.read(input, into: $0, at: 0) }
        guard count > 0 else { return nil }
        head.removeSubrange(count...)
        return MediaProbe.facts(
            head: head, fileSize: size, fileExtension: (path as NSString).pathExtension,
            read: { offset, wanted in
                guard wanted > 0, wanted <= 1 << 20, offset < size, let start = off_t(exactly: offset) else { return nil }
                var bytes = [UInt8](repeating: 0, count: wanted)
                let got = bytes.withUnsafeMutableBytes { Descriptor.read(input, into: $0, at: start) }
                guard got >= 0 else { return nil }
                bytes.removeSubrange(got...)
                return bytes
            })
    }
}

/// A question put to the magic 8 ball (or an AI) and its answer, as its page shows them: the
/// question once (it is the title, unless the title says something else), then the answer, its
/// English words when they differ, and whether it is a yes, a maybe or a no.
struct QuestionBlock {
    var question: String?
    var answer: String?
    var answerInEnglish: String?
    var answerType: String?
    var shownAnswerType: String?

    /// The keys shown here, left out of the fields table.
    let keys = ["question", "answer", "answer_en", "answer_type"]

    init?(_ record: Record, kind: Kind?, language: Language) {
        func text(_ key: String) -> String? {
            let value = record.document.string(key)?.trimmingCharacters(in: .whitespacesAndNewlines)
            return value?.isEmpty == false ? value : nil
        }
        question = text("question")
        answer = text("answer")
        guard question != nil || answer != nil, record.kind == "qa" || (question != nil && answer != nil) else { return nil }
        answerInEnglish = text("answer_en").flatMap { $0 == answer ? nil : $0 }
        answerType = text("answer_type")
        shownAnswerType = answerType.map { kind?.field("answer_type")?.shownValue($0, language) ?? $0 }
    }

    func html(title: String, context: SiteContext) -> SafeHTML {
        var html: SafeHTML = "<section class=\"qa\">"
        if let question, question != title.trimmingCharacters(in: .whitespacesAndNewlines) {
            html +=
                "<p class=\"question\"><span class=\"label\">\(HTML.escape(context.text(.question)))</span> \(HTML.escape(question))</p>"
        }
        if let answer {
            // Only the three types the ball knows become a class: the rest is text, never markup.
            let type = answerType.flatMap { ["affirmative", "neutral", "negative"].contains($0) ? " " + $0 : nil } ?? ""
            html +=
                "<p class=\"answer\(type)\"><span class=\"label\">\(HTML.escape(context.text(.answer)))</span> <span class=\"ball\" aria-hidden=\"true\">🎱</span> <strong>\(HTML.escape(answer))</strong></p>"
        }
        if let answerInEnglish { html += "<p class=\"answer-en\" lang=\"en\">\(HTML.escape(answerInEnglish))</p>" }
        if let shownAnswerType { html += "<p class=\"answer-type\">\(HTML.escape(shownAnswerType))</p>" }
        return html + "</section>\n"
    }
}
