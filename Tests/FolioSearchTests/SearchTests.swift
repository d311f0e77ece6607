import Testing

@testable import FolioSearch

private let bodyOnly = [IndexField("body", weight: 1)]

/// An index over bodies with ids 1, 2, 3, … in order.
private func index(_ bodies: [String]) -> TextIndex {
    TextIndex(
        fields: bodyOnly,
        documents: bodies.enumerated().map { IndexDocument(id: $0.offset + 1, fields: ["body": $0.element]) })
}

private func ids(_ index: TextIndex, _ query: String) throws -> [Int] {
    try index.search(query).map(\.documentID)
}

@Suite("Search")
struct SearchTests {
    // MARK: CJK adjacency

    @Test func cjkQueriesNeedAdjacentCharacters() throws {
        let index = index(["今天傍晚下著小雨", "下雨的傍晚很安靜"])
        // 下著小雨 has 下 and 雨 but never next to each other.
        #expect(try ids(index, "下雨") == [2])
        #expect(try Set(ids(index, "雨")) == [1, 2])
        #expect(try ids(index, "下雨的傍晚") == [2])
        #expect(try Set(ids(index, "傍晚")) == [1, 2])
        #expect(try ids(index, "小雨") == [1])
        #expect(try ids(index, "雨的傍") == [2])
        #expect(try ids(index, "晚下著") == [1])
        #expect(try ids(index, "下雨天").isEmpty)
    }

    @Test func scatteredBigramsDoNotMakeASequence() throws {
        // Every bigram of 下雨的傍晚 occurs in the first, but never as one run: quoted, only the run matches.
        let index = index(["下雨天，雨的味道，目的傍身，傍晚好", "她說：下雨的傍晚，最適合散步"])
        #expect(try ids(index, "「下雨的傍晚」") == [2])
        #expect(try ids(index, "\"下雨的傍晚\"") == [2])
        // Typed without spaces it is the words 下雨, 的, 傍晚: both hold them, the run ranks first.
        #expect(try ids(index, "下雨的傍晚") == [2, 1])
        #expect(try Set(ids(index, "下雨")) == [1, 2])
    }

    @Test func repeatedCharactersAreCountedByPosition() throws {
        let index = index(["哈哈", "哈哈哈", "哈，哈哈"])
        #expect(try ids(index, "「哈哈哈」") == [2])
        #expect(try Set(ids(index, "哈哈")) == [1, 2, 3])
        // Unquoted, ICU reads 哈 and 哈哈: the text that has them as typed ranks first.
        #expect(try ids(index, "哈哈哈").first == 2)
    }

    // MARK: Chinese typed without spaces

    @Test func wordsTypedWithoutSpacesFindWhatTheSpacedQueryFinds() throws {
        let index = index([
            "傍晚在淡水看夕陽，風很大", "淡水夕陽真的很美", "今天去宜蘭泡溫泉", "晚餐煮了紅燒肉，吃完才回家",
            "下雨的傍晚待在家", "淡水老街的阿給", "台北的夕陽",
        ])
        for (typed, spaced) in [("淡水夕陽", "淡水 夕陽"), ("宜蘭溫泉", "宜蘭 溫泉"), ("紅燒肉回家", "紅燒肉 回家"), ("下雨傍晚", "下雨 傍晚")] {
            let found = try ids(index, typed)
            #expect(!found.isEmpty, "\(typed) finds nothing")
            #expect(Set(found) == Set(try ids(index, spaced)), "\(typed) and \(spaced)")
        }
        // The pair that straddles two words (水夕) is never required, and the page with the words
        // together as typed ranks first.
        #expect(try ids(index, "淡水夕陽") == [2, 1])
        // Quoted, a run matches only as written.
        #expect(try ids(index, "「淡水夕陽」") == [2])
        // A word missing is a page missing: 台北 has 夕陽 but not 淡水.
        #expect(try !ids(index, "淡水夕陽").contains(7))
        // With OR and a minus, the term is still its words.
        #expect(try Set(ids(index, "淡水夕陽 OR 宜蘭溫泉")) == [1, 2, 3])
        #expect(try Set(ids(index, "淡水 -淡水夕陽")) == [6])
    }

    @Test func wordsCloseTogetherAndInOrderRankFirst() throws {
        // The same length and the same words, nearer and nearer: together as typed, then a character
        // or two between them, then far apart, and in the other order last of all.
        let index = index([
            "夕陽很美，今天走了好遠的路才到淡水",  // the other order
            "淡水今天走了好遠的路，才看到夕陽",  // far apart
            "今天走了好遠的路，在淡水看到夕陽",  // two characters between
            "今天走了好遠的路，看見淡水的夕陽",  // one character between
            "今天走了好遠的路，看見了淡水夕陽",  // together as typed
        ])
        let ranked = try ids(index, "淡水夕陽")
        #expect(ranked.prefix(2) == [5, 4] || ranked.prefix(2) == [5, 3], "\(ranked)")
        #expect(Set(ranked.prefix(3)) == [3, 4, 5], "\(ranked)")
        #expect(Set(ranked.suffix(2)) == [1, 2], "\(ranked)")
    }

    @Test func typedWordsAreICUsWordsWithPairsForTheUnknown() {
        #expect(TypedWords.words(of: "淡水夕陽") == ["淡水", "夕陽"])
        #expect(TypedWords.words(of: "紅燒肉回家") == ["紅燒肉", "回家"])
        // 煮 and 當 are no word ICU knows together: kept as the pair typed.
        #expect(TypedWords.words(of: "關東煮當宵夜") == ["關東", "煮當", "宵夜"])
        // Two characters, one Latin word, and a run ICU knows no word of: matched as typed.
        #expect(TypedWords.words(of: "下雨").isEmpty)
        #expect(TypedWords.words(of: "rainy").isEmpty)
        #expect(TypedWords.words(of: "螢火蟲").isEmpty)
        #expect(TypedWords.words(of: "N3").isEmpty)
        #expect(TypedWords.words(of: "iPhone5").isEmpty)
        // Scripts run together, and punctuation typed for a space, part words.
        #expect(TypedWords.words(of: "淡水sunset") == ["淡水", "sunset"])
        #expect(TypedWords.words(of: "象山101") == ["象山", "101"])
        #expect(TypedWords.words(of: "日文N3") == ["日文", "N3"])
        #expect(TypedWords.words(of: "Taipei101") == ["Taipei", "101"])
        #expect(TypedWords.words(of: "淡水，夕陽") == ["淡水", "夕陽"])
        #expect(TypedWords.words(of: "淡水、夕陽") == ["淡水", "夕陽"])
        #expect(TypedWords.words(of: "宜蘭溫泉？") == ["宜蘭", "溫泉"])
        #expect(TypedWords.words(of: "rain,walk") == ["rain", "walk"])
        // A hyphen, an apostrophe or a dot joins: e-mail and don't stay one term.
        #expect(TypedWords.words(of: "e-mail").isEmpty)
        #expect(TypedWords.words(of: "don't").isEmpty)
        // Grammar characters are no word of their own and end a run of unknown ones.
        #expect(TypedWords.words(of: "特別紅的夕陽") == ["特別", "紅", "夕陽"])
    }

    @Test func kanaAndHangul() throws {
        let index = index(["東京で雨が降った", "カタカナのテスト", "서울에 비가 왔다"])
        #expect(try ids(index, "雨が降") == [1])
        #expect(try ids(index, "雨降").isEmpty)
        #expect(try ids(index, "カナ") == [2])
        #expect(try ids(index, "비가") == [3])
        #expect(try ids(index, "비왔").isEmpty)
    }

    @Test func mixedScriptQueries() throws {
        let index = index(["iPhone拍的照片", "用iPhone拍照", "拍的照片 with a camera"])
        #expect(try ids(index, "iPhone拍的照片") == [1])
        #expect(try Set(ids(index, "照片")) == [1, 3])
        #expect(try Set(ids(index, "iphone")) == [1, 2])
    }

    // MARK: Latin words

    @Test func foldedFormsMatch() throws {
        let index = index(["Café au lait", "ＭＲＴ station", "Résumé tips", "STRASSE"])
        #expect(try ids(index, "cafe") == [1])
        #expect(try ids(index, "CAFÉ") == [1])
        #expect(try ids(index, "mrt") == [2])
        #expect(try ids(index, "resume") == [3])
        #expect(try ids(index, "straße") == [4])
    }

    @Test func prefixMatchingAppliesToTheLastWordOnly() throws {
        let index = index(["rainy walk", "rain walking", "rainbow"])
        #expect(try Set(ids(index, "rai")) == [1, 2, 3])
        #expect(try ids(index, "rai walk").isEmpty)  // "rai" is not the last word, so exact
        #expect(try Set(ids(index, "walk rai")) == [1])  // "walk" exact, "rai" prefix
        #expect(try ids(index, "rain walk") == [2])  // "rain" exact (not "rainy"), "walk" prefix
        #expect(try ids(index, "\"rai\"").isEmpty)  // quoted: exact
    }

    @Test func phrasesNeedAdjacencyInOneField() throws {
        let fields = [IndexField("title", weight: 3), IndexField("body", weight: 1)]
        let index = TextIndex(
            fields: fields,
            documents: [
                IndexDocument(id: 1, fields: ["title": "A rainy day", "body": "nothing"]),
                IndexDocument(id: 2, fields: ["title": "day", "body": "rainy"]),
                IndexDocument(id: 3, fields: ["title": "rainy", "body": "day after day"]),
                IndexDocument(id: 4, fields: ["body": "the day was rainy"]),
            ])
        #expect(try ids(index, "\"rainy day\"") == [1])
        #expect(try Set(ids(index, "rainy day")) == [1, 2, 3, 4])
        #expect(try ids(index, "\"day rainy\"").isEmpty)
        #expect(try ids(index, "\"was rainy\"") == [4])
    }

    @Test func punctuationInsideAChunkMeansAdjacency() throws {
        let index = index(["send an e-mail today", "e and mail", "email"])
        #expect(try ids(index, "e-mail") == [1])
        #expect(try Set(ids(index, "mail")) == [1, 2])
    }

    // MARK: Operators

    @Test func exclusionRemovesDocuments() throws {
        let index = index(["rain and wind", "rain and sun", "wind and sun", "cold rain"])
        #expect(try ids(index, "rain -wind").sorted() == [2, 4])
        #expect(try ids(index, "rain -\"and sun\"").sorted() == [1, 4])
        #expect(try ids(index, "rain -wind -cold") == [2])
        #expect(try ids(index, "-rain") == [3])
    }

    @Test func orUnionsAlternativesInsideOneClause() throws {
        let index = index(["rain walk", "snow walk", "hail", "snow"])
        #expect(try ids(index, "rain OR snow").sorted() == [1, 2, 4])
        #expect(try ids(index, "walk snow OR hail") == [2])  // walk AND (snow OR hail)
        #expect(try ids(index, "hail OR rain walk") == [1])  // (hail OR rain) AND walk
        #expect(try ids(index, "\"rain walk\" OR hail").sorted() == [1, 3])
    }

    @Test func matchedTermsNameWhatMatched() throws {
        let index = index(["rain and 下雨", "snow"])
        let hits = try index.search("rain OR snow 下雨")
        #expect(hits.map(\.documentID) == [1])
        #expect(hits.first?.matchedTerms == ["rain", "下雨"])
    }

    @Test func queriesWithoutTextReturnEverythingNotExcludedInIDOrder() throws {
        let index = TextIndex(
            fields: bodyOnly,
            documents: [
                IndexDocument(id: 30, fields: ["body": "a"]),
                IndexDocument(id: 10, fields: ["body": "rain"]),
                IndexDocument(id: 20, fields: ["body": "b"]),
            ])
        let all = try index.search("tag:x")
        #expect(all.map(\.documentID) == [10, 20, 30])
        #expect(all.allSatisfy { $0.score == 0 && $0.matchedTerms.isEmpty })
        #expect(try ids(index, "-rain") == [20, 30])
    }

    @Test func limitKeepsTheBestHits() throws {
        let index = index(["rain", "rain rain rain", "rain rain", "sun"])
        #expect(try index.search("rain", limit: 2).map(\.documentID) == [2, 3])
        #expect(try index.search("rain", limit: 0).isEmpty)
        #expect(try index.search("rain", limit: 10).map(\.documentID) == [2, 3, 1])
    }

    @Test func limitedResultsArePrefixesOfTheFullRanking() throws {
        // Many ties and many distinct scores, in an order unrelated to ids.
        let bodies = (0..<500).map { i in
            "word " + String(repeating: "rain ", count: 1 + (i * 37) % 11) + String(repeating: "pad ", count: (i * 13) % 7)
        }
        let index = index(bodies)
        let full = try index.search("\"rain\"")
        #expect(full.count == 500)
        for limit in [1, 2, 7, 50, 499] {
            #expect(try index.search("\"rain\"", limit: limit) == Array(full.prefix(limit)))
        }
    }

    // MARK: Ranking

    @Test func titleMatchRanksAboveBodyOnlyMatch() throws {
        let fields = [IndexField("title", weight: 3), IndexField("tags", weight: 2.5), IndexField("body", weight: 1)]
        let index = TextIndex(
            fields: fields,
            documents: [
                IndexDocument(id: 1, fields: ["title": "Notes", "body": "a walk to the lighthouse in the evening"]),
                IndexDocument(id: 2, fields: ["title": "Lighthouse", "body": "a walk in the evening by the sea"]),
                IndexDocument(id: 3, fields: ["title": "Notes", "tags": "lighthouse", "body": "a walk in the evening"]),
            ])
        let hits = try index.search("lighthouse")
        #expect(hits.map(\.documentID) == [2, 3, 1])
        #expect(hits[0].score > hits[1].score && hits[1].score > hits[2].score)
    }

    @Test func rarerTermWeighsMore() throws {
        var bodies = (0..<10).map { "common filler number \($0)" }
        bodies.append("rare filler extra words")  // id 11: the rare term
        bodies.append("common filler extra words")  // id 12: same length, common term
        let index = index(bodies)
        let hits = try index.search("rare OR common")
        #expect(hits.first?.documentID == 11)
        let rare = try #require(try index.search("rare").first)
        let common = try #require(try index.search("common").first { $0.documentID == 12 })
        #expect(rare.score > common.score)
    }

    @Test func shorterFieldWinsAtEqualFrequency() throws {
        let index = index(["rain", "rain " + String(repeating: "word ", count: 30)])
        #expect(try ids(index, "rain") == [1, 2])
    }

    @Test func moreOccurrencesRankHigherButSaturate() throws {
        let index = index(["rain x x x", "rain rain x x", "rain rain rain rain"])
        let hits = try index.search("\"rain\"")
        #expect(hits.map(\.documentID) == [3, 2, 1])
        // BM25 saturation: the fourth occurrence adds less than the second.
        let scores = Dictionary(uniqueKeysWithValues: hits.map { ($0.documentID, $0.score) })
        let (one, two, four) = (scores[1] ?? 0, scores[2] ?? 0, scores[3] ?? 0)
        #expect(four - two < two - one)
    }

    @Test func equalScoresAreOrderedByID() throws {
        let index = TextIndex(
            fields: bodyOnly,
            documents: [
                IndexDocument(id: 9, fields: ["body": "same text"]),
                IndexDocument(id: 3, fields: ["body": "same text"]),
                IndexDocument(id: 5, fields: ["body": "same text"]),
            ])
        #expect(try ids(index, "same") == [3, 5, 9])
    }

    // MARK: Building

    @Test func builderReplacesRepeatedIDsAndIgnoresUnknownFields() throws {
        var builder = TextIndex.Builder(fields: bodyOnly + [IndexField("body", weight: 9)])
        builder.add(id: 1, fields: ["body": "old text", "nope": "secret"])
        builder.add(id: 2, texts: ["second"])
        builder.add(id: 1, fields: ["body": "new text"])
        let index = builder.build()
        #expect(index.documentCount == 2)
        #expect(index.fields == bodyOnly)
        #expect(try ids(index, "old").isEmpty)
        #expect(try ids(index, "new") == [1])
        #expect(try ids(index, "secret").isEmpty)
    }

    @Test func emptyIndexesAndFieldlessIndexesFindNothing() throws {
        #expect(try TextIndex(fields: bodyOnly, documents: []).search("rain").isEmpty)
        let noFields = TextIndex(fields: [], documents: [IndexDocument(id: 1, fields: ["body": "rain"])])
        #expect(try noFields.search("rain").isEmpty)
    }

    @Test func containsChecksOneDocument() throws {
        let index = index(["rainy day", "day rainy"])
        let phrase = try #require(Term("rainy day", isPhrase: true))
        #expect(index.contains(phrase, documentID: 1))
        #expect(!index.contains(phrase, documentID: 2))
        #expect(!index.contains(phrase, documentID: 99))
    }

    /// Enough documents for several shards, so the parallel build and the merge are exercised; every
    /// expected set is computed from the generating rule, not from the engine.
    @Test func shardedBuildMatchesTheGeneratingRule() throws {
        let count = 6000
        let cjk = Array("春夏秋冬")
        let bodies = (0..<count).map { i -> String in
            let season = cjk[i % 4]
            let hangul = i % 3 == 0 ? "국" : "글"
            return "doc w\(i % 7) group\(i % 13) 季節\(season)天 Mixed\(i % 5 == 0 ? "Case" : "case") tail\(i) 한\(hangul)"
        }
        let index = index(bodies)  // id = i + 1
        #expect(index.documentCount == count)

        func expected(_ rule: (Int) -> Bool) -> Set<Int> {
            Set((0..<count).filter(rule).map { $0 + 1 })
        }
        #expect(try Set(ids(index, "\"w3\"")) == expected { $0 % 7 == 3 })
        #expect(try Set(ids(index, "w3 group5")) == expected { $0 % 7 == 3 && $0 % 13 == 5 })
        #expect(try Set(ids(index, "秋天")) == expected { $0 % 4 == 2 })
        #expect(try Set(ids(index, "節秋")) == expected { $0 % 4 == 2 })
        // Unigrams: Han goes through the shard's direct table, Hangul through the hash table.
        #expect(try Set(ids(index, "秋")) == expected { $0 % 4 == 2 })
        #expect(try Set(ids(index, "季")) == Set(1...count))
        #expect(try Set(ids(index, "국")) == expected { $0 % 3 == 0 })
        #expect(try Set(ids(index, "한글")) == expected { $0 % 3 != 0 })
        #expect(try Set(ids(index, "\"w1\" -秋天")) == expected { $0 % 7 == 1 && $0 % 4 != 2 })
        #expect(try Set(ids(index, "mixedcase")) == Set(1...count))
        #expect(try ids(index, "tail4242") == [4243])
        #expect(try Set(ids(index, "tail424")) == Set([425] + (4240...4249).map { $0 + 1 }))
        #expect(try Set(ids(index, "\"doc w2\"")) == expected { $0 % 7 == 2 })
        #expect(try Set(ids(index, "\"w2 doc\"")).isEmpty)
    }

    @Test func searchingFromManyTasksAtOnceGivesTheSameAnswers() async throws {
        let index = index((0..<2000).map { "entry \($0 % 10) 雨\($0 % 3 == 0 ? "下" : "上")" })
        let expected = try index.search("雨下 entry")
        let results = await withTaskGroup(of: [SearchHit].self) { group in
            for _ in 0..<8 {
                group.addTask { (try? index.search("雨下 entry")) ?? [] }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(expected.count == 667)
        #expect(results.allSatisfy { $0 == expected })
    }
}

/// Found by `make fuzz` (harness `search-text`).
@Suite("Long words")
struct LongWordTests {
    @Test("a word over 128 bytes whose cut falls inside a character is still found by itself", arguments: [125, 126, 127, 128])
    func cutInsideCharacter(latin: Int) throws {
        let word = String(repeating: "x", count: latin) + "ס\u{5BC}é"
        let index = TextIndex(
            fields: [IndexField("body", weight: 1)],
            documents: [IndexDocument(id: 1, fields: ["body": "before \(word) after"])])
        let term = try #require(Term(word))
        #expect(index.search(Query(clauses: [Clause(alternatives: [term])])).map(\.documentID) == [1])
        #expect(Tokenizer().tokens(in: word).allSatisfy { $0.text.utf8.count <= 128 && !$0.text.contains("\u{FFFD}") })
    }
}
