/// A short excerpt of a text around the query's matches, with the ranges to highlight.
///
/// The engine never styles text: the caller colours `highlights` (ranges into `text`) however it likes.
public struct Snippet: Sendable, Hashable {
    /// The excerpt: whitespace runs collapsed to one space, `…` where text was cut off.
    public let text: String
    /// Ranges of `text` covering query matches, ascending and non-overlapping.
    public let highlights: [Range<String.Index>]

    public init(text: String, highlights: [Range<String.Index>]) {
        self.text = text
        self.highlights = highlights
    }

    /// Cuts at most `maxCharacters` characters of `source` (counting `…`) around the window holding the
    /// most distinct query terms, then the most matches; the start of the text when nothing matches.
    public init(for source: String, query: Query, tokenizer: Tokenizer = Tokenizer(), maxCharacters: Int = 80) {
        self = Source(source, query: query, tokenizer: tokenizer).cut(maxCharacters: maxCharacters)
    }

    /// A text read once for snippets of several lengths: its characters and where the query
    /// matches them. Reading it (splitting characters, tokenizing) is the cost of a snippet;
    /// ``cut(maxCharacters:)`` is cheap, so a caller fitting a snippet to a width tries again
    /// with a ``Source`` instead of the text.
    public struct Source: Sendable {
        fileprivate let chars: [Character]
        /// The text's length with whitespace runs collapsed (what a cut is measured against).
        fileprivate let collapsedLength: Int
        /// Matches as character intervals, tagged with the term that produced them, in order.
        fileprivate let matches: [Match]

        fileprivate struct Match: Sendable {
            let lower: Int
            let upper: Int
            let term: Int
        }

        public init(_ source: String, query: Query, tokenizer: Tokenizer = Tokenizer()) {
            chars = Array(source)
            collapsedLength = Snippet.collapsedLength(chars)
            guard !source.isEmpty else {
                matches = []
                return
            }
            let starts = Array(source.indices)
            let matcher = TokenMatcher(tokens: tokenizer.tokens(in: source))
            var matches: [Match] = []
            var t = 0
            for term in query.positiveTerms {
                // Each word of a term typed without spaces is highlighted (and counted) on its own.
                for tokens in term.highlighted {
                    for range in matcher.occurrences(of: tokens, prefix: term.isPrefix) {
                        let lower = Snippet.characterIndex(atOrBefore: range.lowerBound, in: starts)
                        let upper = Snippet.characterIndex(atOrBefore: range.upperBound, in: starts, roundUp: true)
                        if lower < upper { matches.append(Match(lower: lower, upper: upper, term: t)) }
                    }
                    t += 1
                }
            }
            matches.sort { ($0.lower, $0.upper) < ($1.lower, $1.upper) }
            if matches.count > 1000 { matches.removeSubrange(1000...) }  // bounds the quadratic window search
            self.matches = matches
        }

        /// The snippet of at most `maxCharacters` characters (counting `…`).
        public func cut(maxCharacters: Int) -> Snippet {
            guard maxCharacters > 0, !chars.isEmpty else { return Snippet(text: "", highlights: []) }
            return Snippet(source: self, maxCharacters: maxCharacters)
        }
    }

    private init(source: Source, maxCharacters: Int) {
        let (chars, matches) = (source.chars, source.matches)
        var window = 0..<chars.count
        // Ellipses need room of their own; below three characters there is none.
        let ellipses = maxCharacters >= 3
        if source.collapsedLength > maxCharacters {
            let budget = ellipses ? maxCharacters - 2 : maxCharacters
            // The span that must stay visible, and the window around it.
            var keep = 0..<0
            var best = (distinct: 0, total: 0)
            for i in matches.indices {
                var terms = Set<Int>()
                var total = 0
                var spanEnd = matches[i].upper
                for j in i..<matches.count where matches[j].upper - matches[i].lower <= budget {
                    terms.insert(matches[j].term)
                    total += 1
                    spanEnd = max(spanEnd, matches[j].upper)
                }
                if (terms.count, total) > (best.distinct, best.total) {
                    best = (terms.count, total)
                    keep = matches[i].lower..<min(spanEnd, matches[i].lower + budget)
                }
            }
            // Centre the kept span, but never run past either end of the text.
            var start = max(0, keep.lowerBound - (budget - keep.count) / 2)
            start = min(start, max(0, chars.count - budget), keep.lowerBound)
            var end = min(chars.count, start + budget)
            // Do not cut a Latin word in half at either edge.
            while start > 0, start < keep.lowerBound, Snippet.isWordCharacter(chars[start - 1]),
                Snippet.isWordCharacter(chars[start])
            {
                start += 1
            }
            while end < chars.count, end > max(keep.upperBound, start + 1), Snippet.isWordCharacter(chars[end - 1]),
                Snippet.isWordCharacter(chars[end])
            {
                end -= 1
            }
            window = start..<end
        }

        // Trim whitespace at the edges, then copy with whitespace runs collapsed.
        var lower = window.lowerBound
        var upper = window.upperBound
        while lower < upper, chars[lower].isWhitespace { lower += 1 }
        while upper > lower, chars[upper - 1].isWhitespace { upper -= 1 }

        var out = ""
        var outOffset = [Int](repeating: 0, count: max(0, upper - lower) + 1)  // UTF-8 offset per source char
        // An ellipsis marks text that was left out, not trimmed whitespace.
        let cutBefore = ellipses && chars[..<lower].contains { !$0.isWhitespace }
        let cutAfter = ellipses && chars[upper...].contains { !$0.isWhitespace }
        if cutBefore { out += "…" }
        var previousSpace = false
        for k in lower..<upper {
            outOffset[k - lower] = out.utf8.count
            if chars[k].isWhitespace {
                if !previousSpace { out += " " }
                previousSpace = true
            } else {
                out.append(chars[k])
                previousSpace = false
            }
        }
        outOffset[upper - lower] = out.utf8.count
        if cutAfter { out += "…" }

        // Highlight the merged match intervals that fall inside the excerpt.
        var merged: [(lower: Int, upper: Int)] = []
        for m in matches {
            let a = max(m.lower, lower)
            let z = min(m.upper, upper)
            guard a < z else { continue }
            if let last = merged.last, a <= last.upper {
                merged[merged.count - 1].upper = max(last.upper, z)
            } else {
                merged.append((a, z))
            }
        }
        let utf8 = out.utf8
        let highlights = merged.map { m -> Range<String.Index> in
            let from = utf8.index(utf8.startIndex, offsetBy: outOffset[m.lower - lower])
            let to = utf8.index(utf8.startIndex, offsetBy: outOffset[m.upper - lower])
            return from..<to
        }
        self.init(text: out, highlights: highlights)
    }

    /// The number of the character starting at or before `index` (or at or after it, with `roundUp`).
    fileprivate static func characterIndex(
        atOrBefore index: String.Index, in starts: [String.Index],
        roundUp: Bool = false
    ) -> Int {
        var low = 0
        var high = starts.count
        while low < high {
            let mid = (low + high) / 2
            if starts[mid] <= index { low = mid + 1 } else { high = mid }
        }
        // `low` characters start at or before `index`.
        if roundUp { return low > 0 && starts[low - 1] == index ? low - 1 : low }
        return max(0, low - 1)
    }

    fileprivate static func collapsedLength(_ chars: [Character]) -> Int {
        var count = 0
        var previousSpace = true
        var trailing = 0
        for c in chars {
            if c.isWhitespace {
                if !previousSpace {
                    count += 1
                    trailing = 1
                }
                previousSpace = true
            } else {
                count += 1
                trailing = 0
                previousSpace = false
            }
        }
        return count - trailing
    }

    /// Letters and digits of scripts written with spaces; cutting between CJK characters is fine.
    private static func isWordCharacter(_ c: Character) -> Bool {
        guard c.isLetter || c.isNumber, let scalar = c.unicodeScalars.first else { return false }
        if scalar.isASCII { return true }
        switch Scalars.classify(scalar.value) {
        case .cjk, .cjkNeedsNormalization: return false
        default: return true
        }
    }
}

extension TextIndex {
    /// A snippet of `text` around this query's matches, using the index's tokenizer.
    public func snippet(for text: String, query: Query, maxCharacters: Int = 80) -> Snippet {
        Snippet(for: text, query: query, tokenizer: tokenizer, maxCharacters: maxCharacters)
    }
}
