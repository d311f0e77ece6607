import Dispatch
import Foundation

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
    let storage: IndexStorage
    /// The tokenizer used for documents, queries and snippets.
    public let tokenizer: Tokenizer

    /// The fields, in the order they were given.
    public var fields: [IndexField] { storage.fields }
    /// How many documents are indexed.
    public var documentCount: Int { storage.documentIDs.count }
    /// How many distinct terms (words and CJK grams) are indexed.
    public var termCount: Int { storage.termEntryStart.count - 1 }

    /// Builds an index over `documents`; a repeated id replaces the earlier document.
    public init(fields: [IndexField], documents: [IndexDocument], tokenizer: Tokenizer = Tokenizer()) {
        var builder = Builder(fields: fields, tokenizer: tokenizer)
        builder.reserveCapacity(documents.count)
        for document in documents { builder.add(id: document.id, fields: document.fields) }
        self = builder.build()
    }

    init(storage: IndexStorage, tokenizer: Tokenizer) {
        self.storage = storage
        self.tokenizer = tokenizer
    }

    /// Collects documents cheaply, then builds the index in parallel with `build()`.
    public struct Builder {
        public let fields: [IndexField]
        public let tokenizer: Tokenizer
        private var fieldNumber: [String: Int] = [:]
        private var ids: [Int] = []
        private var texts: [String] = []           // ids.count × fields.count, row per document
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
/// Postings are in compressed-row form: term t owns entries `termEntryStart[t]..<termEntryStart[t+1]`
/// (one per document, ascending dense document number) and positions starting at `termPositionStart[t]`.
/// An entry's positions end at `termPositionStart[t] + entryPositionEnd[e]` and begin where the term's
/// previous entry ended. A position is `field << 24 | slot`, so adjacency never crosses a field.
final class IndexStorage: Sendable {
    static let fieldShift: UInt32 = 24
    static let slotMask: UInt32 = (1 << 24) - 1

    let fields: [IndexField]
    let documentIDs: [Int]
    let fieldLengths: [UInt32]             // documentIDs.count × fields.count, in slots
    let averageFieldLengths: [Double]
    let words: WordTable
    let grams: GramTable
    let termEntryStart: [Int]
    let termPositionStart: [Int]
    let entryDocument: [UInt32]
    let entryPositionEnd: [UInt32]
    let positions: [UInt32]

    init(fields: [IndexField], documentIDs: [Int], fieldLengths: [UInt32], words: WordTable, grams: GramTable,
         termEntryStart: [Int], termPositionStart: [Int], entryDocument: [UInt32],
         entryPositionEnd: [UInt32], positions: [UInt32]) {
        self.fields = fields
        self.documentIDs = documentIDs
        self.fieldLengths = fieldLengths
        self.words = words
        self.grams = grams
        self.termEntryStart = termEntryStart
        self.termPositionStart = termPositionStart
        self.entryDocument = entryDocument
        self.entryPositionEnd = entryPositionEnd
        self.positions = positions
        var averages = [Double](repeating: 0, count: fields.count)
        if !documentIDs.isEmpty && !fields.isEmpty {
            for (k, length) in fieldLengths.enumerated() { averages[k % fields.count] += Double(length) }
            for f in averages.indices { averages[f] /= Double(documentIDs.count) }
        }
        self.averageFieldLengths = averages
    }
}

// MARK: - Building

/// Stream values that are not tokens: the end of a field and the end of a document.
private let endOfField: UInt32 = 0xFFFF_FFFF
private let endOfDocument: UInt32 = 0xFFFF_FFFE

/// What the first pass learns about one shard: its local vocabulary, counts, and the token stream.
private struct ShardTokens: Sendable {
    var words: WordTable
    var grams: GramTable
    var positionCounts: [UInt32]     // per local term
    var entryCounts: [UInt32]        // per local term: documents containing it
    /// `localID << 1 | advancesSlot` per token, with `endOfField` / `endOfDocument` markers.
    var stream: [UInt32]
    var fieldLengths: [UInt32]
    var documents: Range<Int>
}

private struct TermStat {
    var positions: UInt32
    var entries: UInt32
    var lastDocument: Int32
}

/// Interns a shard's tokens and records them as a compact stream for the second pass.
private struct ShardSink: TokenSink {
    var words = WordTable(capacity: 1 << 14)
    var grams = GramTable(capacity: 1 << 12)
    var stats: [TermStat] = []
    var stream: [UInt32] = []
    var document: Int32 = 0
    var lastSlot = -1

    mutating func word(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt64, slot: Int, source: Range<Int>) {
        let (id, inserted) = words.findOrInsert(bytes, hash: hash, newID: Int32(truncatingIfNeeded: stats.count))
        record(id, inserted: inserted, slot: slot)
    }

    mutating func gram(_ key: UInt64, slot: Int, source: Range<Int>) {
        let (id, inserted) = grams.findOrInsert(key, newID: Int32(truncatingIfNeeded: stats.count))
        record(id, inserted: inserted, slot: slot)
    }

    @inline(__always)
    private mutating func record(_ id: Int32, inserted: Bool, slot: Int) {
        if inserted { stats.append(TermStat(positions: 0, entries: 0, lastDocument: -1)) }
        let k = Int(id)
        stats[k].positions &+= 1
        if stats[k].lastDocument != document {
            stats[k].lastDocument = document
            stats[k].entries &+= 1
        }
        stream.append(UInt32(truncatingIfNeeded: k) << 1 | (slot != lastSlot ? 1 : 0))
        lastSlot = slot
    }
}

/// Lets disjoint parts of one buffer be written from concurrent iterations.
private struct SharedBuffer<Element>: @unchecked Sendable {
    let base: UnsafeMutableBufferPointer<Element>
}

/// Runs `body` for 0..<count on all cores and returns the results in order.
private func parallelMap<T: Sendable>(_ count: Int, _ body: @Sendable (Int) -> T) -> [T] {
    let results = UnsafeMutableBufferPointer<T?>.allocate(capacity: count)
    results.initialize(repeating: nil)
    defer {
        _ = results.deinitialize()
        results.deallocate()
    }
    let shared = SharedBuffer(base: results)
    DispatchQueue.concurrentPerform(iterations: count) { k in
        shared.base[k] = body(k)
    }
    return results.compactMap { $0 }
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

        // Pass 1: tokenize and intern per shard, counting positions and documents per local term.
        let shards: [ShardTokens] = parallelMap(shardCount) { s in
            let range = ranges[s]
            var scanner = Scanner()
            var sink = ShardSink()
            var bytes = 0
            for k in (range.lowerBound * fieldCount)..<(range.upperBound * fieldCount) {
                bytes += texts[k].utf8.count
            }
            sink.stream.reserveCapacity(bytes / 4 + range.count * (fieldCount + 1))
            var lengths: [UInt32] = []
            lengths.reserveCapacity(range.count * fieldCount)
            for d in range {
                sink.document = Int32(truncatingIfNeeded: d)
                for f in 0..<fieldCount {
                    sink.lastSlot = -1
                    let used = scanner.scan(texts[d * fieldCount + f], into: &sink)
                    lengths.append(UInt32(truncatingIfNeeded: used))
                    sink.stream.append(f + 1 < fieldCount ? endOfField : endOfDocument)
                }
            }
            return ShardTokens(words: sink.words, grams: sink.grams,
                               positionCounts: sink.stats.map(\.positions),
                               entryCounts: sink.stats.map(\.entries),
                               stream: sink.stream, fieldLengths: lengths, documents: range)
        }

        // Merge vocabularies: local ids → global ids, and global counts.
        var words = WordTable(capacity: shards.first.map { $0.words.count * 2 } ?? 1024)
        var grams = GramTable(capacity: shards.first.map { $0.grams.count * 2 } ?? 1024)
        var globalPositions: [Int] = []
        var globalEntries: [Int] = []
        var maps: [[Int32]] = []
        for shard in shards {
            var map = [Int32](repeating: 0, count: shard.positionCounts.count)
            for e in 0..<shard.words.count {
                let next = Int32(truncatingIfNeeded: globalPositions.count)
                let (g, inserted) = shard.words.withBytes(of: e) { b in
                    words.findOrInsert(b, hash: shard.words.hashes[e], newID: next)
                }
                if inserted {
                    globalPositions.append(0)
                    globalEntries.append(0)
                }
                map[Int(shard.words.ids[e])] = g
            }
            for e in 0..<shard.grams.count {
                let next = Int32(truncatingIfNeeded: globalPositions.count)
                let (g, inserted) = grams.findOrInsert(shard.grams.keys[e], newID: next)
                if inserted {
                    globalPositions.append(0)
                    globalEntries.append(0)
                }
                map[Int(shard.grams.ids[e])] = g
            }
            for l in map.indices {
                let g = Int(map[l])
                globalPositions[g] += Int(shard.positionCounts[l])
                globalEntries[g] += Int(shard.entryCounts[l])
            }
            maps.append(map)
        }

        let termCount = globalPositions.count
        var termPositionStart = [Int](repeating: 0, count: termCount + 1)
        var termEntryStart = [Int](repeating: 0, count: termCount + 1)
        for g in 0..<termCount {
            termPositionStart[g + 1] = termPositionStart[g] + globalPositions[g]
            termEntryStart[g + 1] = termEntryStart[g] + globalEntries[g]
        }
        let totalPositions = termPositionStart[termCount]
        let totalEntries = termEntryStart[termCount]

        // Where each shard writes each of its terms: after the earlier shards' part of the same term.
        struct Cursors: Sendable {
            var position: [Int]
            var entry: [Int]
            var base: [Int]
        }
        var runningPosition = termPositionStart
        var runningEntry = termEntryStart
        var cursors: [Cursors] = []
        for (s, shard) in shards.enumerated() {
            let map = maps[s]
            var c = Cursors(position: [Int](repeating: 0, count: map.count),
                            entry: [Int](repeating: 0, count: map.count),
                            base: [Int](repeating: 0, count: map.count))
            for l in map.indices {
                let g = Int(map[l])
                c.position[l] = runningPosition[g]
                c.entry[l] = runningEntry[g]
                c.base[l] = termPositionStart[g]
                runningPosition[g] += Int(shard.positionCounts[l])
                runningEntry[g] += Int(shard.entryCounts[l])
            }
            cursors.append(c)
        }
        let shardCursors = cursors

        // Pass 2: every shard scatters its stream straight into the final arrays (disjoint regions).
        var entryDocument: [UInt32] = []
        var entryPositionEnd: [UInt32] = []
        let positions = [UInt32](unsafeUninitializedCapacity: totalPositions) { positionBuffer, positionCount in
            entryDocument = [UInt32](unsafeUninitializedCapacity: totalEntries) { documentBuffer, documentCount in
                entryPositionEnd = [UInt32](unsafeUninitializedCapacity: totalEntries) { endBuffer, endCount in
                    let out = (SharedBuffer(base: positionBuffer), SharedBuffer(base: documentBuffer),
                               SharedBuffer(base: endBuffer))
                    DispatchQueue.concurrentPerform(iterations: shards.count) { s in
                        scatter(shards[s], cursors: shardCursors[s], positions: out.0.base,
                                documents: out.1.base, ends: out.2.base)
                    }
                    endCount = totalEntries
                }
                documentCount = totalEntries
            }
            positionCount = totalPositions
        }

        return IndexStorage(
            fields: fields, documentIDs: Array(ids.prefix(documentCount)),
            fieldLengths: shards.flatMap(\.fieldLengths), words: words, grams: grams,
            termEntryStart: termEntryStart, termPositionStart: termPositionStart,
            entryDocument: entryDocument, entryPositionEnd: entryPositionEnd, positions: positions)

        func scatter(_ shard: ShardTokens, cursors: Cursors, positions: UnsafeMutableBufferPointer<UInt32>,
                     documents: UnsafeMutableBufferPointer<UInt32>, ends: UnsafeMutableBufferPointer<UInt32>) {
            var positionCursor = cursors.position
            var entryCursor = cursors.entry
            let base = cursors.base
            var lastDocument = [Int32](repeating: -1, count: positionCursor.count)
            var document = Int32(truncatingIfNeeded: shard.documents.lowerBound)
            var field: UInt32 = 0
            var slot = -1
            for value in shard.stream {
                if value >= endOfDocument {
                    if value == endOfField {
                        field += 1
                    } else {
                        document += 1
                        field = 0
                    }
                    slot = -1
                    continue
                }
                if value & 1 != 0 { slot += 1 }
                let l = Int(value >> 1)
                let p = positionCursor[l]
                positions[p] = field << IndexStorage.fieldShift | UInt32(truncatingIfNeeded: slot)
                positionCursor[l] = p + 1
                if lastDocument[l] != document {
                    lastDocument[l] = document
                    documents[entryCursor[l]] = UInt32(truncatingIfNeeded: document)
                    entryCursor[l] += 1
                }
                ends[entryCursor[l] - 1] = UInt32(truncatingIfNeeded: p + 1 - base[l])
            }
        }
    }
}
