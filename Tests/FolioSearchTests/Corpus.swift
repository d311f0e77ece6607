/// A hand-written journal of short mixed zh-Hant / English entries for end-to-end search tests.
///
/// Several entries are traps: CJK characters that appear near each other without being adjacent
/// (`下著小雨`, `雨下得`, `傍晚的雨，下午的風`), words sharing a prefix (`cat` / `catalog`, `rain` /
/// `rainbow` / `rainwater`), reversed phrases (`day rainy`), and folded forms (`Café`, `ＭＲＴ`, `Résumé`).
struct CorpusEntry {
    let id: String
    let title: String
    let tags: String
    let body: String

    /// The integer id used in the index: `d07` → 7.
    var number: Int { Int(id.dropFirst()) ?? -1 }
}

let corpus: [CorpusEntry] = [
    CorpusEntry(id: "d01", title: "Rainy evening", tags: "diary weather", body: "今天傍晚下著小雨，我撐著傘走回家。"),
    CorpusEntry(id: "d02", title: "安靜的傍晚", tags: "diary", body: "下雨的傍晚很安靜，適合讀書。"),
    CorpusEntry(id: "d03", title: "Storm", tags: "weather", body: "雨下得很大，捷運站擠滿了人。"),
    CorpusEntry(id: "d04", title: "Afternoon", tags: "diary", body: "下午去河邊看雨景。"),
    CorpusEntry(id: "d05", title: "下雨天", tags: "mood", body: "Stayed in all day and listened to the rain on the roof."),
    CorpusEntry(
        id: "d06", title: "Coffee notes", tags: "coffee",
        body: "Tried a new pour-over at the Café on Dihua Street. Very fruity."),
    CorpusEntry(id: "d07", title: "Morning routine", tags: "habit", body: "Coffee first, then email, then a short walk."),
    CorpusEntry(
        id: "d08", title: "Decaf experiment", tags: "coffee health",
        body: "Switched to decaf coffee after 3 pm; slept better."),
    CorpusEntry(id: "d09", title: "Tea instead", tags: "tea", body: "No coffee today. Oolong tea from Alishan, 阿里山烏龍茶."),
    CorpusEntry(id: "d10", title: "Cat idea", tags: "idea pets", body: "App idea: a diary that a cat could write. 貓咪日記。"),
    CorpusEntry(id: "d11", title: "Should I adopt a cat?", tags: "8ball", body: "Magic 8-ball says: Outlook good."),
    CorpusEntry(
        id: "d12", title: "Will it rain tomorrow?", tags: "8ball weather",
        body: "Magic 8-ball says: Reply hazy, try again."),
    CorpusEntry(id: "d13", title: "我該不該換工作？", tags: "8ball work", body: "神奇八號球說：不要指望。"),
    CorpusEntry(
        id: "d14", title: "Rainbow", tags: "weather photo",
        body: "A double rainbow over Taipei 101 after the storm. iPhone拍的照片。"),
    CorpusEntry(id: "d15", title: "Raincoat", tags: "shopping", body: "Bought a yellow raincoat for the rainy season."),
    CorpusEntry(id: "d16", title: "Rainy day playlist", tags: "music", body: "Lo-fi beats and old jazz for a rainy day."),
    CorpusEntry(id: "d17", title: "Day off", tags: "diary", body: "A day rainy and slow; I read all afternoon."),
    CorpusEntry(id: "d18", title: "MRT commute", tags: "commute", body: "ＭＲＴ was packed again this morning."),
    CorpusEntry(id: "d19", title: "捷運", tags: "commute", body: "捷運上有人在看書，我也拿出手機。"),
    CorpusEntry(id: "d20", title: "Reading list", tags: "books", body: "Finished Norwegian Wood. Next: 《挪威的森林》 in Chinese."),
    CorpusEntry(id: "d21", title: "東京旅行", tags: "travel", body: "東京で雨が降った。傘を買いました。"),
    CorpusEntry(id: "d22", title: "Seoul", tags: "travel", body: "서울에 비가 왔다. We ate 김치찌개 near the hotel."),
    CorpusEntry(
        id: "d23", title: "Naïve question", tags: "8ball",
        body: "Is it naive to think the café will reopen? Magic 8-ball says: Cannot predict now."),
    CorpusEntry(id: "d24", title: "Email backlog", tags: "work", body: "Inbox at 250 e-mails. Need a better e-mail filter."),
    CorpusEntry(id: "d25", title: "Don't forget", tags: "todo", body: "Don't forget to water the plants and feed the cat."),
    CorpusEntry(id: "d26", title: "Plant diary", tags: "plants", body: "The monstera has a new leaf. 新葉子好漂亮。"),
    CorpusEntry(id: "d27", title: "Sunny", tags: "weather", body: "晴天，終於可以曬衣服了。No rain at all."),
    CorpusEntry(
        id: "d28", title: "Idea: voice notes", tags: "idea",
        body: "Record voice notes while walking and transcribe them later."),
    CorpusEntry(id: "d29", title: "Walk by the river", tags: "walk", body: "Walked along the Tamsui river at sunset. 淡水的夕陽。"),
    CorpusEntry(id: "d30", title: "Tainan food", tags: "travel food", body: "台南的牛肉湯很好喝，早上六點就排隊。"),
    CorpusEntry(id: "d31", title: "Taipei weekend", tags: "travel", body: "台北週末下雨，只好待在咖啡店。"),
    CorpusEntry(id: "d32", title: "咖啡店", tags: "coffee", body: "這家咖啡店的拿鐵很香。"),
    CorpusEntry(
        id: "d33", title: "Will the rain stop before Saturday?", tags: "8ball weather",
        body: "Magic 8-ball says: Very doubtful."),
    CorpusEntry(
        id: "d34", title: "Should I learn Japanese?", tags: "8ball",
        body: "Magic 8-ball says: Signs point to yes. 日本語を勉強しよう。"),
    CorpusEntry(id: "d35", title: "我應該養貓嗎？", tags: "8ball pets", body: "神奇八號球說：是的，絕對是。"),
    CorpusEntry(id: "d36", title: "Moving", tags: "life", body: "Packing boxes all week; the cat hides in every one."),
    CorpusEntry(id: "d37", title: "Cat vs. vacuum", tags: "pets", body: "The cat declared war on the new robot vacuum."),
    CorpusEntry(id: "d38", title: "Catalog", tags: "shopping", body: "Browsing the IKEA catalog for a bookshelf."),
    CorpusEntry(id: "d39", title: "Concert", tags: "music", body: "五月天的演唱會，下著大雨大家還是一起唱。"),
    CorpusEntry(
        id: "d40", title: "Weather app idea", tags: "idea weather",
        body: "An app that tells you whether to bring an umbrella: 會不會下雨？"),
    CorpusEntry(id: "d41", title: "Jogging", tags: "health", body: "Ran 5 km before work. Legs are tired."),
    CorpusEntry(id: "d42", title: "Dentist", tags: "health", body: "看牙醫，補了一顆牙。"),
    CorpusEntry(id: "d43", title: "Birthday", tags: "family", body: "Mom's birthday dinner at 鼎泰豐. Ordered too many 小籠包."),
    CorpusEntry(id: "d44", title: "Night market", tags: "food", body: "士林夜市的雞排還是一樣大。"),
    CorpusEntry(id: "d45", title: "Typhoon", tags: "weather", body: "颱風假！風雨很大，外面不要出門。"),
    CorpusEntry(
        id: "d46", title: "Coffee beans", tags: "coffee shopping",
        body: "Ordered Ethiopian beans. Light roast, notes of jasmine."),
    CorpusEntry(id: "d47", title: "Hiking", tags: "walk", body: "Hiked Elephant Mountain at dawn; the city was still asleep."),
    CorpusEntry(id: "d48", title: "Hot spring", tags: "travel", body: "北投泡溫泉，外面下起小雨。"),
    CorpusEntry(id: "d49", title: "Rain sounds", tags: "sleep", body: "Fell asleep to rain sounds on YouTube."),
    CorpusEntry(
        id: "d50", title: "Language exchange", tags: "learning",
        body: "Practiced 中文 with Anna; she practiced English with me."),
    CorpusEntry(id: "d51", title: "Résumé", tags: "work", body: "Updated my résumé for the design job."),
    CorpusEntry(id: "d52", title: "Resume reading", tags: "books", body: "Resume reading Murakami after a long break."),
    CorpusEntry(id: "d53", title: "Should I quit coffee?", tags: "8ball coffee", body: "Magic 8-ball says: My sources say no."),
    CorpusEntry(id: "d54", title: "今天的心情", tags: "mood", body: "心情不錯，天氣晴朗。"),
    CorpusEntry(id: "d55", title: "Cloudy", tags: "weather", body: "Cloudy all day, but no rain. 陰天。"),
    CorpusEntry(id: "d56", title: "Bookshop", tags: "books", body: "誠品書店 was open until midnight; bought two novels."),
    CorpusEntry(
        id: "d57", title: "Idea: shared calendar", tags: "idea family",
        body: "A shared family calendar in plain text files."),
    CorpusEntry(id: "d58", title: "Drizzle", tags: "weather", body: "Light drizzle in the morning, 毛毛雨。"),
    CorpusEntry(id: "d59", title: "Garden", tags: "plants", body: "Rain barrel is full; watered the garden with rainwater."),
    CorpusEntry(id: "d60", title: "Late night", tags: "diary", body: "Couldn't sleep, made tea at 2 am."),
    CorpusEntry(
        id: "d61", title: "Will I finish the novel this year?", tags: "8ball writing",
        body: "Magic 8-ball says: Ask again later."),
    CorpusEntry(id: "d62", title: "Writing", tags: "writing", body: "Wrote 800 words of the novel. 寫了八百字。"),
    CorpusEntry(id: "d63", title: "下雨的傍晚", tags: "poem", body: "A short poem about a rainy evening."),
    CorpusEntry(id: "d64", title: "Scattered", tags: "test", body: "傍晚的雨，下午的風。"),
]
