/// Short diary entries as people type them, for the builtin provider's tags: one line, a photo
/// only, a voice note only, a long paragraph, in zh-Hant and English. For each, the tags a reader
/// would expect among the 3 to 8 (`expected`), and tags that must not appear: a pair of characters
/// that spans two words (店換 from 咖啡店換了), a function or time word, a counted noun (一杯).
public struct DiaryCase: Sendable, CustomStringConvertible {
    public enum Media: String, Sendable { case photo, video, audio }

    public let language: String
    public let text: String?
    public let media: [Media]
    public let expected: [String]
    public let forbidden: [String]

    public var description: String { "\(language) \(text ?? "(no text)") \(media.map(\.rawValue))" }

    init(_ language: String, _ text: String?, media: [Media] = [], expected: [String], forbidden: [String] = []) {
        self.language = language
        self.text = text
        self.media = media
        self.expected = expected
        self.forbidden = forbidden
    }
}

public enum DiaryCorpus {
    /// The README's first diary example, and its demo sentence.
    public static let readmeExample = DiaryCase("zh-Hant", "下班路上", media: [.photo], expected: ["下班", "路上", "照片"], forbidden: ["班路"])
    public static let readmeDemoSentence = DiaryCase(
        "zh-Hant", "下班路上經過一家咖啡店換了新招牌，我買了一杯熱拿鐵",
        expected: ["咖啡店", "招牌", "拿鐵", "下班"], forbidden: ["店換", "新招", "杯熱", "上經", "一杯", "一家", "熱拿鐵", "路邊"])

    public static let cases: [DiaryCase] = [
        readmeExample,
        readmeDemoSentence,
        // zh-Hant, one line
        DiaryCase("zh-Hant", "今天帶小寶去公園散步，天氣很好", expected: ["小寶", "公園", "散步"], forbidden: ["今天", "寶去", "園散", "很好"]),
        DiaryCase("zh-Hant", "週末和朋友去爬山，山頂的風景很美", expected: ["朋友", "爬山", "風景"], forbidden: ["友去", "頂的", "很美"]),
        DiaryCase("zh-Hant", "晚餐煮了番茄炒蛋和味噌湯", expected: ["晚餐", "番茄"], forbidden: ["餐煮", "茄炒", "煮了"]),
        DiaryCase("zh-Hant", "加班到十點，好累", expected: ["加班"], forbidden: ["班到", "十點"]),
        DiaryCase("zh-Hant", "雨下了一整天，在家看書", expected: ["在家"], forbidden: ["一整天", "下了", "了一", "天在", "雨下"]),
        DiaryCase("zh-Hant", "第一次自己搭捷運去上班", expected: ["捷運", "上班"], forbidden: ["第一次", "自己", "運去"]),
        DiaryCase("zh-Hant", "跟媽媽通電話聊了很久", expected: ["媽媽", "電話"], forbidden: ["很久", "聊了", "媽通"]),
        DiaryCase("zh-Hant", "貓咪今天一直睡覺", expected: ["貓咪", "睡覺"], forbidden: ["今天", "一直", "咪今"]),
        DiaryCase("zh-Hant", "去圖書館借了三本書", expected: ["圖書館"], forbidden: ["三本", "借了", "館借"]),
        DiaryCase("zh-Hant", "和同事一起吃火鍋慶祝專案上線", expected: ["同事", "火鍋", "慶祝"], forbidden: ["一起", "事一", "鍋慶"]),
        DiaryCase("zh-Hant", "早上跑步五公里，流了很多汗", expected: ["跑步"], forbidden: ["很多", "步五", "流了"]),
        DiaryCase("zh-Hant", "看了一部很感人的電影", expected: ["電影"], forbidden: ["一部", "人的", "看了"]),
        DiaryCase("zh-Hant", "練習鋼琴一個小時", expected: ["練習", "鋼琴"], forbidden: ["一個", "琴一"]),
        DiaryCase("zh-Hant", "小寶今天第一次叫媽媽", expected: ["小寶", "媽媽"], forbidden: ["第一次", "寶今"]),
        DiaryCase("zh-Hant", "搭高鐵回台中看爺爺奶奶", expected: ["高鐵", "台中"], forbidden: ["鐵回", "中看"]),
        DiaryCase("zh-Hant", "在海邊看夕陽", expected: ["海邊", "夕陽"], forbidden: ["邊看"]),
        DiaryCase("zh-Hant", "好累", expected: [], forbidden: ["好累"]),
        DiaryCase("zh-Hant", "雨很小，我走得很慢。路邊的咖啡店換了新招牌", expected: ["咖啡店", "招牌"], forbidden: ["走得", "很慢", "店換", "新招"]),
        // zh-Hant, media with a line or without words
        DiaryCase("zh-Hant", nil, media: [.photo], expected: ["照片"]),
        DiaryCase("zh-Hant", nil, media: [.photo, .photo], expected: ["照片"]),
        DiaryCase("zh-Hant", nil, media: [.audio], expected: ["錄音"]),
        DiaryCase("zh-Hant", nil, media: [.video], expected: ["影片"]),
        DiaryCase("zh-Hant", "好美", media: [.photo], expected: ["照片"], forbidden: ["好美"]),
        DiaryCase("zh-Hant", "小寶學會翻身了", media: [.video], expected: ["小寶", "翻身"], forbidden: ["身了", "寶學"]),
        // zh-Hant, long paragraphs
        DiaryCase(
            "zh-Hant", "今天下班走回家，雨很小。路上的咖啡店換了新招牌，我進去買了一杯熱拿鐵。其實我今天有點累，工作的專案一直延期。不過熱拿鐵很好喝，雨聲讓我放鬆下來。下次想約朋友一起去咖啡店。",
            expected: ["咖啡店", "拿鐵", "招牌"], forbidden: ["店換", "杯熱", "今天", "其實", "一杯"]),
        DiaryCase(
            "zh-Hant", "這個週末去了宜蘭泡溫泉。早上出發的時候還在下雨，到了礁溪就放晴了。溫泉水很燙，泡完整個人都放鬆了。晚上在夜市吃了卜肉和三星蔥餅，回程的時候在車上睡著了。",
            expected: ["宜蘭", "溫泉", "夜市"], forbidden: ["這個", "時候", "泡溫", "還在", "早上"]),
        DiaryCase(
            "zh-Hant", "最近工作壓力很大，專案一直延期，主管每天都在催。今天終於把報告交出去了，下班後去健身房運動了一個小時，覺得輕鬆很多。回家煮了一碗麵，看了兩集影集才睡。",
            expected: ["工作", "壓力", "報告"], forbidden: ["最近", "一直", "每天", "一碗", "力很"]),
        DiaryCase(
            "zh-Hant", "小寶今天打完預防針，哭了一下就好了。醫生說他長得很好，體重和身高都在標準範圍內。回家後他睡了很久的午覺，醒來精神很好，一直在笑。",
            expected: ["小寶", "醫生", "體重"], forbidden: ["今天", "一下", "很久", "寶今"]),
        DiaryCase(
            "zh-Hant", "今天的撞球練習專注在低桿和推桿。低桿的成功率大概六成，推桿比較穩定。教練說我出桿的時候手腕太緊，要放鬆。下次要多練習長台的低桿。",
            expected: ["撞球", "練習", "教練"], forbidden: ["時候", "比較", "球練"]),
        // English, one line
        DiaryCase(
            "en", "Walked home in the rain after work, stopped for a hot latte", expected: ["rain", "latte"],
            forbidden: ["the", "after", "for"]),
        DiaryCase("en", "Baby's first steps today!", expected: ["steps"], forbidden: ["today"]),
        DiaryCase("en", "Finished reading Dune", expected: ["dune", "reading"]),
        DiaryCase("en", "Long run by the river, 10 km", expected: ["river"], forbidden: ["the", "long"]),
        DiaryCase("en", "Dinner with Anna at the new ramen place", expected: ["dinner", "anna", "ramen"], forbidden: ["new", "with"]),
        DiaryCase("en", "Tired.", expected: []),
        DiaryCase("en", "Practiced piano for an hour", expected: ["piano"], forbidden: ["for", "hour"]),
        DiaryCase("en", "Rainy Sunday, stayed in and baked bread", expected: ["bread"], forbidden: ["and"]),
        // English, media with a line or without words
        DiaryCase("en", nil, media: [.photo], expected: ["photo"]),
        DiaryCase("en", nil, media: [.audio], expected: ["voice"]),
        DiaryCase("en", "Fireworks!", media: [.video], expected: ["fireworks", "video"]),
        // English, long paragraphs
        DiaryCase(
            "en",
            "We hiked up to the lake early in the morning. The trail was muddy after last night's storm, but the view from the ridge was worth it. Ate sandwiches by the water and watched two eagles circle above the lake.",
            expected: ["lake"], forbidden: ["the", "was", "but"]),
        DiaryCase(
            "en",
            "Long day at work. The release slipped again and the meeting ran over. I finally fixed the flaky test before dinner, then went for a short walk to clear my head. Tomorrow I present the release plan.",
            expected: ["release"], forbidden: ["the", "then", "tomorrow"]),
        DiaryCase(
            "en",
            "The baby slept through the night for the first time. We both woke up at six in a panic and found her smiling in the crib. Coffee tastes better after real sleep.",
            expected: ["baby"], forbidden: ["the", "for", "time"]),
        DiaryCase(
            "en",
            "Billiards practice: draw shots and follow shots. My draw worked about six times in ten; the coach says my grip is too tight. Next session I will practise long draws.",
            expected: ["draw", "shots"], forbidden: ["the", "about", "next"]),
    ]
}
