import Foundation
import SystemIO

/// The documents one query term matched, with per-field occurrence counts.
struct TermMatch {
    /// Dense document numbers, ascending.
    var documents: [UInt32] = []
    /// `documents.count × fieldCount` occurrence counts.
    var counts: [UInt32] = []
}

extension TextIndex {
    /// BM25 saturation; 1.2 is the usual default.
    static let k1 = 1.2
    /// BM25 length normalisation; 0.75 is the usual default.
    static let b = 0.75

    /// Parses `text` and searches; throws the parser's `QueryError`.
    ///
    /// Filters in the text are ignored here; parse with `QueryParser` to read them.
    public func search(_ text: String, limit: Int? = nil) throws(QueryError) -> [SearchHit] {
        search(try QueryParser(tokenizer: tokenizer).parse(text), limit: limit)
    }

    /// Returns the documents matching the query's text, best first (score descending, then id ascending).
    ///
    /// Every clause must match; a clause matches when any of its alternatives does; a document matching an
    /// excluded term is dropped. A query without positive text returns every document not excluded, with
    /// score 0, ordered by id. Filters are not applied (the index knows only text).
    public func search(_ query: Query, limit: Int? = nil) -> [SearchHit] {
        if let limit, limit <= 0 { return [] }
        guard var scored = score(query, admitting: { _ in true }) else { return [] }
        let ids = table.ids
        let ranksBefore = { [scores = scored.scores] (a: Int, b: Int) -> Bool in
            scores[a] != scores[b] ? scores[a] > scores[b] : ids[a] < ids[b]
        }
        if let limit, limit < scored.candidates.count {
            scored.candidates = best(limit, of: scored.candidates, ranksBefore: ranksBefore)
        } else {
            scored.candidates.sort(by: ranksBefore)
        }

        return scored.candidates.map { d in
            var matched: [String] = []
            for (c, clause) in query.clauses.enumerated() {
                for (a, term) in clause.alternatives.enumerated()
                where binarySearch(scored.matches[c][a].documents, UInt32(d)) != nil {
                    matched.append(term.normalized)
                }
            }
            return SearchHit(documentID: ids[d], score: scored.scores[d], matchedTerms: matched)
        }
    }

    /// The documents matching `query`'s text that `admitting` lets through (asked by document id,
    /// before any is scored), with their scores, in no order. With `keepingBest`, only those that
    /// score at least as well as the `keepingBest`-th best: ties at the edge are all kept, for the
    /// caller's own order to choose among them. Nothing else is built for the documents left out.
    public func scores(_ query: Query, admitting: (Int) -> Bool, keepingBest limit: Int?) -> [(id: Int, score: Double)] {
        if let limit, limit <= 0 { return [] }
        guard let scored = score(query, admitting: admitting) else { return [] }
        var floor = -Double.infinity
        if let limit, limit < scored.candidates.count {
            floor = Self.kthLargest(limit, of: scored.candidates.lazy.map { scored.scores[$0] })
        }
        let ids = table.ids
        return scored.candidates.compactMap { d in scored.scores[d] >= floor ? (ids[d], scored.scores[d]) : nil }
    }

    /// The `k`-th largest of `values` (k ≥ 1, at most their count), with a bounded min-heap.
    private static func kthLargest(_ k: Int, of values: some Sequence<Double>) -> Double {
        var heap: [Double] = []
        heap.reserveCapacity(k)
        for value in values {
            if heap.count < k {
                heap.append(value)
                var i = heap.count - 1
                while i > 0, heap[(i - 1) / 2] > heap[i] {
                    heap.swapAt(i, (i - 1) / 2)
                    i = (i - 1) / 2
                }
            } else if let root = heap.first, value > root {
                heap[0] = value
                var i = 0
                while true {
                    let left = 2 * i + 1
                    let right = left + 1
                    var least = i
                    if left < heap.count && heap[left] < heap[least] { least = left }
                    if right < heap.count && heap[right] < heap[least] { least = right }
                    if least == i { break }
                    heap.swapAt(i, least)
                    i = least
                }
            }
        }
        return heap.first ?? -Double.infinity
    }

    /// The candidates (dense document numbers, ascending) with every document's score and each
    /// clause's matches; nil when nothing matches.
    private func score(_ query: Query, admitting: (Int) -> Bool) -> (candidates: [Int], scores: [Double], matches: [[TermMatch]])? {
        let s = table
        let documentCount = s.ids.count
        guard s.liveCount > 0 else { return nil }

        var removed = s.live.map { !$0 }
        for term in query.excluded {
            for d in match(term).documents { removed[Int(d)] = true }
        }

        // Clause c admits a document only if clauses 0..<c did; `passed` counts how far it got.
        var passed = [Int32](repeating: 0, count: documentCount)
        var matches: [[TermMatch]] = []
        for (c, clause) in query.clauses.enumerated() {
            let clauseMatches = clause.alternatives.map { match($0) }
            let needed = Int32(c)
            for m in clauseMatches {
                for d in m.documents where passed[Int(d)] == needed { passed[Int(d)] = needed + 1 }
            }
            matches.append(clauseMatches)
        }
        let required = Int32(query.clauses.count)

        var candidates: [Int] = []
        for d in 0..<documentCount where passed[d] == required && !removed[d] {
            // A document the caller's filters refuse is never scored.
            if !admitting(s.ids[d]) {
                removed[d] = true
                continue
            }
            candidates.append(d)
        }
        if candidates.isEmpty { return nil }

        var scores = [Double](repeating: 0, count: documentCount)
        let fieldCount = s.fields.count
        let weights = s.fields.map(\.weight)
        let n = Double(s.liveCount)
        for clauseMatches in matches {
            for m in clauseMatches where !m.documents.isEmpty {
                let df = Double(m.documents.count)
                let idf = log(1 + (n - df + 0.5) / (df + 0.5))
                for (k, d32) in m.documents.enumerated() {
                    let d = Int(d32)
                    guard passed[d] == required && !removed[d] else { continue }
                    var tf = 0.0
                    for f in 0..<fieldCount {
                        let c = m.counts[k * fieldCount + f]
                        guard c > 0 else { continue }
                        let average = s.averageFieldLengths[f]
                        let norm =
                            average > 0
                            ? 1 - TextIndex.b + TextIndex.b * Double(s.fieldLengths[d * fieldCount + f]) / average
                            : 1
                        tf += weights[f] * Double(c) / norm
                    }
                    scores[d] += idf * tf * (TextIndex.k1 + 1) / (TextIndex.k1 + tf)
                }
            }
        }
        return (candidates, scores, matches)
    }

    /// The `k` best of `items` in order, with a bounded heap whose root is the worst one kept.
    private func best(_ k: Int, of items: [Int], ranksBefore: (Int, Int) -> Bool) -> [Int] {
        var heap: [Int] = []
        heap.reserveCapacity(k)
        func siftDown(_ start: Int) {
            var i = start
            while true {
                let left = 2 * i + 1
                let right = left + 1
                var worst = i
                if left < heap.count && ranksBefore(heap[worst], heap[left]) { worst = left }
                if right < heap.count && ranksBefore(heap[worst], heap[right]) { worst = right }
                if worst == i { return }
                heap.swapAt(i, worst)
                i = worst
            }
        }
        for item in items {
            if heap.count < k {
                heap.append(item)
                var i = heap.count - 1
                while i > 0 {
                    let parent = (i - 1) / 2
                    guard ranksBefore(heap[parent], heap[i]) else { break }
                    heap.swapAt(i, parent)
                    i = parent
                }
            } else if let root = heap.first, ranksBefore(item, root) {
                heap[0] = item
                siftDown(0)
            }
        }
        return heap.sorted(by: ranksBefore)
    }

    /// Whether the document with `id` contains `term` (phrases by adjacency); false for unknown ids.
    ///
    /// Finding the document is linear in the number of documents; meant for checks, not for loops.
    public func contains(_ term: Term, documentID id: Int) -> Bool {
        guard let d = table.ids.indices.first(where: { table.live[$0] && table.ids[$0] == id }) else { return false }
        return binarySearch(match(term).documents, UInt32(d)) != nil
    }

    // MARK: - Matching one term

    /// The live documents matching `term` across the segments, in the one numbering of ``table``.
    func match(_ term: Term) -> TermMatch {
        match(term, sideBySide: true)
    }

    /// The same; `sideBySide: false` matches one segment after the other, on one core: the oracle
    /// the segments matched side by side are tested against.
    func match(_ term: Term, sideBySide: Bool) -> TermMatch {
        if segments.count == 1 && table.liveCount == table.ids.count { return segments[0].match(term) }
        let fieldCount = table.fields.count
        // Each segment is a part of the vault of its own (12,500 records): matched on every core,
        // put together in order.
        let segments = self.segments
        let locals =
            sideBySide ? parallelMap(segments.count, minimumChunk: 1) { segments[$0].match(term) } : segments.map { $0.match(term) }
        var result = TermMatch()
        for (k, local) in locals.enumerated() {
            let offset = table.offsets[k]
            for (i, d) in local.documents.enumerated() where table.live[offset + Int(d)] {
                result.documents.append(UInt32(offset + Int(d)))
                result.counts.append(contentsOf: local.counts[(i * fieldCount)..<((i + 1) * fieldCount)])
            }
        }
        return result
    }
}

extension IndexStorage {
    /// The documents of this segment matching `term`, in its local numbering.
    func match(_ term: Term) -> TermMatch {
        if !term.words.isEmpty { return matchWords(term) }
        return match(tokens: term.tokens, prefix: term.isPrefix)
    }

    /// A term typed without spaces: the documents holding every one of its words, counted by the
    /// word they hold least often, and ranked up by how close the words stand; with them, every
    /// document holding the term as typed (`iPhone15` as one word), so cutting never loses a page.
    ///
    /// Each token's occurrences are read once (``PostingsMemo``), and the passes that rank by
    /// closeness visit only the documents holding every word, not every occurrence of the first.
    ///
    /// - Parameter narrowed: false reads every occurrence in every pass, as before the narrowing:
    ///   the oracle the narrowed passes are tested against.
    func matchWords(_ term: Term, narrowed: Bool = true) -> TermMatch {
        let fieldCount = fields.count
        let memo = PostingsMemo()
        var result: TermMatch?
        for word in term.words {
            let found = match(tokens: word, prefix: false, memo: memo)
            guard let sofar = result else {
                result = found
                continue
            }
            var merged = TermMatch()
            var i = 0
            var j = 0
            while i < sofar.documents.count && j < found.documents.count {
                let (a, b) = (sofar.documents[i], found.documents[j])
                if a < b {
                    i += 1
                } else if b < a {
                    j += 1
                } else {
                    merged.documents.append(a)
                    // The rarest word decides how often the term occurs: a common one (的) never inflates it.
                    for f in 0..<fieldCount {
                        merged.counts.append(min(sofar.counts[i * fieldCount + f], found.counts[j * fieldCount + f]))
                    }
                    i += 1
                    j += 1
                }
            }
            result = merged
            if merged.documents.isEmpty { break }
        }
        // When every word's tokens are tokens of the term as typed, a document holding the term
        // holds every word: it is looked for among those documents alone.
        let typedWithinWords = narrowed && Self.wordsAreWithin(term)
        guard var result, !result.documents.isEmpty else {
            return typedWithinWords ? TermMatch() : match(tokens: term.tokens, prefix: term.isPrefix, memo: memo)
        }
        let typed =
            typedWithinWords
            ? matchSequence(term.tokens, slack: term.tokens.map { _ in 0 }, memo: memo, within: result.documents)
            : match(tokens: term.tokens, prefix: term.isPrefix, memo: memo)
        // Graded by how close the words stand: the whole term together as typed counts once more, and
        // each pair of words in order counts once more again when they stand together or with a
        // character or two between (淡水的夕陽, 在淡水看夕陽); words apart or in the other order get nothing.
        add(typed, to: &result)
        for (first, second) in zip(term.words, term.words.dropFirst()) {
            let pair = Self.sequence(first, then: second, gap: 0)
            let slack = first.map { _ in 0 } + second.map { _ in Self.nearGap }
            add(matchSequence(pair, slack: slack, memo: memo, within: narrowed ? result.documents : nil), to: &result)
        }
        return typedWithinWords ? result : union(result, typed)
    }

    /// Whether each word of `term` is a run of the typed term's own tokens, at the same distances
    /// (a Chinese run cut into words: every pair of characters of a word is one of the term's).
    /// Then any document holding the term as typed holds every word.
    static func wordsAreWithin(_ term: Term) -> Bool {
        guard term.tokens.count > 1 else { return false }
        return term.words.allSatisfy { word in
            guard let first = word.first else { return false }
            return term.tokens.contains { start in
                start.kind == first.kind && start.text == first.text
                    && word.allSatisfy { token in
                        term.tokens.contains {
                            $0.kind == token.kind && $0.text == token.text && $0.offset - start.offset == token.offset - first.offset
                        }
                    }
            }
        }
    }

    /// The documents of `a` and of `b`, in order; a document in both keeps its counts in `a`.
    private func union(_ a: TermMatch, _ b: TermMatch) -> TermMatch {
        let fieldCount = fields.count
        guard !b.documents.isEmpty else { return a }
        var merged = TermMatch()
        var i = 0
        var j = 0
        while i < a.documents.count || j < b.documents.count {
            if j >= b.documents.count || (i < a.documents.count && a.documents[i] <= b.documents[j]) {
                if j < b.documents.count && a.documents[i] == b.documents[j] { j += 1 }
                merged.documents.append(a.documents[i])
                merged.counts += a.counts[(i * fieldCount)..<((i + 1) * fieldCount)]
                i += 1
            } else {
                merged.documents.append(b.documents[j])
                merged.counts += b.counts[(j * fieldCount)..<((j + 1) * fieldCount)]
                j += 1
            }
        }
        return merged
    }

    /// Slots a typed word may stand from the next and still count as near it.
    static let nearGap = 2

    /// `first` then `second`, `gap` slots after `first` ends.
    static func sequence(_ first: [QueryToken], then second: [QueryToken], gap: Int) -> [QueryToken] {
        let end = first.map { $0.offset + ($0.kind == .cjkBigram ? 2 : 1) }.max() ?? 0
        return first
            + second.map { token in
                var moved = token
                moved.offset += end + gap
                return moved
            }
    }

    /// Adds the counts of `extra` to the documents of `result` that it also holds.
    private func add(_ extra: TermMatch, to result: inout TermMatch) {
        let fieldCount = fields.count
        var k = 0
        for (i, d) in result.documents.enumerated() {
            while k < extra.documents.count && extra.documents[k] < d { k += 1 }
            guard k < extra.documents.count, extra.documents[k] == d else { continue }
            for f in 0..<fieldCount { result.counts[i * fieldCount + f] += extra.counts[k * fieldCount + f] }
        }
    }

    /// The documents where `tokens` occur at their relative slots (one token: where it occurs).
    private func match(tokens: [QueryToken], prefix: Bool, memo: PostingsMemo? = nil) -> TermMatch {
        guard let first = tokens.first else { return TermMatch() }
        if tokens.count == 1 {
            if prefix && first.kind == .word {
                return matchPrefix(Array(first.text.utf8))
            }
            guard let t = termID(first) else { return TermMatch() }
            return matchSingle(t, memo: memo)
        }
        return matchSequence(tokens, slack: tokens.map { _ in 0 }, memo: memo)
    }

    func termID(_ token: QueryToken) -> Int? {
        if token.key != 0 { return keys.find(token.key).map { Int($0) } }
        var text = token.text
        return text.withUTF8 { bytes in
            let stored = UnsafeBufferPointer(rebasing: bytes.prefix(Scanner.maxWordBytes))
            guard let entry = words.find(stored, hash: TermHash.hash(stored)) else { return nil }
            return Int(words.ids[entry])
        }
    }

    func matchSingle(_ t: Int, memo: PostingsMemo? = nil) -> TermMatch {
        // Read from a cache and not unpacked yet: counted from the bytes, no occurrence kept.
        if let packed, memo?.unpacked[t] == nil {
            let (documents, counts) = packed.fieldCounts(t, documentCount: documentIDs.count, fieldCount: fields.count)
            return TermMatch(documents: documents, counts: counts)
        }
        return matchSingleByOccurrences(t, memo: memo)
    }

    /// ``matchSingle(_:memo:)`` from the term's occurrences: its way for an index built in memory,
    /// and the oracle of counting from the bytes (`IndexSnapshotTests`).
    func matchSingleByOccurrences(_ t: Int, memo: PostingsMemo? = nil) -> TermMatch {
        let fieldCount = fields.count
        var result = TermMatch()
        var current = UInt32.max
        withPostings(of: t, memo: memo) { postings in
            for p in postings.indices {
                let posting = postings[p]
                let d = IndexStorage.document(posting)
                if d != current {
                    current = d
                    result.documents.append(d)
                    result.counts.append(contentsOf: repeatElement(0, count: fieldCount))
                }
                result.counts[result.counts.count - fieldCount + IndexStorage.field(posting)] += 1
            }
        }
        return result
    }

    /// Union of every word starting with `prefix`, counted as one term.
    private func matchPrefix(_ prefix: [UInt8]) -> TermMatch {
        let terms = keys.shortWordIDs(withPrefix: prefix) + words.ids(withPrefix: prefix)
        if terms.count == 1 { return matchSingle(Int(terms[0])) }
        if terms.isEmpty { return TermMatch() }
        let fieldCount = fields.count
        var counts = [UInt32](repeating: 0, count: documentIDs.count * fieldCount)
        var seen = [Bool](repeating: false, count: documentIDs.count)
        var documents: [UInt32] = []
        for t in terms {
            withPostings(of: Int(t)) { postings in
                for p in postings.indices {
                    let posting = postings[p]
                    let d = Int(IndexStorage.document(posting))
                    if !seen[d] {
                        seen[d] = true
                        documents.append(UInt32(d))
                    }
                    counts[d * fieldCount + IndexStorage.field(posting)] += 1
                }
            }
        }
        documents.sort()
        var result = TermMatch(documents: documents, counts: [])
        result.counts.reserveCapacity(documents.count * fieldCount)
        for d in documents {
            let row = Int(d) * fieldCount
            result.counts.append(contentsOf: counts[row..<(row + fieldCount)])
        }
        return result
    }

    /// Documents where the tokens occur at their relative slots (phrases, CJK runs, `e-mail`), each
    /// token `slack[k]` slots later at most (a near match: the words of a term typed without spaces
    /// with a character or two between them).
    /// - Parameter within: the documents to look in (ascending); nil for all.
    private func matchSequence(
        _ tokens: [QueryToken], slack: [Int], memo: PostingsMemo? = nil, within: [UInt32]? = nil
    ) -> TermMatch {
        var ids: [Int] = []
        for token in tokens {
            guard let t = termID(token) else { return TermMatch() }
            ids.append(t)
        }
        // Drive from the rarest token; look the others up by binary search in their own occurrences,
        // read in place (never copied into one array).
        // A token without slack drives when there is one, so where the term starts is known exactly
        // and the answer does not depend on which token is rarest in this segment.
        let order = tokens.indices.sorted { (slack[$0], occurrences(of: ids[$0])) < (slack[$1], occurrences(of: ids[$1])) }
        let anchor = order[0]
        // The anchor may stand up to its slack late: the term starts between its slot minus its
        // offset and that minus its slack, and each other token is looked for in the window its
        // own slack and the anchor's allow.
        let anchorOffset = UInt32(tokens[anchor].offset)
        let anchorSlack = UInt32(slack[anchor])
        let others = order.dropFirst().map { (offset: UInt32(tokens[$0].offset), slack: UInt32(slack[$0])) }
        let fieldCount = fields.count

        var result = TermMatch()
        withPostings(of: order.map { ids[$0] }, memo: memo) { buffers in
            let postings = buffers[0]
            let otherPostings = Array(buffers.dropFirst())
            var p = 0
            let end = postings.count
            var otherRuns = [Range<Int>](repeating: 0..<0, count: others.count)
            // Where each other token's search starts: documents come in ascending order.
            var cursors = [Int](repeating: 0, count: others.count)
            var from = [Int](repeating: 0, count: others.count)
            var row = [UInt32](repeating: 0, count: fieldCount)
            var next = 0
            documents: while p < end {
                if let within {
                    // The next document asked for that the anchor occurs in: each side leaps to the
                    // other's next document, so a rare anchor skips the many documents asked for
                    // that it is not in, and a rare list of documents skips the anchor's.
                    guard next < within.count else { break }
                    let wanted = within[next]
                    p = gallopingLowerBound(postings, UInt64(wanted) << 32, in: p..<end)
                    guard p < end else { break }
                    let at = IndexStorage.document(postings[p])
                    if at != wanted {
                        next = within.withUnsafeBufferPointer { gallopingLowerBound($0, at, in: next..<$0.count) }
                        continue
                    }
                    next += 1
                }
                let d = IndexStorage.document(postings[p])
                var runEnd = p
                while runEnd < end && IndexStorage.document(postings[runEnd]) == d { runEnd += 1 }
                defer { p = runEnd }
                let first = UInt64(d) << 32
                for k in others.indices {
                    let other = otherPostings[k]
                    let lower = gallopingLowerBound(other, first, in: cursors[k]..<other.count)
                    let upper = gallopingLowerBound(other, first + (1 << 32), in: lower..<other.count)
                    cursors[k] = upper
                    guard lower < upper else { continue documents }
                    otherRuns[k] = lower..<upper
                }
                // The anchor's occurrences ascend, so each token's window does too: its search in
                // this document starts where the last one ended.
                for k in others.indices { from[k] = otherRuns[k].lowerBound }
                for f in row.indices { row[f] = 0 }
                var found = false
                occurrences: for q in p..<runEnd {
                    let position = IndexStorage.position(postings[q])
                    guard position & IndexStorage.slotMask >= anchorOffset else { continue }
                    let start = position - anchorOffset
                    for (k, other) in others.enumerated() {
                        let target = start + other.offset
                        // A target past the field's slot space would spill into the next field.
                        guard target >> IndexStorage.fieldShift == start >> IndexStorage.fieldShift else {
                            continue occurrences
                        }
                        let low = target &- min(anchorSlack, target & IndexStorage.slotMask)
                        let high = target + other.slack
                        guard high >> IndexStorage.fieldShift == start >> IndexStorage.fieldShift else { continue occurrences }
                        let at = gallopingLowerBound(otherPostings[k], first | UInt64(low), in: from[k]..<otherRuns[k].upperBound)
                        from[k] = at
                        guard at < otherRuns[k].upperBound, otherPostings[k][at] <= first | UInt64(high) else { continue occurrences }
                    }
                    row[Int(start >> IndexStorage.fieldShift)] += 1
                    found = true
                }
                if found {
                    result.documents.append(d)
                    result.counts.append(contentsOf: row)
                }
            }
        }
        return result
    }
}

/// The first index in the sorted `range` of `array` whose value is not less than `value`.
@inline(__always)
func lowerBound<T: Comparable>(_ array: UnsafeBufferPointer<T>, _ value: T, in range: Range<Int>) -> Int {
    var low = range.lowerBound
    var high = range.upperBound
    while low < high {
        let mid = (low + high) >> 1
        if array[mid] < value { low = mid + 1 } else { high = mid }
    }
    return low
}

/// ``lowerBound(_:_:in:)`` searched from the start of `range` outwards in doubling steps: cheap
/// when the answer is near, as it is for documents visited in ascending order.
@inline(__always)
func gallopingLowerBound<T: Comparable>(_ array: UnsafeBufferPointer<T>, _ value: T, in range: Range<Int>) -> Int {
    var low = range.lowerBound
    guard low < range.upperBound, array[low] < value else { return low }
    // array[low] < value throughout; the answer lies after low and at or before high.
    var step = 1
    var high = low + 1
    while high < range.upperBound && array[high] < value {
        low = high
        step <<= 1
        high = low + step
    }
    return lowerBound(array, value, in: (low + 1)..<min(high, range.upperBound))
}

/// The index of `value` in the sorted `array`, or nil.
func binarySearch(_ array: [UInt32], _ value: UInt32) -> Int? {
    binarySearch(array, value, in: 0..<array.count)
}

/// The index of `value` within the sorted `range` of `array`, or nil.
func binarySearch(_ array: [UInt32], _ value: UInt32, in range: Range<Int>) -> Int? {
    var low = range.lowerBound
    var high = range.upperBound
    while low < high {
        let mid = (low + high) >> 1
        let v = array[mid]
        if v == value { return mid }
        if v < value { low = mid + 1 } else { high = mid }
    }
    return nil
}
