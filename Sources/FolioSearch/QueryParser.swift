/// Turns a query string into a `Query`, or a `QueryError` that says what is wrong and at which column.
///
/// Syntax, by example:
/// - `rain walk` — both must match (AND).
/// - `"rainy day"` — adjacent words; `「下雨的傍晚」`, `“…”` and `『…』` quote too.
/// - `-cold`, `-"cold rain"` — documents matching it are removed.
/// - `rain snow OR hail` — `OR` binds tighter than the implicit AND: rain AND (snow OR hail).
/// - `tag:x kind:x on:2026-03-01 after:… before:… is:done is:open` — filters for the caller;
///   `-tag:x` puts the filter in `Query.excludedFilters`; `tag:"two words"` quotes a value.
/// - The last unquoted, non-excluded Latin word of two or more characters matches as a prefix
///   (`rai` finds `rainy`); every other word matches exactly.
/// - A CJK run of two characters matches as written: `下雨` needs the two adjacent; `雨` alone
///   matches any text containing the character. A longer run typed without spaces is cut into
///   words (`淡水夕陽` → `淡水`, `夕陽`; see `TypedWords`): each must occur, and texts where they
///   stand together as typed rank first. Quoted (`「淡水夕陽」`), it matches only as written.
/// - `name:value` with an unknown name is an error rather than silent text, because a mistyped filter
///   would otherwise quietly return nothing; quote it (`"re:zero"`) to search for it. Values starting with
///   `/` (URLs such as `https://…`) are plain text.
public struct QueryParser: Sendable {
    public var tokenizer: Tokenizer
    /// The `YYYY-MM-DD` a filter's day as people say it names (`yesterday`, `上週五`), read by
    /// whoever knows today and the zone; without it `on:`, `after:` and `before:` take dates only.
    public var namedDay: (@Sendable (String) -> String?)?

    public init(tokenizer: Tokenizer = Tokenizer(), namedDay: (@Sendable (String) -> String?)? = nil) {
        self.tokenizer = tokenizer
        self.namedDay = namedDay
    }

    private enum Item {
        case term(Term, negated: Bool, bare: Bool)
        case or(column: Int)
        case filter(Filter, negated: Bool)
        /// Text that tokenized to nothing (`!!!`); kept so `OR` next to it is reported.
        case nothing
    }

    /// The longest query read (4,096 characters): a query is typed or sent by an assistant, and
    /// a longer one is a paste gone wrong.
    public static let maxCharacters = 4_096

    private static let quotePairs: [Character: Character] = ["\"": "\"", "“": "”", "「": "」", "『": "』"]

    /// Parses `text`; throws a `QueryError` with a 1-based character column on malformed input.
    public func parse(_ text: String) throws(QueryError) -> Query {
        // Counted in UTF-8 bytes first, so a huge text is refused before it is split into characters.
        guard text.utf8.count <= Self.maxCharacters * 4, text.count <= Self.maxCharacters else {
            throw QueryError(.tooLong(limit: Self.maxCharacters), column: Self.maxCharacters + 1)
        }
        let chars = Array(text)
        var items: [Item] = []
        var i = 0

        while i < chars.count {
            if chars[i].isWhitespace {
                i += 1
                continue
            }
            let start = i
            var negated = false
            if chars[i] == "-" {
                negated = true
                i += 1
                guard i < chars.count, !chars[i].isWhitespace else {
                    throw QueryError(.danglingOperator, column: start + 1)
                }
            }

            if let close = QueryParser.quotePairs[chars[i]] {
                let open = i
                guard let end = chars[(open + 1)...].firstIndex(of: close) else {
                    throw QueryError(.unclosedQuote, column: open + 1)
                }
                let content = String(chars[(open + 1)..<end])
                i = end + 1
                if let term = Term(content, isPhrase: true, tokenizer: tokenizer) {
                    items.append(.term(term, negated: negated, bare: false))
                } else {
                    items.append(.nothing)
                }
                continue
            }

            let chunkStart = i
            while i < chars.count, !chars[i].isWhitespace, QueryParser.quotePairs[chars[i]] == nil {
                i += 1
            }
            let chunk = String(chars[chunkStart..<i])

            if chunk == "OR" && !negated {
                items.append(.or(column: chunkStart + 1))
                continue
            }

            if let colon = chunk.firstIndex(of: ":"), colon != chunk.startIndex,
                chunk[..<colon].allSatisfy({ $0.isASCII && $0.isLetter })
            {
                let name = String(chunk[..<colon])
                var value = String(chunk[chunk.index(after: colon)...])
                let valueColumn = chunkStart + name.count + 2
                let known = Filter.names.contains(name.lowercased())
                // `tag:"two words"`: the chunk stopped at the quote, so the value follows it.
                if value.isEmpty, i < chars.count, let close = QueryParser.quotePairs[chars[i]] {
                    guard let end = chars[(i + 1)...].firstIndex(of: close) else {
                        throw QueryError(.unclosedQuote, column: i + 1)
                    }
                    value = String(chars[(i + 1)..<end])
                    i = end + 1
                    guard !value.isEmpty else {
                        throw QueryError(.missingFilterValue(name), column: chunkStart + 1)
                    }
                } else if value.isEmpty {
                    if known { throw QueryError(.missingFilterValue(name), column: chunkStart + 1) }
                } else if value.hasPrefix("/") {
                    value = ""  // a URL: fall through to plain text
                }
                if !value.isEmpty {
                    guard known else { throw QueryError(.unknownFilter(name), column: chunkStart + 1) }
                    let filter = try makeFilter(name.lowercased(), value: value, valueColumn: valueColumn)
                    items.append(.filter(filter, negated: negated))
                    continue
                }
            }

            if let term = Term(chunk, tokenizer: tokenizer) {
                items.append(.term(term, negated: negated, bare: !negated))
            } else {
                items.append(.nothing)
            }
        }

        markPrefix(&items)
        return try assemble(items)
    }

    private func makeFilter(_ name: String, value: String, valueColumn: Int) throws(QueryError) -> Filter {
        switch name {
        case "tag":
            return .tag(value)
        case "kind":
            return .kind(value)
        case "on", "after", "before":
            let named = namedDay?(value).flatMap { SearchDate($0) }
            guard let date = SearchDate(value) ?? named else {
                throw QueryError(.badDate(value), column: valueColumn)
            }
            return name == "on" ? .on(date) : (name == "after" ? .after(date) : .before(date))
        default:
            guard let status = Filter.Status(rawValue: value.lowercased()) else {
                throw QueryError(.invalidFilterValue(filter: name, value: value), column: valueColumn)
            }
            return .status(status)
        }
    }

    /// Gives prefix matching to the last bare Latin word, the one a person is most likely still typing.
    private func markPrefix(_ items: inout [Item]) {
        for k in items.indices.reversed() {
            guard case .term(let term, negated: false, bare: true) = items[k],
                term.tokens.count == 1, term.tokens[0].kind == .word
            else { continue }
            if term.tokens[0].text.count >= 2 {
                items[k] = .term(
                    Term(text: term.text, isPhrase: false, isPrefix: true, tokens: term.tokens, words: term.words),
                    negated: false, bare: true)
            }
            return
        }
    }

    private func assemble(_ items: [Item]) throws(QueryError) -> Query {
        var query = Query()
        var pendingOr: Int? = nil
        var lastWasPositiveTerm = false
        for item in items {
            switch item {
            case .or(let column):
                guard lastWasPositiveTerm else { throw QueryError(.danglingOperator, column: column) }
                pendingOr = column
                lastWasPositiveTerm = false
            case .term(let term, negated: false, _):
                if pendingOr != nil, !query.clauses.isEmpty {
                    query.clauses[query.clauses.count - 1].alternatives.append(term)
                } else {
                    query.clauses.append(Clause(alternatives: [term]))
                }
                pendingOr = nil
                lastWasPositiveTerm = true
            case .term(let term, negated: true, _):
                if let column = pendingOr { throw QueryError(.danglingOperator, column: column) }
                query.excluded.append(term)
                lastWasPositiveTerm = false
            case .filter(let filter, let negated):
                if let column = pendingOr { throw QueryError(.danglingOperator, column: column) }
                if negated { query.excludedFilters.append(filter) } else { query.filters.append(filter) }
                lastWasPositiveTerm = false
            case .nothing:
                if let column = pendingOr { throw QueryError(.danglingOperator, column: column) }
                lastWasPositiveTerm = false
            }
        }
        if let column = pendingOr { throw QueryError(.danglingOperator, column: column) }
        if query.clauses.isEmpty && query.excluded.isEmpty && query.filters.isEmpty
            && query.excludedFilters.isEmpty
        {
            throw QueryError(.emptyQuery, column: 1)
        }
        return query
    }
}

extension Query {
    /// Parses `text` with the default tokenizer; see `QueryParser` for the syntax.
    public init(parsing text: String) throws(QueryError) {
        self = try QueryParser().parse(text)
    }
}
