import FolioSearch
import Foundation
import SystemIO
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Vectors of search by meaning")
struct VectorStoreTests {
    static func sample(entries: Int = 5, dimension: Int = 8) -> VectorStore {
        var store = VectorStore(model: "e5", servedModel: "multilingual-e5-small-q4", dimension: dimension)
        for entry in 0..<entries {
            let vector = (0..<dimension).map { Float(sin(Double(entry * dimension + $0))) }
            store.add(key: "id-\(entry)", lines: (entry + 1)...(entry + 3), hash: Array(repeating: UInt8(entry), count: 16), vector: vector)
        }
        return store
    }

    @Test("the file keeps keys, lines, hashes, models and vectors (to Int8 precision)")
    func roundTrip() throws {
        let store = Self.sample()
        let read = try VectorStore(decoding: store.encoded())
        #expect(read.model == "e5" && read.servedModel == "multilingual-e5-small-q4" && read.dimension == 8)
        #expect(read.keys == store.keys && read.lines == store.lines)
        for entry in 0..<store.count {
            #expect(read.hash(entry) == store.hash(entry))
            for (a, b) in zip(read.vector(entry), store.vector(entry)) { #expect(abs(a - b) < 1e-6) }
        }
    }

    @Test("384 dimensions take about 430 bytes a chunk: 100,000 records of 4 chunks stay under 200 MB")
    func size() {
        var store = VectorStore(model: "e5", servedModel: "e5", dimension: 384)
        var sources: [VectorStore.Source] = []
        for record in 0..<100 {
            let key = "01936b6e-7c1a-7000-8000-\(String(format: "%012d", record))"
            for chunk in 0..<4 {
                let vector = (0..<384).map { Float(sin(Double(record * 4 + chunk + $0))) }
                store.add(key: key, lines: 1...2, hash: Array(repeating: UInt8(chunk), count: 16), vector: vector)
            }
            let stamp = FileStamp(size: 900, modifiedNanoseconds: 1, changedNanoseconds: 2, inode: UInt64(record))
            sources.append(VectorStore.Source(path: "diary/2026/11/2026-11-22-\(key).md", key: key, stamp: stamp))
        }
        store.sources = sources
        let perChunk = store.encoded().count / 400
        #expect(perChunk < 460, "\(perChunk) bytes a chunk")
        #expect(perChunk * 400_000 < 200_000_000)
    }

    @Test("the stamps and fingerprint are kept; the values lie 16-byte aligned, used in place from a mapped file")
    func mapped() throws {
        var store = Self.sample(entries: 7, dimension: 37)
        store.fingerprint = Array(repeating: 7, count: 16)
        let stamp = FileStamp(size: 12, modifiedNanoseconds: -3, changedNanoseconds: 1 << 62, inode: 99)
        store.sources = [
            VectorStore.Source(path: "a/b.md", key: "id-1", stamp: stamp), VectorStore.Source(path: "c.md", key: "gone", stamp: stamp),
        ]
        let bytes = store.encoded()
        #expect((bytes.count - 8 - 7 * 37) % 16 == 0, "the values start at a multiple of 16")
        let scratch = try Scratch("vectors")
        let url = scratch.path("vectors.bin")
        try Data(bytes).write(to: url)
        let fd = open(url.path, O_RDONLY)
        defer { close(fd) }
        let mapping = try #require(FileMapping(fd: fd, size: bytes.count))
        var read = try VectorStore(mapping: mapping)
        #expect(read.sources == store.sources && read.fingerprint == store.fingerprint && read.keys == store.keys)
        let query = (0..<37).map { Float(cos(Double($0))) }
        #expect(read.nearest(query, floor: -1, limit: 10) == store.nearest(query, floor: -1, limit: 10))
        // Adding to a mapped store copies its values out first.
        read.add(key: "new", lines: 1...1, hash: Array(repeating: 1, count: 16), vector: query)
        #expect(read.count == 8 && read.vector(3) == store.vector(3))
        #expect(read.nearest(query, floor: -1, limit: 1).first?.entry == 7)
    }

    @Test("a store read in place answers as the one it was written from, and changes as a copied one does")
    func inPlaceAnswersAsWritten() throws {
        var store = Self.sample(entries: 9, dimension: 21)
        store.fingerprint = Array(repeating: 3, count: 16)
        let stamps = (0..<4).map { FileStamp(size: UInt64($0), modifiedNanoseconds: -Int64($0), changedNanoseconds: 5, inode: 7) }
        store.sources = [
            VectorStore.Source(path: "日記/淡水.md", key: "id-2", stamp: stamps[0]),
            VectorStore.Source(path: "b.md", key: "id-0", stamp: stamps[1]),
            VectorStore.Source(path: "c.md", key: "no entry", stamp: stamps[2]),
            VectorStore.Source(path: "d.md", key: "id-2", stamp: stamps[3]),
        ]
        var read = try VectorStore(decoding: store.encoded())
        #expect(read.count == 9 && read.keyCount == 10 && read.sourceCount == 4)
        for entry in 0..<store.count {
            #expect(read.key(entry) == store.key(entry) && read.lines(entry) == store.lines(entry) && read.hash(entry) == store.hash(entry))
            #expect(read.keyText(read.keyNumber(entry)) == store.key(entry))
        }
        for source in 0..<store.sourceCount {
            #expect(read.sourceStamp(source) == store.sources[source].stamp)
            #expect(read.withSourcePath(source) { Array($0) } == Array(store.sources[source].path.utf8))
            #expect(read.keyText(read.sourceKeyNumber(source)) == store.sources[source].key)
        }
        #expect(read.sources == store.sources)
        // Dropping entries from the store read in place keeps what the copied store keeps.
        var copied = store
        read.retain { $0 % 3 != 1 }
        copied.retain { $0 % 3 != 1 }
        #expect(read.keys == copied.keys && read.lines == copied.lines && read.sources == copied.sources)
        #expect(read.encoded() == copied.encoded())
        read.sources = Array(store.sources.prefix(1))
        #expect(try VectorStore(decoding: read.encoded()).sources == Array(store.sources.prefix(1)))
    }

    @Test("a key or a path that is not UTF-8 is damage, found when the file is read")
    func keysAreCheckedWhenRead() throws {
        var store = VectorStore(model: "e5", servedModel: "e5", dimension: 4)
        store.add(key: "kkkk", lines: 1...1, hash: Array(repeating: 0, count: 16), vector: [1, 0, 0, 0])
        store.sources = [
            VectorStore.Source(
                path: "pppp.md", key: "kkkk", stamp: FileStamp(size: 1, modifiedNanoseconds: 1, changedNanoseconds: 1, inode: 1))
        ]
        let bytes = store.encoded()
        for text in ["kkkk", "pppp"] {
            guard let at = (0..<bytes.count - 4).first(where: { Array(bytes[$0..<($0 + 4)]) == Array(text.utf8) }) else {
                Issue.record("\(text) is not in the file")
                continue
            }
            var damaged = bytes
            damaged[at + 1] = 0xC3  // a lead byte followed by an ASCII byte
            damaged.removeLast(8)
            withUnsafeBytes(of: damaged.withUnsafeBytes { CacheChecksum.of($0) }.littleEndian) { damaged += $0 }
            #expect(throws: VectorStoreDamage.truncated) { try VectorStore(decoding: damaged) }
        }
    }

    @Test("SIMD similarities rank as the plain loop does, for every length up to 70 and 384")
    func simdAgreesWithLoop() async {
        var generator = SystemRandomNumberGenerator()
        for dimension in Array(1...70) + [383, 384] {
            var store = VectorStore(model: "m", servedModel: "m", dimension: dimension)
            for entry in 0..<40 {
                let vector = (0..<dimension).map { _ in Float.random(in: -1...1, using: &generator) }
                store.add(key: "k\(entry % 7)", lines: 1...1, hash: Array(repeating: 0, count: 16), vector: vector)
            }
            let query = (0..<dimension).map { _ in Float.random(in: -1...1, using: &generator) }
            let byLoop = store.nearestByLoop(query, floor: -1, limit: 40)
            let bySIMD = store.nearest(query, floor: -1, limit: 40)
            let all = await store.similarities(to: query)
            #expect(bySIMD.count == byLoop.count && all.count == 40)
            for (a, b) in zip(bySIMD, byLoop) {
                #expect(a.entry == b.entry || abs(a.similarity - b.similarity) < 1e-5, "dimension \(dimension)")
                #expect(abs(a.similarity - b.similarity) < 1e-5)
                #expect(abs(all[b.entry] - b.similarity) < 1e-5)
            }
        }
    }

    @Test("counts larger than the bytes there are are refused before anything is allocated")
    func hostileCounts() {
        let bytes = Self.sample(entries: 2, dimension: 4).encoded()
        // The three counts follow the magic, version, quantisation, dimension, two models and the fingerprint.
        let counts = 8 + 4 + 1 + 4 + (2 + 2) + (2 + 24) + 16
        for field in 0..<3 {
            var hostile = Array(bytes.dropLast(8))
            for k in 0..<4 { hostile[counts + field * 4 + k] = 0xFF }
            let checksum = hostile.withUnsafeBytes { CacheChecksum.of($0) }
            withUnsafeBytes(of: checksum.littleEndian) { hostile += $0 }
            #expect(throws: VectorStoreDamage.truncated) { try VectorStore(decoding: hostile) }
        }
    }

    @Test("a version 1 file is refused as an older version, to be made again")
    func versionOne() {
        var bytes = Self.sample().encoded()
        bytes[8] = 1
        #expect(throws: VectorStoreDamage.unknownVersion(1)) { try VectorStore(decoding: bytes) }
    }

    @Test("every prefix of a file, and every byte flipped, is refused as damage, never a crash")
    func damage() {
        let bytes = Self.sample(entries: 3, dimension: 4).encoded()
        for length in 0..<bytes.count {
            #expect(throws: VectorStoreDamage.self) { try VectorStore(decoding: Array(bytes.prefix(length))) }
        }
        for index in bytes.indices {
            var flipped = bytes
            flipped[index] ^= 0x5A
            #expect(throws: VectorStoreDamage.self) { try VectorStore(decoding: flipped) }
        }
    }

    @Test("an unknown version is named as such")
    func version() {
        var bytes = Self.sample().encoded()
        bytes[8] = 9
        #expect(throws: VectorStoreDamage.unknownVersion(9)) { try VectorStore(decoding: bytes) }
    }

    @Test("nearest ranks by cosine, above the floor only, and ignores a query of another length")
    func nearest() {
        var store = VectorStore(model: "m", servedModel: "m", dimension: 3)
        let hash = [UInt8](repeating: 0, count: 16)
        store.add(key: "x", lines: 1...1, hash: hash, vector: [1, 0, 0])
        store.add(key: "y", lines: 1...1, hash: hash, vector: [0, 2, 0])
        store.add(key: "xy", lines: 1...1, hash: hash, vector: [1, 1, 0])
        let found = store.nearest([3, 0.2, 0], floor: 0.5, limit: 10)
        #expect(found.map { store.key($0.entry) } == ["x", "xy"])
        #expect(store.nearest([1, 0], floor: -1, limit: 10).isEmpty)
        #expect(store.nearest([0, 0, 0], floor: -1, limit: 10).isEmpty)
    }

    @Test("retain keeps the chosen entries with their vectors")
    func retain() throws {
        var store = Self.sample()
        let kept = store.vector(3)
        store.retain { $0 == 3 }
        #expect(store.keys == ["id-3"])
        #expect(store.vector(0) == kept)
        #expect(try VectorStore(decoding: store.encoded()).keys == ["id-3"])
    }
}

@Suite("Chunks of a document")
struct TextChunkTests {
    @Test("paragraphs are joined while they fit, each chunk with the file lines it spans")
    func paragraphs() {
        let body = "First paragraph\nstill first.\n\nSecond.\n\n\n" + String(repeating: "長", count: 590) + "\n"
        let chunks = TextChunker.chunks([TextChunker.Section("Title", firstLine: 2), TextChunker.Section(body, firstLine: 10)])
        #expect(chunks.count == 2)
        #expect(chunks[0].text == "Title\nFirst paragraph\nstill first.\nSecond.")
        #expect(chunks[0].lines == 2...13)
        #expect(chunks[1].lines == 16...16)
        #expect(chunks.allSatisfy { $0.text.count <= TextChunker.limit })
    }

    @Test("a paragraph longer than the limit is cut at sentence ends, each piece within it")
    func longParagraph() {
        let sentence = "今天在河邊散步，看到很多白鷺鷥。"
        let chunks = TextChunker.chunks([TextChunker.Section(String(repeating: sentence, count: 100), firstLine: 7)])
        #expect(chunks.count > 2)
        #expect(chunks.allSatisfy { $0.text.count <= TextChunker.limit && $0.lines == 7...7 })
        #expect(chunks.dropLast().allSatisfy { $0.text.hasSuffix("。") })
        #expect(chunks.map(\.text).joined() == String(repeating: sentence, count: 100))
    }

    @Test("CRLF lines count as lines; blank text has no chunk")
    func crlf() {
        let chunks = TextChunker.chunks([TextChunker.Section("a\r\n\r\nb\r\n", firstLine: 1), TextChunker.Section("  \n", firstLine: 9)])
        #expect(chunks == [TextChunk(text: "a\nb", lines: 1...3)])
    }
}
