import FolioCore
import FolioStore
import Foundation
import Testing

@testable import FolioCompanion

@Suite("The companion's small parts: greeting, weather, media facts, tags")
struct CompanionPartsTests {
    func configuration(_ yaml: String, language: Language = .zhHant) -> AIConfiguration {
        AIConfiguration(settings: Settings(text: yaml, file: ".folio/config.yaml"), language: language)
    }

    @Test("the builtin greeting follows the time of day and the media, and never mentions weather")
    func greeting() {
        #expect(BuiltinGreeting.text(localTime: "2026-11-22 07:15", mediaType: "photo", language: .zhHant) == "早安，現在是 07:15。這張照片背後有什麼故事？")
        #expect(BuiltinGreeting.text(localTime: "2026-11-22 18:04", mediaType: "video", language: .zhHant) == "晚上好，現在是 18:04。這段影片背後有什麼故事？")
        #expect(
            BuiltinGreeting.text(localTime: "2026-11-22 01:30", mediaType: nil, language: .en)
                == "Still up, it's 01:30. What happened today?")
        #expect(
            BuiltinGreeting.text(localTime: "2026-11-22 12:00", mediaType: "photo", language: .en)
                == "Good afternoon, it's 12:00. What's the story behind this photo?")
    }

    @Test("weather: read only with share_location, the place put in the URL, one plain line kept")
    func weather() {
        let off = configuration("weather:\n  url: https://wttr.in/{place}?format=3\nlocation: 台北\n")
        #expect(Weather.url(off) != nil)
        let on = configuration("privacy:\n  share_location: true\nweather:\n  url: https://wttr.in/{place}?format=3\nlocation: 台北 市\n")
        #expect(Weather.url(on)?.absoluteString == "https://wttr.in/%E5%8F%B0%E5%8C%97%20%E5%B8%82?format=3")
        #expect(Weather.url(configuration("weather:\n  url: https://wttr.in/{place}\n")) == nil, "no place, no URL that needs one")
        #expect(Weather.url(configuration("weather:\n  url: file:///etc/passwd\n")) == nil)
        #expect(Weather.line(from: Data("\n  Taipei: 🌦 +18°C  \nsecond line\n".utf8)) == "Taipei: 🌦 +18°C")
        #expect(Weather.line(from: Data("<html><body>busy</body></html>".utf8)) == nil)
        #expect(Weather.line(from: Data("{\"temp\": 18}".utf8)) == nil)
        #expect(Weather.line(from: Data(String(repeating: "雨", count: 300).utf8))?.count == 120)
    }

    @Test("a media file's facts: name, time, camera, size, length; GPS only when location is shared")
    func facts() {
        var entry = MediaEntry(file: "media/ab/x.jpg")
        entry.name = "IMG_2041.jpg"
        entry.taken = "2026-11-05T07:30:15+09:00"
        entry.camera = "Apple iPhone 13"
        entry.width = 4032
        entry.height = 3024
        entry.latitude = 25.034
        entry.longitude = 121.565
        #expect(
            MediaViews.facts(entry, type: "photo", configuration: configuration(""))
                == "照片（IMG_2041.jpg）：2026-11-05 07:30 拍攝，Apple iPhone 13，4032×3024")
        let shared = configuration("privacy:\n  share_location: true\n", language: .en)
        #expect(
            MediaViews.facts(entry, type: "photo", configuration: shared)
                == "photo (IMG_2041.jpg): taken 2026-11-05 07:30, Apple iPhone 13, 4032×3024, taken at 25.03400, 121.56500")
        var clip = MediaEntry(file: "media/cd/y.mp4")
        clip.duration = 75.4
        #expect(MediaViews.facts(clip, type: "video", configuration: configuration("", language: .en)) == "video: 1:15 long")
    }

    @Test("the first summary keeps the user's own tags ahead of its own; a later one replaces them")
    func summaryTags() throws {
        let draft = Record(path: "diary/a.md", document: try FrontMatterDocument(parsing: "---\nkind: diary\ntags: [walk, Rain]\n---\n"))
        #expect(Vault.summaryTags(["rain", "coffee", "latte"], replacing: draft) == ["walk", "Rain", "coffee", "latte"])
        let many = (1...8).map { "t\($0)" }
        #expect(Vault.summaryTags(many, replacing: draft).count == 8)
        let summarized = Record(
            path: "diary/a.md",
            document: try FrontMatterDocument(parsing: "---\nkind: diary\ntags: [walk, coffee]\nsummarized_by: builtin\n---\n"))
        #expect(Vault.summaryTags(["tea", "rain", "home"], replacing: summarized) == ["tea", "rain", "home"])
    }
}

/// Tags an AI or the builtin tagger gives are written as Obsidian reads tags (``TagName``).
@Suite("Tags from an AI and from the builtin tagger follow Obsidian's tag rules")
struct CompanionTagRuleTests {
    @Test("an AI's reply: spaces become -, # and signs go, digits alone get _, each once")
    func aiReply() throws {
        let reply = ##"{"page": "雨中散步。", "tags": ["#Rainy Day", "2026", "台北/信義", "C++", "rainy-day", "🌧", "夜晚。"]}"##
        let summary = try SummaryPrompt.parse(reply, existingTags: ["Taipei"])
        #expect(summary.tags == ["rainy-day", "_2026", "台北/信義", "c", "夜晚"])
        #expect(summary.tags.allSatisfy(TagName.isValid))
    }

    @Test("the builtin tagger's tags and those written beside a record's own: all valid Obsidian tags")
    func builtinTags() async throws {
        let settings = Settings(text: "", file: ".folio/config.yaml")
        let configuration = AIConfiguration(settings: settings, language: .en)
        let moment = PageMoment(time: Timestamp("2026-11-22T18:04:11+08:00"), media: ["photo"], place: nil, language: .en)
        let request = SummaryRequest(
            text: "Ran 2026 metres in the rain with C++ friends, then #coffee at 7-Eleven.", analysis: nil, conversation: [],
            existingTags: [], moment: moment)
        let summary = try await BuiltinProvider(configuration: configuration).summarize(request)
        #expect(!summary.tags.isEmpty && summary.tags.allSatisfy(TagName.isValid), "\(summary.tags)")

        // A page whose own tags were typed by hand before folio's rules: the summary writes them valid.
        let page = "---\nid: x\nkind: diary\ntitle: t\ntags: [\"rainy day\", \"2026\"]\n---\nbody\n"
        let record = Record(path: "diary/2026/11/2026-11-22-t.md", document: try FrontMatterDocument(parsing: page))
        let now = try #require(Timestamp("2026-11-22T18:04:11+08:00"))
        let change = try AIPageChange.summary(summary, on: record, provider: "builtin", configuration: configuration, at: now)
        let tags = try #require(change.keys.first { $0.0 == "tags" }?.1?.items?.compactMap { $0.scalarText })
        #expect(Array(tags.prefix(2)) == ["rainy-day", "_2026"], "\(tags)")
        #expect(tags.allSatisfy(TagName.isValid), "\(tags)")
    }
}
