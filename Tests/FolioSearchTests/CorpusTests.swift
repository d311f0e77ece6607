import Testing

@testable import FolioSearch

/// One query over `corpus` and exactly the entries it must return.
///
/// The expected ids were worked out by reading the entries, not by running the engine. Rules that matter:
/// the last bare Latin word is a prefix (`rain` also finds `rainbow`); other words are exact; a CJK run
/// needs its characters adjacent; filters never change the text result.
struct CorpusCase: Sendable, CustomTestStringConvertible {
    let query: String
    let expected: Set<String>

    init(_ query: String, _ expected: [String]) {
        self.query = query
        self.expected = Set(expected)
    }

    var testDescription: String { query }
}

let corpusFields = [IndexField("title", weight: 3), IndexField("tags", weight: 2.5), IndexField("body", weight: 1)]

let corpusIndex = TextIndex(
    fields: corpusFields,
    documents: corpus.map {
        IndexDocument(id: $0.number, fields: ["title": $0.title, "tags": $0.tags, "body": $0.body])
    })

let corpusCases: [CorpusCase] = [
    // CJK adjacency: 下雨 only where the two characters touch.
    CorpusCase("下雨", ["d02", "d05", "d31", "d40", "d63"]),
    CorpusCase("雨", ["d01", "d02", "d03", "d04", "d05", "d21", "d31", "d39", "d40", "d45", "d48", "d58", "d63", "d64"]),
    CorpusCase("下雨的傍晚", ["d02", "d63"]),
    CorpusCase("傍晚", ["d01", "d02", "d63", "d64"]),
    CorpusCase("傍晚 -下雨", ["d01", "d64"]),
    CorpusCase("小雨", ["d01", "d48"]),
    CorpusCase("小雨 OR 大雨", ["d01", "d39", "d48"]),
    CorpusCase("雨天", ["d05"]),
    CorpusCase("咖啡", ["d31", "d32"]),
    CorpusCase("貓", ["d10", "d35"]),
    CorpusCase("日記", ["d10"]),
    CorpusCase("台北", ["d31"]),
    CorpusCase("晴", ["d27", "d54"]),
    CorpusCase("天氣晴朗", ["d54"]),
    CorpusCase("心情", ["d54"]),
    CorpusCase("阿里山烏龍", ["d09"]),
    // Japanese and Korean runs.
    CorpusCase("東京", ["d21"]),
    CorpusCase("雨が降", ["d21"]),
    CorpusCase("비가", ["d22"]),
    CorpusCase("김치", ["d22"]),
    // Mixed script in one chunk is matched as adjacent tokens.
    CorpusCase("iPhone拍的照片", ["d14"]),
    CorpusCase("Taipei 下雨", ["d31"]),
    // Prefix on the last Latin word only.
    CorpusCase("rai", ["d01", "d05", "d12", "d14", "d15", "d16", "d17", "d27", "d33", "d49", "d55", "d59", "d63"]),
    CorpusCase("rain", ["d01", "d05", "d12", "d14", "d15", "d16", "d17", "d27", "d33", "d49", "d55", "d59", "d63"]),
    CorpusCase("\"rain\"", ["d05", "d12", "d27", "d33", "d49", "d55", "d59"]),
    CorpusCase("rain sounds", ["d49"]),
    CorpusCase("rainy day", ["d16", "d17"]),
    CorpusCase("cat", ["d10", "d11", "d25", "d36", "d37", "d38"]),
    CorpusCase("\"cat\"", ["d10", "d11", "d25", "d36", "d37"]),
    CorpusCase("walk", ["d07", "d28", "d29", "d47"]),
    CorpusCase("walk river", ["d29"]),
    CorpusCase("novel", ["d56", "d61", "d62"]),
    CorpusCase("the novel", ["d61", "d62"]),
    CorpusCase("8ball", ["d11", "d12", "d13", "d23", "d33", "d34", "d35", "d53", "d61"]),
    CorpusCase("8ball weather", ["d12", "d33"]),
    CorpusCase("email", ["d07", "d24"]),
    CorpusCase("taipei", ["d14", "d31"]),
    CorpusCase("weather", ["d01", "d03", "d12", "d14", "d27", "d33", "d40", "d45", "d55", "d58"]),
    // Phrases.
    CorpusCase("\"rainy day\"", ["d16"]),
    CorpusCase("\"the novel\"", ["d61", "d62"]),
    CorpusCase("8-ball", ["d11", "d12", "d23", "d33", "d34", "d53", "d61"]),
    CorpusCase("ball", ["d11", "d12", "d23", "d33", "d34", "d53", "d61"]),
    CorpusCase("e-mail", ["d24"]),
    CorpusCase("don't", ["d25"]),
    // Folding: accents, width, case.
    CorpusCase("cafe", ["d06", "d23"]),
    CorpusCase("Café", ["d06", "d23"]),
    CorpusCase("ｃａｆｅ", ["d06", "d23"]),
    CorpusCase("naive", ["d23"]),
    CorpusCase("resume", ["d51", "d52"]),
    CorpusCase("ＭＲＴ", ["d18"]),
    CorpusCase("RAINBOW", ["d14"]),
    // Exclusion and OR.
    CorpusCase("coffee -decaf", ["d06", "d07", "d09", "d32", "d46", "d53"]),
    CorpusCase("coffee OR 咖啡", ["d06", "d07", "d08", "d09", "d31", "d32", "d46", "d53"]),
    CorpusCase("\"cat\" OR 貓", ["d10", "d11", "d25", "d35", "d36", "d37"]),
    CorpusCase("tea OR coffee morning", ["d07"]),
    CorpusCase("8ball -weather", ["d11", "d13", "d23", "d34", "d35", "d53", "d61"]),
    CorpusCase("weather -rain", ["d01", "d03", "d14", "d40", "d45", "d58"]),
    CorpusCase("weather -\"no rain\"", ["d01", "d03", "d12", "d14", "d33", "d40", "d45", "d58"]),
    // Filters are handed to the caller and do not change the text match.
    CorpusCase("tag:pets 貓 is:open", ["d10", "d35"]),
]

@Suite("Corpus")
struct CorpusTests {
    @Test func corpusIsLargeAndWellFormed() {
        #expect(corpus.count >= 60)
        #expect(Set(corpus.map(\.id)).count == corpus.count)
        #expect(corpus.allSatisfy { $0.id.count == 3 && $0.number > 0 })
        #expect(corpusIndex.documentCount == corpus.count)
        #expect(corpusCases.count >= 25)
    }

    @Test(arguments: corpusCases)
    func queryReturnsExactlyTheExpectedEntries(_ testCase: CorpusCase) throws {
        let hits = try corpusIndex.search(testCase.query)
        let found = Set(hits.map { ($0.documentID < 10 ? "d0" : "d") + String($0.documentID) })
        #expect(
            found == testCase.expected,
            "extra: \(found.subtracting(testCase.expected).sorted()), missing: \(testCase.expected.subtracting(found).sorted())")
        // Best first, ties by id.
        for (a, b) in zip(hits, hits.dropFirst()) {
            #expect(a.score > b.score || (a.score == b.score && a.documentID < b.documentID))
        }
    }

    @Test func titleMatchOutranksBodyMatchInTheCorpus() throws {
        // d63 has 下雨的傍晚 as its title; d02 only in its body.
        let hits = try corpusIndex.search("下雨的傍晚")
        #expect(hits.map(\.documentID) == [63, 2])
    }
}
