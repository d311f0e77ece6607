import FolioSearch
import Testing

private let index = TextIndex(fields: [IndexField("body", weight: 1)], documents: [])

private func snippet(_ text: String, _ query: String, max: Int = 80) throws -> Snippet {
    index.snippet(for: text, query: try QueryParser().parse(query), maxCharacters: max)
}

private func highlighted(_ snippet: Snippet) -> [String] {
    snippet.highlights.map { String(snippet.text[$0]) }
}

@Suite("Snippets")
struct SnippetTests {
    static let story = """
        We left early in the morning and drove north along the coast for hours. The sea was grey and the \
        road was empty. Around noon it started to rain, softly at first, then hard enough that we stopped \
        at a small café to wait it out. The owner made us tea and talked about the typhoon last year. By \
        evening the sky had cleared and we walked on the beach until it was dark.
        """

    @Test func englishSnippetContainsAndHighlightsTheMatch() throws {
        let s = try snippet(Self.story, "rain", max: 60)
        #expect(s.text.count <= 60)
        #expect(s.text.contains("started to rain"))
        #expect(highlighted(s) == ["rain"])
        #expect(s.text.hasPrefix("…") && s.text.hasSuffix("…"))
    }

    @Test func highlightsKeepTheSourceSpellingOfFoldedMatches() throws {
        let s = try snippet(Self.story, "CAFE", max: 50)
        #expect(highlighted(s) == ["café"])
    }

    @Test func cjkSnippetContainsAndHighlightsTheMatch() throws {
        let text = "早上出門的時候天氣還很好，我們走到河邊拍了很多照片。中午吃了牛肉麵。下午突然下雨了，只好躲進一家咖啡店，一直坐到傍晚雨停才回家。晚上整理照片，發現有幾張拍得很好。"
        let s = try snippet(text, "下雨", max: 30)
        #expect(s.text.count <= 30)
        #expect(s.text.contains("下雨"))
        #expect(highlighted(s) == ["下雨"])
    }

    @Test func cjkHighlightCoversTheWholeRun() throws {
        let text = "她說下雨的傍晚最適合散步，但今天傍晚下著小雨。"
        let s = try snippet(text, "下雨的傍晚")
        #expect(s.text == text)
        // Typed without spaces, the query is its words: the run as typed, and 傍晚 again later.
        #expect(highlighted(s) == ["下雨的傍晚", "傍晚"])
        #expect(highlighted(try snippet(text, "「下雨的傍晚」")) == ["下雨的傍晚"])
    }

    @Test func windowWithMostDistinctTermsWins() throws {
        let filler = String(repeating: "lorem ipsum dolor ", count: 8)
        let text = "coffee at dawn. " + filler + "later a walk and more coffee by the river. " + filler
        let s = try snippet(text, "coffee walk", max: 50)
        #expect(highlighted(s) == ["walk", "coffee"])
    }

    @Test func prefixAndPhraseHighlights() throws {
        let text = "A Rainy day, then a rainbow. Not a day rainy."
        #expect(highlighted(try snippet(text, "rai")) == ["Rainy", "rainbow", "rainy"])
        #expect(highlighted(try snippet(text, "\"rainy day\"")) == ["Rainy day"])
    }

    @Test func mixedScriptHighlight() throws {
        let s = try snippet("昨天用iPhone拍的照片很清楚", "iphone 照片")
        #expect(highlighted(s) == ["iPhone", "照片"])
    }

    @Test func withoutMatchesTheSnippetIsTheStartOfTheText() throws {
        let s = try snippet(Self.story, "volcano", max: 40)
        #expect(s.highlights.isEmpty)
        #expect(s.text.hasPrefix("We left early"))
        #expect(s.text.hasSuffix("…"))
        #expect(s.text.count <= 40)
    }

    @Test func shortTextIsReturnedWholeWithWhitespaceCollapsed() throws {
        let s = try snippet("  First line\n\n\tsecond   rain line  ", "rain")
        #expect(s.text == "First line second rain line")
        #expect(highlighted(s) == ["rain"])
    }

    @Test func excludedTermsAreNotHighlighted() throws {
        #expect(highlighted(try snippet("rain and wind", "rain -wind")) == ["rain"])
    }

    @Test func degenerateSizes() throws {
        #expect(try snippet(Self.story, "rain", max: 0).text.isEmpty)
        #expect(try snippet("", "rain").text.isEmpty)
        let tiny = try snippet(Self.story, "rain", max: 6)
        #expect(tiny.text.count <= 6)
        #expect(highlighted(tiny) == ["rain"])
        for max in 1...3 {
            #expect(try snippet(Self.story, "rain", max: max).text.count <= max)
        }
    }
}
