import Foundation

/// A journal generated the same way on every run, for judging search: answer pages that carry the
/// facts the judged queries ask for (`Tests/FolioStoreTests/Resources/judged-queries.tsv` names them
/// by key), and distractor pages built from everyday sentences that share characters and words with
/// the answers, so that ranking matters.
///
/// Every shape of record folio keeps is here: diary pages with a conversation, ideas open and done,
/// questions put to the magic 8 ball, and the example kinds a user adds (a baby tracker's baby, sleeps
/// and activities; a billiard trainer's sessions). Most pages are zh-Hant, some English, some mixed.
public struct JournalPage: Sendable {
    /// The name the judged queries use; the file's slug.
    public let key: String
    /// The file's path in the vault.
    public let path: String
    /// The whole file: front matter and body.
    public let text: String
    /// Whether a query may count it as relevant (distractors never are).
    public let isAnswer: Bool
}

public enum JudgedJournal {
    /// The example kind sets the journal's records use; install them before reading the vault.
    public static let examples = ["baby-tracker", "billiard-trainer"]

    /// Every page: the answers, then the distractors.
    public static let pages: [JournalPage] = answers + distractors(count: 130, seed: 35)

    // MARK: - Answers

    static let babyID = id(for: "baby-xiaobao")

    public static let answers: [JournalPage] = diaries + englishDiaries + ideas + questions + baby + billiard

    static let diaries: [JournalPage] = [
        diary(
            "tamsui-sunset", "2026-03-14T18:20:00+08:00", "在淡水看夕陽", tags: ["旅行", "夕陽"], text: "下班後搭捷運到淡水",
            body: "下班後搭捷運到淡水，沿著河邊走到漁人碼頭。今天的夕陽特別紅，整條河都是橘色的。買了一份阿給和一包鐵蛋，坐在堤防上慢慢吃。",
            chat: ["這是在漁人碼頭拍的。", "橘色的河面好美，你一個人去的嗎？", "對，想一個人靜一靜。"]),
        diary(
            "yilan-hot-spring", "2026-01-10T21:05:00+08:00", "礁溪泡湯", tags: ["旅行", "溫泉"],
            body: "週末和阿哲開車去宜蘭，在礁溪泡了一整個下午的溫泉。晚上去羅東夜市吃三星蔥餅和卜肉。回程雪隧塞車塞了兩個小時。",
            chat: ["泡完整個人都軟了。", "聽起來很放鬆！三星蔥餅好吃嗎？"]),
        diary(
            "braised-pork", "2026-02-08T20:10:00+08:00", "媽媽的紅燒肉", tags: ["家人", "料理"],
            body: "今天回家吃飯，媽媽煮了紅燒肉和菜頭湯。她說紅燒肉要先用冰糖炒糖色，顏色才會亮。我帶了兩盒回台北當便當。",
            chat: ["媽媽的手藝還是最好。", "有家的味道真好，下次要不要跟媽媽學？"]),
        diary(
            "rainy-evening", "2026-11-18T18:40:00+08:00", "下雨的傍晚", tags: ["rain", "walk"], text: "今天下班走回家，雨很小",
            body: "今天傍晚下著小雨，我一個人慢慢走回家。路口的豆花店還開著，買了一碗熱豆花，老闆多給了一匙花生。",
            chat: ["雨很小，不想撐傘。", "慢慢走回家也是一種休息。"]),
        diary(
            "job-interview", "2026-04-22T19:30:00+08:00", "面試", tags: ["工作"],
            body: "今天去內湖一家軟體公司面試，聊了兩個小時。面試官問我為什麼想離開現在的公司，我說想多做一點產品設計。結束後覺得自己講得太快了。",
            chat: ["好緊張，手心都是汗。", "能聊兩個小時，表示他們對你有興趣喔。"]),
        diary(
            "overtime", "2026-05-06T23:15:00+08:00", "又加班", tags: ["工作", "累"],
            body: "專案上線前一週，每天加班到十點。主管一直改需求，我真的好累。回家路上在便利商店買了關東煮當宵夜。",
            chat: ["好想放假。", "辛苦了，關東煮有讓你暖一點嗎？"]),
        diary(
            "typhoon-day", "2025-09-03T15:00:00+08:00", "颱風假", tags: ["天氣", "颱風"],
            body: "颱風來了，市政府宣布停班停課。窗外風雨很大，我在家煮泡麵，看了一整天的影集。陽台的盆栽被吹倒了兩盆。",
            chat: ["外面的樹一直在搖。", "待在家裡最安全，記得把窗戶關好。"]),
        diary(
            "tainan-beef-soup", "2025-12-20T09:10:00+08:00", "台南早餐", tags: ["旅行", "美食"],
            body: "早上六點在台南排隊喝牛肉湯，湯頭很甜。接著去吃碗粿和虱目魚粥，中午到安平老街買蝦餅給同事。",
            chat: ["台南人的早餐好豐盛。", "牛肉湯配白飯是不是很經典？"]),
        diary(
            "taichung-new-year", "2026-02-16T22:00:00+08:00", "回臺中過年", tags: ["家人", "過年"],
            body: "搭高鐵回臺中看爺爺奶奶。奶奶包了紅包給我，還煮了一大桌年菜。晚上跟表弟在三合院前放鞭炮，狗嚇得躲到床底下。",
            chat: ["奶奶又說我太瘦了。", "長輩的愛都在年菜裡。"]),
        diary(
            "alishan-sunrise", "2025-10-25T07:30:00+08:00", "阿里山日出", tags: ["旅行", "山"],
            body: "凌晨三點起床，搭小火車上祝山看日出。雲海很壯觀，冷到手都僵了。下山後喝了一杯高山茶才暖起來。",
            chat: ["太陽出來的那一刻大家都在歡呼。", "早起很值得！"]),
        diary(
            "hualien-bike", "2025-08-12T17:45:00+08:00", "花蓮騎車", tags: ["旅行", "海"],
            body: "在花蓮租了腳踏車騎到七星潭，海是很深的藍色。晚上吃了扁食和炸彈蔥油餅，回民宿洗完澡就睡著了。",
            chat: ["海的顏色跟照片一樣。", "騎車吹海風一定很舒服。"]),
        diary(
            "shilin-night-market", "2026-06-20T22:30:00+08:00", "下班逛夜市", tags: ["美食", "同事"],
            body: "和同事下班去士林夜市，吃了大腸包小腸、豪大雞排，還玩了射氣球，贏了一隻很醜的玩偶。",
            chat: ["玩偶真的很醜哈哈。", "醜得很可愛，放在桌上吧。"]),
        diary(
            "baby-first-steps", "2026-07-02T20:00:00+08:00", "小寶會走路了", tags: ["小寶", "成長"],
            body: "小寶今天自己走了五步，從沙發一路走到我面前！我們都好激動，阿嬤在旁邊一直拍手。",
            chat: ["我有錄下來！", "第一步是很珍貴的回憶。"]),
        diary(
            "grandma-hospital", "2025-11-30T21:40:00+08:00", "阿嬤住院", tags: ["家人", "擔心"],
            body: "阿嬤跌倒住進台大醫院，醫生說骨頭有裂開，要住一個禮拜。我請了假去陪她，晚上睡在陪病床上，整夜都沒睡好。",
            chat: ["醫院的燈一直很亮。", "你也要照顧好自己，阿嬤會希望你好好休息。"]),
        diary(
            "dihua-cafe", "2026-09-12T15:20:00+08:00", "迪化街的老房子", tags: ["咖啡"],
            body: "在迪化街找到一家老房子改的cafe，手沖的耶加雪菲很香。老闆說二樓以前是布行，樓梯很陡。",
            chat: ["木頭窗框好有味道。", "在老房子喝咖啡很有感覺。"]),
        diary(
            "breakup", "2026-08-08T23:50:00+08:00", "心情很低落", tags: ["心情"],
            body: "跟小美分手已經一個月了。今天在捷運上聽到我們以前常聽的歌，忍不住哭了。回家抱著貓睡了一整個下午。",
            chat: ["我以為我已經好了。", "難過是正常的，慢慢來就好。"]),
        diary(
            "cat-vet", "2026-05-28T19:00:00+08:00", "帶咪咪看獸醫", tags: ["貓", "咪咪"],
            body: "咪咪這幾天不太吃飯，帶她去獸醫院。醫生說是口腔發炎，開了藥，要吃藥一個禮拜。餵藥的時候被她抓了兩道傷口。",
            chat: ["她現在躲在床底下不理我。", "咪咪會原諒你的，她只是不喜歡吃藥。"]),
        diary(
            "qixing-hike", "2026-10-04T16:30:00+08:00", "爬七星山", tags: ["爬山", "運動"],
            body: "跟登山社的朋友爬七星山，從小油坑登山口上去。山頂風很大，芒草開了，整片山坡都是白色的。下山後去泡了硫磺溫泉。",
            chat: ["腿好痠。", "芒草季的七星山一定很美。"]),
        diary(
            "marathon", "2025-12-14T14:00:00+08:00", "第一次全馬", tags: ["跑步"],
            body: "第一次跑全程馬拉松，四小時五十二分完賽。跑到三十公里腳抽筋，靠路邊阿伯給的香蕉撐過去。",
            chat: ["我做到了！", "太厲害了，完賽獎牌要掛起來。"]),
        diary(
            "rainy-commute", "2026-10-20T09:20:00+08:00", "下雨天擠捷運", tags: ["通勤"],
            body: "早上雨下得好大，捷運板南線擠到不能動。到公司的時候褲子全濕了，只好穿著濕褲子開會。",
            chat: ["今天真的很狼狽。", "辦公室有沒有吹風機可以借？"]),
        diary(
            "moving-house", "2026-06-01T21:00:00+08:00", "搬家", tags: ["生活"],
            body: "從永和搬到中和，東西比想像中多很多。搬家公司的大哥一個人把冰箱扛上四樓。新家的窗戶看得到101。",
            chat: ["紙箱堆到天花板了。", "慢慢整理，新家會越來越像家。"]),
        diary(
            "mom-birthday", "2026-09-05T21:30:00+08:00", "媽媽六十歲", tags: ["家人", "生日"],
            body: "媽媽六十歲生日，全家去吃熱炒。我送她一條絲巾，她嘴巴說太花俏，可是整晚都戴著。",
            chat: ["爸爸還偷偷哭了。", "這一定是很溫暖的一晚。"]),
        diary(
            "scooter-accident", "2025-07-18T11:00:00+08:00", "機車擦撞", tags: ["意外"],
            body: "在復興南路被計程車擦撞，膝蓋擦傷。警察來做筆錄，對方願意賠修車的錢，還好人沒事。",
            chat: ["現在走路還會痛。", "人平安最重要，記得擦藥。"]),
        diary(
            "winter-solstice", "2025-12-22T20:20:00+08:00", "冬至", tags: ["節日"],
            body: "冬至，下班去買了芝麻湯圓和花生湯圓。煮的時候破了兩顆，黑黑的芝麻流得整鍋都是。",
            chat: ["湯變成灰色的了。", "破掉的湯圓也很好吃！"]),
        diary(
            "bubble-tea", "2026-07-15T13:00:00+08:00", "午餐的飲料", tags: ["飲料"],
            body: "中午訂了五十嵐，半糖少冰的珍珠奶茶。同事說我一週喝四杯太多了，我說這是我的精神支柱。",
            chat: ["珍珠今天特別Q。", "偶爾犒賞自己也很好。"]),
        diary(
            "earthquake", "2026-04-03T03:10:00+08:00", "半夜的地震", tags: ["天氣"],
            body: "半夜被地震搖醒，櫃子上的杯子掉下來摔破了。花蓮震度六強，新聞一直在報，整晚都睡不著。",
            chat: ["我到現在還在發抖。", "先確認家裡有沒有漏瓦斯，再試著休息一下。"]),
        diary(
            "elephant-mountain", "2025-11-09T10:40:00+08:00", "Hiking 象山", tags: ["hike", "爬山"],
            body: "Sunday morning hike up Elephant Mountain. 人好多，樓梯爬得我喘不過氣，但是 Taipei 101 的景色值得。",
            chat: ["The view was worth every step.", "早上的光線拍 101 最好看。"]),
        diary(
            "latte-art", "2026-08-23T16:00:00+08:00", "Latte art 課", tags: ["咖啡", "學習"],
            body: "今天上了 latte art 課程，拉了三個愛心都歪掉，老師說手腕要放鬆，奶泡要打得更綿密。",
            chat: ["第四杯終於像愛心了。", "練習一定會進步的！"]),
    ]

    static let englishDiaries: [JournalPage] = [
        diary(
            "tamsui-evening", "2025-05-17T19:00:00+08:00", "Evening by the river", tags: ["walk", "river"],
            body:
                "Took the MRT to the end of the red line and walked along the Tamsui riverside. Bought a bag of iron eggs for Dad. The ferry to Bali was full, so I just watched the boats come in.",
            chat: ["The light on the water was gold.", "Sounds like a calm evening."]),
        diary(
            "ntu-library", "2026-03-30T17:00:00+08:00", "Thesis week", tags: ["study"],
            body:
                "Spent the whole afternoon at the NTU main library rewriting chapter three. The azaleas along Royal Palm Boulevard are blooming.",
            chat: ["Chapter three is finally readable.", "One chapter at a time."]),
        diary(
            "promotion", "2026-04-15T20:00:00+08:00", "A talk with my manager", tags: ["work"],
            body: "My manager told me I am up for promotion to senior engineer. I need to finish the payment migration project first.",
            chat: ["Excited and nervous.", "You have earned it."]),
        diary(
            "sourdough", "2026-02-22T18:00:00+08:00", "Baking sourdough", tags: ["cooking"],
            body:
                "Third attempt at sourdough bread. The starter finally doubled overnight; the crust cracked nicely but the crumb was dense.",
            chat: ["Maybe a longer proof next time.", "Dense bread still makes good toast."]),
        diary(
            "kayaking", "2025-08-30T18:30:00+08:00", "Kayaking in Keelung", tags: ["sea"],
            body: "Paddled around Heping Island with Jess. We saw a sea turtle near the rocks! My shoulders are sunburned.",
            chat: ["The turtle was huge.", "What a lucky day."]),
        diary(
            "concert", "2026-05-23T23:30:00+08:00", "Mayday", tags: ["music"],
            body: "Mayday played at Taipei Dome tonight. We sang along to every song and my voice is gone.",
            chat: ["Best night of the year.", "Drink some warm water for your voice."]),
        diary(
            "dentist", "2026-01-27T12:00:00+08:00", "Dentist appointment", tags: ["health"],
            body: "Two cavities filled. The dentist says I should floss every night. Numb lip all afternoon.",
            chat: ["I hate the drill.", "Floss tonight and it gets easier."]),
        diary(
            "insomnia", "2026-08-19T03:20:00+08:00", "Can't sleep", tags: ["health"],
            body: "Lay awake until 3am worrying about the layoffs at work. Tried chamomile tea and a podcast; nothing helped.",
            chat: ["My head will not stop.", "Writing it down is a good start."]),
        diary(
            "youbike-commute", "2026-09-28T09:00:00+08:00", "Cycling to work", tags: ["commute"],
            body: "Started riding a YouBike to the office. Twenty minutes along the riverside path, faster than the bus.",
            chat: ["My legs feel great.", "A good way to start the day."]),
        diary(
            "book-club", "2026-10-11T21:00:00+08:00", "Book club", tags: ["books"],
            body: "We discussed Kazuo Ishiguro's Klara and the Sun. Everyone cried at the ending except Tom.",
            chat: ["Tom says he has no heart.", "Maybe he hides it well."]),
        diary(
            "curry-night", "2026-03-08T20:00:00+08:00", "Curry night", tags: ["cooking"],
            body: "Made Japanese curry with potatoes and carrots for my roommates. Too much roux, but nobody complained.",
            chat: ["Leftovers for three days.", "Curry is better the next day."]),
    ]

    static let ideas: [JournalPage] = [
        idea("buy-umbrella", "2026-11-02T08:00:00+08:00", "買一把新雨傘", tags: ["home"], done: false, body: "舊的那把骨架斷了，想買自動開收的。"),
        idea(
            "learn-japanese", "2026-01-05T22:00:00+08:00", "學日文", tags: ["學習"], done: false,
            body: "除了 Duolingo，想找線上家教一週上兩次課，目標明年考過 N3。"),
        idea("fix-bike", "2025-09-20T10:00:00+08:00", "修腳踏車", tags: ["home"], done: true, body: "後輪爆胎，要換內胎，順便調煞車。"),
        idea(
            "plant-app", "2026-04-10T23:00:00+08:00", "Plant watering app", tags: ["idea", "plants"], done: false,
            body: "An app that reminds me to water the monstera, based on the weather forecast."),
        idea(
            "kyoto-trip", "2026-06-15T21:00:00+08:00", "規劃京都旅行", tags: ["旅行"], done: false,
            body: "十一月去京都看紅葉，要早點訂清水寺附近的民宿。"),
        idea("declutter", "2026-03-01T10:00:00+08:00", "整理衣櫃", tags: ["home"], done: true, body: "把穿不到的衣服捐到舊衣回收箱。"),
        idea(
            "snack-podcast", "2026-07-20T22:00:00+08:00", "開一個 podcast", tags: ["idea"], done: false,
            body: "每集介紹一種台灣小吃，第一集講肉圓。"),
        idea("tax-filing", "2026-05-10T20:00:00+08:00", "報稅", tags: ["錢"], done: true, body: "五月底前用自然人憑證線上報稅。"),
        idea(
            "climbing-gym", "2026-09-01T19:00:00+08:00", "Join a climbing gym", tags: ["sport"], done: false,
            body: "Try the bouldering gym in Xinyi with Jess on Thursday nights."),
        idea(
            "sun-moon-lake", "2026-08-01T21:00:00+08:00", "帶爸媽去日月潭", tags: ["家人"], done: false,
            body: "搭遊艇繞湖，住湖邊的飯店，早上陪他們騎腳踏車環湖。"),
        idea(
            "photo-backup", "2026-02-02T21:00:00+08:00", "Back up phone photos", tags: ["tech"], done: true,
            body: "Copy every photo from the phone to the NAS once a month."),
        idea("swimming", "2026-06-30T21:00:00+08:00", "學游泳", tags: ["運動"], done: false, body: "運動中心有成人游泳班，週六早上。"),
    ]

    static let questions: [JournalPage] = [
        question(
            "change-job", "2026-04-20T23:00:00+08:00", "我該不該換工作？", answer: "前途未卜", answerEN: "Outlook not so good",
            type: "negative", notes: "面試完還是很猶豫。"),
        question(
            "rain-tomorrow", "2026-11-01T22:00:00+08:00", "Will it rain tomorrow?", answer: "毫無疑問", answerEN: "Without a doubt",
            type: "affirmative"),
        question(
            "confess", "2026-02-13T23:30:00+08:00", "我該跟她告白嗎？", answer: "晚點再問", answerEN: "Ask again later", type: "neutral"),
        question(
            "buy-apartment", "2026-03-20T22:00:00+08:00", "今年買得起房子嗎？", answer: "別指望了", answerEN: "Don't count on it",
            type: "negative"),
        question(
            "adopt-dog", "2026-07-08T21:00:00+08:00", "Should I adopt a dog?", answer: "是的", answerEN: "Yes", type: "affirmative"),
        question(
            "pass-jlpt", "2026-06-05T22:00:00+08:00", "日文檢定會過嗎？", answer: "很有可能", answerEN: "Most likely",
            type: "affirmative"),
        question(
            "marathon-again", "2026-02-01T21:00:00+08:00", "明年還要跑馬拉松嗎？", answer: "專心再問一次", answerEN: "Concentrate and ask again",
            type: "neutral"),
        question(
            "quit-bubble-tea", "2026-07-16T12:30:00+08:00", "Can I quit bubble tea for a month?", answer: "我看不太可能",
            answerEN: "Very doubtful", type: "negative"),
    ]

    static let baby: [JournalPage] = [
        record(
            "baby-xiaobao", dir: "baby", "2025-10-01T09:00:00+08:00", "小寶", kind: "baby", tags: ["小寶"],
            fields: ["name: 小寶", "birthday: 2025-10-01", "gender: male"], body: "我們家的小寶，十月出生，很愛笑。"),
        record(
            "sleep-night-cry", dir: "baby/sleep", "2026-07-10T21:00:00+08:00", "半夜哭醒", kind: "sleep", tags: ["小寶"],
            fields: [
                "parent: \(babyID)", "start: 2026-07-10T21:00:00+08:00", "end: 2026-07-11T05:30:00+08:00", "quality: 2", "location: crib",
            ],
            body: "兩點多哭醒，餵完奶才又睡著。可能是長牙，一直咬手指。"),
        record(
            "sleep-car-nap", dir: "baby/sleep", "2026-07-12T14:00:00+08:00", "車上午睡", kind: "sleep", tags: [],
            fields: [
                "parent: \(babyID)", "start: 2026-07-12T14:00:00+08:00", "end: 2026-07-12T15:20:00+08:00", "quality: 4", "location: car",
            ],
            body: "開車去外婆家的路上睡著，到了還不肯醒。"),
        record(
            "sleep-white-noise", dir: "baby/sleep", "2026-07-14T20:30:00+08:00", "白噪音", kind: "sleep", tags: [],
            fields: [
                "parent: \(babyID)", "start: 2026-07-14T20:30:00+08:00", "end: 2026-07-15T06:10:00+08:00", "quality: 5", "location: crib",
            ],
            body: "開了白噪音機，一覺睡到天亮，是第一次！"),
        record(
            "activity-bath", dir: "baby/activity", "2026-07-11T19:00:00+08:00", "洗澡", kind: "activity", tags: [],
            fields: ["parent: \(babyID)", "activity: bath", "start: 2026-07-11T19:00:00+08:00", "duration_minutes: 15"],
            body: "洗澡的時候一直踢水，把爸爸的衣服都弄濕了。"),
        record(
            "activity-feeding", dir: "baby/activity", "2026-07-11T23:00:00+08:00", "夜奶", kind: "activity", tags: [],
            fields: [
                "parent: \(babyID)", "activity: feeding", "start: 2026-07-11T23:00:00+08:00", "duration_minutes: 20", "amount_ml: 150",
            ],
            body: "喝了一百五十毫升的配方奶，打了兩個嗝。"),
    ]

    static let billiard: [JournalPage] = [
        record(
            "training-draw", dir: "billiard/training", "2026-10-15T20:00:00+08:00", "低桿練習", kind: "training", tags: ["撞球"],
            fields: ["date: 2026-10-15T20:00:00+08:00", "course: 基礎桿法", "duration_minutes: 90", "power: 0.6"],
            body: "今天的撞球練習專注在低桿和推桿。低桿的成功率大概六成，教練說我出桿的時候手腕太緊，要放鬆。"),
        record(
            "training-break", dir: "billiard/training", "2026-10-22T20:00:00+08:00", "開球", kind: "training", tags: ["撞球"],
            fields: ["date: 2026-10-22T20:00:00+08:00", "course: 開球", "duration_minutes: 60", "power: 0.9"],
            body: "練開球，力道太大，母球常常跳出檯面。教練要我站穩再出桿。"),
        record(
            "training-long-draw", dir: "billiard/training", "2026-11-05T20:00:00+08:00", "Long draws", kind: "training",
            tags: ["billiards"],
            fields: ["date: 2026-11-05T20:00:00+08:00", "course: draw", "duration_minutes: 75", "power: 0.7"],
            body: "Practised long draw shots on the full table. The coach says my bridge hand moves when I follow through."),
    ]

    // MARK: - Distractors

    /// Everyday sentences in groups; a distractor takes at most one of each group, so two that
    /// would together answer a judged query (淡水 and 夕陽) never meet on one page.
    static let fragmentGroups: [[String]] = [
        [
            "今天下班後去超市買了雞肉和青菜，回家自己煮晚餐。", "下午開了三個會，腦袋一片空白。", "今天加班到八點，晚餐隨便吃了便當。",
            "上班快遲到，跑著去趕公車。", "工作上被主管念了一頓，回家只想躺著。", "早上下雨，搭捷運上班的人特別多。",
            "捷運站出口的阿伯在賣烤地瓜，好香。", "Long meeting about the quarterly report.", "The bus was late again this morning.",
        ],
        [
            "公司附近新開了一家咖啡店，拿鐵很便宜。", "晚上在夜市買了鹽酥雞和木瓜牛奶。", "中午跟同事去吃牛肉麵，湯有點鹹。",
            "在家煮了番茄炒蛋，配白飯吃了兩碗。", "下班路上經過一家麵包店，買了明天的早餐。", "老闆請大家喝飲料，我點了一杯紅茶。",
            "Bought bread at the bakery on the way home.", "Tried a new ramen place near work.",
            "Grabbed coffee with a friend near the office.",
        ],
        [
            "天氣很熱，太陽很大，喝了一大杯冰水。", "傍晚的雲是粉紅色的，騎車回家的路上一直看天空。", "朋友住在淡水，說下次帶我去吃魚丸。",
            "看著窗外的夕陽發呆，想起小時候。", "陰天，溫度只有十六度，出門忘了帶外套。", "今天的天空很藍，騎腳踏車去河濱公園。",
            "下雨天，在咖啡店待了一個下午看書。", "Rain again; the streets near the station were flooded.",
            "Walked to the park after lunch; the weather was nice.",
        ],
        [
            "媽媽打電話來問我吃飽沒，叫我天冷多穿一點。", "同事生日，大家一起吃蛋糕唱歌。", "跟朋友約在東區吃火鍋，聊到很晚。",
            "爸爸說家裡的冷氣壞了，週末要回去看看。", "去郵局寄包裹給住在高雄的表姊。", "奶奶寄了一箱橘子來，好甜。",
            "小孩在公園玩溜滑梯，笑得很開心。", "Cooked pasta and called my sister.",
        ],
        [
            "晚上看了一部韓劇，哭得眼睛都腫了。", "手機螢幕摔破了，修理要三千塊。", "房東說下個月要漲房租，心情很差。",
            "鄰居的狗一直叫，吵得我睡不著。", "去圖書館借了兩本小說。", "便利商店的蘭花盆栽打折，買了一盆放在書桌上。",
            "買了一把新的雨傘，結果隔天就放晴了。", "週末在家打掃，洗了被單，晒了棉被。", "The library was closed for the holiday.",
            "Watched a movie and went to bed early.", "My back hurts from sitting all day.",
        ],
    ]

    static let distractorTitles = [
        "日常", "平凡的一天", "星期三", "好累", "隨手記", "今天", "小事", "週末", "晚上", "一天", "Tuesday", "Notes", "A normal day",
    ]
    static let companionLines = [
        "聽起來是很充實的一天，要不要多說一點？", "謝謝你跟我分享，今天最開心的是什麼？", "辛苦了，早點休息喔。", "Thanks for telling me about your day.",
    ]
    static let distractorIdeas = [
        ("買新的枕頭", "現在的枕頭太高了，睡起來脖子痠。"), ("換手機殼", "舊的邊角裂開了。"), ("學做蛋糕", "想在家做戚風蛋糕。"),
        ("Read more novels", "One novel a month, starting with something short."),
        ("Fix the leaking faucet", "The kitchen faucet drips all night."),
        ("整理照片", "把去年的照片分資料夾。"), ("早睡早起", "十二點前上床。"), ("練習寫字", "買一本字帖，每天寫一頁。"),
    ]
    static let distractorQuestions = [
        ("明天會是好天氣嗎？", "是的", "Yes"), ("這個週末適合出門嗎？", "看起來不錯", "Outlook good"),
        ("Will the package arrive today?", "別指望了", "Don't count on it"),
        ("我該剪短頭髮嗎？", "很有可能", "Most likely"), ("Should I call my sister tonight?", "當然", "It is certain"),
    ]

    /// `count` pages drawn with a fixed generator from `seed`: the same pages on every run.
    public static func distractors(count: Int, seed: UInt64) -> [JournalPage] {
        var generator = JournalGenerator(seed: seed)
        var pages: [JournalPage] = []
        for n in 0..<count {
            let month = 6 + generator.next(18)  // 2025-06 to 2026-11
            let year = month > 12 ? 2026 : 2025
            let monthOfYear = month > 12 ? month - 12 : month
            let day = 1 + generator.next(28)
            let hour = 8 + generator.next(15)
            let created = "\(year)-\(two(monthOfYear))-\(two(day))T\(two(hour)):\(two(generator.next(60))):00+08:00"
            let key = "filler-\(n)"
            switch n % 10 {
            case 8:
                let (title, body) = distractorIdeas[generator.next(distractorIdeas.count)]
                pages.append(idea(key, created, title, tags: ["someday"], done: false, body: body, isAnswer: false))
            case 9:
                let (q, answer, answerEN) = distractorQuestions[generator.next(distractorQuestions.count)]
                pages.append(question(key, created, q, answer: answer, answerEN: answerEN, type: "neutral", isAnswer: false))
            default:
                var groups = Array(fragmentGroups.indices)
                var sentences: [String] = []
                for _ in 0..<(2 + generator.next(3)) {
                    let group = groups.remove(at: generator.next(groups.count))
                    sentences.append(fragmentGroups[group][generator.next(fragmentGroups[group].count)])
                }
                let title = distractorTitles[generator.next(distractorTitles.count)]
                let chat = [sentences[0], companionLines[generator.next(companionLines.count)]]
                pages.append(
                    diary(
                        key, created, title, tags: ["daily"],
                        body: sentences.joined(separator: sentences[0].first?.isASCII == true ? " " : ""),
                        chat: chat, isAnswer: false))
            }
        }
        return pages
    }

    // MARK: - Writing records

    static func diary(
        _ key: String, _ created: String, _ title: String, tags: [String], text: String? = nil, body: String, chat: [String],
        isAnswer: Bool = true
    ) -> JournalPage {
        let minute = created.prefix(16).replacingOccurrences(of: "T", with: " ")
        var conversation = ""
        for (n, line) in chat.enumerated() {
            conversation += "\n**\(n % 2 == 0 ? "me" : "folio")** · \(minute)\n\(line)\n"
        }
        let fields = text.map { ["text: " + quoted($0)] } ?? []
        return record(
            key, dir: "diary", created, title, kind: "diary", tags: tags, fields: fields,
            body: body + "\n\n## Conversation\n" + conversation, isAnswer: isAnswer)
    }

    static func idea(
        _ key: String, _ created: String, _ title: String, tags: [String], done: Bool, body: String, isAnswer: Bool = true
    ) -> JournalPage {
        let fields = done ? ["done: true", "done_at: \(created)"] : ["done: false"]
        return record(key, dir: "ideas", created, title, kind: "idea", tags: tags, fields: fields, body: body, isAnswer: isAnswer)
    }

    static func question(
        _ key: String, _ created: String, _ question: String, answer: String, answerEN: String, type: String, notes: String = "",
        isAnswer: Bool = true
    ) -> JournalPage {
        let fields = [
            "question: " + quoted(question), "answer: " + quoted(answer), "answer_en: " + quoted(answerEN), "answer_type: \(type)",
            "source: magic8",
        ]
        return record(key, dir: "qa", created, question, kind: "qa", tags: [], fields: fields, body: notes, isAnswer: isAnswer)
    }

    static func record(
        _ key: String, dir: String, _ created: String, _ title: String, kind: String, tags: [String], fields: [String], body: String,
        isAnswer: Bool = true
    ) -> JournalPage {
        let lines =
            [
                "---", "id: \(id(for: key))", "kind: \(kind)", "title: " + quoted(title), "created: \(created)", "modified: \(created)",
                "tags: [\(tags.joined(separator: ", "))]",
            ] + fields + ["---"]
        let path = "\(dir)/\(created.prefix(4))/\(created.dropFirst(5).prefix(2))/\(created.prefix(10))-\(key).md"
        return JournalPage(key: key, path: path, text: lines.joined(separator: "\n") + "\n" + body + "\n", isAnswer: isAnswer)
    }

    /// A YAML double-quoted scalar.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// A lower-case UUID made from `key` alone (FNV-1a), so every run writes the same ids.
    static func id(for key: String) -> String {
        func fnv(_ basis: UInt64) -> UInt64 {
            var hash = basis
            for byte in key.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
            return hash
        }
        let hex = hex16(fnv(0xcbf2_9ce4_8422_2325)) + hex16(fnv(0x8422_2325_cbf2_9ce4))
        let characters = Array(hex)
        let cuts = [0, 8, 12, 16, 20, 32]
        return (0..<5).map { String(characters[cuts[$0]..<cuts[$0 + 1]]) }.joined(separator: "-")
    }

    static func hex16(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}

/// A 64-bit linear congruential generator: the same numbers from the same seed on every machine.
struct JournalGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// A number in `0..<bound`.
    mutating func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
}
