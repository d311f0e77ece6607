import Testing

@testable import FolioCompanion

@Suite("The builtin provider's summary and tags, on real zh-Hant and English text")
struct BuiltinTextTests {
    let diary = "今天下班走回家，雨很小。路上的咖啡店換了新招牌，我進去買了一杯熱拿鐵。"
    let chat = ["其實我今天有點累，工作的專案一直延期。", "不過熱拿鐵很好喝，雨聲讓我放鬆下來。", "下次想約朋友一起去咖啡店。"]

    @Test("sentences keep their punctuation; Chinese and English both split")
    func sentences() {
        #expect(ExtractiveSummary.sentences(in: diary) == ["今天下班走回家，雨很小。", "路上的咖啡店換了新招牌，我進去買了一杯熱拿鐵。"])
        #expect(
            ExtractiveSummary.sentences(in: "I walked home. It rained! Did I mind? No.\nNot at all")
                == ["I walked home.", "It rained!", "Did I mind?", "No.", "Not at all"])
        #expect(ExtractiveSummary.sentences(in: "真的嗎？！好。……") == ["真的嗎？！", "好。……"])
        #expect(ExtractiveSummary.sentences(in: "Version 2.5 is out.") == ["Version 2.5 is out."])
    }

    @Test("the page is made only of the user's sentences, in order, each once")
    func pageIsTheUsersWords() {
        let page = ExtractiveSummary.page(from: [diary] + chat + [chat[0]], keywords: [])
        let expected = ExtractiveSummary.sentences(in: diary) + chat.flatMap { ExtractiveSummary.sentences(in: $0) }
        #expect(page == expected.joined())
        let english = ExtractiveSummary.page(from: ["I walked home in the rain.", "The coffee was good. I felt calm."], keywords: [])
        #expect(english == "I walked home in the rain. The coffee was good. I felt calm.")
        #expect(ExtractiveSummary.page(from: ["下班路上", "雨很小。"], keywords: []) == "下班路上。雨很小。", "a fragment gets its full stop")
    }

    @Test("a long page keeps the sentences with the keywords, still in the user's order")
    func longPage() {
        let filler = (1...30).map { "第\($0)件小事發生了。" }.joined()
        let texts = [filler + "咖啡店的拿鐵很好喝。" + filler]
        let page = ExtractiveSummary.page(from: texts, keywords: ["咖啡店", "拿鐵"], maxCharacters: 60)
        #expect(page.contains("咖啡店的拿鐵很好喝。"))
        #expect(page.count <= 60)
        for sentence in ExtractiveSummary.sentences(in: page) { #expect(texts[0].contains(sentence)) }
    }

    @Test("Chinese tags are dictionary words from the text, never a pair across two words; the vault's tags come first")
    func chineseTags() {
        let text = ([diary] + chat).joined(separator: "\n")
        let tags = KeywordTags.tags(from: text, existing: ["咖啡", "Work", "旅行"])
        #expect(tags.first == "咖啡", "an existing tag the text mentions leads")
        #expect(!tags.contains("旅行"), "an existing tag the text does not mention is not added")
        #expect(tags.contains("拿鐵") && tags.contains("招牌"), "\(tags)")
        #expect(!tags.contains("咖啡店"), "咖啡店 is the existing tag 咖啡 here, not a second tag: \(tags)")
        #expect((3...8).contains(tags.count), "\(tags)")
        for tag in tags {
            #expect(text.contains(tag), "every tag comes from the text: \(tag)")
            #expect(!["今天", "其實", "店換", "杯熱", "一杯", "熱拿鐵"].contains(tag), "\(tag)")
        }
        // ICU knows 關東 but not 關東煮: 煮 and 當 are single characters after a word, straddling two
        // words, and never a tag; 宵夜 is.
        let supper = KeywordTags.tags(from: "晚上在便利商店買了關東煮當宵夜，湯很熱。", existing: [])
        #expect(!supper.contains("煮當") && supper.contains("宵夜"), "\(supper)")
    }

    @Test("a negated verb and a verb with its preposition are no tags: what the page is about is")
    func phrasesAreNoTags() {
        // The offline companion's tags for a phone's page were 站在, 不動 beside 鷺鷥.
        let tags = KeywordTags.tags(from: "河邊散步，白鷺鷥站在水裡不動，走到橋上送給媽媽看。", existing: [])
        for phrase in ["站在", "不動", "走到", "送給"] { #expect(!tags.contains(phrase), "\(phrase) in \(tags)") }
        #expect(tags.contains("河邊") || tags.contains("散步"), "\(tags)")
    }

    @Test("a word the user already uses as a tag stays whole, even where the dictionary would cut it")
    func existingTagsStayWhole() {
        #expect(KeywordTags.tags(from: "買了一杯熱拿鐵", existing: ["熱拿鐵"]) == ["熱拿鐵"])
        #expect(KeywordTags.tags(from: "路上的咖啡店", existing: []).contains("咖啡店"))
        #expect(KeywordTags.tags(from: "路上的咖啡店", existing: ["咖啡"]) == ["咖啡", "路上"])
    }

    @Test("English tags are content words in lower case, spelled like an existing tag")
    func englishTags() {
        let text = "Walked home in the rain after work. The rain was soft and the coffee shop had a new sign. Coffee helped. Work was long."
        let tags = KeywordTags.tags(from: text, existing: ["Coffee"])
        #expect(tags.first == "Coffee")
        #expect(tags.contains("rain") && tags.contains("work"))
        #expect(!tags.contains("the") && !tags.contains("was") && !tags.contains("after"))
        #expect(Set(tags.map { $0.lowercased() }).count == tags.count)
        for tag in tags where tag != "Coffee" { #expect(tag == tag.lowercased()) }
        #expect(KeywordTags.tags(from: "a cafe in the city: cafe, city, cafe", existing: [], limit: 1) == ["cafe"])
    }

    @Test("forms of one English word count as one tag, spelled as the user wrote it most")
    func englishForms() {
        #expect(EnglishWord.base(of: "shots") == "shot" && EnglishWord.base(of: "stories") == "story")
        #expect(
            EnglishWord.base(of: "walked") == "walk" && EnglishWord.base(of: "hiked") == "hike" && EnglishWord.base(of: "stopped") == "stop"
        )
        #expect(
            EnglishWord.base(of: "practiced") == "practice" && EnglishWord.base(of: "running") == "running"
                && EnglishWord.base(of: "glass") == "glass")
        let tags = KeywordTags.tags(from: "Draw shots. My draw worked; long draws next. Walked, walk, walking.", existing: [])
        #expect(tags.prefix(2) == ["draw", "walk"], "\(tags)")
        #expect(!tags.contains("draws") && !tags.contains("walked"), "\(tags)")
    }
}
