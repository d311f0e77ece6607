import Foundation
import Testing

/// One hand-written record of the search corpus, written into a vault as a real file.
///
/// Ids are digits only (`000000NN-0000-4000-8000-0000000000NN`), so no English word can hide in
/// them (a hex id may spell `cafe` or `bead`), and their first 8 characters, the short id, say the number.
struct CorpusRecord: Sendable {
    let number: Int
    let kind: String
    let date: String
    let title: String
    let tags: [String]
    let body: String
    /// Kind keys written after `tags`, as YAML scalars (quoted when given with quotes).
    var extra: [(String, String)] = []

    var id: String {
        let n = number < 10 ? "0\(number)" : "\(number)"
        return "000000\(n)-0000-4000-8000-0000000000\(n)"
    }

    var shortID: String { String(id.prefix(8)) }

    var path: String {
        let directory = ["diary": "diary", "idea": "ideas", "qa": "qa"][kind] ?? kind
        let n = number < 10 ? "0\(number)" : "\(number)"
        return "\(directory)/\(date.prefix(4))/\(date.dropFirst(5).prefix(2))/\(date)-r\(n).md"
    }

    var text: String {
        var lines = [
            "---",
            "id: \(id)",
            "kind: \(kind)",
            "title: \(yamlQuoted(title))",
            "created: \(date)T20:15:00+08:00",
            "modified: \(date)T20:15:00+08:00",
            "tags: [\(tags.joined(separator: ", "))]",
        ]
        for (key, value) in extra { lines.append("\(key): \(value)") }
        lines.append("---")
        return lines.joined(separator: "\n") + "\n" + (body.isEmpty ? "" : body + "\n")
    }
}

func yamlQuoted(_ text: String) -> String {
    "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
}

private func diary(
    _ n: Int, _ date: String, _ title: String, _ tags: [String], _ body: String,
    text: String? = nil
) -> CorpusRecord {
    CorpusRecord(
        number: n, kind: "diary", date: date, title: title, tags: tags, body: body,
        extra: text.map { [("text", yamlQuoted($0))] } ?? [])
}

private func idea(
    _ n: Int, _ date: String, _ title: String, _ tags: [String], _ body: String,
    done: Bool = false
) -> CorpusRecord {
    var extra = [("done", done ? "true" : "false")]
    if done { extra.append(("done_at", "\(date)T21:00:00+08:00")) }
    return CorpusRecord(number: n, kind: "idea", date: date, title: title, tags: tags, body: body, extra: extra)
}

private func qa(
    _ n: Int, _ date: String, _ question: String, _ tags: [String], answer: String, english: String,
    type: String
) -> CorpusRecord {
    CorpusRecord(
        number: n, kind: "qa", date: date, title: question, tags: tags, body: "",
        extra: [
            ("question", yamlQuoted(question)), ("answer", yamlQuoted(answer)), ("answer_en", yamlQuoted(english)),
            ("answer_type", type), ("source", "magic8"),
        ])
}

/// A year of a mixed zh-Hant / English journal: diary pages, ideas (some done) and magic 8 ball questions.
///
/// Traps: `下著小雨`, `下起小雨`, `下著大雨` and `雨下得` hold 下 and 雨 apart; `林小雨` holds 小雨;
/// `照片是用 iPhone 拍的` has the words of `iPhone拍的照片` out of order; `day rainy` reverses `rainy day`
/// while `rainy-day` keeps it; `Café`/`café`/`Zoë` need folding; `cat`/`catalog`, `photo`/`photographs` and
/// `rain`/`rainbow`/`raincoat`/`rainwater` share prefixes; `#work`, `#工作`, `#health`, `#散步` and `#失物`
/// are tags written only in the body; `text`, `question`, `answer` and `answer_en` hold words found nowhere else.
let searchCorpus: [CorpusRecord] = [
    diary(1, "2026-01-05", "雨天的通勤", ["commute"], "今天傍晚下著小雨，捷運很擠。", text: "下班回家"),
    diary(2, "2026-01-12", "下雨的傍晚", ["rain", "walk"], "一個人慢慢走回家，路燈很亮。#散步"),
    diary(3, "2026-02-03", "Rainy evening", ["rain"], "下雨的傍晚最適合讀書。I stayed home with a novel."),
    diary(4, "2026-02-14", "情人節晚餐", ["family"], "晚上和家人吃火鍋，外面雨下得很大。"),
    idea(5, "2026-02-20", "會不會下雨的 app", ["app", "weather"], "出門前告訴你要不要帶傘。"),
    qa(6, "2026-03-01", "明天會下雨嗎？", [], answer: "很有可能", english: "Very likely", type: "affirmative"),
    diary(7, "2026-03-08", "Sunny day", ["weather"], "晴天，終於不下雨了。Hung the laundry outside."),
    diary(8, "2026-03-15", "Typhoon day", ["weather"], "颱風假！風雨很大，外面不要出門。"),
    diary(9, "2026-03-22", "毛毛雨", ["weather"], "Light drizzle all morning. 撐著傘去上班。"),
    diary(10, "2026-04-02", "Rainbow", ["photo"], "A double rainbow over Taipei 101 after the storm. iPhone拍的照片。"),
    diary(11, "2026-04-05", "Old camera", ["photo"], "照片是用 iPhone 拍的，不是相機。"),
    idea(12, "2026-04-10", "Café idea", ["business"], "Open a small café with second-hand books."),
    diary(13, "2026-04-18", "Dihua Street", ["coffee"], "Met Zoë at the cafe on Dihua Street; we shared a pour-over."),
    diary(14, "2026-04-25", "Morning routine", ["habit"], "Coffee first, then email, then a short walk."),
    idea(15, "2026-05-01", "Decaf experiment", ["coffee", "health"], "Switch to decaf coffee after 3 pm.", done: true),
    diary(16, "2026-05-09", "咖啡店", ["coffee"], "這家咖啡店的拿鐵很香，窗外在下雨。"),
    qa(
        17, "2026-05-12", "Should I quit coffee?", [], answer: "我的消息來源說不。", english: "My sources say no.",
        type: "negative"),
    diary(18, "2026-05-20", "Tea instead", ["tea"], "No coffee today. Oolong tea from Alishan, 阿里山烏龍茶。"),
    idea(
        19, "2026-05-28", "Coffee subscription", ["coffee", "business"],
        "Monthly beans delivered; light roast, notes of jasmine."),
    diary(20, "2026-06-02", "Rainy day playlist", ["music"], "Lo-fi beats and old jazz for a rainy day."),
    diary(21, "2026-06-09", "Day off", ["rest"], "A day rainy and slow; I read all afternoon."),
    diary(22, "2026-06-16", "Raincoat", ["shopping"], "Bought a yellow raincoat before the rainy season."),
    qa(
        23, "2026-06-20", "Will it rain tomorrow?", [], answer: "回答模糊，再試一次。", english: "Reply hazy, try again.",
        type: "neutral"),
    diary(24, "2026-06-27", "Umbrella", ["shopping"], "Lost my umbrella on the MRT again. #失物"),
    diary(25, "2026-07-04", "Night market", ["food"], "士林夜市的雞排還是一樣大。"),
    diary(26, "2026-07-11", "台南小吃", ["travel", "food"], "台南的牛肉湯很好喝，早上六點就排隊。"),
    diary(27, "2026-07-18", "Taipei weekend", ["travel"], "台北週末下雨，只好待在咖啡店。"),
    idea(28, "2026-07-25", "Travel app", ["app", "travel"], "An app that plans rainy-day routes through museums."),
    diary(29, "2026-08-01", "Photo walk", ["photo", "walk"], "Took photos along the Tamsui river at sunset. 淡水的夕陽。"),
    diary(30, "2026-08-08", "Photographs", ["photo"], "Printed old photographs for mom."),
    qa(
        31, "2026-08-12", "我應該養貓嗎？", ["pets"], answer: "是的，絕對是。", english: "It is certain.",
        type: "affirmative"),
    diary(32, "2026-08-19", "Cat vs. vacuum", ["pets"], "The cat declared war on the new robot vacuum."),
    diary(33, "2026-08-26", "Catalog", ["shopping"], "Browsing the IKEA catalog for a bookshelf."),
    idea(34, "2026-09-02", "貓咪日記", ["pets", "app"], "一個讓貓寫日記的 app。 #點子"),
    diary(35, "2026-09-09", "Moving day", ["life"], "Packing boxes all week; the cat hides in every one."),
    diary(36, "2026-09-16", "林小雨的生日", ["family"], "媽媽幫林小雨做了蛋糕。"),
    qa(
        37, "2026-09-20", "我該不該換工作？", ["work"], answer: "不要指望。", english: "Don't count on it.",
        type: "negative"),
    idea(38, "2026-09-27", "Weekly review", ["work"], "Every Friday: what went well, what to drop.", done: true),
    diary(39, "2026-10-04", "加班", ["overtime"], "又加班到十點，#工作 好累。"),
    diary(40, "2026-10-11", "Deadline", [], "Shipped the release at midnight. #work"),
    idea(41, "2026-10-18", "Standing desk", [], "Try a standing desk for a month. #health"),
    diary(42, "2026-10-25", "Hot spring", ["travel"], "北投泡溫泉，外面下起小雨。"),
    diary(43, "2026-11-01", "Jogging", ["health"], "Ran 5 km before work. Legs are tired."),
    diary(44, "2026-11-08", "Dentist", ["health"], "看牙醫，補了一顆牙。"),
    qa(
        45, "2026-11-12", "Should I learn Japanese?", ["learning"], answer: "跡象顯示是的。",
        english: "Signs point to yes.", type: "affirmative"),
    diary(46, "2026-11-15", "Language exchange", ["learning"], "Practiced 中文 with Anna; she practiced English with me."),
    diary(47, "2026-11-22", "Résumé", ["work"], "Updated my résumé for the design job."),
    diary(48, "2026-11-29", "Resume reading", ["books"], "Resume reading Murakami after a long break."),
    idea(49, "2026-12-03", "Shared calendar", ["family"], "A shared family calendar in plain text files."),
    diary(50, "2026-12-10", "Bookshop", ["books"], "誠品書店 was open until midnight; bought two novels."),
    diary(51, "2026-12-17", "Writing", ["writing"], "Wrote 800 words of the novel. 寫了八百字。"),
    qa(
        52, "2026-12-20", "Will I finish the novel this year?", ["writing"], answer: "晚點再問。",
        english: "Ask again later.", type: "neutral"),
    diary(53, "2026-12-24", "Christmas Eve", ["family"], "聖誕夜和家人交換禮物，天氣很冷。"),
    diary(54, "2026-12-31", "跨年", ["family"], "在101看煙火，人好多。"),
    idea(
        55, "2026-01-20", "Voice notes", ["app"], "Record voice notes while walking and transcribe them later.",
        done: true),
    diary(56, "2026-01-26", "Walk by the river", ["walk"], "Walked along the river; the air smelled of rain."),
    diary(57, "2026-02-08", "Hiking", ["walk"], "Hiked Elephant Mountain at dawn; the city was still asleep."),
    diary(58, "2026-03-29", "Garden", ["plants"], "Rain barrel is full; watered the garden with rainwater."),
    diary(59, "2026-04-12", "Plant diary", ["plants"], "The monstera has a new leaf. 新葉子好漂亮。"),
    qa(60, "2026-05-05", "今天適合出門嗎？", [], answer: "當然。", english: "Yes, definitely.", type: "affirmative"),
    diary(61, "2026-06-05", "Concert", ["music"], "五月天的演唱會，下著大雨大家還是一起唱。"),
    diary(62, "2026-07-30", "Library", ["books"], "Borrowed three books from the library; returned two late."),
    diary(63, "2026-08-15", "Typhoon again", ["weather"], "Another typhoon. Stayed in and listened to the rain on the roof."),
    idea(64, "2026-09-12", "Umbrella sharing", ["business", "weather"], "Umbrella stands at MRT exits, like bike sharing."),
    diary(65, "2026-10-20", "Jasmine tea", ["tea"], "Jasmine tea with Anna at 三峽 old street."),
]

/// The corpus written into one vault, made once and shared by the tests that only read it.
enum SearchVault {
    private static let made: Result<FolioProcess, any Error> = Result {
        let folio = try FolioProcess.vault()
        for record in searchCorpus { try folio.write(record.path, record.text) }
        return folio
    }

    static func shared() throws -> FolioProcess { try made.get() }

    /// A vault of its own, for a test that changes files.
    static func fresh() throws -> FolioProcess {
        let folio = try FolioProcess.vault()
        for record in searchCorpus { try folio.write(record.path, record.text) }
        return folio
    }
}
