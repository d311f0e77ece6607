import FolioSearch
import Foundation
import Testing

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

    @Test("384 dimensions take about 420 bytes a chunk: 100,000 records of 4 chunks stay under 200 MB")
    func size() {
        let store = Self.sample(entries: 100, dimension: 384)
        let perChunk = store.encoded().count / 100
        #expect(perChunk < 440, "\(perChunk) bytes a chunk")
        #expect(perChunk * 400_000 < 200_000_000)
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
        #expect(found.map { store.keys[$0.entry] } == ["x", "xy"])
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
