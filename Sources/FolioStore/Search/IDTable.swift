import Foundation

/// The ids of the records in the catalog cache, sorted, each with its file: `folio show 5b0c`
/// finds its file by a binary search in this small file instead of decoding the whole cache.
///
/// Derived like the cache and written with it (`.folio/local/cache/ids`); never trusted: every
/// offset is checked before it is read, and every answer is checked against the file it names.
/// Layout: magic, version, count, then `count` row offsets (UInt32), then the rows sorted by id
/// bytes, each an id and a path, both as a UInt16 length and UTF-8 bytes. Little-endian.
enum IDTable {
    static let magic = Array("FOLIOIDS".utf8)
    static let version: UInt32 = 1
    /// Larger than any vault folio is made for (a row is about 80 bytes).
    static let maxBytes = 256 << 20

    /// The table of the records' `(id, path)` pairs (records without an id are not given).
    static func encode(_ pairs: [(id: [UInt8], path: [UInt8])]) -> [UInt8] {
        // The ids side by side in one array, so each can be handed out as bytes that stay put.
        var starts: [Int] = []
        var joined: [UInt8] = []
        for pair in pairs {
            starts.append(joined.count)
            joined += pair.id
        }
        return joined.withUnsafeBytes { ids in
            encode(
                count: pairs.count,
                id: { i in UnsafeRawBufferPointer(rebasing: ids[starts[i]..<(starts[i] + pairs[i].id.count)]) },
                path: { i, out in out += pairs[i].path }, pathLength: { pairs[$0].path.count })
        }
    }

    /// The table of `count` records: each one's id (nil: none, not in the table) and path, written
    /// after its id's row as `path(i, &out)`, `pathLength(i)` bytes. The ids are sorted by their
    /// first eight bytes as one number, the rest compared only when those are equal.
    private static func encode(
        count: Int, id: (Int) -> UnsafeRawBufferPointer?, path: (Int, inout [UInt8]) -> Void, pathLength: (Int) -> Int
    ) -> [UInt8] {
        var rows: [(key: UInt64, record: Int32, id: UnsafeRawBufferPointer)] = []
        rows.reserveCapacity(count)
        for i in 0..<count {
            guard let id = id(i), id.count <= Int(UInt16.max), pathLength(i) <= Int(UInt16.max) else { continue }
            var key: UInt64 = 0
            for k in 0..<8 { key = key << 8 | UInt64(k < id.count ? id[k] : 0) }
            rows.append((key, Int32(i), id))
        }
        rows.sort { a, b in a.key != b.key ? a.key < b.key : a.id.lexicographicallyPrecedes(b.id) }
        var size = 16 + 4 * rows.count
        for row in rows { size += 4 + row.id.count + pathLength(Int(row.record)) }
        guard size <= maxBytes else { return [] }
        var out = magic
        out.reserveCapacity(size)
        append(version, to: &out)
        append(UInt32(rows.count), to: &out)
        var offset = 16 + 4 * rows.count
        for row in rows {
            append(UInt32(truncatingIfNeeded: offset), to: &out)
            offset += 4 + row.id.count + pathLength(Int(row.record))
        }
        for row in rows {
            append(UInt16(row.id.count), to: &out)
            out += row.id
            append(UInt16(pathLength(Int(row.record))), to: &out)
            path(Int(row.record), &out)
        }
        return out
    }

    static func write(_ pairs: [(id: [UInt8], path: [UInt8])], to url: URL) {
        let bytes = encode(pairs)
        guard !bytes.isEmpty else { return }
        write(bytes, to: url)
    }

    /// The table of a catalog's `count` records, from the bytes where the catalog keeps them: each
    /// one's id (nil: none), its folder's path and its file's name.
    static func write(
        count: Int, id: (Int) -> UnsafeRawBufferPointer?, folder: (Int) -> Int, folders: [String], name: (Int) -> UnsafeRawBufferPointer,
        to url: URL
    ) {
        // Each folder's path with its `/`, once.
        let prefixes = folders.map { $0.isEmpty ? [] : Array($0.utf8) + [UInt8(ascii: "/")] }
        let bytes = encode(
            count: count, id: id,
            path: { i, out in
                out += prefixes[folder(i)]
                out += name(i)
            },
            pathLength: { i in prefixes[folder(i)].count + name(i).count })
        guard !bytes.isEmpty else { return }
        write(bytes, to: url)
    }

    /// Derived like the cache: replaced whole, never flushed (a table lost to a crash is written again).
    private static func write(_ bytes: [UInt8], to url: URL) {
        // try?: a cache: written when it can be, built again when it is missing.
        try? AtomicFile.write(bytes, to: url, flush: false)
    }

    /// The path of the one record whose id is `reference` or, failing that, the one whose id
    /// starts with it; nil when there is no table, a damaged one, no such record or several.
    static func path(for reference: String, in url: URL) -> String? {
        // Read as the vault reads a record: not through a link, never blocked on a pipe.
        guard let table = Vault.readFile(url.path, atMost: maxBytes) else { return nil }
        return path(for: Array(reference.utf8), in: table)
    }

    static func path(for wanted: [UInt8], in table: [UInt8]) -> String? {
        guard !wanted.isEmpty, table.count >= 16, Array(table[0..<8]) == magic,
            read32(table, at: 8) == version, let count = read32(table, at: 12).map(Int.init),
            count <= (table.count - 16) / 4
        else { return nil }
        func row(_ i: Int) -> (id: ArraySlice<UInt8>, path: ArraySlice<UInt8>)? {
            guard let start = read32(table, at: 16 + 4 * i).map(Int.init),
                let idLength = read16(table, at: start).map(Int.init),
                let pathLength = read16(table, at: start + 2 + idLength).map(Int.init),
                start + 4 + idLength + pathLength <= table.count
            else { return nil }
            return (table[(start + 2)..<(start + 2 + idLength)], table[(start + 4 + idLength)..<(start + 4 + idLength + pathLength)])
        }
        // The first row whose id is not below `wanted`.
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            guard let id = row(middle)?.id else { return nil }
            if id.lexicographicallyPrecedes(wanted) { low = middle + 1 } else { high = middle }
        }
        var hits: [(id: ArraySlice<UInt8>, path: ArraySlice<UInt8>)] = []
        var i = low
        while i < count, hits.count < 3, let candidate = row(i), candidate.id.starts(with: wanted) {
            hits.append(candidate)
            i += 1
        }
        // A full id wins over longer ids it is a prefix of, as in RecordReference.
        let exact = hits.filter { $0.id.elementsEqual(wanted) }
        let chosen = exact.count == 1 ? exact[0] : hits.count == 1 ? hits[0] : nil
        guard let path = chosen.flatMap({ String(validating: $0.path, as: UTF8.self) }), isRecordPath(path) else { return nil }
        return path
    }

    /// A path the catalog could have listed: the walk's own rule (``Vault/isRecordPath(_:)``: relative,
    /// a Markdown file, no part hidden, empty, `.` or `..`, by its bytes), and no NUL.
    static func isRecordPath(_ path: String) -> Bool {
        !path.utf8.contains(0) && Vault.isRecordPath(path)
    }

    private static func append<T: FixedWidthInteger>(_ value: T, to out: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { out += $0 }
    }

    private static func read32(_ bytes: [UInt8], at offset: Int) -> UInt32? {
        guard offset >= 0, offset <= bytes.count - 4 else { return nil }
        return (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (8 * UInt32($1)) }
    }

    private static func read16(_ bytes: [UInt8], at offset: Int) -> UInt16? {
        guard offset >= 0, offset <= bytes.count - 2 else { return nil }
        return UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }
}
