/// One token of a query term, positioned relative to the term's first token.
struct QueryToken: Sendable, Hashable {
    var text: String
    var kind: Token.Kind
    /// The `TermKey` of a short word or CJK gram; zero for a long word, which is looked up by its bytes.
    var key: UInt64
    /// Slot relative to the term's first token, so adjacency can be checked against a document.
    var offset: Int

    /// Tokenizes a term. In query form a CJK run of two or more characters keeps only its bigrams,
    /// because a run of one character can only be found through its unigram.
    static func tokens(for text: String, tokenizer: Tokenizer, queryForm: Bool) -> [QueryToken] {
        var sink = QueryTokenCollector()
        var scanner = Scanner()
        _ = scanner.scan(text, into: &sink)
        var result = sink.tokens
        if queryForm {
            let bigramSlots = Set(result.filter { $0.kind == .cjkBigram }.map(\.offset))
            result.removeAll { token in
                token.kind == .cjkUnigram
                    && (bigramSlots.contains(token.offset) || bigramSlots.contains(token.offset - 1))
            }
        }
        guard let base = result.first?.offset else { return [] }
        for k in result.indices { result[k].offset -= base }
        return result
    }

    /// A readable form of a token sequence: words separated by spaces, a CJK run written out once.
    static func label(of tokens: [QueryToken]) -> String {
        var bySlot: [Int: [QueryToken]] = [:]
        for token in tokens { bySlot[token.offset, default: []].append(token) }
        let bigramSlots = Set(tokens.filter { $0.kind == .cjkBigram }.map(\.offset))
        var out = ""
        var previousSlot: Int? = nil
        var previousWasCJK = false
        for slot in bySlot.keys.sorted() {
            let here = bySlot[slot] ?? []
            let piece: String
            let isCJK: Bool
            if let word = here.first(where: { $0.kind == .word }) {
                piece = word.text
                isCJK = false
            } else if let uni = here.first(where: { $0.kind == .cjkUnigram }) {
                piece = uni.text
                isCJK = true
            } else if let bi = here.first(where: { $0.kind == .cjkBigram }) {
                // A bigram at this slot: its first character is this slot's; the last bigram adds one more.
                let chars = Array(bi.text)
                piece = bigramSlots.contains(slot + 1) || chars.count < 2 ? String(chars.prefix(1)) : bi.text
                isCJK = true
            } else {
                continue
            }
            if let p = previousSlot {
                let joined = isCJK && previousWasCJK && p + 1 == slot && bigramSlots.contains(p)
                if !joined { out += " " }
            }
            out += piece
            previousSlot = slot
            previousWasCJK = isCJK
        }
        return out
    }
}

struct QueryTokenCollector: TokenSink {
    var tokens: [QueryToken] = []

    mutating func longWord(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt64, slot: Int, source: Range<Int>) {
        tokens.append(QueryToken(text: String(decoding: bytes, as: UTF8.self), kind: .word, key: 0, offset: slot))
    }

    mutating func term(_ key: UInt64, slot: Int, source: Range<Int>) {
        tokens.append(QueryToken(text: TermKey.text(key), kind: TermKey.kind(key), key: key, offset: slot))
    }
}

/// Finds where a tokenized term occurs in the tokens of one text (snippets and plain phrase checks).
struct TokenMatcher {
    private struct Key: Hashable {
        var slot: Int
        var kind: Token.Kind
        var text: String
    }

    let tokens: [Token]

    /// Source ranges covering each occurrence of `needle`; a prefix needle is a single word matched by prefix.
    func occurrences(of needle: [QueryToken], prefix: Bool) -> [Range<String.Index>] {
        guard let anchor = needle.first else { return [] }
        // The tokens the rest of a needle can be, by slot, among those whose text it has: only a
        // phrase or a word typed without spaces has a rest, and a page's every token is not hashed
        // for a one-token word.
        var rest: [Key: Int] = [:]
        if needle.count > 1 {
            for (k, token) in tokens.enumerated() where needle.dropFirst().contains(where: { $0.text == token.text }) {
                rest[Key(slot: token.position, kind: token.kind, text: token.text)] = k
            }
        }
        var result: [Range<String.Index>] = []
        for token in tokens where token.kind == anchor.kind {
            let hit =
                prefix && needle.count == 1 && anchor.kind == .word
                ? token.text.utf8.starts(with: anchor.text.utf8)
                : token.text == anchor.text
            guard hit else { continue }
            let start = token.position - anchor.offset
            var lower = token.range.lowerBound
            var upper = token.range.upperBound
            var all = true
            for other in needle.dropFirst() {
                guard let k = rest[Key(slot: start + other.offset, kind: other.kind, text: other.text)] else {
                    all = false
                    break
                }
                lower = min(lower, tokens[k].range.lowerBound)
                upper = max(upper, tokens[k].range.upperBound)
            }
            if all { result.append(lower..<upper) }
        }
        return result
    }
}
