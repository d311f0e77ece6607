import FolioSearch
import Testing

/// Each clause as its alternatives' normalised text, for compact comparisons.
private func shape(_ query: Query) -> [[String]] {
    query.clauses.map { $0.alternatives.map(\.normalized) }
}

private func parse(_ text: String) throws -> Query {
    try QueryParser().parse(text)
}

private func date(_ y: Int, _ m: Int, _ d: Int) throws -> SearchDate {
    try #require(SearchDate(year: y, month: m, day: d))
}

@Suite("Query parser")
struct QueryParserTests {
    @Test func termsAreAndedAndOrBindsTighter() throws {
        #expect(try shape(parse("a b OR c")) == [["a"], ["b", "c"]])
        #expect(try shape(parse("a OR b c")) == [["a", "b"], ["c"]])
        #expect(try shape(parse("a OR b OR c d")) == [["a", "b", "c"], ["d"]])
        // Lowercase "or" is an ordinary word.
        #expect(try shape(parse("a or b")) == [["a"], ["or"], ["b"]])
    }

    @Test func phrasesAndExclusions() throws {
        let query = try parse("\"Rainy Day\" -cold -\"wet socks\" walk")
        #expect(shape(query) == [["rainy day"], ["walk"]])
        #expect(query.clauses[0].alternatives[0].isPhrase)
        #expect(query.excluded.map(\.normalized) == ["cold", "wet socks"])
        #expect(query.excluded.map(\.isPhrase) == [false, true])
        #expect(!query.excluded.contains { $0.isPrefix })
    }

    @Test func cjkQuotesWork() throws {
        // Terms are held folded: 貓 and its Simplified form 猫 are one term.
        #expect(try shape(parse("「下雨的傍晚」 “rainy day” 『貓』")) == [["下雨的傍晚"], ["rainy day"], ["猫"]])
    }

    @Test func onlyTheLastBareLatinWordIsAPrefix() throws {
        func prefixes(_ text: String) throws -> [Bool] {
            try parse(text).clauses.flatMap { $0.alternatives.map(\.isPrefix) }
        }
        #expect(try prefixes("rain walk") == [false, true])
        #expect(try prefixes("rai") == [true])
        // The last Latin word, even when CJK text or a filter follows it.
        #expect(try prefixes("rai 下雨") == [true, false])
        #expect(try prefixes("rai tag:x") == [true])
        // Quoted, excluded and single-letter words are exact.
        #expect(try prefixes("rain \"walk\"") == [true, false])
        #expect(try prefixes("rain -walk") == [true])
        #expect(try prefixes("rain a") == [false, false])
        // A chunk of several tokens is matched as adjacent tokens, never as a prefix.
        #expect(try prefixes("e-mai") == [false])
    }

    @Test func filtersAreStructuredAndSeparateFromText() throws {
        let query = try parse("tag:travel kind:Idea 下雨 on:2026-03-01 after:2025-12-31 before:2026-01-02 is:done -tag:work is:OPEN rain")
        let (march1, newYearsEve, january2) = (try date(2026, 3, 1), try date(2025, 12, 31), try date(2026, 1, 2))
        #expect(
            query.filters == [
                .tag("travel"), .kind("Idea"), .on(march1), .after(newYearsEve), .before(january2),
                .status(.done), .status(.open),
            ])
        #expect(query.excludedFilters == [.tag("work")])
        #expect(shape(query) == [["下雨"], ["rain"]])
        #expect(query.text == "下雨 rain")
        #expect(query.textOnly.filters.isEmpty)
        #expect(query.textOnly.clauses == query.clauses)
    }

    @Test("a day as people say it is read by the parser's namer; without one, only dates are")
    func namedDays() throws {
        let namer: @Sendable (String) -> String? = { ["yesterday": "2026-11-21", "3 days ago": "2026-11-19", "上週五": "2026-11-13"][$0] }
        let parser = QueryParser(namedDay: namer)
        let query = try parser.parse("on:yesterday after:\"3 days ago\" before:上週五 after:2026-01-01 rain")
        #expect(
            query.filters == [
                .on(try date(2026, 11, 21)), .after(try date(2026, 11, 19)), .before(try date(2026, 11, 13)), .after(try date(2026, 1, 1)),
            ])
        // A name the namer does not know, or one it answers with no day, is refused where it stands.
        #expect(throws: QueryError.self) { try parser.parse("after:someday") }
        #expect(throws: QueryError.self) { try QueryParser(namedDay: { _ in "not a day" }).parse("after:yesterday") }
        #expect(throws: QueryError.self) { try QueryParser().parse("on:yesterday") }
    }

    @Test func quotedFilterValues() throws {
        #expect(try parse("tag:\"summer trip\" x").filters == [.tag("summer trip")])
        #expect(try parse("TAG:x").filters == [.tag("x")])
    }

    @Test func filtersAloneAndExclusionsAloneAreValid() throws {
        let filtersOnly = try parse("tag:x")
        #expect(!filtersOnly.hasText)
        #expect(filtersOnly.filters == [.tag("x")])
        let excludedOnly = try parse("-rain")
        #expect(!excludedOnly.hasText)
        #expect(excludedOnly.excluded.map(\.normalized) == ["rain"])
    }

    @Test func urlsAndTimesAreText() throws {
        #expect(try shape(parse("https://example.com 12:30")) == [["https example com"], ["12 30"]])
    }

    @Test func textRoundTrips() throws {
        let query = try parse("\"rainy day\" walk OR run -cold 下雨 tag:x")
        #expect(query.text == "\"rainy day\" walk OR run 下雨 -cold")
        let again = try parse(query.text)
        #expect(shape(again) == shape(query))
        #expect(again.excluded == query.excluded)
    }

    @Test func leapDaysAndImpossibleDates() throws {
        let leapDay = try date(2024, 2, 29)
        #expect(try parse("on:2024-02-29").filters == [.on(leapDay)])
        #expect(SearchDate("2023-02-29") == nil)
        #expect(SearchDate("1900-02-29") == nil)
        #expect(SearchDate("2000-02-29") != nil)
        #expect(SearchDate("2026-04-31") == nil)
        #expect(SearchDate("2026-13-01") == nil)
        #expect(SearchDate("2026-1-01") == nil)
        #expect(SearchDate("２０２６-01-01") == nil)
        #expect(try date(2026, 3, 1).description == "2026-03-01")
        #expect(try date(2026, 3, 1) < date(2026, 3, 2))
    }

    struct ErrorCase: Sendable, CustomTestStringConvertible {
        let query: String
        let kind: QueryError.Kind
        let column: Int
        var testDescription: String { query }
    }

    static let errorCases: [ErrorCase] = [
        ErrorCase(query: "rain \"wet socks", kind: .unclosedQuote, column: 6),
        ErrorCase(query: "下雨 「傍晚", kind: .unclosedQuote, column: 4),
        ErrorCase(query: "tag:\"summer", kind: .unclosedQuote, column: 5),
        ErrorCase(query: "rain foo:bar", kind: .unknownFilter("foo"), column: 6),
        ErrorCase(query: "-Re:Zero", kind: .unknownFilter("Re"), column: 2),
        ErrorCase(query: "after:2026-02-30", kind: .badDate("2026-02-30"), column: 7),
        ErrorCase(query: "雨 on:yesterday", kind: .badDate("yesterday"), column: 6),
        ErrorCase(query: "before:2026-13-01", kind: .badDate("2026-13-01"), column: 8),
        ErrorCase(query: "", kind: .emptyQuery, column: 1),
        ErrorCase(query: "   ", kind: .emptyQuery, column: 1),
        ErrorCase(query: "!!! ...", kind: .emptyQuery, column: 1),
        ErrorCase(query: "\"\"", kind: .emptyQuery, column: 1),
        ErrorCase(query: "OR rain", kind: .danglingOperator, column: 1),
        ErrorCase(query: "rain OR", kind: .danglingOperator, column: 6),
        ErrorCase(query: "rain OR OR snow", kind: .danglingOperator, column: 9),
        ErrorCase(query: "rain OR -snow", kind: .danglingOperator, column: 6),
        ErrorCase(query: "rain OR tag:x", kind: .danglingOperator, column: 6),
        ErrorCase(query: "rain - snow", kind: .danglingOperator, column: 6),
        ErrorCase(query: "rain -", kind: .danglingOperator, column: 6),
        ErrorCase(query: "雨 tag:", kind: .missingFilterValue("tag"), column: 3),
        ErrorCase(query: "is:maybe", kind: .invalidFilterValue(filter: "is", value: "maybe"), column: 4),
        // Past 4,096 characters, however the text is made: refused before it is read.
        ErrorCase(query: String(repeating: "rain ", count: 1_000), kind: .tooLong(limit: 4_096), column: 4_097),
        ErrorCase(query: String(repeating: "\"", count: 5_000), kind: .tooLong(limit: 4_096), column: 4_097),
        ErrorCase(query: String(repeating: "雨", count: 4_097), kind: .tooLong(limit: 4_096), column: 4_097),
        ErrorCase(query: String(repeating: "-", count: 1_000_000), kind: .tooLong(limit: 4_096), column: 4_097),
    ]

    @Test("a query of exactly 4,096 characters is read")
    func longestQuery() throws {
        let query = try parse(String(repeating: "雨", count: 4_096))
        #expect(!query.clauses.isEmpty)
    }

    @Test(arguments: errorCases)
    func errorsCarryKindAndColumn(_ testCase: ErrorCase) {
        #expect(throws: QueryError(testCase.kind, column: testCase.column)) {
            try QueryParser().parse(testCase.query)
        }
    }

    @Test func errorDescriptionsAreEnglishSentencesWithTheColumn() {
        let error = QueryError(.badDate("2026-02-30"), column: 7)
        #expect(error.description.hasPrefix("column 7: "))
        #expect(error.description.contains("2026-02-30"))
        #expect(QueryError(.unknownFilter("foo"), column: 1).description.contains("tag:"))
        #expect(QueryError(.unclosedQuote, column: 3).description.contains("quote"))
        #expect(QueryError(.emptyQuery, column: 1).description.contains("empty"))
        #expect(QueryError(.danglingOperator, column: 1).description.contains("OR"))
    }
}

/// Found by `make fuzz` (harness `query`).
@Suite("Query.text")
struct QueryTextTests {
    @Test(
        "a quoted phrase holding a straight quote is written back as the same words",
        arguments: [
            "“s\"s”", "「下雨\"的傍晚」", "『a\"b\"c』 rain -\"x\"",
        ])
    func quoteInsidePhrase(text: String) throws {
        let query = try QueryParser().parse(text)
        let again = try QueryParser().parse(query.text)
        #expect(again.clauses.map { $0.alternatives.map(\.normalized) } == query.clauses.map { $0.alternatives.map(\.normalized) })
        #expect(again.excluded.map(\.normalized) == query.excluded.map(\.normalized))
    }
}
