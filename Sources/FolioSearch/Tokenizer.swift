/// One search token cut from a text, with where it came from.
public struct Token: Sendable, Hashable {
    /// What produced the token.
    public enum Kind: Sendable, Hashable {
        /// A word of letters and digits outside the CJK blocks, folded (`Café` → `cafe`).
        case word
        /// A single Han, kana or Hangul character.
        case cjkUnigram
        /// Two adjacent Han, kana or Hangul characters of the same run.
        case cjkBigram
    }

    /// The normalised text that is indexed and matched.
    public let text: String
    public let kind: Kind
    /// The slot used for adjacency: a word takes one slot, a CJK character one slot, and a bigram
    /// shares the slot of its first character. Consecutive words or characters have consecutive slots.
    public let position: Int
    /// Byte offsets of the token in the source's UTF-8.
    public let utf8Range: Range<Int>
    /// The token's range in the source string (for slicing and highlighting).
    public let range: Range<String.Index>

    public init(text: String, kind: Kind, position: Int, utf8Range: Range<Int>, range: Range<String.Index>) {
        self.text = text
        self.kind = kind
        self.position = position
        self.utf8Range = utf8Range
        self.range = range
    }
}

/// Cuts text into normalised tokens: NFKC, case folding, Latin diacritic folding, CJK unigrams and bigrams.
///
/// Words are maximal runs of letters, digits and combining marks outside the CJK blocks; everything
/// else separates them. Han, Hiragana, Katakana, Hangul (and Bopomofo) runs yield every character as a
/// unigram and every adjacent pair as a bigram. The index, the query parser and snippets all use it, so a
/// query and a document always agree on what a token is.
public struct Tokenizer: Sendable, Hashable {
    public init() {}

    /// Returns the tokens of `text` in order of position.
    public func tokens(in text: String) -> [Token] {
        var collector = TokenCollector(text: text)
        var scanner = Scanner()
        _ = scanner.scan(text, into: &collector)
        return collector.tokens
    }

    /// Returns the folded form of `text`'s tokens, joined the way a term label reads: words separated by
    /// spaces, CJK characters run together (`Café 下雨` → `cafe 下雨`).
    public func normalized(_ text: String) -> String {
        QueryToken.label(of: QueryToken.tokens(for: text, tokenizer: self, queryForm: false))
    }

    /// Whether `text` contains `phrase` as adjacent tokens, with the same folding the index uses.
    ///
    /// This is the plain check behind phrase matching, for callers that hold text the index did not see.
    public func contains(phrase: String, in text: String) -> Bool {
        let needle = QueryToken.tokens(for: phrase, tokenizer: self, queryForm: true)
        guard !needle.isEmpty else { return false }
        return !TokenMatcher(tokens: tokens(in: text)).occurrences(of: needle, prefix: false).isEmpty
    }
}

/// Builds public `Token` values from scanner output.
struct TokenCollector: TokenSink {
    let text: String
    var tokens: [Token] = []

    init(text: String) {
        self.text = text
    }

    private func range(_ source: Range<Int>) -> Range<String.Index> {
        let utf8 = text.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: source.lowerBound)
        let upper = utf8.index(lower, offsetBy: source.count)
        return lower..<upper
    }

    mutating func longWord(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt64, slot: Int, source: Range<Int>) {
        tokens.append(
            Token(
                text: String(decoding: bytes, as: UTF8.self), kind: .word, position: slot,
                utf8Range: source, range: range(source)))
    }

    mutating func term(_ key: UInt64, slot: Int, source: Range<Int>) {
        tokens.append(
            Token(
                text: TermKey.text(key), kind: TermKey.kind(key), position: slot,
                utf8Range: source, range: range(source)))
    }
}
