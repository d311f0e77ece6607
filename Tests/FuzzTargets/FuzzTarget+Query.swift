import FolioSearch

extension FuzzTarget {
    /// `QueryParser.parse` on any text, then the query run against a small index and cut into snippets.
    ///
    /// Promises: an error's column lies in the query (or just after it); a parsed query's
    /// ``Query/text`` parses again to the same text query, as its documentation says; hits are
    /// documents of the index, best first; a snippet is at most its length, its highlights inside it,
    /// ascending and apart.
    static let query = FuzzTarget(
        name: "query",
        summary: "QueryParser.parse: error columns inside the query; Query.text reparses to the same query; search and snippets"
    ) { bytes throws(InvariantFailure) in
        try QueryFuzz.run(bytes)
    }
}

enum QueryFuzz {
    static let documents: [(Int, String)] = [
        (1, "下雨的傍晚，走路回家。Rainy day walk home with Café friends"),
        (2, "測試想法 idea: e-mail the 8 ball about re:zero"),
        (3, "カタカナ 한국어 ÅNGSTRÖM straße ﬁne ＦＵＬＬ"),
        (5, ""),
    ]
    static let index = TextIndex(
        fields: [IndexField("title", weight: 3), IndexField("body", weight: 1)],
        documents: documents.map { IndexDocument(id: $0.0, fields: ["body": $0.1, "title": String($0.1.prefix(6))]) })

    static func run(_ bytes: [UInt8]) throws(InvariantFailure) {
        let text = String(decoding: bytes, as: UTF8.self)
        let parser = QueryParser()
        let query: Query
        do {
            query = try parser.parse(text)
        } catch {
            let characters = text.count
            try expect(
                error.column >= 1 && error.column <= characters + 1,
                "\(error.kind) at column \(error.column) of a \(characters)-character query \(excerpt(text))")
            _ = error.description
            return
        }
        // Left alone (see the fuzzing notes): a term that starts with a combining mark takes the
        // space `Query.text` puts before it into its first character.
        let startsWithMark = (query.positiveTerms + query.excluded).contains { term in
            term.text.unicodeScalars.first.map { $0.properties.generalCategory.isMark } ?? false
        }
        if !query.clauses.isEmpty || !query.excluded.isEmpty, !startsWithMark {
            let written = query.text
            let again: Query
            do {
                again = try parser.parse(written)
            } catch {
                throw InvariantFailure("Query.text \(excerpt(written)) of \(excerpt(text)) does not parse: \(error)")
            }
            try expect(
                shape(again.textOnly) == shape(query.textOnly),
                "Query.text \(excerpt(written)) of \(excerpt(text)) parses to \(shape(again.textOnly)), not \(shape(query.textOnly))")
        }
        let hits = index.search(query)
        let known = Set(documents.map(\.0))
        try expect(hits.allSatisfy { known.contains($0.documentID) }, "a hit for a document the index does not have")
        try expect(
            zip(hits, hits.dropFirst()).allSatisfy { $0.score > $1.score || ($0.score == $1.score && $0.documentID < $1.documentID) },
            "hits out of order: \(hits.map { ($0.documentID, $0.score) })")
        for (_, body) in documents {
            try checkSnippet(Snippet(for: body, query: query, maxCharacters: 30), limit: 30)
        }
    }

    /// What a query matches, term by term: folded text, phrase, prefix.
    static func shape(_ query: Query) -> String {
        func term(_ t: Term) -> String { "\(t.normalized)\(t.isPhrase ? "\"" : "")\(t.isPrefix ? "*" : "")" }
        let clauses = query.clauses.map { $0.alternatives.map(term).joined(separator: "|") }
        return (clauses + query.excluded.map { "-" + term($0) }).joined(separator: " ")
    }

    static func checkSnippet(_ snippet: Snippet, limit: Int) throws(InvariantFailure) {
        let text = snippet.text
        try expect(text.count <= limit, "a snippet of \(text.count) characters, more than \(limit): \(excerpt(text))")
        var previous = text.startIndex
        for range in snippet.highlights {
            try expect(
                range.lowerBound >= previous && range.upperBound <= text.endIndex && range.lowerBound < range.upperBound,
                "snippet highlights out of order or outside \(excerpt(text))")
            previous = range.upperBound
        }
    }
}

extension Unicode.GeneralCategory {
    var isMark: Bool { self == .nonspacingMark || self == .spacingMark || self == .enclosingMark }
}
