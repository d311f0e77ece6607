import Foundation
import SystemIO

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

/// The vectors of search by meaning: each chunk of a document is an entry (the document's key,
/// its lines, the hash of what was embedded, its vector as Int8 with one Float scale, 384
/// dimensions taking about 430 bytes a chunk), all vectors in one flat block of Int8s. A store
/// read from a file (``init(mapping:)``) uses that block in place: nothing is copied until an
/// entry is added or dropped.
///
/// With the entries it keeps the files they were cut from (``sources``, each with its stamp then)
/// and a ``fingerprint`` of how they were cut, so a caller finds the documents that changed
/// without reading the others. It reads and writes its own format (``encoded()``), and finds the
/// nearest chunks to a query by cosine with SIMD dot products. No I/O beyond mapping the file, no
/// network. One store holds one model's vectors, of one length: vectors are never mixed across models.
///
/// The format (version 2), little-endian: `FOLIOVEC`, version (UInt32, 2), quantisation (UInt8,
/// 1: Int8 with a Float32 scale per vector), dimension (UInt32), the model asked for and the model
/// that answered (each a UInt16 length and UTF-8), the fingerprint (16 bytes), the number of keys,
/// of entries and of sources (UInt32 each); the keys (UInt16 length, UTF-8, each once); the
/// entries, 40 bytes each: key number (UInt32), first and last line (UInt32 each), the 16-byte
/// hash, the scale and the inverse length of the Int8 vector (Float32 each), 4 zero bytes; the
/// sources: path (UInt16 length, UTF-8), key number (UInt32), size, modification and change times
/// in nanoseconds, inode (64 bits each); zero bytes up to a multiple of 16 from the file's start;
/// every entry's `dimension` Int8 values, one after another; last, a ``CacheChecksum`` (UInt64) of
/// all before it. A version 1 file is refused as ``VectorStoreDamage/unknownVersion(_:)`` and made again.
public struct VectorStore: Sendable {
    public static let magic: [UInt8] = Array("FOLIOVEC".utf8)
    public static let version: UInt32 = 2
    public static let hashBytes = 16
    public static let maxDimension = 8_192
    static let maxKeyBytes = 4_096
    static let entryBytes = 40
    /// The smallest source: an empty path, its key number and the stamp.
    static let smallestSourceBytes = 2 + 4 + 32

    /// A file whose chunks the entries of `key` are, with its stamp when they were cut.
    public struct Source: Sendable, Equatable {
        public var path: String
        public var key: String
        public var stamp: FileStamp

        public init(path: String, key: String, stamp: FileStamp) {
            self.path = path
            self.key = key
            self.stamp = stamp
        }
    }

    /// The model asked for (`embeddings.model`); the chunks' hashes include it.
    public private(set) var model: String
    /// The model the server said answered (its reply's `model`), or ``model`` when it said none.
    public private(set) var servedModel: String
    public private(set) var dimension: Int
    /// What the chunks' cutting depends on (``hashBytes`` bytes, the caller's); zeros when unknown.
    public var fingerprint: [UInt8] = Array(repeating: 0, count: hashBytes)
    /// Entries, keys and sources read in place from a mapped file until the store is changed: a
    /// search over an unchanged vault decodes only the keys of the entries it shows.
    private var mapped: MappedTables?
    private var ownedSources: [Source] = []
    /// Every key an entry has, once each, while the store is not ``mapped``.
    private var ownedKeys: [String] = []
    /// Each entry's key, as its place in the key table.
    private var entryKeys: [UInt32] = []
    /// The key table's places by key, made when an entry is first added.
    private var keyNumbers: [String: UInt32]?
    private var ownedLines: [ClosedRange<Int>] = []
    /// ``hashBytes`` bytes per entry.
    private var hashes: [UInt8] = []
    private var scales: [Float] = []
    /// 1 / the Int8 vector's length (0 for a zero vector): cosine needs no scale.
    private var inverseNorms: [Float] = []
    private var values: VectorValues = VectorValues()

    public init(model: String, servedModel: String, dimension: Int) {
        self.model = model
        self.servedModel = servedModel
        self.dimension = dimension
    }

    public var count: Int { mapped?.layout.entryCount ?? entryKeys.count }
    public var isEmpty: Bool { count == 0 }

    /// The files the entries were cut from; a caller keeps a key's entries without reading its
    /// files while they have these stamps. (Reading them all decodes every path: a caller going
    /// through them once uses ``sourceCount`` and the accessors below.)
    public var sources: [Source] {
        get {
            guard let mapped else { return ownedSources }
            return (0..<mapped.layout.sourceStarts.count).map { source($0, in: mapped) }
        }
        set {
            materialize()
            ownedSources = newValue
        }
    }

    public var sourceCount: Int { mapped?.layout.sourceStarts.count ?? ownedSources.count }

    /// The stamp source `index`'s file had when its entries were cut.
    public func sourceStamp(_ index: Int) -> FileStamp {
        guard let mapped else { return ownedSources[index].stamp }
        let at = mapped.layout.sourceStarts[index]
        let bytes = mapped.mapping.bytes
        let pathEnd = at + 2 + Int(bytes.u16(at))
        return FileStamp(
            size: bytes.u64(pathEnd + 4), modifiedNanoseconds: Int64(bitPattern: bytes.u64(pathEnd + 12)),
            changedNanoseconds: Int64(bitPattern: bytes.u64(pathEnd + 20)), inode: bytes.u64(pathEnd + 28))
    }

    /// Source `index`'s path as UTF-8 bytes, without decoding it.
    public func withSourcePath<R>(_ index: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        guard let mapped else {
            var path = ownedSources[index].path
            return path.withUTF8 { body(UnsafeRawBufferPointer($0)) }
        }
        return body(mapped.layout.text(at: mapped.layout.sourceStarts[index], in: mapped.mapping.bytes))
    }

    /// The place in the key table of source `index`'s key.
    public func sourceKeyNumber(_ index: Int) -> Int {
        guard let mapped else { return keyNumber(of: ownedSources[index].key) ?? -1 }
        let at = mapped.layout.sourceStarts[index]
        let bytes = mapped.mapping.bytes
        return Int(bytes.u32(at + 2 + Int(bytes.u16(at))))
    }

    private func source(_ index: Int, in mapped: MappedTables) -> Source {
        let path = String(decoding: mapped.layout.text(at: mapped.layout.sourceStarts[index], in: mapped.mapping.bytes), as: UTF8.self)
        return Source(path: path, key: keyText(sourceKeyNumber(index)), stamp: sourceStamp(index))
    }

    /// Every key an entry has, once each (a file may hold keys no entry has any more).
    public var keyTable: [String] { (0..<keyCount).map(keyText) }

    /// How many keys the key table holds.
    public var keyCount: Int { mapped?.layout.keyStarts.count ?? ownedKeys.count }

    /// The key at place `number` of the key table.
    public func keyText(_ number: Int) -> String {
        guard let mapped else { return ownedKeys[number] }
        return String(decoding: mapped.layout.text(at: mapped.layout.keyStarts[number], in: mapped.mapping.bytes), as: UTF8.self)
    }

    /// The place of `key` in the key table, if it is there.
    private func keyNumber(of key: String) -> Int? {
        if let number = keyNumbers?[key] { return Int(number) }
        return (0..<keyCount).first { keyText($0) == key }
    }

    /// The key of entry `index`.
    public func key(_ index: Int) -> String { keyText(keyNumber(index)) }

    /// The place in the key table of entry `index`'s key.
    public func keyNumber(_ index: Int) -> Int {
        guard let mapped else { return Int(entryKeys[index]) }
        return Int(mapped.mapping.bytes.u32(mapped.layout.entry(index)))
    }

    /// Every entry's key, in entry order.
    public var keys: [String] { (0..<count).map(key) }

    /// The lines of the file entry `index` was cut from.
    public func lines(_ index: Int) -> ClosedRange<Int> {
        guard let mapped else { return ownedLines[index] }
        let at = mapped.layout.entry(index)
        return Int(mapped.mapping.bytes.u32(at + 4))...Int(mapped.mapping.bytes.u32(at + 8))
    }

    /// Every entry's lines, in entry order.
    public var lines: [ClosedRange<Int>] { (0..<count).map(lines) }

    /// The hash of entry `index`.
    public func hash(_ index: Int) -> ArraySlice<UInt8> {
        guard let mapped else { return hashes[(index * Self.hashBytes)..<((index + 1) * Self.hashBytes)] }
        let at = mapped.layout.entry(index) + 12
        return ArraySlice(UnsafeRawBufferPointer(rebasing: mapped.mapping.bytes[at..<(at + Self.hashBytes)]))
    }

    private func scale(_ index: Int) -> Float {
        guard let mapped else { return scales[index] }
        return Float(bitPattern: mapped.mapping.bytes.u32(mapped.layout.entry(index) + 28))
    }

    private func inverseNorm(_ index: Int) -> Float {
        guard let mapped else { return inverseNorms[index] }
        return Float(bitPattern: mapped.mapping.bytes.u32(mapped.layout.entry(index) + 32))
    }

    /// The entry's vector as stored, scaled back to Floats.
    public func vector(_ index: Int) -> [Float] {
        let scale = scale(index)
        return values.withBytes { raw in
            (0..<dimension).map { Float(Int8(bitPattern: raw[index * dimension + $0])) * scale }
        }
    }

    /// Copies the tables out of the mapped file, before a change.
    private mutating func materialize() {
        guard let mapped else { return }
        let count = mapped.layout.entryCount
        var keys: [String] = []
        keys.reserveCapacity(mapped.layout.keyStarts.count)
        for number in 0..<mapped.layout.keyStarts.count { keys.append(keyText(number)) }
        var sources: [Source] = []
        sources.reserveCapacity(mapped.layout.sourceStarts.count)
        for index in 0..<mapped.layout.sourceStarts.count { sources.append(source(index, in: mapped)) }
        entryKeys = (0..<count).map { UInt32(clamping: keyNumber($0)) }
        ownedLines = (0..<count).map(lines)
        hashes = []
        hashes.reserveCapacity(count * Self.hashBytes)
        for index in 0..<count { hashes += hash(index) }
        scales = (0..<count).map(scale)
        inverseNorms = (0..<count).map(inverseNorm)
        var numbers: [String: UInt32] = [:]
        for (number, key) in keys.enumerated() { numbers[key] = UInt32(clamping: number) }
        keyNumbers = numbers
        ownedKeys = keys
        ownedSources = sources
        self.mapped = nil
    }

    /// Adds a chunk's vector; `vector.count` must be ``dimension`` and `hash` ``hashBytes`` long
    /// (an entry that is not is left out).
    public mutating func add(key: String, lines: ClosedRange<Int>, hash: [UInt8], vector: [Float]) {
        guard vector.count == dimension, hash.count == Self.hashBytes, key.utf8.count <= Self.maxKeyBytes else { return }
        materialize()
        var largest: Float = 0
        for value in vector where value.isFinite { largest = max(largest, abs(value)) }
        let scale = largest > 0 ? largest / 127 : 0
        var squares: Float = 0
        var quantised: [Int8] = []
        quantised.reserveCapacity(dimension)
        for value in vector {
            let q = scale > 0 && value.isFinite ? Int8(max(-127, min(127, (value / scale).rounded()))) : 0
            quantised.append(q)
            squares += Float(q) * Float(q)
        }
        values.append(quantised)
        if keyNumbers == nil {
            var numbers: [String: UInt32] = [:]
            for (number, key) in ownedKeys.enumerated() { numbers[key] = UInt32(clamping: number) }
            keyNumbers = numbers
        }
        if let number = keyNumbers?[key] {
            entryKeys.append(number)
        } else {
            entryKeys.append(UInt32(clamping: ownedKeys.count))
            keyNumbers?[key] = UInt32(clamping: ownedKeys.count)
            ownedKeys.append(key)
        }
        self.ownedLines.append(lines)
        hashes += hash
        scales.append(scale)
        inverseNorms.append(squares > 0 ? 1 / squares.squareRoot() : 0)
    }

    /// Keeps only the entries `keep` says yes to, in their order (the sources stay as they are).
    public mutating func retain(where keep: (Int) -> Bool) {
        let kept = (0..<count).filter(keep)
        guard kept.count < count else { return }
        var store = VectorStore(model: model, servedModel: servedModel, dimension: dimension)
        store.fingerprint = fingerprint
        store.ownedSources = sources
        var block = [Int8]()
        block.reserveCapacity(kept.count * dimension)
        values.withBytes { raw in
            for index in kept {
                block += UnsafeRawBufferPointer(rebasing: raw[(index * dimension)..<((index + 1) * dimension)])
                    .bindMemory(to: Int8.self)
            }
        }
        // The table keeps only the keys of the entries kept.
        var renumbered = [UInt32?](repeating: nil, count: keyCount)
        var numbers: [String: UInt32] = [:]
        for index in kept {
            let old = keyNumber(index)
            let number = renumbered[old] ?? UInt32(clamping: store.ownedKeys.count)
            if renumbered[old] == nil {
                renumbered[old] = number
                let key = keyText(old)
                numbers[key] = number
                store.ownedKeys.append(key)
            }
            store.entryKeys.append(number)
            store.ownedLines.append(lines(index))
            store.hashes += hash(index)
            store.scales.append(scale(index))
            store.inverseNorms.append(inverseNorm(index))
        }
        store.keyNumbers = numbers
        store.values = VectorValues(owned: block)
        self = store
    }

    // MARK: - Nearest

    /// One chunk near the query: its entry and its cosine similarity (-1…1).
    public struct Neighbour: Sendable, Equatable {
        public var entry: Int
        public var similarity: Float
    }

    /// The query as a unit vector, or nil for one of another length, zero or not finite.
    private func unit(_ query: [Float]) -> [Float]? {
        guard query.count == dimension, dimension > 0 else { return nil }
        var squares: Float = 0
        for value in query { squares += value * value }
        guard squares > 0, squares.isFinite else { return nil }
        let length = squares.squareRoot()
        return query.map { $0 / length }
    }

    /// The entries whose cosine with `query` is at least `floor`, best first, at most `limit`;
    /// none for a query of another length.
    public func nearest(_ query: [Float], floor: Float, limit: Int) -> [Neighbour] {
        guard limit > 0, let unit = unit(query) else { return [] }
        var all = [Float](repeating: 0, count: count)
        all.withUnsafeMutableBufferPointer { out in fill(out, from: 0, unit: unit) }
        return Self.best(all, floor: floor, limit: limit)
    }

    /// The cosine of every entry with `query`, in entry order, computed on all cores; empty for a
    /// query of another length.
    public func similarities(to query: [Float]) async -> [Float] {
        guard let unit = unit(query) else { return [] }
        let count = count
        let out = UnsafeMutableBufferPointer<Float>.allocate(capacity: count)
        out.initialize(repeating: 0)
        defer { out.deallocate() }
        let slots = DisjointSlots(out)
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, count / 4_096))
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<workers {
                let part = (count * worker / workers)..<(count * (worker + 1) / workers)
                group.addTask {
                    fill(UnsafeMutableBufferPointer(rebasing: slots.buffer[part]), from: part.lowerBound, unit: unit)
                }
            }
        }
        return Array(out)
    }

    /// The entries of `similarities` (from ``similarities(to:)``) at least `floor`, best first, at most `limit`.
    public static func best(_ similarities: [Float], floor: Float, limit: Int) -> [Neighbour] {
        var found: [Neighbour] = []
        for (entry, similarity) in similarities.enumerated() where similarity >= floor {
            found.append(Neighbour(entry: entry, similarity: similarity))
        }
        found.sort { $0.similarity != $1.similarity ? $0.similarity > $1.similarity : $0.entry < $1.entry }
        return Array(found.prefix(limit))
    }

    /// The cosines of entries `first…` with the unit query, into `out`: 16 dimensions at a time,
    /// each Int8 widened to a Float, the tail one by one.
    private func fill(_ out: UnsafeMutableBufferPointer<Float>, from first: Int, unit: [Float]) {
        let dimension = dimension
        let wide = dimension & ~15
        unit.withUnsafeBytes { q in
            values.withBytes { all in
                guard let base = all.baseAddress else { return }
                for slot in out.indices {
                    let entry = first + slot
                    let vector = base + entry * dimension
                    var sum0 = SIMD16<Float>()
                    var j = 0
                    while j < wide {
                        let raw = vector.loadUnaligned(fromByteOffset: j, as: SIMD16<Int8>.self)
                        let query = q.loadUnaligned(fromByteOffset: j * 4, as: SIMD16<Float>.self)
                        // A multiply and an add: addProduct becomes a call to fmaf per lane.
                        sum0 += SIMD16<Float>(SIMD16<Int32>(truncatingIfNeeded: raw)) * query
                        j += 16
                    }
                    var sum = sum0.sum()
                    while j < dimension {
                        sum += q.load(fromByteOffset: j * 4, as: Float.self) * Float(vector.load(fromByteOffset: j, as: Int8.self))
                        j += 1
                    }
                    out[slot] = sum * inverseNorm(entry)
                }
            }
        }
    }

    /// The same as ``nearest(_:floor:limit:)`` by a plain loop: what the SIMD one is checked against.
    public func nearestByLoop(_ query: [Float], floor: Float, limit: Int) -> [Neighbour] {
        guard limit > 0, let unit = unit(query) else { return [] }
        var all: [Float] = []
        values.withBytes { raw in
            for entry in 0..<count {
                var sum: Float = 0
                for j in 0..<dimension { sum += unit[j] * Float(Int8(bitPattern: raw[entry * dimension + j])) }
                all.append(sum * inverseNorm(entry))
            }
        }
        return Self.best(all, floor: floor, limit: limit)
    }

    // MARK: - Format

    /// The store as the bytes of a vectors file.
    public func encoded() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(128 + count * (dimension + Self.entryBytes) + sourceCount * 80)
        out += Self.magic
        Self.put(Self.version, into: &out)
        out.append(1)
        Self.put(UInt32(clamping: dimension), into: &out)
        for text in [model, servedModel] { Self.putText(text, into: &out) }
        out += fingerprint.count == Self.hashBytes ? fingerprint : Array(repeating: 0, count: Self.hashBytes)
        // The sources' keys not in the table yet go after those of the entries.
        var table = keyTable
        var numbers = Dictionary(table.enumerated().map { ($1, UInt32(clamping: $0)) }, uniquingKeysWith: { first, _ in first })
        let all = sources
        let kept = all.filter { $0.path.utf8.count <= Self.maxKeyBytes && $0.key.utf8.count <= Self.maxKeyBytes }
        for source in kept where numbers[source.key] == nil {
            numbers[source.key] = UInt32(clamping: table.count)
            table.append(source.key)
        }
        Self.put(UInt32(clamping: table.count), into: &out)
        Self.put(UInt32(clamping: count), into: &out)
        Self.put(UInt32(clamping: kept.count), into: &out)
        for key in table { Self.putText(key, into: &out) }
        for index in 0..<count {
            let lines = lines(index)
            Self.put(UInt32(clamping: keyNumber(index)), into: &out)
            Self.put(UInt32(clamping: lines.lowerBound), into: &out)
            Self.put(UInt32(clamping: lines.upperBound), into: &out)
            out += hash(index)
            Self.put(scale(index).bitPattern, into: &out)
            Self.put(inverseNorm(index).bitPattern, into: &out)
            Self.put(UInt32(0), into: &out)
        }
        for source in kept {
            Self.putText(source.path, into: &out)
            Self.put(numbers[source.key] ?? 0, into: &out)
            Self.put(source.stamp.size, into: &out)
            Self.put(source.stamp.modifiedNanoseconds, into: &out)
            Self.put(source.stamp.changedNanoseconds, into: &out)
            Self.put(source.stamp.inode, into: &out)
        }
        while out.count % 16 != 0 { out.append(0) }
        values.withBytes { out += $0 }
        let checksum = out.withUnsafeBytes { CacheChecksum.of($0) }
        Self.put(checksum, into: &out)
        return out
    }

    /// Reads a vectors file; every length and count is checked against the bytes there are, so
    /// damaged or hostile bytes are an error, never a crash or a huge allocation. The bytes are copied.
    public init(decoding bytes: [UInt8]) throws(VectorStoreDamage) {
        guard let copy = bytes.withUnsafeBytes({ FileMapping(copying: $0) }) else { throw .notAVectorsFile }
        try self.init(mapping: copy)
    }

    /// Reads a mapped vectors file as ``init(decoding:)`` does: every part is checked now, and
    /// read in place (keys and paths decoded when asked for) until the store is changed.
    public init(mapping: FileMapping) throws(VectorStoreDamage) {
        let bytes = mapping.bytes
        guard bytes.count >= Self.magic.count, bytes.prefix(Self.magic.count).elementsEqual(Self.magic) else { throw .notAVectorsFile }
        var reader = Reader(bytes: bytes, position: Self.magic.count)
        guard let version = reader.u32() else { throw .truncated }
        guard version == Self.version else { throw .unknownVersion(version) }
        guard bytes.count >= 8 + reader.position else { throw .truncated }
        let stored = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self))
        guard stored == CacheChecksum.of(UnsafeRawBufferPointer(rebasing: bytes[..<(bytes.count - 8)])) else { throw .checksumMismatch }
        reader.end = bytes.count - 8
        guard let quantisation = reader.u8(), let dimension = reader.u32(), let model = reader.text(), let served = reader.text(),
            let fingerprint = reader.take(Self.hashBytes), let keyCount = reader.u32(), let count = reader.u32(),
            let sourceCount = reader.u32()
        else { throw .truncated }
        guard quantisation == 1 else { throw .malformed("quantisation \(quantisation)") }
        guard (1...Self.maxDimension).contains(Int(dimension)) else { throw .malformed("dimension \(dimension)") }
        let dim = Int(dimension)
        // Every count is checked against the least bytes its items take before anything is made for them.
        guard Int(keyCount) <= reader.remaining / 2 else { throw .truncated }
        guard Int(count) <= reader.remaining / (Self.entryBytes + dim) else { throw .truncated }
        guard Int(sourceCount) <= reader.remaining / Self.smallestSourceBytes else { throw .truncated }
        self.init(model: model, servedModel: served, dimension: dim)
        self.fingerprint = Array(fingerprint)
        var layout = Layout(entriesStart: 0, entryCount: Int(count))
        layout.keyStarts.reserveCapacity(Int(keyCount))
        for _ in 0..<Int(keyCount) {
            let start = reader.position
            guard reader.utf8Text() else { throw .truncated }
            layout.keyStarts.append(start)
        }
        guard let entries = reader.take(Int(count) * Self.entryBytes) else { throw .truncated }
        layout.entriesStart = entries.startIndex
        for entry in 0..<Int(count) {
            let at = layout.entry(entry)
            let scale = Float(bitPattern: bytes.u32(at + 28))
            let inverseNorm = Float(bitPattern: bytes.u32(at + 32))
            let first = bytes.u32(at + 4)
            guard bytes.u32(at) < keyCount, first >= 1, first <= bytes.u32(at + 8), scale.isFinite, scale >= 0,
                inverseNorm.isFinite, inverseNorm >= 0, bytes.u32(at + 36) == 0
            else { throw .malformed("entry") }
        }
        layout.sourceStarts.reserveCapacity(Int(sourceCount))
        for _ in 0..<Int(sourceCount) {
            let start = reader.position
            guard reader.utf8Text(), let key = reader.u32(), reader.take(32) != nil else { throw .truncated }
            guard key < keyCount else { throw .malformed("source") }
            layout.sourceStarts.append(start)
        }
        let padding = (16 - reader.position % 16) % 16
        guard let zeros = reader.take(padding), zeros.allSatisfy({ $0 == 0 }) else { throw .malformed("padding") }
        guard reader.remaining == Int(count) * dim else {
            throw reader.remaining < Int(count) * dim ? .truncated : .malformed("trailing bytes")
        }
        values = VectorValues(mapping: mapping, range: reader.position..<reader.end)
        mapped = MappedTables(mapping: mapping, layout: layout)
    }

    /// Where the tables of a mapped vectors file are: each key's and each source's first byte
    /// (the UInt16 length of its text), and the entries'.
    private struct Layout: Sendable {
        var keyStarts: [Int] = []
        var entriesStart: Int
        var entryCount: Int
        var sourceStarts: [Int] = []

        func entry(_ index: Int) -> Int { entriesStart + index * VectorStore.entryBytes }

        /// The UTF-8 bytes of the text (a key or a path) whose length is at `start`.
        func text(at start: Int, in bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
            UnsafeRawBufferPointer(rebasing: bytes[(start + 2)..<(start + 2 + Int(bytes.u16(start)))])
        }
    }

    private struct MappedTables: Sendable {
        let mapping: FileMapping
        let layout: Layout
    }

    private static func put<T: FixedWidthInteger>(_ value: T, into out: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { out += $0 }
    }

    private static func putText(_ text: String, into out: inout [UInt8]) {
        let bytes = Array(text.utf8.prefix(maxKeyBytes))
        put(UInt16(clamping: bytes.count), into: &out)
        out += bytes
    }

    /// Reads little-endian values, answering nil past the end instead of trapping.
    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var position: Int
        var end: Int

        init(bytes: UnsafeRawBufferPointer, position: Int) {
            self.bytes = bytes
            self.position = position
            end = bytes.count
        }

        var remaining: Int { end - position }

        mutating func take(_ n: Int) -> Slice<UnsafeRawBufferPointer>? {
            guard n >= 0, end - position >= n else { return nil }
            defer { position += n }
            return bytes[position..<(position + n)]
        }

        mutating func load<T: FixedWidthInteger>(_: T.Type) -> T? {
            let size = MemoryLayout<T>.size
            guard end - position >= size else { return nil }
            defer { position += size }
            return T(littleEndian: bytes.loadUnaligned(fromByteOffset: position, as: T.self))
        }

        mutating func u8() -> UInt8? { load(UInt8.self) }
        mutating func u16() -> UInt16? { load(UInt16.self) }
        mutating func u32() -> UInt32? { load(UInt32.self) }
        mutating func u64() -> UInt64? { load(UInt64.self) }

        /// Steps over a text (UInt16 length, then that many bytes of UTF-8), answering whether it was one.
        mutating func utf8Text() -> Bool {
            guard let length = u16(), Int(length) <= VectorStore.maxKeyBytes, let raw = take(Int(length)) else { return false }
            return UnsafeRawBufferPointer(rebasing: raw).isValidUTF8
        }

        mutating func text() -> String? {
            guard let length = u16(), Int(length) <= VectorStore.maxKeyBytes, let raw = take(Int(length)) else { return nil }
            return String(validating: UnsafeRawBufferPointer(rebasing: raw), as: UTF8.self)
        }
    }
}

/// The Int8 values of every vector, one after another: in a mapped file, used in place, or in an
/// array of their own once an entry is added.
struct VectorValues: Sendable {
    private var owned: [Int8] = []
    private var mapped: (mapping: FileMapping, range: Range<Int>)?

    init() {}
    init(owned: [Int8]) { self.owned = owned }
    init(mapping: FileMapping, range: Range<Int>) { mapped = (mapping, range) }

    func withBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        if let mapped { return body(UnsafeRawBufferPointer(rebasing: mapped.mapping.bytes[mapped.range])) }
        return owned.withUnsafeBytes(body)
    }

    mutating func append(_ more: [Int8]) {
        if let mapped {
            owned = Array(UnsafeRawBufferPointer(rebasing: mapped.mapping.bytes[mapped.range]).bindMemory(to: Int8.self))
            self.mapped = nil
        }
        owned += more
    }
}

extension UnsafeRawBufferPointer {
    /// The little-endian integer at `offset` (the caller has checked it is inside).
    fileprivate func u16(_ offset: Int) -> UInt16 { UInt16(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt16.self)) }
    fileprivate func u32(_ offset: Int) -> UInt32 { UInt32(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt32.self)) }
    fileprivate func u64(_ offset: Int) -> UInt64 { UInt64(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }

    /// Whether the bytes are UTF-8, checked without making a string of them.
    fileprivate var isValidUTF8: Bool {
        if allSatisfy({ $0 < 0x80 }) { return true }
        var bytes = makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        while true {
            switch parser.parseScalar(from: &bytes) {
            case .valid: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }
}
