/// Why a vectors file was not read: the caller discards it and embeds again.
public enum VectorStoreDamage: Error, Sendable, Equatable {
    case notAVectorsFile
    case unknownVersion(UInt32)
    case truncated
    case checksumMismatch
    case malformed(String)

    /// A few words for a message (quoted as the reason, in both languages).
    public var reason: String {
        switch self {
        case .notAVectorsFile: "magic"
        case .unknownVersion(let version): "version \(version)"
        case .truncated: "truncated"
        case .checksumMismatch: "checksum"
        case .malformed(let what): what
        }
    }
}

/// The vectors of search by meaning, kept in memory as one flat array of quantised values: each
/// chunk of a document is a key (the document's), its lines, the hash of what was embedded, and
/// its vector as Int8 with one Float scale (384 dimensions: about 420 bytes a chunk).
///
/// It reads and writes its own binary format (``encoded()``, ``init(decoding:)``), and finds the
/// nearest chunks to a query by cosine over the flat array. No I/O, no network: the store on disk
/// and the server belong to its callers. One store holds one model's vectors, of one length:
/// vectors are never mixed across models.
///
/// The format, little-endian: `FOLIOVEC`, version (UInt32, 1), quantisation (UInt8, 1: Int8 with
/// a Float32 scale per vector), dimension (UInt32), the model asked for and the model that
/// answered (each a UInt16 length and UTF-8), the number of entries (UInt32); then each entry: the
/// key (UInt16 length, UTF-8), first and last line (UInt32 each), the 16-byte hash, the scale
/// (Float32) and `dimension` Int8 values; last, a ``CacheChecksum`` (UInt64) of all before it.
public struct VectorStore: Sendable {
    public static let magic: [UInt8] = Array("FOLIOVEC".utf8)
    public static let version: UInt32 = 1
    public static let hashBytes = 16
    public static let maxDimension = 8_192
    static let maxKeyBytes = 4_096

    /// The model asked for (`embeddings.model`); the chunks' hashes include it.
    public private(set) var model: String
    /// The model the server said answered (its reply's `model`), or ``model`` when it said none.
    public private(set) var servedModel: String
    public private(set) var dimension: Int
    public private(set) var keys: [String] = []
    public private(set) var lines: [ClosedRange<Int>] = []
    /// ``hashBytes`` bytes per entry.
    private var hashes: [UInt8] = []
    private var scales: [Float] = []
    /// 1 / the Int8 vector's length (0 for a zero vector): cosine needs no scale.
    private var inverseNorms: [Float] = []
    private var values: [Int8] = []

    public init(model: String, servedModel: String, dimension: Int) {
        self.model = model
        self.servedModel = servedModel
        self.dimension = dimension
    }

    public var count: Int { keys.count }
    public var isEmpty: Bool { keys.isEmpty }

    /// The hash of entry `index`.
    public func hash(_ index: Int) -> ArraySlice<UInt8> {
        hashes[(index * Self.hashBytes)..<((index + 1) * Self.hashBytes)]
    }

    /// The entry's vector as stored, scaled back to Floats.
    public func vector(_ index: Int) -> [Float] {
        let scale = scales[index]
        return values[(index * dimension)..<((index + 1) * dimension)].map { Float($0) * scale }
    }

    /// Adds a chunk's vector; `vector.count` must be ``dimension`` and `hash` ``hashBytes`` long
    /// (an entry that is not is left out).
    public mutating func add(key: String, lines: ClosedRange<Int>, hash: [UInt8], vector: [Float]) {
        guard vector.count == dimension, hash.count == Self.hashBytes, key.utf8.count <= Self.maxKeyBytes else { return }
        var largest: Float = 0
        for value in vector where value.isFinite { largest = max(largest, abs(value)) }
        let scale = largest > 0 ? largest / 127 : 0
        var squares: Float = 0
        for value in vector {
            let q = scale > 0 && value.isFinite ? Int8(max(-127, min(127, (value / scale).rounded()))) : 0
            values.append(q)
            squares += Float(q) * Float(q)
        }
        keys.append(key)
        self.lines.append(lines)
        hashes += hash
        scales.append(scale)
        inverseNorms.append(squares > 0 ? 1 / squares.squareRoot() : 0)
    }

    /// Keeps only the entries `keep` says yes to, in their order.
    public mutating func retain(where keep: (Int) -> Bool) {
        var kept = VectorStore(model: model, servedModel: servedModel, dimension: dimension)
        for index in keys.indices where keep(index) {
            kept.keys.append(keys[index])
            kept.lines.append(lines[index])
            kept.hashes += hash(index)
            kept.scales.append(scales[index])
            kept.inverseNorms.append(inverseNorms[index])
            kept.values += values[(index * dimension)..<((index + 1) * dimension)]
        }
        self = kept
    }

    // MARK: - Nearest

    /// One chunk near the query: its entry and its cosine similarity (-1…1).
    public struct Neighbour: Sendable, Equatable {
        public var entry: Int
        public var similarity: Float
    }

    /// The entries whose cosine with `query` is at least `floor`, best first, at most `limit`;
    /// none for a query of another length.
    public func nearest(_ query: [Float], floor: Float, limit: Int) -> [Neighbour] {
        guard query.count == dimension, dimension > 0, limit > 0 else { return [] }
        var squares: Float = 0
        for value in query { squares += value * value }
        guard squares > 0, squares.isFinite else { return [] }
        let unit = query.map { $0 / squares.squareRoot() }
        var found: [Neighbour] = []
        let dimension = self.dimension
        unit.withUnsafeBufferPointer { q in
            values.withUnsafeBufferPointer { all in
                for entry in 0..<count {
                    let base = entry * dimension
                    var sum: Float = 0
                    for j in 0..<dimension { sum += q[j] * Float(all[base + j]) }
                    let similarity = sum * inverseNorms[entry]
                    if similarity >= floor { found.append(Neighbour(entry: entry, similarity: similarity)) }
                }
            }
        }
        found.sort { $0.similarity != $1.similarity ? $0.similarity > $1.similarity : $0.entry < $1.entry }
        return Array(found.prefix(limit))
    }

    // MARK: - Format

    /// The store as the bytes of a vectors file.
    public func encoded() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(64 + count * (dimension + 48))
        out += Self.magic
        Self.put(Self.version, into: &out)
        out.append(1)
        Self.put(UInt32(clamping: dimension), into: &out)
        for text in [model, servedModel] {
            let bytes = Array(text.utf8.prefix(Self.maxKeyBytes))
            Self.put(UInt16(clamping: bytes.count), into: &out)
            out += bytes
        }
        Self.put(UInt32(clamping: count), into: &out)
        for index in keys.indices {
            let key = Array(keys[index].utf8)
            Self.put(UInt16(clamping: key.count), into: &out)
            out += key
            Self.put(UInt32(clamping: lines[index].lowerBound), into: &out)
            Self.put(UInt32(clamping: lines[index].upperBound), into: &out)
            out += hash(index)
            Self.put(scales[index].bitPattern, into: &out)
            values[(index * dimension)..<((index + 1) * dimension)].withUnsafeBytes { out += $0 }
        }
        let checksum = out.withUnsafeBytes { CacheChecksum.of($0) }
        Self.put(checksum, into: &out)
        return out
    }

    /// Reads a vectors file; every length and count is checked against the bytes there are, so
    /// damaged or hostile bytes are an error, never a crash or a huge allocation.
    public init(decoding bytes: [UInt8]) throws(VectorStoreDamage) {
        guard bytes.count >= Self.magic.count, Array(bytes.prefix(Self.magic.count)) == Self.magic else { throw .notAVectorsFile }
        var reader = Reader(bytes: bytes, position: Self.magic.count)
        guard let version = reader.u32() else { throw .truncated }
        guard version == Self.version else { throw .unknownVersion(version) }
        guard bytes.count >= 8 + Self.magic.count else { throw .truncated }
        let stored = bytes.withUnsafeBytes { raw in
            UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self))
        }
        let computed = bytes.withUnsafeBytes { raw in CacheChecksum.of(UnsafeRawBufferPointer(rebasing: raw[..<(bytes.count - 8)])) }
        guard stored == computed else { throw .checksumMismatch }
        reader.end = bytes.count - 8
        guard let quantisation = reader.u8(), let dimension = reader.u32(), let model = reader.text(), let served = reader.text(),
            let count = reader.u32()
        else { throw .truncated }
        guard quantisation == 1 else { throw .malformed("quantisation \(quantisation)") }
        guard (1...Self.maxDimension).contains(Int(dimension)) else { throw .malformed("dimension \(dimension)") }
        let dim = Int(dimension)
        // The smallest entry: a key length, two lines, the hash, the scale and the values.
        let smallest = 2 + 8 + Self.hashBytes + 4 + dim
        guard Int(count) <= (reader.end - reader.position) / smallest else { throw .truncated }
        self.init(model: model, servedModel: served, dimension: dim)
        keys.reserveCapacity(Int(count))
        values.reserveCapacity(Int(count) * dim)
        for _ in 0..<Int(count) {
            guard let key = reader.text(), let first = reader.u32(), let last = reader.u32(), let hash = reader.take(Self.hashBytes),
                let scaleBits = reader.u32(), let raw = reader.take(dim)
            else { throw .truncated }
            let scale = Float(bitPattern: scaleBits)
            guard first >= 1, first <= last, scale.isFinite, scale >= 0 else { throw .malformed("entry") }
            keys.append(key)
            lines.append(Int(first)...Int(last))
            hashes += hash
            scales.append(scale)
            var squares: Float = 0
            for byte in raw {
                let q = Int8(bitPattern: byte)
                values.append(q)
                squares += Float(q) * Float(q)
            }
            inverseNorms.append(squares > 0 ? 1 / squares.squareRoot() : 0)
        }
        guard reader.position == reader.end else { throw .malformed("trailing bytes") }
    }

    private static func put<T: FixedWidthInteger>(_ value: T, into out: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { out += $0 }
    }

    /// Reads little-endian values, answering nil past the end instead of trapping.
    private struct Reader {
        let bytes: [UInt8]
        var position: Int
        var end: Int

        init(bytes: [UInt8], position: Int) {
            self.bytes = bytes
            self.position = position
            end = bytes.count
        }

        mutating func take(_ n: Int) -> ArraySlice<UInt8>? {
            guard n >= 0, end - position >= n else { return nil }
            defer { position += n }
            return bytes[position..<(position + n)]
        }

        mutating func u8() -> UInt8? { take(1)?.first }

        mutating func u16() -> UInt16? {
            take(2).map { slice in slice.reversed().reduce(0) { $0 << 8 | UInt16($1) } }
        }

        mutating func u32() -> UInt32? {
            take(4).map { slice in slice.reversed().reduce(0) { $0 << 8 | UInt32($1) } }
        }

        mutating func text() -> String? {
            guard let length = u16(), Int(length) <= VectorStore.maxKeyBytes, let raw = take(Int(length)) else { return nil }
            return String(validating: raw, as: UTF8.self)
        }
    }
}
