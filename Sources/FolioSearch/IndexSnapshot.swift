import Foundation
import Synchronization
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

/// Saving an index to a cache file, reading it back, and searching it together with changed documents.
///
/// A vault's cache keeps the index of every record that has not changed since the cache was written;
/// the next run indexes only the files that changed and searches both (``TextIndex/replacing(keeping:adding:)``),
/// so nothing is tokenized again and the cached postings are read only for the terms searched.
extension TextIndex {
    /// Bumped whenever the tokenizer or the layout below changes, so an old cache is rebuilt, never misread.
    /// 3: a word over 128 bytes is cut at a character, not inside one.
    /// 4: the postings checked by parts (``PackedPostings/partSize``), each when a search first reads it.
    /// 5: Traditional and Simplified Han characters indexed as one (``HanFold``).
    public static let formatVersion: UInt32 = 5

    /// Segments are packed together until they hold this many live documents: writing one packs
    /// only its segments' postings in memory, never the whole vault's.
    public static let documentsPerPackedSegment = 12_500

    /// Writes the live documents as packed segments (consecutive segments merged up to
    /// ``documentsPerPackedSegment`` live documents each), preceded by their count; read it back
    /// with ``decode(from:mapping:verifyingChecksums:)``.
    public func encode(into writer: inout BinaryWriter) {
        let groups = packedGroups()
        Self.writeSegmentCount(groups.count, into: &writer)
        for group in groups { encode(segments: group, into: &writer) }
    }

    /// The count of packed segments that follow, for a writer that packs them one at a time
    /// (``encodeAsOneSegment(into:)``), each built just before it is written.
    public static func writeSegmentCount(_ count: Int, into writer: inout BinaryWriter) {
        writer.write(UInt32(truncatingIfNeeded: count))
    }

    /// Writes this index's live documents as one packed segment (after ``writeSegmentCount(_:into:)``).
    public func encodeAsOneSegment(into writer: inout BinaryWriter) { encode(segments: segments.indices, into: &writer) }

    /// Runs of consecutive segments, each run up to ``documentsPerPackedSegment`` live documents
    /// (a larger segment alone); segments without a live document are left out; at least one run.
    private func packedGroups() -> [Range<Int>] {
        var groups: [Range<Int>] = []
        var start = 0
        var documents = 0
        for k in segments.indices {
            let end = k + 1 < table.offsets.count ? table.offsets[k + 1] : table.ids.count
            let live = table.live[table.offsets[k]..<end].lazy.filter { $0 }.count
            if live == 0 {
                if documents == 0 { start = k + 1 }
                continue
            }
            if documents > 0, documents + live > Self.documentsPerPackedSegment {
                groups.append(start..<k)
                start = k
                documents = 0
            }
            documents += live
        }
        if documents > 0 { groups.append(start..<segments.count) }
        return groups.isEmpty ? [segments.indices] : groups
    }

    /// Writes the live documents of `group`'s segments as one packed segment, numbered anew in order.
    private func encode(segments group: Range<Int>, into writer: inout BinaryWriter) {
        let fieldCount = table.fields.count
        let segments = Array(self.segments[group])
        let firstDocument = group.isEmpty ? 0 : table.offsets[group.lowerBound]
        let endDocument = group.upperBound < table.offsets.count ? table.offsets[group.upperBound] : table.ids.count
        writer.beginChecksum()
        writer.write(TextIndex.formatVersion)
        writer.write(UInt32(fieldCount))
        for field in table.fields {
            writer.write(field.name)
            writer.write(field.weight)
        }
        // Documents: the live ones, renumbered densely.
        var dense = [UInt32](repeating: UInt32.max, count: table.ids.count)
        var ids: [Int] = []
        var lengths: [UInt32] = []
        for d in firstDocument..<endDocument where table.live[d] {
            dense[d] = UInt32(ids.count)
            ids.append(table.ids[d])
            lengths.append(contentsOf: table.fieldLengths[(d * fieldCount)..<((d + 1) * fieldCount)])
        }
        writer.writeArray(ids)
        writer.writeArray(lengths)

        // One vocabulary: every segment's terms, the first segment's ids kept.
        var keys = KeyTable(capacity: max(1024, segments.first?.keys.count ?? 0))
        var words = WordTable(capacity: max(1024, segments.first?.words.count ?? 0))
        var termCount = 0
        var local: [[Int32]] = []  // per segment: global term → local term, or -1
        var globalOf: [[Int]] = []  // per segment: local term → global term
        for segment in segments {
            var map = [Int](repeating: 0, count: segment.termTotal)
            for slot in segment.keys.slots where slot.key != 0 {
                let (g, inserted) = keys.findOrInsert(slot.key, newID: Int32(truncatingIfNeeded: termCount))
                if inserted { termCount += 1 }
                map[Int(slot.id)] = Int(g)
            }
            for e in 0..<segment.words.count {
                let next = Int32(truncatingIfNeeded: termCount)
                let (g, inserted) = segment.words.withBytes(of: e) { bytes in
                    words.findOrInsert(bytes, hash: segment.words.hashes[e], newID: next)
                }
                if inserted { termCount += 1 }
                map[Int(segment.words.ids[e])] = Int(g)
            }
            globalOf.append(map)
        }
        for map in globalOf {
            var inverse = [Int32](repeating: -1, count: termCount)
            for (l, g) in map.enumerated() { inverse[g] = Int32(l) }
            local.append(inverse)
        }
        writer.write(UInt64(keys.count))
        writer.writeArray(keys.slots.map(\.key))
        writer.writeArray(keys.slots.map(\.id))
        writer.writeArray(words.slots)
        writer.writeArray(words.hashes)
        writer.writeArray(words.starts)
        writer.writeArray(words.lengths)
        writer.writeArray(words.ids)
        writer.writeArray(words.arena)

        // Postings, term by term: each segment's live occurrences, renumbered, packed.
        var offsets = [UInt64](repeating: 0, count: termCount + 1)
        var counts = [UInt32](repeating: 0, count: termCount)
        var blob: [UInt8] = []
        blob.reserveCapacity(segments.reduce(0) { $0 + $1.occurrenceTotal } * 2)
        var merged: [UInt64] = []
        for g in 0..<termCount {
            merged.removeAll(keepingCapacity: true)
            for (k, segment) in segments.enumerated() {
                let l = local[k][g]
                guard l >= 0 else { continue }
                let offset = table.offsets[group.lowerBound + k]
                segment.withPostings(of: Int(l)) { postings in
                    for posting in postings {
                        let d = dense[offset + Int(IndexStorage.document(posting))]
                        guard d != UInt32.max else { continue }
                        merged.append(UInt64(d) << 32 | (posting & 0xFFFF_FFFF))
                    }
                }
            }
            counts[g] = UInt32(truncatingIfNeeded: merged.count)
            merged.withUnsafeBufferPointer { IndexStorage.pack($0, into: &blob) }
            offsets[g + 1] = UInt64(blob.count)
        }
        writer.writeArray(offsets)
        writer.writeArray(counts)
        // Everything above, so a flipped bit in a table is found before it is believed.
        let tables = writer.checksum()
        writer.write(tables)
        writer.writeArray(PackedPostings.partChecksums(blob))
        writer.writeArray(blob)
    }

    /// Reads an index written by ``encode(into:)``. The postings stay in the file, mapped into memory
    /// (`mapping` is the whole file), and are unpacked term by term when searched. Every count and offset
    /// is checked here, so a damaged file is an error, not a crash; the postings are checked part by
    /// part against their checksums when a search reads them: a damaged part reads as no postings
    /// and marks the index damaged (``TextIndex/foundDamage``), for its owner to rebuild it.
    ///
    /// The checksums find damage; they are no defence against a file made to pass them, so every
    /// structural check below holds on its own. `verifyingChecksums: false` is for the fuzz harnesses
    /// (`Tests/FuzzTargets`), which reach those checks only when the checksums are not in the way.
    public static func decode(
        from reader: inout BinaryReader, mapping: FileMapping, verifyingChecksums: Bool = true
    ) throws(CacheFormatError) -> TextIndex {
        let count = Int(try reader.read(UInt32.self))
        guard count >= 1, count <= 4096 else { throw CacheFormatError("segment count") }
        var segments: [IndexStorage] = []
        for _ in 0..<count {
            segments.append(try decodeSegment(from: &reader, mapping: mapping, verifyingChecksums: verifyingChecksums))
        }
        // One table over every segment, built once (combining them a segment at a time rebuilt it each time).
        let fields = segments[0].fields
        guard segments.allSatisfy({ $0.fields == fields }) else { throw CacheFormatError("segment fields") }
        return TextIndex(segments: segments, table: DocumentTable(fields: fields, segments: segments), tokenizer: Tokenizer())
    }

    private static func decodeSegment(
        from reader: inout BinaryReader, mapping: FileMapping, verifyingChecksums: Bool
    ) throws(CacheFormatError) -> IndexStorage {
        let tablesStart = reader.offset
        guard try reader.read(UInt32.self) == formatVersion else { throw CacheFormatError("index format") }
        let fieldCount = Int(try reader.read(UInt32.self))
        guard fieldCount <= 255 else { throw CacheFormatError("fields") }
        var fields: [IndexField] = []
        for _ in 0..<fieldCount {
            let name = try reader.readString()
            fields.append(IndexField(name, weight: try reader.readDouble()))
        }
        let documentIDs = try reader.readArray(Int.self)
        let fieldLengths = try reader.readArray(UInt32.self)
        guard fieldLengths.count == documentIDs.count * fieldCount else { throw CacheFormatError("field lengths") }

        let keyCount = try reader.read(UInt64.self)
        let slotKeys = try reader.readArray(UInt64.self)
        let slotIDs = try reader.readArray(Int32.self)
        let wordSlots = try reader.readArray(UInt32.self)
        let hashes = try reader.readArray(UInt64.self)
        let starts = try reader.readArray(UInt32.self)
        let lengths = try reader.readArray(UInt8.self)
        let wordIDs = try reader.readArray(Int32.self)
        let arena = try reader.readArray(UInt8.self)
        let offsets = try reader.readArray(UInt64.self)
        let counts = try reader.readArray(UInt32.self)
        let tablesEnd = reader.offset
        let tablesChecksum = try reader.read(UInt64.self)
        guard tablesStart >= 0, tablesEnd <= mapping.count,
            !verifyingChecksums
                || CacheChecksum.of(UnsafeRawBufferPointer(rebasing: mapping.bytes[tablesStart..<tablesEnd])) == tablesChecksum
        else { throw CacheFormatError("tables checksum") }
        let partChecksums = try reader.readArray(UInt64.self)
        let blobCount = try reader.read(UInt64.self)
        try reader.align()
        let blobStart = reader.offset
        guard blobCount <= UInt64(mapping.count - blobStart) else { throw CacheFormatError("postings length") }
        try reader.skip(to: blobStart + Int(blobCount))
        try reader.align()  // the next segment starts where the writer padded to

        // Shapes: power-of-two tables at most half full (lookups stop at an empty slot), parallel arrays.
        func isTableSize(_ n: Int) -> Bool { n >= 2 && n & (n - 1) == 0 }
        // keyCount is the file's word: compared without converting it or doubling it, which could trap.
        guard isTableSize(slotKeys.count), slotIDs.count == slotKeys.count, keyCount <= UInt64(slotKeys.count / 2),
            isTableSize(wordSlots.count), wordIDs.count * 2 <= wordSlots.count,
            hashes.count == wordIDs.count, starts.count == wordIDs.count, lengths.count == wordIDs.count,
            offsets.count == counts.count + 1, offsets.first == 0, offsets.last == blobCount
        else { throw CacheFormatError("table shapes") }
        let termCount = counts.count
        for t in 0..<termCount where offsets[t] > offsets[t + 1] { throw CacheFormatError("term ranges") }
        var usedKeys = 0
        for k in slotKeys.indices where slotKeys[k] != 0 {
            guard slotIDs[k] >= 0 && Int(slotIDs[k]) < termCount else { throw CacheFormatError("key ids") }
            usedKeys += 1
        }
        guard usedKeys == Int(keyCount) else { throw CacheFormatError("key count") }
        for e in wordIDs.indices {
            guard wordIDs[e] >= 0 && Int(wordIDs[e]) < termCount,
                Int(starts[e]) + Int(lengths[e]) <= arena.count
            else { throw CacheFormatError("words") }
        }
        for slot in wordSlots where Int(slot) > wordIDs.count { throw CacheFormatError("word slots") }
        let blob = UnsafeRawBufferPointer(rebasing: mapping.bytes[blobStart..<(blobStart + Int(blobCount))])
        guard partChecksums.count == PackedPostings.partCount(blob.count) else { throw CacheFormatError("postings parts") }

        var slots: [KeyTable.Slot] = []
        slots.reserveCapacity(slotKeys.count)
        for k in slotKeys.indices { slots.append(KeyTable.Slot(key: slotKeys[k], id: slotIDs[k])) }
        let packed = PackedPostings(
            mapping: mapping, blob: blob, offsets: offsets, counts: counts,
            partChecksums: verifyingChecksums ? partChecksums : nil)
        let storage = IndexStorage(
            fields: fields, documentIDs: documentIDs, fieldLengths: fieldLengths,
            keys: KeyTable(slots: slots, count: Int(keyCount)),
            words: WordTable(slots: wordSlots, hashes: hashes, starts: starts, lengths: lengths, ids: wordIDs, arena: arena),
            packed: packed)
        return storage
    }

    /// The documents of every index of `parts`, each under its own id, searched side by side; nil
    /// when their fields differ. The table of documents is built once: joining one part at a time
    /// built it again for each, every document so far each time.
    public static func joined(_ parts: [TextIndex]) -> TextIndex? {
        guard let first = parts.first, parts.allSatisfy({ $0.table.fields == first.table.fields }) else { return nil }
        var ids: [Int] = []
        var live: [Bool] = []
        for part in parts {
            ids.append(contentsOf: part.table.ids)
            live.append(contentsOf: part.table.live)
        }
        let segments = parts.flatMap(\.segments)
        return TextIndex(
            segments: segments, table: DocumentTable(fields: first.table.fields, segments: segments, ids: ids, live: live),
            tokenizer: first.tokenizer)
    }

    /// This index with the documents `keeping` maps to nil no longer counted and the others renamed to
    /// the id it returns, searched together with every document of `other` under its own id.
    ///
    /// Nothing is copied: the segments are searched side by side. Nil when the fields differ.
    /// Keeping every document under its id and adding none (most runs of a vault that did not
    /// change) gives this index itself: its table of documents is not made again.
    public func replacing(keeping: (Int) -> Int?, adding other: TextIndex) -> TextIndex? {
        guard table.fields == other.table.fields else { return nil }
        if other.table.ids.isEmpty, keepsEveryID(keeping) { return self }
        var ids: [Int] = []
        var live: [Bool] = []
        ids.reserveCapacity(table.ids.count + other.table.ids.count)
        live.reserveCapacity(ids.capacity)
        for d in table.ids.indices {
            let id = table.live[d] ? keeping(table.ids[d]) : nil
            ids.append(id ?? -1)
            live.append(id != nil)
        }
        ids.append(contentsOf: other.table.ids)
        live.append(contentsOf: other.table.live)
        let segments = self.segments + other.segments
        return TextIndex(
            segments: segments, table: DocumentTable(fields: table.fields, segments: segments, ids: ids, live: live),
            tokenizer: tokenizer)
    }

    /// Whether `keeping` gives every document that counts the id it has.
    private func keepsEveryID(_ keeping: (Int) -> Int?) -> Bool {
        for d in table.ids.indices where table.live[d] {
            guard keeping(table.ids[d]) == table.ids[d] else { return false }
        }
        return true
    }
}

/// One segment's postings as written by ``TextIndex/encode(into:)``, inside a mapped file.
///
/// The packed bytes are checked in parts of ``partSize`` bytes, each against its own checksum,
/// the first time a search reads a term in it: a search reads a few terms of a file of a hundred
/// megabytes, and checking the whole file would cost more than the search.
// @unchecked: reads the bytes of a read-only mapping; its one mutable state is behind `checks`.
final class PackedPostings: @unchecked Sendable {
    static let partSize = 1 << 16
    private let mapping: FileMapping
    private let blob: UnsafeRawBufferPointer
    private let offsets: [UInt64]
    let counts: [UInt32]
    let total: Int
    /// Nil when not verified (the fuzz harnesses).
    private let partChecksums: [UInt64]?
    private struct Checks {
        /// Per part: 0 not checked yet, 1 whole, 2 damaged.
        var partStates: [UInt8]
        var damaged = false
    }
    private let checks: Mutex<Checks>

    init(mapping: FileMapping, blob: UnsafeRawBufferPointer, offsets: [UInt64], counts: [UInt32], partChecksums: [UInt64]?) {
        self.mapping = mapping
        self.blob = blob
        self.offsets = offsets
        self.counts = counts
        self.total = counts.reduce(0) { $0 + Int($1) }
        self.partChecksums = partChecksums
        self.checks = Mutex(Checks(partStates: [UInt8](repeating: 0, count: partChecksums?.count ?? 0)))
    }

    static func partCount(_ bytes: Int) -> Int { (bytes + partSize - 1) / partSize }

    /// The checksum of each ``partSize`` bytes of `blob`.
    static func partChecksums(_ blob: [UInt8]) -> [UInt64] {
        blob.withUnsafeBytes { bytes in
            (0..<partCount(bytes.count)).map { k in
                CacheChecksum.of(UnsafeRawBufferPointer(rebasing: bytes[(k * partSize)..<min(bytes.count, (k + 1) * partSize)]))
            }
        }
    }

    /// Whether a part read so far failed its checksum.
    var foundDamage: Bool { checks.withLock { $0.damaged } }

    /// Whether the bytes `range` lies in are whole, checking the parts not checked yet.
    private func isWhole(_ range: Range<Int>) -> Bool {
        guard let partChecksums, !range.isEmpty else { return true }
        return checks.withLock { checks in
            for k in (range.lowerBound / Self.partSize)...((range.upperBound - 1) / Self.partSize) {
                if checks.partStates[k] == 0 {
                    let part = UnsafeRawBufferPointer(rebasing: blob[(k * Self.partSize)..<min(blob.count, (k + 1) * Self.partSize)])
                    checks.partStates[k] = CacheChecksum.of(part) == partChecksums[k] ? 1 : 2
                }
                if checks.partStates[k] == 2 {
                    checks.damaged = true
                    return false
                }
            }
            return true
        }
    }

    /// Term `t`'s documents, ascending, and its occurrences in each per field (`fieldCount` a
    /// document): what counting ``unpack(_:documentCount:fieldCount:)``'s occurrences gives, without
    /// the array of every occurrence. A term of a search's single word is read this way.
    ///
    /// A document's positions ascend, so eight one-byte steps whose first and last positions lie in
    /// one field all lie in it: they are counted in one go, from the sum of the eight bytes (a word
    /// common in long pages has dozens of occurrences in each). Held to the occurrences it stands for
    /// by `IndexSnapshotTests`.
    func fieldCounts(_ t: Int, documentCount: Int, fieldCount: Int) -> (documents: [UInt32], counts: [UInt32]) {
        var documents: [UInt32] = []
        var counts: [UInt32] = []
        guard fieldCount > 0, var reader = reader(of: t, documentCount: documentCount, fieldCount: fieldCount) else {
            return (documents, counts)
        }
        documents.reserveCapacity(min(Int(self.counts[t]), documentCount))
        let shift = UInt64(IndexStorage.fieldShift)
        // One document's counts, in memory of its own: an array's would be checked for sharing at each count.
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: fieldCount) { tally in
            tally.initialize(repeating: 0)
            while let (document, count) = reader.nextDocument() {
                var position: UInt64 = 0
                var left = count
                while left > 0 {
                    if left >= 8, let last = reader.eightStepsInOneField(after: position) {
                        tally[Int(last >> shift)] &+= 8
                        position = last
                        left -= 8
                    } else if let next = reader.nextPosition(after: position) {
                        tally[Int(next >> shift)] &+= 1
                        position = next
                        left -= 1
                    } else {
                        break
                    }
                }
                // A document is listed once one of its occurrences was read whole; a gap of 0 (only
                // in a damaged file) adds to the document before, as its occurrences would.
                if left < count {
                    let d = UInt32(truncatingIfNeeded: document)
                    if documents.last == d {
                        for f in 0..<fieldCount { counts[counts.count - fieldCount + f] &+= tally[f] }
                    } else {
                        documents.append(d)
                        counts.append(contentsOf: tally)
                    }
                    tally.update(repeating: 0)
                }
                if left > 0 { break }
            }
        }
        return (documents, counts)
    }

    /// Term `t`'s occurrences, each its document in the high 32 bits and its position below.
    func unpack(_ t: Int, documentCount: Int, fieldCount: Int) -> [UInt64] {
        var result: [UInt64] = []
        result.reserveCapacity(Int(counts[t]))
        guard var reader = reader(of: t, documentCount: documentCount, fieldCount: fieldCount) else { return result }
        while let (document, count) = reader.nextDocument() {
            var position: UInt64 = 0
            for _ in 0..<count {
                guard let next = reader.nextPosition(after: position) else { return result }
                position = next
                result.append(document << 32 | position)
            }
        }
        return result
    }

    /// A reader of term `t`'s bytes; nil when a part they lie in is damaged.
    private func reader(of t: Int, documentCount: Int, fieldCount: Int) -> TermReader? {
        let start = Int(offsets[t])
        let end = Int(offsets[t + 1])
        guard isWhole(start..<end) else { return nil }
        return TermReader(blob: blob, p: start, end: end, documentCount: UInt64(documentCount), fieldCount: UInt64(fieldCount))
    }
}

/// One term's packed bytes read in order: per document, the gap from the document before and the
/// count of its occurrences, then each occurrence's step from the one before (its field in the
/// high bits). Every sum is checked: bytes that do not read, a sum past 64 bits, a document past
/// the last or a position past the fields end the term there, never trap or read past it.
private struct TermReader {
    let blob: UnsafeRawBufferPointer
    var p: Int
    let end: Int
    let documentCount: UInt64
    let fieldCount: UInt64
    private var document: UInt64 = 0
    private static let shift = UInt64(IndexStorage.fieldShift)

    init(blob: UnsafeRawBufferPointer, p: Int, end: Int, documentCount: UInt64, fieldCount: UInt64) {
        self.blob = blob
        self.p = p
        self.end = end
        self.documentCount = documentCount
        self.fieldCount = fieldCount
    }

    /// The next document and the count of its occurrences; nil at the term's end.
    @inline(__always)
    mutating func nextDocument() -> (document: UInt64, count: UInt64)? {
        guard p < end, let gap = varint(), let count = varint() else { return nil }
        let (next, overflow) = document.addingReportingOverflow(gap)
        guard !overflow, next < documentCount, count <= UInt64(end - p) else { return nil }
        document = next
        return (next, count)
    }

    /// The document's next position after `position`; nil where the bytes end the term.
    @inline(__always)
    mutating func nextPosition(after position: UInt64) -> UInt64? {
        guard let step = varint() else { return nil }
        let (moved, overflow) = position.addingReportingOverflow(step)
        guard !overflow, moved <= UInt64(UInt32.max), moved >> Self.shift < fieldCount else { return nil }
        return moved
    }

    /// The last of the next eight positions when all eight are one-byte steps that land in one
    /// field (a document's positions ascend: the first and the last in one field put all eight
    /// there); nil, and nothing read, otherwise.
    @inline(__always)
    mutating func eightStepsInOneField(after position: UInt64) -> UInt64? {
        guard end - p >= 8 else { return nil }
        let eight = UInt64(littleEndian: blob.loadUnaligned(fromByteOffset: p, as: UInt64.self))
        guard eight & 0x8080_8080_8080_8080 == 0 else { return nil }
        // Pairs summed into four 16-bit lanes, then the lanes into the top one.
        let pairs = (eight & 0x00FF_00FF_00FF_00FF) &+ (eight >> 8 & 0x00FF_00FF_00FF_00FF)
        let last = position &+ (pairs &* 0x0001_0001_0001_0001) >> 48
        let first = position &+ (eight & 0xFF)
        guard first >> Self.shift == last >> Self.shift, last <= UInt64(UInt32.max), last >> Self.shift < fieldCount else { return nil }
        p += 8
        return last
    }

    /// The varint at `p`, moving past it; nil when it runs past the term or past 64 bits.
    @inline(__always)
    private mutating func varint() -> UInt64? {
        // Most steps fit in one byte.
        if p < end, blob[p] < 0x80 {
            defer { p += 1 }
            return UInt64(blob[p])
        }
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while p < end && shift < 64 {
            let byte = blob[p]
            p += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
        return nil
    }
}
