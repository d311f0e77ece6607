import FolioSearch

extension FuzzTarget {
    /// The tokenizer and the index on any text, as a record's body.
    ///
    /// Promises: tokens lie inside the text, their byte and string ranges agree, positions never go
    /// back; a record is found by every word it contains (each run of non-space characters that
    /// has something to search for) and by its whole text as a phrase, and `contains(phrase:in:)`
    /// agrees; a snippet of it for such a word stays within its length.
    static let searchText = FuzzTarget(
        name: "search-text",
        summary: "Tokenizer and TextIndex on a record body: every word of a record finds it; tokens inside the text"
    ) { bytes throws(InvariantFailure) in
        try SearchTextFuzz.run(bytes)
    }
}

enum SearchTextFuzz {
    static func run(_ bytes: [UInt8]) throws(InvariantFailure) {
        let text = String(decoding: bytes, as: UTF8.self)
        let tokenizer = Tokenizer()
        let tokens = tokenizer.tokens(in: text)
        let utf8 = text.utf8
        var position = 0
        for token in tokens {
            try expect(
                token.utf8Range.lowerBound >= 0 && token.utf8Range.upperBound <= utf8.count
                    && token.utf8Range.lowerBound < token.utf8Range.upperBound,
                "token \(excerpt(token.text)) at bytes \(token.utf8Range) of \(utf8.count)")
            let lower = utf8.distance(from: utf8.startIndex, to: token.range.lowerBound)
            let upper = utf8.distance(from: utf8.startIndex, to: token.range.upperBound)
            try expect(
                lower == token.utf8Range.lowerBound && upper == token.utf8Range.upperBound,
                "token \(excerpt(token.text)): range \(lower)..<\(upper) but bytes \(token.utf8Range)")
            try expect(token.position >= position, "token positions go back at \(excerpt(token.text))")
            position = token.position
        }
        _ = tokenizer.normalized(text)

        let index = TextIndex(
            fields: [IndexField("body", weight: 1)],
            documents: [IndexDocument(id: 7, fields: ["body": text]), IndexDocument(id: 8, fields: ["body": "filler words only"])])
        var words = text.split(whereSeparator: { $0.isWhitespace }).prefix(6).map(String.init)
        if text.utf8.count <= 4096 { words.append(text) }
        for (n, word) in words.enumerated() {
            let isPhrase = n == words.count - 1 && text.utf8.count <= 4096
            guard let term = Term(word, isPhrase: isPhrase, tokenizer: tokenizer) else { continue }
            let query = Query(clauses: [Clause(alternatives: [term])])
            let found = index.search(query).contains { $0.documentID == 7 }
            try expect(
                found,
                "the record is not found by \(isPhrase ? "its whole text" : "its word") \(excerpt(word)) (\(excerpt(term.normalized)))")
            try expect(
                tokenizer.contains(phrase: word, in: text),
                "contains(phrase:in:) misses \(excerpt(word)), which search finds")
            let snippet = Snippet(for: text, query: query, tokenizer: tokenizer, maxCharacters: 40)
            try QueryFuzz.checkSnippet(snippet, limit: 40)
        }
    }
}
