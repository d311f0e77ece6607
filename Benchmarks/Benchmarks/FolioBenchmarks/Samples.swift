// Inputs for the benchmarks, written like a folio user's vault: zh-Hant and English side by side.
import FolioCore
import FolioSearch

enum Samples {
    // MARK: Records

    /// A diary page as `folio new diary` leaves it after a photo walk: about 2 KB.
    static let diary = """
        ---
        id: 5b0c1c8e-8c1f-4f57-9d55-0c3d8a9f6a21
        kind: diary
        title: "淡水的雨天散步 / A rainy walk in Tamsui"
        created: 2026-11-22T18:04:11+08:00
        modified: 2026-11-22T21:47:36+08:00
        tags: [walk, rain, 淡水, photo, family]
        media:
          - media/2026/11/2026-11-22-180411-IMG_4211.jpg
          - media/2026/11/2026-11-22-181502-IMG_4215.jpg
          - media/2026/11/2026-11-22-183020-VID_0093.mp4
          - media/2026/11/2026-11-22-184500-voice.m4a
        text: "下班後和媽媽去淡水走走，雨一直下。"
        analysis: >-
          Three photos of a riverside promenade at dusk in light rain; two people under
          one umbrella, ferry lights on the water. The voice note mentions 阿給 and 魚丸湯.
        context:
          local_time: "2026-11-22 18:04"
          location: 淡水老街, 新北市
          weather: {condition: light rain, temperature_c: 17, humidity: 91}
        ---
        今天下班後和媽媽搭捷運到淡水。出站的時候開始下起小雨，我們共撐一把傘，沿著河邊慢慢走。
        天色很快就暗了，對岸八里的燈一盞一盞亮起來，渡輪的燈光倒映在水面上，看起來像一幅畫。

        We stopped at the old stall near the temple for 阿給 and fish-ball soup (魚丸湯). Mom says it
        tastes exactly like it did when she was a student here in the eighties — same broth, same
        plastic stools, same grumpy uncle at the counter. I took a short video of the rain on the
        awning; the sound alone makes me want to go back next weekend.

        回程的捷運上人很多，媽媽靠著我睡著了。想起小時候都是她帶我來，現在換我帶她來。
        下次想試試看紅毛城那邊的步道，如果天氣好的話可以看夕陽。#散步 #家人

        Things to remember from today: the ferry to 八里 stops running at nine on weekdays, the
        umbrella shop on 中正路 sells the folding ones Mom likes, and the bus back is faster than
        the MRT after eight.

        - [x] Print the photo of the ferry for Mom
        - [ ] Find the name of the 阿給 stall (老牌？)
        - [ ] Back up the video before the phone fills up again

        """

    /// A diary record as scripts/make-bench-vault writes it (record 1 of its vault): the benchmark
    /// vault's typical record, about 2.6 KB.
    static let benchVaultRecord = """
        ---
        id: f3331b5e-7c83-53f3-e54b-8d4b3b95ff42
        kind: diary
        title: "傍晚公園 music"
        created: 2015-02-20T13:05:00+08:00
        modified: 2015-02-20T13:05:00+08:00
        tags: ["tag347", "tag390", "tag8"]
        text: "下雨咖啡 rain morning park 下雨咖啡 coffee river rain book sunset 咖啡下雨 城市旅行"
        media: []
        ---
        工作下雨 工作散步 lunch 計畫下雨 walk 下雨早上 下雨市場 quiet walk 工作相機 下雨傍晚 evening evening book quimarka 相機散步 寫字安靜 office 傍晚公園 寶寶公園 下雨工作 rain rain evening 下雨傍晚 photo morning 想法傍晚 公園咖啡 山上下雨 傍晚想法 walk quidundun book office 散步咖啡 family 晚上下雨 dinner 公園傍晚 相機想法

        太陽咖啡 rain 散步電影 evening coffee 下雨想法 家人寫字 exam 散步辦公室 tea 風工作 dunmarren train evening morning 傍晚公園 phone walk sunset 想法家人 下雨橋 下雨家人 辦公室電影 quiet coffee 安靜咖啡 咖啡下雨 train 下雨下雨 walk rain 咖啡晚上 book 旅行傍晚 市場累 老師下雨 rain 想法咖啡 山上下雨 咖啡海邊 garden 老師散步 exam photo rain 咖啡散步 park 傍晚下雨 evening coffee 散步安靜 下雨散步 morning friend 咖啡下雨 evening 下雨下雨 coffee book 雲傍晚 工作想法 rain 想法火車 rain walk 傍晚家人 evening 學校信 ocean 下雨下雨 咖啡散步 rain family 散步想法 下雨音樂 下雨麵包 train 辦公室下雨 電影下雨 太陽下雨 rain

        公園家人 散步下雨 plan river rain office 想法咖啡 phone windy 晚上傍晚 lunkevnox 想法家人 城市傍晚 music 橋下雨 電影想法 晚上會議 phone train 夢想散步 想法傍晚 電影工作 street walk 下雨晚上 傍晚下雨 咖啡早上 想法工作 照片下雨 雲下雨 weekend 音樂咖啡 想法散步 寶寶咖啡 family plan friend river 學校朋友 walk evening 工作計畫 photo braquiren 下雨下雨 rain 散步家人 bread 傍晚傍晚 下雨寶寶 早上散步 rain 城市工作 旅行想法 電影咖啡 train park museum family 電影下雨 train 下雨街道 brapelnox 散步想法 傍晚朋友 傍晚開心 下雨傍晚 咖啡散步 music rain window 開心晚上 生日下雨 傍晚散步 辦公室下雨 rain song morning 夢想早上 morning 醫生早上 rain family river 睡覺生日 coffee river rain 下雨散步 下雨會議 下雨晚上 想法晚上 train evening bicycle 晚上朋友 下雨傍晚 睡覺太陽 birthday 傍晚週末 花園傍晚 散步下雨 rain 咖啡下雨 evening train 家人下雨 morning teacher walk 會議下雨 holiday 家人傍晚 rain

        """

    /// An idea, ticked off.
    static let idea = """
        ---
        id: 9e2f4a10-3b7d-4c55-8a1e-6f0d2c9b7e34
        kind: idea
        title: "會不會下雨的 app / Umbrella reminder"
        created: 2026-02-20T09:12:00+08:00
        modified: 2026-05-03T22:40:18+08:00
        tags: [app, weather, 點子]
        done: true
        done_at: 2026-05-03T22:40:18+08:00
        ---
        出門前告訴你要不要帶傘：早上七點看一次氣象局的降雨機率，超過 60% 就推播提醒。
        A widget would be enough; no account, no ads. Maybe add a 「今天不用帶傘」 message too,
        because good news is also news.

        Done: built it as a Shortcuts automation instead of a real app. #點子

        """

    /// A question put to the magic 8 ball.
    static let qa = """
        ---
        id: 000000a7-0000-4000-8000-0000000000a7
        kind: qa
        title: "我該不該換工作？"
        created: 2026-09-20T23:05:42+08:00
        modified: 2026-09-20T23:05:42+08:00
        tags: [work]
        question: "我該不該換工作？ Should I change jobs?"
        answer: "不要指望。"
        answer_en: "Don't count on it."
        answer_type: negative
        source: magic8
        ---
        Asked it twice; the second time it said 「前景不太好」. Going to sleep on it.

        """

    // MARK: Prose for the tokenizer

    static let englishParagraphs = [
        "Walked along the river after work. The rain stopped just before sunset and the whole "
            + "promenade smelled of wet stone and fried squid from the night market stalls.",
        "Tried a new pour-over at the café on Dihua Street: an Ethiopian natural, very fruity, "
            + "almost like blueberry jam. The barista said the beans were roasted on Tuesday.",
        "Morning routine, week three: coffee first, then email, then a short walk around the block. "
            + "Slept better since I stopped drinking coffee after 3 pm.",
        "Idea for the weekend: take the old film camera to Yangmingshan and shoot the whole roll "
            + "on the silver grass. Remember the spare batteries this time!",
        "Reading Norwegian Wood again. It reads differently at thirty-five; the chapters about the "
            + "sanatorium hit much harder than I remembered.",
        "Typhoon day. Offices closed, the wind rattled the windows all afternoon, and the cat spent "
            + "the whole time hiding under the bed with her tail twitching.",
    ]

    static let chineseParagraphs = [
        "今天傍晚下著小雨，我撐著傘從捷運站走回家。路上的行人都走得很快，只有便利商店門口的貓咪還懶洋洋地趴著。",
        "週末和家人去台南吃小吃，早上六點就在牛肉湯的店門口排隊。老闆說他們每天凌晨三點就去市場挑肉。",
        "颱風假！風雨很大，外面不要出門。整個下午都在整理照片，發現去年秋天在合歡山拍的星空還沒有備份。",
        "下雨的傍晚很安靜，適合讀書。泡了一壺阿里山烏龍茶，把村上春樹的《挪威的森林》又看了一遍。",
        "媽媽幫林小雨做了生日蛋糕，上面用草莓排成一個笑臉。小雨吹蠟燭的時候許了三個願望，說是秘密。",
        "士林夜市的雞排還是一樣大，珍珠奶茶卻貴了十塊錢。回家的公車上一直在想下次要不要試試看蚵仔煎。",
    ]

    static let mixedParagraphs = [
        "下班後去 Dihua Street 的 café 喝了一杯 pour-over，Ethiopian natural 的果香很明顯。#coffee",
        "Magic 8-ball says: Outlook good. 所以決定這個週末去淡水看夕陽，順便試試新的 35mm 鏡頭。",
        "A double rainbow over Taipei 101 after the storm. iPhone 拍的照片比相機還清楚，有點不甘心。",
        "Language exchange with Anna: 她練習中文，我練習 English。我們聊了半小時的「下雨天要做什麼」。",
        "Ran 5 km along the riverside before work; 腿很痠，但是看到日出的時候覺得一切都值得。",
        "Ordered 小籠包 and 酸辣湯 at 鼎泰豐 for Mom's birthday. Too much food, as always — 打包回家當宵夜。",
    ]

    /// Paragraphs repeated to at least `bytes` of UTF-8, as one long journal would read.
    static func text(from paragraphs: [String], bytes: Int = 64 * 1024) -> String {
        var text = ""
        var k = 0
        while text.utf8.count < bytes {
            text += paragraphs[k % paragraphs.count]
            text += k % 3 == 2 ? "\n\n" : " "
            k += 1
        }
        return text
    }

    // MARK: Index documents

    private static let titles = [
        "雨天的通勤", "Rainy evening", "下雨的傍晚", "Coffee notes", "咖啡店", "Morning routine",
        "台南小吃", "Weekend in Taipei", "情人節晚餐", "Photo walk", "明天會下雨嗎？", "Should I quit coffee?",
        "貓咪日記", "Travel app idea", "颱風假", "Reading list",
    ]
    private static let tags = [
        "walk", "rain", "coffee", "family", "travel", "food", "photo", "work", "weather", "pets",
        "散步", "家人", "工作", "點子",
    ]
    private static var sentences: [String] {
        englishParagraphs + chineseParagraphs + mixedParagraphs + [
            "外面雨下得很大，捷運站擠滿了人。",  // 下 and 雨 apart: must not match 下雨
            "台北週末下雨，只好待在咖啡店。",
            "An app that tells you whether to bring an umbrella: 會不會下雨？",
        ]
    }

    /// `count` documents shaped like folio's record index (title, tags, body, other fields),
    /// drawn from the samples above by a fixed seed so every run indexes the same text.
    static func documents(count: Int) -> [IndexDocument] {
        var random = SplitMix64(seed: 2026)
        let sentences = sentences
        return (0..<count).map { id in
            let title = titles[random.next(below: titles.count)]
            let tagText = (0..<(1 + random.next(below: 3))).map { _ in tags[random.next(below: tags.count)] }
                .joined(separator: " ")
            let body = (0..<(2 + random.next(below: 4))).map { _ in sentences[random.next(below: sentences.count)] }
                .joined(separator: " ")
            let extra = id % 3 == 2 ? "明天會下雨嗎？ 很有可能 Very likely" : ""
            return IndexDocument(id: id, fields: ["title": title, "tags": tagText, "body": body, "fields": extra])
        }
    }
}

extension SplitMix64 {
    /// A number in 0..<bound, the same for the same seed on every run.
    mutating func next(below bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
