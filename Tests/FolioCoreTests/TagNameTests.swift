import Testing

@testable import FolioCore

/// Every tag folio writes is one Obsidian reads as the same tag: letters of any script, digits,
/// `_`, `-`, `/`, and not digits alone.
@Suite("Tags as Obsidian reads them")
struct TagNameTests {
    @Test(
        "a tag is normalised to Obsidian's rules",
        arguments: [
            ("rain", "rain"), ("#rain", "rain"), ("##x", "x"), ("  #  spaced ", "spaced"), ("rainy day", "rainy-day"),
            ("a - b", "a-b"), ("a--b", "a-b"), ("-lead-", "lead"), ("C++", "C"), ("rock & roll", "rock-roll"),
            ("下雨", "下雨"), ("下雨。", "下雨"), ("台北 信義", "台北-信義"), ("台北/信義", "台北/信義"), ("/a//b/", "a/b"),
            ("a / b", "a/b"), ("snake_case", "snake_case"), ("2026", "_2026"), ("２０２６", "_２０２６"), ("2026-11", "2026-11"),
            ("y2026", "y2026"), ("_2026", "_2026"), ("🌧 rain", "rain"), ("Ελλάδα", "Ελλάδα"), ("हिन्दी", "हिन्दी"), ("한국어", "한국어"),
            ("e\u{301}", "e\u{301}"), ("a.b", "a-b"), ("a:b", "a-b"), ("[y]", "y"),
        ])
    func normalised(_ raw: String, _ expected: String) {
        #expect(TagName.normalised(raw) == expected, "\(raw)")
        #expect(TagName.isValid(expected))
    }

    @Test("what holds no letter or digit is no tag", arguments: ["", "#", "###", " ", "-", "/", "🌧", "!?", "。"])
    func nothingLeft(_ raw: String) {
        #expect(TagName.normalised(raw) == nil)
    }

    @Test("the tags of a record: split at commas, normalised, each once without regard to case")
    func recordTags() {
        #expect(RecordRules.normalisedTags(["#Rainy Day, rainy-day", "2026，雨天", "x、X", "🌧"]) == ["Rainy-Day", "_2026", "雨天", "x"])
    }

    @Test("a tag filter takes the tag and those nested in it, without case, and nothing that only begins the same")
    func nestedTags() {
        #expect(TagName.filter("mood", takes: "mood"))
        #expect(TagName.filter("mood", takes: "Mood"))
        #expect(TagName.filter("mood", takes: "mood/good"))
        #expect(TagName.filter("MOOD", takes: "mood/Good/calm"))
        #expect(TagName.filter("mood/good", takes: "mood/good/calm"))
        #expect(TagName.filter("心情", takes: "心情/好"))
        #expect(!TagName.filter("mood", takes: "moody"))
        #expect(!TagName.filter("mood/good", takes: "mood"))
        #expect(!TagName.filter("mood", takes: "mood/"))
        #expect(!TagName.filter("", takes: "/x"))
        #expect(!TagName.filter("good", takes: "mood/good"))
    }
}
