import Foundation
import SystemIO
import TestSupport
import Testing

@testable import FolioSearch

private let fields = [IndexField("title", weight: 3), IndexField("body", weight: 1)]

/// A deterministic mixed zh-Hant/English document.
private func document(_ i: Int, variant: Int = 0) -> [String] {
    let english = ["rain", "walk", "evening", "coffee", "rainy", "train", "river", "quiet"]
    let chinese = ["下雨", "傍晚", "散步", "咖啡", "下著小雨", "火車", "河邊", "安靜"]
    var generator = UInt64(i * 7919 + variant * 104_729 + 1)
    func next(_ n: Int) -> Int {
        generator = generator &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int(generator >> 33) % n
    }
    let title = "\(english[next(8)]) \(chinese[next(8)]) n\(i)"
    let body = (0..<(5 + next(30))).map { _ in next(2) == 0 ? english[next(8)] : chinese[next(8)] }.joined(separator: " ")
    return [title, body]
}

private func build(_ documents: [(id: Int, texts: [String])]) -> TextIndex {
    var builder = TextIndex.Builder(fields: fields)
    for document in documents { builder.add(id: document.id, texts: document.texts) }
    return builder.build()
}

private let queries = [
    "rain", "rai", "下雨", "雨", "\"quiet evening\"", "coffee -walk", "散步 河邊", "train OR river",
    "n17", "下著小雨的傍晚", "nothing-here",
]

/// Hits as (id, score rounded to 1e-9), so indexes built differently compare equal when they rank the same.
private func results(_ index: TextIndex) throws -> [[String]] {
    try queries.map { query in
        try index.search(query).map { "\($0.documentID):\(($0.score * 1e9).rounded())" }
    }
}

/// An index file written into a scratch folder, read back the way the vault's cache reads it.
private final class WrittenIndex {
    let scratch: Scratch
    let fd: Int32
    let size: Int

    /// The file `write` writes; `index.encode(into:)` when it is one index.
    init(_ write: (inout BinaryWriter) -> Void) throws {
        scratch = try Scratch("index")
        fd = open(scratch.path("index").path, O_RDWR | O_CREAT | O_TRUNC, 0o600)
        #expect(fd >= 0)
        var writer = BinaryWriter(fd: fd)
        write(&writer)
        let finished = writer.finish()
        #expect(finished)
        size = Int(lseek(fd, 0, SEEK_END))
    }

    convenience init(_ index: TextIndex) throws { try self.init { index.encode(into: &$0) } }

    deinit { close(fd) }

    /// The file as it is now, its first `size` bytes (all by default).
    func read(size: Int? = nil, verifyingChecksums: Bool = true) throws -> TextIndex {
        let size = size ?? self.size
        let mapping = try #require(FileMapping(fd: fd, size: size))
        var reader = BinaryReader(fd: fd, size: size)
        return try TextIndex.decode(from: &reader, mapping: mapping, verifyingChecksums: verifyingChecksums)
    }
}

/// Writes `index` to a file and reads it back the way the vault's cache does.
private func roundTrip(_ index: TextIndex) throws -> TextIndex {
    try WrittenIndex(index).read()
}

@Suite("Index snapshots: written, read back, searched with changed documents")
struct IndexSnapshotTests {
    @Test("an index read back from its file ranks every query exactly as the one that was written")
    func roundTripRanksTheSame() throws {
        let index = build((0..<3000).map { ($0, document($0)) })
        let read = try roundTrip(index)
        #expect(read.documentCount == 3000)
        #expect(read.occurrenceCount == index.occurrenceCount)
        let expected = try results(index)
        #expect(expected.contains { !$0.isEmpty })
        #expect(try results(read) == expected)
    }

    @Test("a cached index with documents removed, replaced and added ranks like one built from scratch")
    func replacingMatchesAFreshBuild() throws {
        let count = 2000
        let cached = try roundTrip(build((0..<count).map { ($0, document($0)) }))
        let removed: Set<Int> = [3, 17, 400, 1999]
        let changed: Set<Int> = [5, 18, 1000]
        let added = [count, count + 1, count + 2]
        // The cached documents kept, renumbered the way the catalog does (new positions), then the changed ones.
        var position: [Int: Int] = [:]
        var final: [(id: Int, texts: [String])] = []
        for i in 0..<count where !removed.contains(i) && !changed.contains(i) {
            position[i] = final.count
            final.append((final.count, document(i)))
        }
        var fresh: [(id: Int, texts: [String])] = []
        for i in changed.sorted() + added {
            let texts = document(i, variant: 1)
            fresh.append((final.count, texts))
            final.append((final.count, texts))
        }
        let combined = try #require(cached.replacing(keeping: { position[$0] }, adding: build(fresh)))
        #expect(combined.documentCount == final.count)
        let scratch = build(final)
        let expected = try results(scratch)
        #expect(try results(combined) == expected)
        // Written again, the combination is one segment that still ranks the same.
        #expect(try results(roundTrip(combined)) == expected)
    }

    /// Reads `file` as written, then 39 times more with `changes` bytes of its second half changed
    /// (the packed postings lie at its end), checksums off so the damage is read: every term's
    /// documents and field counts read straight from the bytes are those its occurrences give
    /// (``IndexFuzzing``, the fuzz harness's check). `asWritten` looks at the index before any damage.
    private func expectCountsAgree(_ file: WrittenIndex, changes: Int, asWritten: (TextIndex) -> Void) throws {
        var random = SystemRandomNumberGenerator()
        for round in 0..<40 {
            if round > 0 {
                for _ in 0..<changes {
                    var byte = UInt8.random(in: 0...255, using: &random)
                    #expect(pwrite(file.fd, &byte, 1, off_t(Int.random(in: (file.size / 2)..<file.size, using: &random))) == 1)
                }
            }
            guard let read = try? file.read(verifyingChecksums: round == 0) else { continue }
            if round == 0 { asWritten(read) }
            #expect(IndexFuzzing.countsApartFromOccurrences(in: read) == nil, "round \(round)")
        }
    }

    @Test(
        "a single term's documents and field counts read straight from the file are those its occurrences give, for every term, whole and with bytes damaged"
    )
    func fieldCountsAgreeWithOccurrences() throws {
        let file = try WrittenIndex(build((0..<300).map { ($0, document($0)) }))
        try expectCountsAgree(file, changes: 3) { index in
            #expect(index.segments.allSatisfy { $0.packed != nil } && index.termCount > 50)
        }
    }

    /// A page where `rain` comes back dozens of times in a row, in both fields: runs of eight
    /// one-byte steps that stay in a field, that cross from the title into the body, and steps too
    /// long for one byte between them.
    private func longPage(_ i: Int) -> [String] {
        var generator = UInt64(i &* 2_654_435_761 &+ 17)
        func next(_ n: Int) -> Int {
            generator = generator &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(generator >> 33) % n
        }
        func words(_ total: Int) -> String {
            var out: [String] = []
            while out.count < total {
                switch next(6) {
                case 0: out += Array(repeating: "filler", count: 120 + next(200))  // a step of two bytes or more
                case 1, 2: out += Array(repeating: "rain", count: 1 + next(20))
                default: out.append(next(2) == 0 ? "rain" : "下雨")
                }
            }
            return out.joined(separator: " ")
        }
        return [words(next(3) == 0 ? 0 : 1 + next(30)), words(next(400))]
    }

    @Test(
        "a word repeated dozens of times a page is counted from the file's bytes as its occurrences count it, per field, whole and with bytes damaged"
    )
    func repeatedWordsCountAsTheirOccurrences() throws {
        let file = try WrittenIndex(build((0..<200).map { ($0, longPage($0)) }))
        try expectCountsAgree(file, changes: 2) { index in
            let runs = index.segments.contains { segment in
                (0..<segment.termTotal).contains { segment.matchSingle($0).counts.contains { $0 >= 16 } }
            }
            #expect(runs, "the pages hold runs long enough to be counted eight at a time")
        }
    }

    @Test(
        "replacing that keeps every document under its own id and adds none is the index itself; a document dropped or renamed, or one added, makes a new one"
    )
    func replacingNothingIsTheIndexItself() throws {
        let index = try roundTrip(build((0..<50).map { ($0, document($0)) }))
        let none = build([])
        #expect(try #require(index.replacing(keeping: { $0 }, adding: none)).table === index.table)
        #expect(try #require(index.replacing(keeping: { $0 == 7 ? nil : $0 }, adding: none)).table !== index.table, "one dropped")
        #expect(try #require(index.replacing(keeping: { $0 == 7 ? 8 : $0 }, adding: none)).table !== index.table, "one renamed")
        #expect(try #require(index.replacing(keeping: { $0 }, adding: build([(60, document(60))]))).table !== index.table, "one added")
        // A document that no longer counts is not asked about: the index without 7 kept as it is.
        let fewer = try #require(index.replacing(keeping: { $0 == 7 ? nil : $0 }, adding: none))
        #expect(try #require(fewer.replacing(keeping: { $0 }, adding: none)).table === fewer.table)
        #expect(try Set(fewer.search("rain").map(\.documentID)) == Set(index.search("rain").map(\.documentID)).subtracting([7]))
    }

    @Test(
        "bytes no writer makes — sums past 64 bits, eight one-byte steps crossing into the next field or past the last — are read as their occurrences are, without trapping"
    )
    func craftedPostings() throws {
        func varint(_ value: UInt64) -> [UInt8] {
            var value = value
            var bytes: [UInt8] = []
            while value >= 0x80 {
                bytes.append(UInt8(value & 0x7F) | 0x80)
                value >>= 7
            }
            return bytes + [UInt8(value)]
        }
        let field = UInt64(1) << UInt64(IndexStorage.fieldShift)
        let eightSteps = [UInt8](repeating: 1, count: 8)
        // Per document: the gap from the one before, the count of its occurrences, each step.
        let cases: [(name: String, bytes: [UInt8], documents: [UInt32], counts: [UInt32])] = [
            ("a gap past 64 bits", varint(3) + varint(1) + varint(5) + varint(UInt64.max - 1) + varint(1) + varint(1), [3], [1, 0]),
            (
                "a step past 64 bits", varint(2) + varint(2) + varint(1) + varint(UInt64.max) + varint(0) + varint(1) + varint(1), [2],
                [1, 0]
            ),
            // Three positions left in the title, then six in the body.
            ("eight steps into the next field", varint(0) + varint(9) + varint(field - 3) + eightSteps, [0], [3, 6]),
            // Two positions left in the last field, then a field the index does not have.
            ("eight steps past the last field", varint(1) + varint(9) + varint(2 * field - 3) + eightSteps, [1], [0, 3]),
            // One position in the last field, then eight past it.
            ("eight steps all past the last field", varint(1) + varint(9) + varint(2 * field - 1) + eightSteps, [1], [0, 1]),
            ("a second run of the same document", varint(4) + varint(1) + varint(1) + varint(0) + varint(8) + eightSteps, [4], [9, 0]),
        ]
        for crafted in cases {
            let mapping = try #require(crafted.bytes.withUnsafeBytes { FileMapping(copying: $0) })
            let postings = PackedPostings(
                mapping: mapping, blob: mapping.bytes, offsets: [0, UInt64(crafted.bytes.count)], counts: [9], partChecksums: nil)
            let counted = postings.fieldCounts(0, documentCount: 10, fieldCount: 2)
            #expect(counted.documents == crafted.documents && counted.counts == crafted.counts, "\(crafted.name)")
            let occurrences = postings.unpack(0, documentCount: 10, fieldCount: 2)
            #expect(Set(occurrences.map { UInt32($0 >> 32) }) == Set(crafted.documents), "\(crafted.name)")
            #expect(occurrences.count == crafted.counts.reduce(0) { $0 + Int($1) }, "\(crafted.name)")
        }
    }

    @Test("a damaged postings part is found when a search reads it: no postings come from it, and the index says it is damaged")
    func damageIsFound() throws {
        let file = try WrittenIndex(build((0..<200).map { ($0, document($0)) }))
        let sound = try file.read()
        #expect(try !sound.search("rain").isEmpty && !sound.foundDamage)
        // Flip a byte near the end, inside the packed postings (one part: 200 documents are less than 64 KiB).
        var byte: UInt8 = 0
        #expect(pread(file.fd, &byte, 1, off_t(file.size - 5)) == 1)
        byte ^= 0x5A
        #expect(pwrite(file.fd, &byte, 1, off_t(file.size - 5)) == 1)
        let damaged = try file.read()
        #expect(!damaged.foundDamage, "nothing read yet")
        #expect(try damaged.search("rain").isEmpty)
        #expect(damaged.foundDamage)
        // Cut short: refused whole.
        ftruncate(file.fd, off_t(file.size / 2))
        #expect(throws: CacheFormatError.self) { try file.read(size: file.size / 2) }
    }

    /// A file that passes its checksums but claims `keyCount` keys (the checksums are no defence
    /// against a file made to pass them): refused as a format error, never a trap.
    @Test(
        "a key count no table can hold, checksums made to match, is refused without trapping",
        arguments: [UInt64.max, UInt64(Int.max) / 2 + 1, 1 << 40])
    func impossibleKeyCount(keyCount: UInt64) throws {
        let file = try WrittenIndex(build((0..<50).map { ($0, document($0)) }))
        let fd = file.fd
        let size = file.size
        // Where the first segment's key count and tables checksum lie, read as decoding reads them.
        var walk = BinaryReader(fd: fd, size: size)
        _ = try walk.read(UInt32.self)
        let tablesStart = walk.offset
        _ = try walk.read(UInt32.self)
        let fieldCount = Int(try walk.read(UInt32.self))
        for _ in 0..<fieldCount {
            _ = try walk.readString()
            _ = try walk.readDouble()
        }
        _ = try walk.readArray(Int.self)
        _ = try walk.readArray(UInt32.self)
        let keyOffset = walk.offset
        _ = try walk.read(UInt64.self)
        _ = try walk.readArray(UInt64.self)
        _ = try walk.readArray(Int32.self)
        _ = try walk.readArray(UInt32.self)
        _ = try walk.readArray(UInt64.self)
        _ = try walk.readArray(UInt32.self)
        _ = try walk.readArray(UInt8.self)
        _ = try walk.readArray(Int32.self)
        _ = try walk.readArray(UInt8.self)
        _ = try walk.readArray(UInt64.self)
        _ = try walk.readArray(UInt32.self)
        let tablesEnd = walk.offset
        var claimed = keyCount
        #expect(pwrite(fd, &claimed, 8, off_t(keyOffset)) == 8)
        var tables = [UInt8](repeating: 0, count: tablesEnd - tablesStart)
        #expect(pread(fd, &tables, tables.count, off_t(tablesStart)) == tables.count)
        var checksum = tables.withUnsafeBytes { CacheChecksum.of($0) }
        #expect(pwrite(fd, &checksum, 8, off_t(tablesEnd)) == 8)
        #expect(throws: CacheFormatError.self) { try file.read() }
    }

    @Test("an index written a segment at a time, each built just before, reads back and ranks as one built whole")
    func writtenInSegments() throws {
        let whole = build((0..<900).map { ($0, document($0)) })
        let read = try WrittenIndex { writer in
            TextIndex.writeSegmentCount(3, into: &writer)
            for part in 0..<3 { build((part * 300..<(part + 1) * 300).map { ($0, document($0)) }).encodeAsOneSegment(into: &writer) }
        }.read()
        #expect(read.documentCount == 900)
        #expect(try results(read) == results(whole))
        #expect(try results(roundTrip(read)) == results(whole), "written again")
    }

    @Test("parts joined at once rank as one index built whole, with some documents of a part gone; parts of other fields are refused")
    func joinedParts() throws {
        let whole = build((0..<900).map { ($0, document($0)) })
        let parts = (0..<4).map { part in build((part * 225..<(part + 1) * 225).map { ($0, document($0)) }) }
        let joined = try #require(TextIndex.joined(parts))
        #expect(joined.documentCount == 900)
        #expect(try results(joined) == results(whole))
        #expect(try results(roundTrip(joined)) == results(whole), "written and read back")
        // A document no longer counted in a part stays uncounted once joined.
        let fewer = try #require(parts[0].replacing(keeping: { $0 % 2 == 0 ? $0 : nil }, adding: parts[1]))
        let joinedFewer = try #require(TextIndex.joined([fewer, parts[2], parts[3]]))
        let wholeFewer = build((0..<900).filter { $0 >= 225 || $0 % 2 == 0 }.map { ($0, document($0)) })
        #expect(joinedFewer.documentCount == wholeFewer.documentCount)
        #expect(try results(joinedFewer) == results(wholeFewer))
        var other = TextIndex.Builder(fields: [IndexField("title", weight: 3)])
        other.add(id: 5_000, texts: ["rain"])
        #expect(TextIndex.joined([parts[0], other.build()]) == nil)
        #expect(TextIndex.joined([]) == nil)
    }

    @Test("the checksum fed in pieces of any size equals the checksum of the pieces joined, and any flipped byte changes it")
    func checksumPieces() {
        let bytes = (0..<1_000).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ $0 >> 3) }
        let whole = bytes.withUnsafeBytes { CacheChecksum.of($0) }
        for pieces in [1, 3, 7, 8, 31, 32, 33, 100, 999] {
            var checksum = CacheChecksum()
            bytes.withUnsafeBytes { raw in
                for start in stride(from: 0, to: raw.count, by: pieces) {
                    checksum.update(UnsafeRawBufferPointer(rebasing: raw[start..<min(raw.count, start + pieces)]))
                }
            }
            #expect(checksum.value == whole, "in pieces of \(pieces)")
        }
        for offset in [0, 7, 8, 31, 32, 500, 990, 999] {
            var flipped = bytes
            flipped[offset] ^= 0x01
            #expect(flipped.withUnsafeBytes { CacheChecksum.of($0) } != whole, "byte \(offset)")
        }
        #expect(bytes.prefix(999).withUnsafeBytes { CacheChecksum.of($0) } != whole)
    }
}

@Suite("A term typed without spaces: the narrowed passes against reading every occurrence")
struct TypedTermNarrowingTests {
    /// Typed runs of the corpus' words: together, apart, reversed, with one unknown, with Latin.
    static let typed = [
        "下雨傍晚", "傍晚下雨", "河邊散步", "散步河邊", "咖啡火車", "安靜下雨傍晚", "下著小雨傍晚", "下雨rain", "河邊n17", "傍晚的散步", "火車站咖啡",
    ]

    @Test(arguments: [false, true])
    func sameDocumentsAndCounts(packed: Bool) throws {
        let built = build((0..<400).map { (id: $0 * 3, texts: document($0)) })
        let index = packed ? try roundTrip(built) : built
        var compared = 0
        for text in Self.typed {
            let query = try QueryParser(tokenizer: index.tokenizer).parse(text)
            for term in query.clauses.flatMap(\.alternatives) where !term.words.isEmpty {
                for segment in index.segments {
                    let narrowed = segment.matchWords(term)
                    let everything = segment.matchWords(term, narrowed: false)
                    #expect(narrowed.documents == everything.documents, "\(text)")
                    #expect(narrowed.counts == everything.counts, "\(text)")
                    compared += narrowed.documents.count
                }
            }
        }
        // The corpus holds the words together and apart: the comparison saw real matches.
        #expect(compared > 100)
    }
}

@Suite("Segments matched side by side against one after the other")
struct SideBySideSegmentsTests {
    @Test("an index of several segments, some documents gone: the same documents and counts for every kind of term")
    func sameDocumentsAndCounts() throws {
        // Five segments of 120 documents, each a replacement that keeps all but a few of the last.
        var index = build((0..<120).map { (id: $0, texts: document($0)) })
        for part in 1..<5 {
            let dropped = Set([part * 7, part * 31, part * 53])
            let kept = index
            let next = build((0..<120).map { (id: part * 120 + $0, texts: document(part * 120 + $0, variant: part % 2)) })
            index = try #require(kept.replacing(keeping: { dropped.contains($0) ? nil : $0 }, adding: next))
        }
        #expect(index.segments.count > 1)
        var compared = 0
        for text in ["下雨", "下雨傍晚", "河邊散步", "rain", "\"下雨 傍晚\"", "ra*", "傍晚的散步", "n17", "咖啡 OR 火車"] {
            let query = try QueryParser(tokenizer: index.tokenizer).parse(text)
            for term in query.clauses.flatMap(\.alternatives) {
                let sideBySide = index.match(term, sideBySide: true)
                let inTurn = index.match(term, sideBySide: false)
                #expect(sideBySide.documents == inTurn.documents, "\(text)")
                #expect(sideBySide.counts == inTurn.counts, "\(text)")
                compared += sideBySide.documents.count
            }
        }
        #expect(compared > 100)
    }
}

@Suite("Galloping search against binary search")
struct GallopingSearchTests {
    @Test func sameAnswerEverywhere() {
        var generator = SystemRandomNumberGenerator()
        for size in [0, 1, 2, 3, 7, 64, 1_000] {
            var values = (0..<size).map { _ in UInt64.random(in: 0..<200, using: &generator) }
            values.sort()
            values.withUnsafeBufferPointer { array in
                for start in Set([0, size / 3, size / 2, size]) {
                    for value in [0, 1, 50, 100, 199, 200, 500] as [UInt64] {
                        let range = start..<size
                        #expect(
                            gallopingLowerBound(array, value, in: range) == lowerBound(array, value, in: range), "\(size) \(start) \(value)"
                        )
                        let narrow = array.map { UInt32($0) }
                        narrow.withUnsafeBufferPointer { small in
                            #expect(
                                gallopingLowerBound(small, UInt32(value), in: range) == lowerBound(array, value, in: range),
                                "UInt32: \(size) \(start) \(value)")
                        }
                    }
                }
            }
        }
    }
}
