import FolioCore
import FolioStore
import TestSupport
import Testing

@testable import FolioCompanion

@Suite("The builtin provider on short diary entries: always a page and 3 to 8 tags, in words a reader would choose")
struct BuiltinCorpusTests {
    /// Sunday 22 November 2026, 18:04 in Taipei: an autumn evening at the weekend.
    static let evening = Timestamp("2026-11-22T18:04:11+08:00")

    static func request(_ entry: DiaryCase, existing: [String] = [], place: String? = nil) -> SummaryRequest {
        let language: Language = entry.language == "en" ? .en : .zhHant
        let moment = PageMoment(time: evening, media: entry.media.map(\.rawValue), place: place, language: language)
        return SummaryRequest(text: entry.text, analysis: nil, conversation: [], existingTags: existing, moment: moment)
    }

    static func summarize(_ request: SummaryRequest, language: Language) async throws -> PageSummary {
        let settings = Settings(text: "", file: ".folio/config.yaml")
        return try await BuiltinProvider(configuration: AIConfiguration(settings: settings, language: language)).summarize(request)
    }

    @Test("the corpus has every shape of entry", arguments: [0])
    func corpusShape(_: Int) {
        let cases = DiaryCorpus.cases
        #expect(cases.count >= 40)
        #expect(cases.contains { $0.text == nil && $0.media == [.photo] } && cases.contains { $0.text == nil && $0.media == [.audio] })
        #expect(
            cases.contains { ($0.text?.count ?? 0) > 80 && $0.language == "zh-Hant" }
                && cases.contains { ($0.text?.count ?? 0) > 150 && $0.language == "en" })
    }

    @Test(
        "every entry: a page that keeps the user's words, 3 to 8 tags, the expected words, no cross-word pair", arguments: DiaryCorpus.cases
    )
    func entry(_ entry: DiaryCase) async throws {
        let language: Language = entry.language == "en" ? .en : .zhHant
        let summary = try await Self.summarize(Self.request(entry), language: language)
        #expect((3...8).contains(summary.tags.count), "\(summary.tags)")
        for tag in entry.expected { #expect(summary.tags.contains(tag), "\(tag) missing from \(summary.tags)") }
        for tag in entry.forbidden { #expect(!summary.tags.contains(tag), "\(tag) in \(summary.tags)") }
        #expect(!summary.page.isEmpty)
        if let text = entry.text, text.count < 40 { #expect(summary.page.hasPrefix(text), "\(summary.page)") }
        if !entry.media.isEmpty, (entry.text?.count ?? 0) < 40 {
            #expect(summary.page.contains(language == .en ? "Sunday evening, 22 November" : "11月22日（週日）傍晚"), "\(summary.page)")
        }
    }

    @Test("the README's first example: the line, then a sentence from the photo; tags from the words and the photo")
    func readmeExample() async throws {
        let summary = try await Self.summarize(Self.request(DiaryCorpus.readmeExample), language: .zhHant)
        #expect(summary.page == "下班路上。11月22日（週日）傍晚拍的一張照片。")
        #expect(summary.tags == ["下班", "路上", "照片"])
        #expect(summary.completedTags == ["照片"])
        #expect(summary.title == "下班路上")
    }

    @Test("a photo alone: the page says what and when, the tags are the photo, the time of day, the season")
    func photoOnly() async throws {
        let entry = try DiaryCase.photoOnly()
        let summary = try await Self.summarize(Self.request(entry), language: .zhHant)
        #expect(summary.page == "11月22日（週日）傍晚拍的一張照片。")
        #expect(summary.tags == ["照片", "傍晚", "秋天"])
        let english = try await Self.summarize(Self.request(try DiaryCase.photoOnly("en")), language: .en)
        #expect(english.page == "A photo from Sunday evening, 22 November.")
        #expect(english.tags == ["photo", "evening", "autumn"])
    }

    @Test("the place comes in only when it is shared, and the vault's own spelling of a moment's word wins")
    func placeAndSpelling() async throws {
        let shared = try await Self.summarize(Self.request(try DiaryCase.photoOnly(), place: "台北"), language: .zhHant)
        #expect(shared.tags == ["照片", "台北", "傍晚"])
        #expect(shared.page == "11月22日（週日）傍晚在台北拍的一張照片。")
        let spelled = try await Self.summarize(Self.request(try DiaryCase.photoOnly(), existing: ["相片", "黃昏"]), language: .zhHant)
        #expect(spelled.tags == ["相片", "黃昏", "秋天"])
    }

    @Test("a model's short list is completed the same way; a full list is left alone")
    func modelTagsCompleted() {
        let request = Self.request(DiaryCorpus.readmeExample, existing: ["Coffee"])
        let short = PageSummary(page: "p", tags: ["#Coffee", "coffee"], title: nil).completed(for: request)
        #expect(short.tags == ["Coffee", "照片", "傍晚"])
        #expect(short.completedTags == ["照片", "傍晚"])
        let full = PageSummary(page: "p", tags: ["a", "b", "c"], title: nil).completed(for: request)
        #expect(full.tags == ["a", "b", "c"] && full.completedTags.isEmpty)
        var analysed = request
        analysed.analysis = "A cup of coffee on a wooden table"
        #expect(
            PageSummary(page: "p", tags: [], title: nil).completed(for: analysed).tags == ["Coffee", "照片", "傍晚"],
            "an existing tag the media's description mentions comes first")
    }

    @Test("the moment: time of day, season and weekday in both languages")
    func moment() throws {
        func tags(_ time: String, _ language: Language) throws -> [String] {
            let stamp: Timestamp = try #require(Timestamp(time))
            return PageMoment(time: stamp, media: [], place: nil, language: language).tags
        }
        #expect(try tags("2026-01-03T06:10:00+08:00", .zhHant) == ["清晨", "冬天", "週末"])
        #expect(try tags("2026-04-15T12:00:00+08:00", .zhHant) == ["中午", "春天", "週三"])
        #expect(try tags("2026-07-20T23:30:00-07:00", .zhHant) == ["深夜", "夏天", "週一"])
        #expect(try tags("2026-07-20T23:30:00-07:00", .en) == ["night", "summer", "monday"])
        #expect(try tags("2026-10-09T14:00:00Z", .en) == ["afternoon", "autumn", "friday"])
        #expect(PageMoment(time: nil, media: [], place: nil, language: .en).tags.isEmpty)
        let timeless = PageMoment(time: nil, media: [], place: nil, language: .en)
        let none = TagCompletion.complete([], moment: timeless, analysis: nil, existing: ["walk", "rain"])
        #expect(none.tags == ["walk", "rain", "diary"], "without a time, the vault's most used tags, then a plain word")
    }
}

extension DiaryCase {
    static func photoOnly(_ language: String = "zh-Hant") throws -> DiaryCase {
        try #require(DiaryCorpus.cases.first { $0.language == language && $0.text == nil && $0.media == [.photo] })
    }
}
