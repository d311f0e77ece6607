import Dispatch
import Foundation
import SystemIO

/// A named field of the documents and how much a match in it counts.
public struct IndexField: Sendable, Hashable {
    public let name: String
    /// The BM25F weight; a title at 3.0 makes one title match worth three body matches.
    /// Negative or non-finite weights count as 0.
    public let weight: Double

    public init(_ name: String, weight: Double) {
        self.name = name
        self.weight = weight.isFinite ? max(0, weight) : 0
    }
}

/// One document to index: the caller's integer id and text per field name.
public struct IndexDocument: Sendable {
    public var id: Int
    /// Text by field name; names not in the index's fields are ignored.
    public var fields: [String: String]

    public init(id: Int, fields: [String: String]) {
        self.id = id
        self.fields = fields
    }
}

/// An in-memory full-text index over plain documents, built once and then searched from any thread.
///
/// Terms are the `Tokenizer`'s tokens; postings keep every position, so phrases and CJK runs are
/// verified by adjacency. Ranking is BM25F (k1 = 1.2, b = 0.75) with the fields' weights. The index holds
/// no document text; pass the text to `snippet(for:query:maxCharacters:)` when showing a hit.
public struct TextIndex: Sendable {
    /// The parts searched together: usually one; a cached index plus the documents changed since.
    let segments: [IndexStorage]

    /// Whether a search read postings that failed their checksum (read as none): the file this
    /// index came from is damaged, and its owner should build it again and search again.
    public var foundDamage: Bool { segments.contains { $0.packed?.foundDamage ?? false } }

    /// Every segment's documents, one after the other, with which of them still count.
    let table: DocumentTable
    /// The tokenizer used for documents, queries and snippets.
    public let tokenizer: Tokenizer

    /// The fields, in the order they were given.
    public var fields: [IndexField] { table.fields }
    /// How many documents are indexed.
    public var documentCount: Int { table.liveCount }
    /// How many distinct terms (words and CJK grams) the segments hold (a term in two segments counts twice).
    public var termCount: Int { segments.reduce(0) { $0 + $1.termTotal } }
    /// How many term occurrences are indexed.
    public var occurrenceCount: Int { segments.reduce(0) { $0 + $1.occurrenceTotal } }

    /// Builds an index over `documents`; a repeated id replaces the earlier document.
    public init(fields: [IndexField], documents: [IndexDocument], tokenizer: Tokenizer = Tokenizer()) {
        var builder = Builder(fields: fields, tokenizer: tokenizer)
        builder.reserveCapacity(documents.count)
        for document in documents { builder.add(id: document.id, fields: document.fields) }
        self = builder.build()
    }

    init(storage: IndexStorage, tokenizer: Tokenizer) {
        self.init(
            segments: [storage], table: DocumentTable(fields: storage.fields, segments: [storage]),
            tokenizer: tokenizer)
    }

    init(segments: [IndexStorage], table: DocumentTable, tokenizer: Tokenizer) {
        self.segments = segments
        self.table = table
        self.tokenizer = tokenizer
    }

    /// Collects documents cheaply, then builds the index in parallel with `build()`.
    public struct Builder: Sendable {
        public let fields: [IndexField]
        public let tokenizer: Tokenizer
        private var fieldNumber: [String: Int] = [:]
        private var ids: [Int] = []
        private var texts: [String] = []  // ids.count × fields.count, row per document
        private var rowOfID: [Int: Int] = [:]

        /// Starts an empty builder. Field names must be distinct (a repeat is ignored); at most 255 fields
        /// are indexed because the field number shares a position's 32 bits with the slot.
        public init(fields: [IndexField], tokenizer: Tokenizer = Tokenizer()) {
            var unique: [IndexField] = []
            for field in fields where !unique.contains(where: { $0.name == field.name }) && unique.count < 255 {
                unique.append(field)
            }
            self.fields = unique
            self.tokenizer = tokenizer
            for (k, field) in unique.enumerated() { fieldNumber[field.name] = k }
        }

        /// Reserves room for `documents` documents, saving reallocations when the count is known.
        public mutating func reserveCapacity(_ documents: Int) {
            ids.reserveCapacity(documents)
            texts.reserveCapacity(documents * fields.count)
            rowOfID.reserveCapacity(documents)
        }

        /// Adds (or replaces) the document `id` with text per field name; unknown names are ignored.
        public mutating func add(id: Int, fields named: [String: String]) {
            var row = [String](repeating: "", count: fields.count)
            for (name, text) in named {
                if let k = fieldNumber[name] { row[k] = text }
            }
            add(id: id, texts: row)
        }

        /// Adds (or replaces) the document `id` with one text per field, in the order of `fields`;
        /// missing texts are empty and extra ones are ignored.
        public mutating func add(id: Int, texts row: [String]) {
            let width = fields.count
            if let existing = rowOfID[id] {
                for k in 0..<width { texts[existing * width + k] = k < row.count ? row[k] : "" }
                return
            }
            rowOfID[id] = ids.count
            ids.append(id)
            for k in 0..<width { texts.append(k < row.count ? row[k] : "") }
        }

        /// Builds the index, tokenizing shards of documents on all cores.
        public func build() -> TextIndex {
            TextIndex(storage: IndexStorage.build(fields: fields, ids: ids, texts: texts), tokenizer: tokenizer)
        }
    }
}

/// One hit of a search.
public struct SearchHit: Sendable, Hashable {
    public let documentID: Int
    /// BM25F score; 0 when the query had no positive text.
    public let score: Double
    /// The normalised text (`Term.normalized`) of each positive query term the document matched, in query order.
    public let matchedTerms: [String]

    public init(documentID: Int, score: Double, matchedTerms: [String]) {
        self.documentID = documentID
        self.score = score
        self.matchedTerms = matchedTerms
    }
}

/// The immutable arrays behind a `TextIndex`, shared between copies.
///
/// Postings are in compressed-row form: term t owns `postings[termStart[t]..<termStart[t+1]]`, one value
/// per occurrence, `document << 32 | field << 24 | slot`, ascending, so a term's occurrences are grouped
/// by document and adjacency never crosses a field.
/// The occurrences of the terms one query term has read, unpacked once: a term typed without
/// spaces reads each of its words' tokens in several passes. Lives for one match, on one thread.
final class PostingsMemo {
    var unpacked: [Int: [UInt64]] = [:]
}

final class IndexStorage: Sendable {
    static let fieldShift: UInt32 = 24
    static let slotMask: UInt32 = (1 << 24) - 1

    let fields: [IndexField]
    let documentIDs: [Int]
    let fieldLengths: [UInt32]  // documentIDs.count × fields.count, in slots
    let keys: KeyTable
    let words: WordTable
    /// In memory (just built): term t owns `postings[termStart[t]..<termStart[t+1]]`.
    let termStart: [Int]
    let postings: [UInt64]
    /// Read from a cache: every term's occurrences packed in a mapped file, unpacked when searched.
    let packed: PackedPostings?

    init(
        fields: [IndexField], documentIDs: [Int], fieldLengths: [UInt32], keys: KeyTable, words: WordTable,
        termStart: [Int], postings: [UInt64]
    ) {
        self.fields = fields
        self.documentIDs = documentIDs
        self.fieldLengths = fieldLengths
        self.keys = keys
        self.words = words
        self.termStart = termStart
        self.postings = postings
        self.packed = nil
    }

    init(
        fields: [IndexField], documentIDs: [Int], fieldLengths: [UInt32], keys: KeyTable, words: WordTable,
        packed: PackedPostings
    ) {
        self.fields = fields
        self.documentIDs = documentIDs
        self.fieldLengths = fieldLengths
        self.keys = keys
        self.words = words
        self.termStart = [0]
        self.postings = []
        self.packed = packed
    }

    /// How many terms this segment knows.
    var termTotal: Int { packed.map { $0.counts.count } ?? termStart.count - 1 }

    /// How many occurrences this segment holds.
    var occurrenceTotal: Int { packed.map { $0.total } ?? postings.count }

    /// How many times term `t` occurs.
    @inline(__always)
    func occurrences(of t: Int) -> Int {
        if let packed { return Int(packed.counts[t]) }
        return termStart[t + 1] - termStart[t]
    }

    /// Calls `body` with the occurrences of term `t`, ascending, as `document << 32 | field << 24 | slot`
    /// (local documents): in place when in memory, unpacked when read from a cache.
    func withPostings<R>(of t: Int, memo: PostingsMemo? = nil, _ body: (UnsafeBufferPointer<UInt64>) -> R) -> R {
        if let packed { return unpacked(t, packed, memo: memo).withUnsafeBufferPointer(body) }
        return postings.withUnsafeBufferPointer { all in body(UnsafeBufferPointer(rebasing: all[termStart[t]..<termStart[t + 1]])) }
    }

    /// Calls `body` with the occurrences of each term of `terms`, in their order, in place: unpacked
    /// once into `memo` (or a memo of this call) when read from a cache, never copied again.
    func withPostings<R>(of terms: [Int], memo: PostingsMemo? = nil, _ body: ([UnsafeBufferPointer<UInt64>]) -> R) -> R {
        guard let packed else {
            return postings.withUnsafeBufferPointer { all in
                body(terms.map { UnsafeBufferPointer(rebasing: all[termStart[$0]..<termStart[$0 + 1]]) })
            }
        }
        // A term given twice is unpacked once.
        let memo = memo ?? PostingsMemo()
        let arrays = terms.map { unpacked($0, packed, memo: memo) }
        var buffers: [UnsafeBufferPointer<UInt64>] = []
        buffers.reserveCapacity(arrays.count)
        return Self.withBuffers(of: arrays, from: 0, &buffers, body)
    }

    /// Term `t`'s occurrences from `packed`, unpacked once per `memo`.
    private func unpacked(_ t: Int, _ packed: PackedPostings, memo: PostingsMemo?) -> [UInt64] {
        if let kept = memo?.unpacked[t] { return kept }
        let unpacked = packed.unpack(t, documentCount: documentIDs.count, fieldCount: fields.count)
        memo?.unpacked[t] = unpacked
        return unpacked
    }

    /// `body` with a buffer of each of `arrays`: one `withUnsafeBufferPointer` inside the next.
    private static func withBuffers<R>(
        of arrays: [[UInt64]], from k: Int, _ buffers: inout [UnsafeBufferPointer<UInt64>],
        _ body: ([UnsafeBufferPointer<UInt64>]) -> R
    ) -> R {
        guard k < arrays.count else { return body(buffers) }
        return arrays[k].withUnsafeBufferPointer { buffer in
            buffers.append(buffer)
            return withBuffers(of: arrays, from: k + 1, &buffers, body)
        }
    }

    @inline(__always)
    static func document(_ posting: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: posting >> 32) }

    /// Appends one term's occurrences in packed form: per document the gap from the previous document,
    /// the number of occurrences, then each position's gap from the previous one, all as LEB128 varints.
    static func pack(_ postings: UnsafeBufferPointer<UInt64>, into out: inout [UInt8]) {
        var previousDocument: UInt32 = 0
        var p = 0
        while p < postings.count {
            let d = document(postings[p])
            var end = p + 1
            while end < postings.count && document(postings[end]) == d { end += 1 }
            appendVarint(UInt64(d &- previousDocument), to: &out)
            appendVarint(UInt64(end - p), to: &out)
            var previousPosition: UInt32 = 0
            for q in p..<end {
                let position = IndexStorage.position(postings[q])
                appendVarint(UInt64(position &- previousPosition), to: &out)
                previousPosition = position
            }
            previousDocument = d
            p = end
        }
    }

    @inline(__always)
    static func appendVarint(_ value: UInt64, to out: inout [UInt8]) {
        var v = value
        while v >= 0x80 {
            out.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        out.append(UInt8(truncatingIfNeeded: v))
    }
    @inline(__always)
    static func position(_ posting: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: posting) }
    @inline(__always)
    static func field(_ posting: UInt64) -> Int { Int(UInt32(truncatingIfNeeded: posting) >> fieldShift) }
}

// MARK: - Building

/// Stream values that are not tokens: the end of a field and the end of a document.
private let endOfField: UInt32 = 0xFFFF_FFFF
private let endOfDocument: UInt32 = 0xFFFF_FFFE

/// Every segment's documents in one numbering: segment k's local document d is `offsets[k] + d`.
///
/// A document replaced or removed since its segment was built stays in the numbering but not in `live`,
/// so nothing has to be renumbered; BM25's statistics count only live documents.
final class DocumentTable: Sendable {
    let fields: [IndexField]
    let offsets: [Int]
    /// The caller's id per document; meaningless where `live` is false.
    let ids: [Int]
    let live: [Bool]
    let liveCount: Int
    let fieldLengths: [UInt32]
    let averageFieldLengths: [Double]

    /// Every document of `segments` counts, under the id its segment gives it.
    convenience init(fields: [IndexField], segments: [IndexStorage]) {
        let ids = segments.flatMap(\.documentIDs)
        self.init(fields: fields, segments: segments, ids: ids, live: [Bool](repeating: true, count: ids.count))
    }

    /// `ids` and `live` have one entry per document of every segment; a document that is not live
    /// no longer counts (its id is then -1).
    init(fields: [IndexField], segments: [IndexStorage], ids: [Int], live: [Bool]) {
        self.fields = fields
        var offsets: [Int] = []
        var lengths: [UInt32] = []
        var total = 0
        for segment in segments {
            offsets.append(total)
            total += segment.documentIDs.count
            lengths.append(contentsOf: segment.fieldLengths)
        }
        self.offsets = offsets
        self.ids = zip(ids, live).map { $1 ? $0 : -1 }
        self.live = live
        self.fieldLengths = lengths
        let fieldCount = fields.count
        var averages = [Double](repeating: 0, count: fieldCount)
        var count = 0
        for d in 0..<min(ids.count, live.count, total) where live[d] {
            count += 1
            for f in 0..<fieldCount { averages[f] += Double(lengths[d * fieldCount + f]) }
        }
        if count > 0 { for f in averages.indices { averages[f] /= Double(count) } }
        self.liveCount = count
        self.averageFieldLengths = averages
    }
}

/// What the first pass learns about one shard: its local vocabulary, counts, and the token stream.
private struct ShardTokens: Sendable {
    var keys: KeyTable
    var words: WordTable
    var counts: [UInt32]  // occurrences per local term
    /// `localID << 1 | advancesSlot` per token, with `endOfField` / `endOfDocument` markers.
    var stream: [UInt32]
    var fieldLengths: [UInt32]
    var documents: Range<Int>
}

/// Interns a shard's tokens and records them as a compact stream for the second pass.
private struct ShardSink: TokenSink {
    var keys = KeyTable(capacity: 1 << 13)
    var words = WordTable(capacity: 1 << 12)
    /// Occurrences of long words, by `words` entry; short words and grams count in `keys`' slots.
    var wordCounts: [UInt32] = []
    var termCount: Int32 = 0
    var stream: [UInt32] = []
    var lastSlot = -1

    /// Ids and counts of BMP CJK unigrams (U+3000–U+9FFF), by code point: half of a Chinese text's tokens
    /// are unigrams, and an array lookup is cheaper than hashing them.
    static let directBase: UInt64 = 0x3000
    var directIDs = [Int32](repeating: -1, count: 0xA000 - 0x3000)
    var directCounts = [UInt32](repeating: 0, count: 0xA000 - 0x3000)

    @inline(__always)
    mutating func term(_ key: UInt64, slot: Int, source: Range<Int>) {
        let code = key &- (TermKey.unigramMarker | ShardSink.directBase)
        if code < UInt64(directIDs.count) {
            let k = Int(code)
            var id = directIDs[k]
            if id < 0 {
                id = termCount
                termCount += 1
                directIDs[k] = id
            }
            directCounts[k] &+= 1
            append(id, slot: slot)
            return
        }
        let (id, inserted) = keys.record(key, newID: termCount)
        if inserted { termCount += 1 }
        append(id, slot: slot)
    }

    /// Moves the directly counted unigrams into `keys`, so the merge sees one vocabulary.
    mutating func finish() {
        for (k, id) in directIDs.enumerated() where id >= 0 {
            _ = keys.findOrInsert(TermKey.unigram(UInt32(UInt64(k) + ShardSink.directBase)), newID: id)
        }
    }

    mutating func longWord(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt64, slot: Int, source: Range<Int>) {
        let (entry, id, inserted) = words.findOrInsertEntry(bytes, hash: hash, newID: termCount)
        if inserted {
            termCount += 1
            wordCounts.append(0)
        }
        wordCounts[entry] &+= 1
        append(id, slot: slot)
    }

    @inline(__always)
    private mutating func append(_ id: Int32, slot: Int) {
        stream.append(UInt32(truncatingIfNeeded: id) << 1 | (slot != lastSlot ? 1 : 0))
        lastSlot = slot
    }

    /// Occurrences per local id.
    func counts() -> [UInt32] {
        var counts = [UInt32](repeating: 0, count: Int(termCount))
        for slot in keys.slots where slot.key != 0 { counts[Int(slot.id)] = slot.count }
        for (k, id) in directIDs.enumerated() where id >= 0 { counts[Int(id)] = directCounts[k] }
        for (entry, count) in wordCounts.enumerated() { counts[Int(words.ids[entry])] = count }
        return counts
    }
}

extension IndexStorage {
    static func build(fields: [IndexField], ids: [Int], texts: [String]) -> IndexStorage {
        let fieldCount = fields.count
        let documentCount = fieldCount == 0 ? 0 : ids.count

        // Contiguous shards keep postings in document order after the merge with no sorting.
        let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let shardCount = max(1, min(cores * 2, documentCount / 1024))
        let ranges: [Range<Int>] = (0..<shardCount).map { s in
            (documentCount * s / shardCount)..<(documentCount * (s + 1) / shardCount)
        }

        // Pass 1: tokenize and intern per shard, counting occurrences per local term.
        let shards: [ShardTokens] = parallelMap(shardCount) { s in
            let range = ranges[s]
            var scanner = Scanner()
            var sink = ShardSink()
            var bytes = 0
            for k in (range.lowerBound * fieldCount)..<(range.upperBound * fieldCount) {
                bytes += texts[k].utf8.count
            }
            sink.stream.reserveCapacity(bytes / 4 + range.count * fieldCount)
            var lengths: [UInt32] = []
            lengths.reserveCapacity(range.count * fieldCount)
            for d in range {
                for f in 0..<fieldCount {
                    sink.lastSlot = -1
                    let used = scanner.scan(texts[d * fieldCount + f], into: &sink)
                    lengths.append(UInt32(truncatingIfNeeded: used))
                    sink.stream.append(f + 1 < fieldCount ? endOfField : endOfDocument)
                }
            }
            sink.finish()
            return ShardTokens(
                keys: sink.keys, words: sink.words, counts: sink.counts(), stream: sink.stream,
                fieldLengths: lengths, documents: range)
        }

        // Merge vocabularies: local ids → global ids, and global counts.
        var keys = KeyTable(capacity: shards.first.map { $0.keys.count * 2 } ?? 1024)
        var words = WordTable(capacity: shards.first.map { $0.words.count * 2 } ?? 1024)
        var globalCounts: [Int] = []
        var maps: [[Int32]] = []
        for shard in shards {
            var map = [Int32](repeating: 0, count: shard.counts.count)
            for slot in shard.keys.slots where slot.key != 0 {
                let (g, inserted) = keys.findOrInsert(slot.key, newID: Int32(truncatingIfNeeded: globalCounts.count))
                if inserted { globalCounts.append(0) }
                map[Int(slot.id)] = g
            }
            for e in 0..<shard.words.count {
                let next = Int32(truncatingIfNeeded: globalCounts.count)
                let (g, inserted) = shard.words.withBytes(of: e) { b in
                    words.findOrInsert(b, hash: shard.words.hashes[e], newID: next)
                }
                if inserted { globalCounts.append(0) }
                map[Int(shard.words.ids[e])] = g
            }
            for l in map.indices { globalCounts[Int(map[l])] += Int(shard.counts[l]) }
            maps.append(map)
        }

        let termCount = globalCounts.count
        var termStart = [Int](repeating: 0, count: termCount + 1)
        for g in 0..<termCount { termStart[g + 1] = termStart[g] + globalCounts[g] }
        let total = termStart[termCount]

        // Each shard writes a term right after the earlier shards' occurrences of it.
        var running = termStart
        var cursors: [[Int]] = []
        for (s, shard) in shards.enumerated() {
            let map = maps[s]
            var c = [Int](repeating: 0, count: map.count)
            for l in map.indices {
                let g = Int(map[l])
                c[l] = running[g]
                running[g] += Int(shard.counts[l])
            }
            cursors.append(c)
        }
        let shardCursors = cursors

        // Pass 2: every shard scatters its stream straight into the final array (disjoint regions).
        // Never for no postings: see `BinaryReader.readArray` on the shared empty storage.
        let postings =
            total == 0
            ? []
            : [UInt64](unsafeUninitializedCapacity: total) { buffer, count in
                let out = DisjointSlots(buffer)
                DispatchQueue.concurrentPerform(iterations: shards.count) { s in
                    IndexStorage.scatter(shards[s], cursors: shardCursors[s], into: out.buffer)
                }
                count = total
            }

        return IndexStorage(
            fields: fields, documentIDs: Array(ids.prefix(documentCount)),
            fieldLengths: shards.flatMap(\.fieldLengths), keys: keys, words: words,
            termStart: termStart, postings: postings)
    }

    /// Pass 2 for one shard: writes its occurrences at the cursors computed by the merge.
    fileprivate static func scatter(_ shard: ShardTokens, cursors: [Int], into postings: UnsafeMutableBufferPointer<UInt64>) {
        var cursors = cursors
        cursors.withUnsafeMutableBufferPointer { cursors in
            shard.stream.withUnsafeBufferPointer { stream in
                var document = UInt64(shard.documents.lowerBound) << 32
                var field: UInt64 = 0
                var slot: UInt64 = 0
                for value in stream {
                    if value >= endOfDocument {
                        if value == endOfField {
                            field += 1 << UInt64(IndexStorage.fieldShift)
                        } else {
                            document += 1 << 32
                            field = 0
                        }
                        slot = 0
                        continue
                    }
                    // Slots count from 1 here because the first token of a field always advances.
                    slot &+= UInt64(value & 1)
                    let l = Int(value >> 1)
                    let p = cursors[l]
                    postings[p] = document | field | ((slot &- 1) & UInt64(IndexStorage.slotMask))
                    cursors[l] = p + 1
                }
            }
        }
    }
}
