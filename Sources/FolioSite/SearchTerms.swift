import FolioSearch

/// A record's search terms for the in-page search, cut by folio's own ``Tokenizer`` (the one
/// `folio search` indexes with): folded words, and CJK text as character pairs.
///
/// The page's script folds and cuts a query the same way (NFKC, lower case, Latin diacritics
/// removed, Han characters to one form with ``foldPairs(present:)``, CJK runs into pairs) and looks each piece up in a record's terms: a word whole (the
/// last one as a prefix), a CJK pair whole, a single CJK character inside any pair. So single
/// characters that have a neighbour are not listed on their own: every pair holds them, which
/// keeps the file a third smaller. A character alone in its run is listed.
enum SearchTerms {
    /// The distinct terms of `texts`, space-separated, in first-seen order.
    static func terms(of texts: [String], tokenizer: Tokenizer = Tokenizer()) -> String {
        // Compared by their bytes: the tokenizer's terms are already normalized, and hashing a
        // String normalizes it again.
        var seen = Set<TermBytes>()
        var out: [String] = []
        for text in texts {
            let tokens = tokenizer.tokens(in: text)
            let slots = (tokens.lazy.map(\.position).max() ?? 0) + 2
            var paired = [Bool](repeating: false, count: max(2, slots))
            for token in tokens where token.kind == .cjkBigram && token.position >= 0 && token.position + 1 < paired.count {
                paired[token.position] = true
                paired[token.position + 1] = true
            }
            for token in tokens {
                switch token.kind {
                case .cjkUnigram where token.position >= 0 && token.position < paired.count && paired[token.position]:
                    continue
                case .word where !useful(token.text):
                    continue
                default:
                    break
                }
                if seen.insert(TermBytes(text: token.text)).inserted { out.append(token.text) }
            }
        }
        return out.joined(separator: " ")
    }

    /// Adds the Han characters of `terms` to `present`, for ``foldPairs(present:)``.
    static func noteHan(in terms: String, into present: inout Set<UInt32>) {
        for scalar in terms.unicodeScalars where scalar.value >= 0x3400 { present.insert(scalar.value) }
    }

    /// The Traditional/Simplified pairs (``HanFold``) the page's script needs to fold a query as the
    /// terms were folded: those whose folded form is `present` in some term (``noteHan(in:into:)``).
    /// A query character outside them cannot match either way, so the rest of the table is left
    /// out of the page.
    static func foldPairs(present: Set<UInt32>) -> String {
        var pairs = String.UnicodeScalarView()
        for (from, to) in HanFold.pairList where present.contains(to) {
            guard let from = Unicode.Scalar(from), let to = Unicode.Scalar(to) else { continue }
            pairs.append(from)
            pairs.append(to)
        }
        return String(pairs)
    }

    /// A term hashed and compared by its UTF-8 bytes.
    struct TermBytes: Hashable {
        let text: String

        static func == (a: TermBytes, b: TermBytes) -> Bool { a.text.utf8.elementsEqual(b.text.utf8) }

        func hash(into hasher: inout Hasher) {
            var copy = text
            copy.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        }
    }

    /// Leaves out what no one types: media hashes and other long hex strings, and very long words.
    static func useful(_ word: String) -> Bool {
        let count = word.utf8.count
        if count > 40 { return false }
        if count >= 16, word.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) { return false }
        return true
    }
}
