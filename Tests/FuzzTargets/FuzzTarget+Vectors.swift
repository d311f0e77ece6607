import FolioSearch
import SystemIO

extension FuzzTarget {
    /// The vectors file reader (`.folio/local/vectors.bin`) on any bytes. The first byte chooses
    /// whether the checksum at the end is made right first, so the fuzzer reaches the counts and
    /// lengths behind it.
    ///
    /// Promises: no crash or huge allocation whatever the counts claim; a store it reads answers
    /// every entry's key, lines and vector, ranks a query within its entries, and writes bytes that
    /// read back the same.
    static let vectors = FuzzTarget(
        name: "vectors",
        summary: "VectorStore(decoding:): counts and lengths checked; a read store ranks within itself and reads back the same",
        generatedSeeds: { [[1] + VectorsFuzz.sample().encoded()] }
    ) { bytes throws(InvariantFailure) in
        guard let selector = bytes.first else { return }
        var input = Array(bytes.dropFirst())
        if selector & 1 == 1, input.count >= 8 {
            input.removeLast(8)
            let checksum = input.withUnsafeBytes { CacheChecksum.of($0) }
            withUnsafeBytes(of: checksum.littleEndian) { input += $0 }
        }
        guard let store = try? VectorStore(decoding: input) else { return }  // try?: damage is the expected answer
        for entry in 0..<store.count {
            _ = store.key(entry)
            try expect(store.lines(entry).lowerBound >= 1, "entry \(entry) starts before line 1")
            try expect(store.vector(entry).count == store.dimension, "entry \(entry) has a vector of another length")
        }
        let query = (0..<store.dimension).map { Float(($0 * 7) % 11) - 5 }
        for neighbour in store.nearest(query, floor: -2, limit: 5) {
            try expect((0..<store.count).contains(neighbour.entry), "a neighbour outside the store: \(neighbour.entry)")
        }
        guard let again = try? VectorStore(decoding: store.encoded()) else {  // try?: a failure is the broken promise below
            throw InvariantFailure("a store read from bytes does not read back from its own encoding")
        }
        try expect(again.keys == store.keys && again.lines == store.lines && again.sources == store.sources, "read back otherwise")
    }
}

enum VectorsFuzz {
    static func sample() -> VectorStore {
        var store = VectorStore(model: "e5", servedModel: "e5-q4", dimension: 19)
        for entry in 0..<3 {
            store.add(
                key: "id-\(entry % 2)", lines: 1...(entry + 1), hash: Array(repeating: UInt8(entry), count: 16),
                vector: (0..<19).map { Float($0 * (entry + 1) % 5) - 2 })
        }
        store.sources = [
            VectorStore.Source(
                path: "a.md", key: "id-0", stamp: FileStamp(size: 1, modifiedNanoseconds: 2, changedNanoseconds: 3, inode: 4))
        ]
        return store
    }
}
