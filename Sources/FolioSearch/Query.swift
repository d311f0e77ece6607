/// A parsed search: text clauses that must all match, text that must not, and filters for the caller.
///
/// The index matches only the text part (`clauses` and `excluded`). Filters are structured values the
/// caller applies to its own records; the engine never looks at them.
public struct Query: Sendable, Hashable {
    /// Every clause must match (implicit AND).
    public var clauses: [Clause]
    /// A document matching any of these is removed.
    public var excluded: [Term]
    /// Filters that must hold, in query order (`tag:x`, `on:2026-03-01`, …).
    public var filters: [Filter]
    /// Filters written with a leading minus (`-tag:x`), which must not hold.
    public var excludedFilters: [Filter]

    public init(
        clauses: [Clause] = [], excluded: [Term] = [], filters: [Filter] = [],
        excludedFilters: [Filter] = []
    ) {
        self.clauses = clauses
        self.excluded = excluded
        self.filters = filters
        self.excludedFilters = excludedFilters
    }

    /// Whether the query has any positive text; without it, search returns every document not excluded.
    public var hasText: Bool { !clauses.isEmpty }

    /// The same query without filters, so the caller can apply filters itself and search text only.
    public var textOnly: Query { Query(clauses: clauses, excluded: excluded) }

    /// The text part written back as query syntax (filters left out); parsing it gives the same text query.
    public var text: String {
        var parts: [String] = clauses.map { clause in
            clause.alternatives.map(\.syntax).joined(separator: " OR ")
        }
        parts += excluded.map { "-" + $0.syntax }
        return parts.joined(separator: " ")
    }

    /// Every positive term, in query order (what snippets highlight).
    public var positiveTerms: [Term] { clauses.flatMap(\.alternatives) }
}

/// Alternatives joined by `OR`; the clause matches when any alternative does.
public struct Clause: Sendable, Hashable {
    public var alternatives: [Term]

    public init(alternatives: [Term]) {
        self.alternatives = alternatives
    }
}

/// One word, CJK run or quoted phrase of a query.
public struct Term: Sendable, Hashable {
    /// The text as written, without quotes or a leading minus.
    public let text: String
    /// Whether it was written in quotes. Unquoted text that yields several tokens (`e-mail`, `下雨的傍晚`)
    /// is matched as adjacent tokens too; quoting only turns off prefix matching.
    public let isPhrase: Bool
    /// Whether the last word matches by prefix (`rai` finds `rainy`).
    public let isPrefix: Bool
    /// The folded form, as shown in `SearchHit.matchedTerms` (`Café` → `cafe`, `下雨` → `下雨`).
    public let normalized: String
    /// Tokens with slots relative to the first one; never empty for a term in a parsed query.
    let tokens: [QueryToken]
    /// Chinese or Japanese typed without spaces (`淡水夕陽`), cut into the words a reader would see
    /// (`淡水`, `夕陽`): each must occur, anywhere, and a text where they stand together as typed
    /// ranks higher. Empty for every other term, which matches as ``tokens`` say.
    let words: [[QueryToken]]

    init(text: String, isPhrase: Bool, isPrefix: Bool, tokens: [QueryToken], words: [[QueryToken]] = []) {
        self.text = text
        self.isPhrase = isPhrase
        self.isPrefix = isPrefix
        self.tokens = tokens
        self.words = words
        self.normalized = QueryToken.label(of: tokens)
    }

    /// What snippets highlight: the term as typed, and each of its words wherever they stand.
    var highlighted: [[QueryToken]] { words.isEmpty ? [tokens] : [tokens] + words }

    /// Makes a term from text with the given tokenizer; nil when the text has nothing to search for.
    public init?(
        _ text: String, isPhrase: Bool = false, isPrefix: Bool = false,
        tokenizer: Tokenizer = Tokenizer()
    ) {
        let tokens = QueryToken.tokens(for: text, tokenizer: tokenizer, queryForm: true)
        guard !tokens.isEmpty else { return nil }
        let prefix = isPrefix && tokens.count == 1 && tokens[0].kind == .word
        let words =
            isPhrase
            ? []
            : TypedWords.words(of: text).map { QueryToken.tokens(for: $0, tokenizer: tokenizer, queryForm: true) }.filter { !$0.isEmpty }
        self.init(text: text, isPhrase: isPhrase, isPrefix: prefix, tokens: tokens, words: words.count > 1 ? words : [])
    }

    var syntax: String {
        // A quote inside the phrase separates words, as a space does (`“s"s”` is the words s, s).
        if isPhrase { return "\"" + String(text.map { $0 == "\"" ? " " : $0 }) + "\"" }
        return text
    }
}

/// A field filter from the query, for the caller to apply to its records.
public enum Filter: Sendable, Hashable {
    /// `tag:x` — the value exactly as written (quotes removed).
    case tag(String)
    /// `kind:x` — the value exactly as written.
    case kind(String)
    /// `on:YYYY-MM-DD` — records dated that day.
    case on(SearchDate)
    /// `after:YYYY-MM-DD` — records dated strictly after that day.
    case after(SearchDate)
    /// `before:YYYY-MM-DD` — records dated strictly before that day.
    case before(SearchDate)
    /// `is:done` or `is:open`.
    case status(Status)

    public enum Status: String, Sendable, Hashable, CaseIterable {
        case done
        case open
    }

    /// The filter names the parser accepts, lowercased.
    public static let names = ["tag", "kind", "on", "after", "before", "is"]
}

/// A calendar day from a query, validated against the proleptic Gregorian calendar; no time zone.
public struct SearchDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// Makes a date, or nil when the day does not exist (`2026-02-30`, month 13, …).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month), day >= 1,
            day <= SearchDate.daysIn(month: month, year: year)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses exactly `YYYY-MM-DD`, or returns nil.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2])
        else { return nil }
        self.init(year: y, month: m, day: d)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2:
            let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
            return leap ? 29 : 28
        case 4, 6, 9, 11:
            return 30
        default:
            return 31
        }
    }

    public static func < (a: SearchDate, b: SearchDate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        func pad(_ n: Int, _ width: Int) -> String {
            let s = String(n)
            return String(repeating: "0", count: max(0, width - s.count)) + s
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }
}

/// Why a query string could not be parsed, and where.
public struct QueryError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// A `"` (or `“`, `「`, `『`) without its closing partner.
        case unclosedQuote
        /// `name:value` where name is not a known filter.
        case unknownFilter(String)
        /// A date filter whose value is not a real `YYYY-MM-DD` day.
        case badDate(String)
        /// Nothing to search for and no filters.
        case emptyQuery
        /// `OR` without a search term on both sides, or a `-` with nothing after it.
        case danglingOperator
        /// A known filter with nothing after the colon (`tag:`).
        case missingFilterValue(String)
        /// A value the filter does not accept (`is:maybe`).
        case invalidFilterValue(filter: String, value: String)
        /// A query longer than ``QueryParser/maxCharacters``.
        case tooLong(limit: Int)
    }

    public let kind: Kind
    /// 1-based column, counted in characters of the query string.
    public let column: Int

    public init(_ kind: Kind, column: Int) {
        self.kind = kind
        self.column = column
    }

    /// An English sentence naming the problem and its column.
    public var description: String {
        let what: String
        switch kind {
        case .unclosedQuote:
            what = "unclosed quote; add the closing quote"
        case .unknownFilter(let name):
            what =
                "unknown filter \"\(name):\"; known filters are "
                + Filter.names.map { $0 + ":" }.joined(separator: ", ")
                + " (put the text in quotes to search for it)"
        case .badDate(let text):
            what = "\"\(text)\" is not a date; use an existing day written YYYY-MM-DD"
        case .emptyQuery:
            what = "empty query; give words to search for or a filter"
        case .danglingOperator:
            what = "operator without a search term; OR needs a term on both sides and - needs a term right after it"
        case .missingFilterValue(let name):
            what = "filter \"\(name):\" needs a value"
        case .invalidFilterValue(let name, let value):
            let accepted = name == "is" ? "; use is:done or is:open" : ""
            what = "\"\(value)\" is not a value for \"\(name):\"\(accepted)"
        case .tooLong(let limit):
            what = "the query is longer than \(limit) characters"
        }
        return "column \(column): \(what)"
    }
}
