import FolioCore
import FolioSearch
import Foundation
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

// try? in this file: the cache is derived data, checked whole by its checksums when opened; a
// part that does not read is a miss (the catalog is rebuilt from the records), never an answer.

/// The catalog's cache file, read in place: a run maps it and touches only what it needs.
///
/// Like git's index, it is a table of fixed-size rows, one per Markdown file, each with the file's
/// stamp (size, times, inode) and what listings sort and filter on (kind, completion, time, day);
/// the strings (names, ids, titles) sit in one blob that is read only for the records a command
/// shows. A folder table with each folder's stamp lets a run skip listing a folder that did not
/// change, as git's untracked cache does. The text index lives in a file of its own (``CatalogIndexFile``),
/// so commands that never search never read it.
///
/// Layout, little-endian: magic, version, byte-order mark, fingerprint, padding to 8; the index's
/// generation, the `folio watch` token it is current to (instance, sequence), the counts of folders, rows, tags and kinds, the blob's size; the folder rows (48
/// bytes), the file rows (80 bytes), the tag and kind tables (offset and length into the blob), the
/// blob, padding; a checksum of everything before it; a closing magic a torn write would lack. Every
/// offset is checked when the file is opened, before anything is believed.
// @unchecked: owns the cache file's read-only mapping, never written, unmapped once.
final class CatalogFile: @unchecked Sendable {
    static let magic: UInt64 = 0x5441_4335_4F49_4C4F  // "OLIO5CAT"
    static let endMagic: UInt64 = 0x444E_4535_4F49_4C4F  // "OLIO5END"
    // 4: the checksum in four lanes; 5: aliases, times to the millisecond; 6: the watcher's token
    static let version: UInt32 = 7  // 7: `tags` as one text is the names commas part
    static let folderRowSize = 48
    static let fileRowSize = 80
    /// A string field that holds no value.
    static let absent = UInt32.max

    struct Folder {
        var path: String
        var parent: Int
        var rows: Range<Int>
        var stamp: FileStamp
        /// Listing it again would give the same files: no unreadable names, no links leading out, no
        /// file that could not be read, and not changed within the clock's resolution of the scan.
        var reusable: Bool
    }

    let mapping: FileMapping
    private let base: UnsafeRawPointer
    let folders: [Folder]
    let tagNames: [String]
    let kindNames: [String]
    let indexGeneration: UInt64
    /// The `folio watch` token the cache was current to when written (``WatchProtocol/Token/none``
    /// when no watcher answered): every change after it is in that watcher's answer.
    let watchToken: WatchProtocol.Token
    let rowCount: Int
    private let rowsStart: Int
    private let blobStart: Int
    private let blobSize: Int

    private init(
        mapping: FileMapping, base: UnsafeRawPointer, folders: [Folder], tagNames: [String], kindNames: [String],
        indexGeneration: UInt64, watchToken: WatchProtocol.Token, rowCount: Int, rowsStart: Int, blobStart: Int, blobSize: Int
    ) {
        self.watchToken = watchToken
        self.mapping = mapping
        self.base = base
        self.folders = folders
        self.tagNames = tagNames
        self.kindNames = kindNames
        self.indexGeneration = indexGeneration
        self.rowCount = rowCount
        self.rowsStart = rowsStart
        self.blobStart = blobStart
        self.blobSize = blobSize
    }

    /// What the cached rows depend on besides the files: the format and the limits a file is read under.
    static func fingerprint(limits: FrontMatterLimits, bodyLimit: Int) -> String {
        "catalog \(version);limits \(limits.maxBytes),\(limits.maxDepth),\(limits.maxNodes),\(bodyLimit)"
    }

    // MARK: Reading

    /// The cache at `url` if it is whole, consistent and was built with `fingerprint`; nil otherwise.
    /// `verifyingChecksums: false` leaves the checksum of the whole file to ``checksumMatches()``:
    /// for the fuzz harness (see ``CatalogCacheFuzzing``), and for the catalog's scan, which reads
    /// it on the other core while it walks the folders. Every offset is checked either way.
    static func open(_ url: URL, fingerprint: String, verifyingChecksums: Bool = true) -> CatalogFile? {
        mapDerived(url, minimumSize: 64) { _, mapping in
            try? read(mapping, fingerprint: fingerprint, verifyingChecksums: verifyingChecksums)
        }
    }

    /// The index generation the cache at `url` names in its header, without reading its rows (0 when
    /// it names none or is not a cache built with `fingerprint`). Only a hint: the catalog made from
    /// the whole file says which index it goes with.
    static func indexGeneration(_ url: URL, fingerprint: String) -> UInt64 {
        mapDerived(url, minimumSize: 64) { _, mapping in
            var cursor = ByteCursor(bytes: mapping.bytes, end: mapping.bytes.count - 16)
            return try? readHeader(&cursor, fingerprint: fingerprint)
        } ?? 0
    }

    /// The header every cache starts with, up to the index generation it names (which it returns).
    private static func readHeader(_ cursor: inout ByteCursor, fingerprint: String) throws(CacheFormatError) -> UInt64 {
        guard try cursor.u64() == magic, try cursor.u32() == version, try cursor.u32() == 0x0102_0304 else {
            throw CacheFormatError("foreign")
        }
        let stored = try cursor.bytes(Int(try cursor.u32()))
        guard stored.elementsEqual(fingerprint.utf8) else { throw CacheFormatError("fingerprint") }
        cursor.align()
        return try cursor.u64()
    }

    /// `body` with a derived file opened as one must be (never trusted: not through a link, never
    /// blocked on a pipe, a regular file only, at least `minimumSize` bytes) and mapped whole.
    static func mapDerived<T>(_ url: URL, minimumSize: Int, _ body: (Int32, FileMapping) -> T?) -> T? {
        guard let (fd, info) = Descriptor.openRegular(url.path) else { return nil }
        defer { close(fd) }
        guard info.st_size >= minimumSize, let mapping = FileMapping(fd: fd, size: Int(info.st_size)) else { return nil }
        return body(fd, mapping)
    }

    private static func read(_ mapping: FileMapping, fingerprint: String, verifyingChecksums: Bool) throws(CacheFormatError) -> CatalogFile
    {
        let bytes = mapping.bytes
        var cursor = ByteCursor(bytes: bytes, end: bytes.count - 16)
        guard UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self)) == endMagic
        else { throw CacheFormatError("torn") }
        let generation = try readHeader(&cursor, fingerprint: fingerprint)
        let watchToken = WatchProtocol.Token(instance: try cursor.u64(), sequence: try cursor.u64())
        let folderCount = Int(try cursor.u32())
        let rowCount = Int(try cursor.u32())
        let tagCount = Int(try cursor.u32())
        let kindCount = Int(try cursor.u32())
        let blobSize = Int(clamping: try cursor.u64())
        let foldersStart = cursor.offset
        let rowsStart = foldersStart + folderCount * folderRowSize
        let tablesStart = rowsStart + rowCount * fileRowSize
        let blobStart = tablesStart + (tagCount + kindCount) * 8
        // Each count is checked against the bytes there are before any is multiplied into an offset.
        guard folderCount <= bytes.count / folderRowSize, rowCount <= bytes.count / fileRowSize,
            tagCount + kindCount <= bytes.count / 8, blobSize <= bytes.count,
            blobStart + blobSize + 16 <= bytes.count
        else { throw CacheFormatError("counts") }
        let checksumAt = (blobStart + blobSize + 7) / 8 * 8
        guard checksumAt + 16 == bytes.count else { throw CacheFormatError("size") }
        if verifyingChecksums, !Self.checksumMatches(bytes) { throw CacheFormatError("checksum") }
        let blob = UnsafeRawBufferPointer(rebasing: bytes[blobStart..<(blobStart + blobSize)])
        func string(at offset: Int) throws(CacheFormatError) -> String {
            let start = Int(bytes.u32(at: offset))
            let length = Int(bytes.u32(at: offset + 4))
            guard start <= blobSize, length <= blobSize - start else { throw CacheFormatError("string") }
            return String(decoding: UnsafeRawBufferPointer(rebasing: blob[start..<(start + length)]), as: UTF8.self)
        }
        let tagNames = try (0..<tagCount).map { (i: Int) throws(CacheFormatError) in try string(at: tablesStart + 8 * i) }
        let kindNames = try (0..<kindCount).map { (i: Int) throws(CacheFormatError) in try string(at: tablesStart + 8 * (tagCount + i)) }

        var folders: [Folder] = []
        folders.reserveCapacity(folderCount)
        var nextRow = 0
        for f in 0..<folderCount {
            let at = foldersStart + f * folderRowSize
            let parent = Int(Int32(bitPattern: bytes.u32(at: at + 8)))
            let first = Int(bytes.u32(at: at + 12))
            let count = Int(bytes.u32(at: at + 16))
            // Folders come parents first, their rows one after the other, in order.
            guard parent < f, parent >= -1, (f == 0) == (parent == -1), first == nextRow, count <= rowCount - first else {
                throw CacheFormatError("folder")
            }
            nextRow = first + count
            // A folder is its parent's path and one plain name: never out of the vault, never hidden.
            let path = try string(at: at)
            if f == 0 {
                guard path.isEmpty else { throw CacheFormatError("root") }
            } else {
                let parentPath = folders[parent].path
                let name =
                    parentPath.isEmpty ? Substring(path) : path.hasPrefix(parentPath + "/") ? path.dropFirst(parentPath.count + 1) : ""
                var plain = String(name)
                guard plain.withUTF8({ Self.isPlainName(UnsafeRawBufferPointer($0)) }) else { throw CacheFormatError("folder path") }
            }
            let stamp = FileStamp(
                size: 0, modifiedNanoseconds: bytes.i64(at: at + 24), changedNanoseconds: bytes.i64(at: at + 32),
                inode: bytes.u64(at: at + 40))
            folders.append(
                Folder(
                    path: path, parent: parent, rows: first..<(first + count), stamp: stamp,
                    reusable: bytes.u32(at: at + 20) & 1 != 0))
        }
        guard nextRow == rowCount else { throw CacheFormatError("rows") }
        guard let base = bytes.baseAddress else { throw CacheFormatError("empty") }
        let file = CatalogFile(
            mapping: mapping, base: base, folders: folders, tagNames: tagNames, kindNames: kindNames, indexGeneration: generation,
            watchToken: watchToken, rowCount: rowCount, rowsStart: rowsStart, blobStart: blobStart, blobSize: blobSize)
        // Rows are checked side by side, a run of them per worker: each check reads only its row.
        let run = 8_192
        let failures = parallelMap((rowCount + run - 1) / run, minimumChunk: 1) { c -> CacheFormatError? in
            do throws(CacheFormatError) {
                for row in (c * run)..<min(rowCount, (c + 1) * run) { try file.check(row: row, tagCount: tagCount, kindCount: kindCount) }
                return nil
            } catch {
                return error
            }
        }
        if let failure = failures.lazy.compactMap({ $0 }).first { throw failure }
        return file
    }

    /// Whether the checksum at the end of the file (before its end mark) is that of every byte
    /// before it. ``open(_:fingerprint:verifyingChecksums:)`` has checked that it lies there.
    func checksumMatches() -> Bool { Self.checksumMatches(mapping.bytes) }

    private static func checksumMatches(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let checksumAt = bytes.count - 16
        guard checksumAt >= 0 else { return false }
        let stored = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: checksumAt, as: UInt64.self))
        return CacheChecksum.of(UnsafeRawBufferPointer(rebasing: bytes[0..<checksumAt])) == stored
    }

    /// Checks every offset a row holds, so reading it later cannot go astray.
    private func check(row: Int, tagCount: Int, kindCount: Int) throws(CacheFormatError) {
        let bytes = mapping.bytes
        let at = rowsStart + row * Self.fileRowSize
        let nameStart = Int(bytes.u32(at: at))
        let nameLength = Int(bytes.u32(at: at + 4))
        // The name is followed by a NUL, so it can be handed to the system as it lies in the file.
        guard nameLength > 0, nameStart < blobSize, nameLength < blobSize - nameStart,
            bytes[blobStart + nameStart + nameLength] == 0
        else { throw CacheFormatError("name") }
        // A Markdown file's plain name: the row is read as a file of its folder, never elsewhere.
        let name = UnsafeRawBufferPointer(rebasing: bytes[(blobStart + nameStart)..<(blobStart + nameStart + nameLength)])
        let count = name.count
        guard count > 3, name[count - 3] == UInt8(ascii: "."), name[count - 2] == UInt8(ascii: "m"),
            name[count - 1] == UInt8(ascii: "d"), Self.isPlainName(name)
        else { throw CacheFormatError("name") }
        let flags = bytes[at + 12]
        guard flags & 1 != 0 else { return }
        let kind = Int(bytes.u16(at: at + 14))
        guard bytes[at + 13] <= 2, kind == 0xFFFF || kind < kindCount else { throw CacheFormatError("row") }
        let detailStart = Int(bytes.u32(at: at + 64))
        let detailLength = Int(bytes.u32(at: at + 68))
        guard detailStart <= blobSize, detailLength <= blobSize - detailStart else { throw CacheFormatError("detail") }
        var detail = ByteCursor(bytes: bytes, start: blobStart + detailStart, end: blobStart + detailStart + detailLength)
        for _ in 0..<4 { _ = try detail.optionalBytes() }
        for _ in 0..<2 {
            let count = Int(try detail.u32())
            guard count <= detailLength / 4 else { throw CacheFormatError("tags") }
            for _ in 0..<count where Int(try detail.u32()) >= tagCount { throw CacheFormatError("tag") }
        }
        let aliases = Int(try detail.u32())
        guard aliases <= detailLength / 4 else { throw CacheFormatError("aliases") }
        for _ in 0..<aliases where try detail.optionalBytes() == nil { throw CacheFormatError("alias") }
    }

    /// A name the vault's walk could have listed: not empty, not hidden (nor `.` or `..`), no `/`, no NUL.
    static func isPlainName(_ name: UnsafeRawBufferPointer) -> Bool {
        guard let base = name.baseAddress, name.count > 0, name[0] != UInt8(ascii: ".") else { return false }
        return memchr(base, Int32(UInt8(ascii: "/")), name.count) == nil && memchr(base, 0, name.count) == nil
    }

    // MARK: Rows

    private func rowAt(_ row: Int) -> Int { rowsStart + row * Self.fileRowSize }

    func isRecord(_ row: Int) -> Bool { mapping.bytes[rowAt(row) + 12] & 1 != 0 }
    func isRacy(_ row: Int) -> Bool { mapping.bytes[rowAt(row) + 12] & 2 != 0 }
    func completion(_ row: Int) -> RecordSummary.Completion {
        RecordSummary.Completion(rawValue: mapping.bytes[rowAt(row) + 13]) ?? .none
    }
    /// Position in ``kindNames``, or nil.
    func kind(_ row: Int) -> Int? {
        let kind = Int(mapping.bytes.u16(at: rowAt(row) + 14))
        return kind == 0xFFFF ? nil : kind
    }
    func stamp(_ row: Int) -> FileStamp {
        let b = mapping.bytes
        let at = rowAt(row)
        return FileStamp(
            size: b.u64(at: at + 16), modifiedNanoseconds: b.i64(at: at + 24), changedNanoseconds: b.i64(at: at + 32),
            inode: b.u64(at: at + 40))
    }
    /// `created`, else `modified`, in milliseconds since 1970; `Int64.min` when undated.
    func epoch(_ row: Int) -> Int64 { mapping.bytes.i64(at: rowAt(row) + 48) }
    func day(_ row: Int) -> Int32 { Int32(bitPattern: mapping.bytes.u32(at: rowAt(row) + 56)) }
    func indexOrdinal(_ row: Int) -> Int32 { Int32(bitPattern: mapping.bytes.u32(at: rowAt(row) + 60)) }

    /// The file's name, NUL-terminated where it lies (checked on open).
    func namePointer(_ row: Int) -> UnsafePointer<CChar> {
        let offset = blobStart + Int(mapping.bytes.u32(at: rowAt(row)))
        return (base + offset).assumingMemoryBound(to: CChar.self)
    }
    func nameBytes(_ row: Int) -> UnsafeRawBufferPointer {
        let at = rowAt(row)
        let start = blobStart + Int(mapping.bytes.u32(at: at))
        return UnsafeRawBufferPointer(rebasing: mapping.bytes[start..<(start + Int(mapping.bytes.u32(at: at + 4)))])
    }
    func name(_ row: Int) -> String { String(decoding: nameBytes(row), as: UTF8.self) }

    /// The record's strings and tags, as written (checked on open).
    func detail(_ row: Int) -> UnsafeRawBufferPointer {
        let at = rowAt(row)
        let start = blobStart + Int(mapping.bytes.u32(at: at + 64))
        return UnsafeRawBufferPointer(rebasing: mapping.bytes[start..<(start + Int(mapping.bytes.u32(at: at + 68)))])
    }
}

/// A record's variable part in the blob: id, title, parent and time as written (each a length, or
/// ``CatalogFile/absent``, then UTF-8), then the front matter tags and all tags as tag numbers (each
/// list a count, then the numbers), then the aliases (a count, then each as a length and UTF-8).
struct RecordDetail {
    var id: String?
    var title: String
    var parent: String?
    var sortTime: String?
    var tags: [UInt32]
    var allTags: [UInt32]
    var aliases: [String]

    init(id: String?, title: String, parent: String?, sortTime: String?, tags: [UInt32], allTags: [UInt32], aliases: [String]) {
        (self.id, self.title, self.parent, self.sortTime) = (id, title, parent, sortTime)
        (self.tags, self.allTags, self.aliases) = (tags, allTags, aliases)
    }

    /// Decodes a detail checked by ``CatalogFile/open(_:fingerprint:verifyingChecksums:)``, or one written this run.
    init(_ bytes: UnsafeRawBufferPointer) {
        var cursor = ByteCursor(bytes: bytes, end: bytes.count)
        func text() -> String? { (try? cursor.optionalBytes())?.map { String(decoding: $0, as: UTF8.self) } }
        id = text()
        title = text() ?? ""
        parent = text()
        sortTime = text()
        tags = Self.numbers(&cursor)
        allTags = Self.numbers(&cursor)
        aliases = Self.texts(&cursor)
    }

    /// The all-tags numbers alone, without decoding a string (what tallies and tag filters need).
    static func allTagNumbers(_ bytes: UnsafeRawBufferPointer) -> [UInt32] {
        var numbers: [UInt32] = []
        forEachTagNumber(bytes) { numbers.append($0) }
        return numbers
    }

    /// ``allTagNumbers(_:)`` one by one, in order, without an array: `tags` tallies every record's.
    static func forEachTagNumber(_ bytes: UnsafeRawBufferPointer, _ body: (UInt32) -> Void) {
        var cursor = ByteCursor(bytes: bytes, end: bytes.count)
        for _ in 0..<4 { _ = try? cursor.optionalBytes() }
        // The front matter's tags, skipped: every one of them is among all the tags that follow.
        guard let skipped = try? cursor.u32(), (try? cursor.bytes(Int(skipped) * 4)) != nil, let count = try? cursor.u32() else {
            return
        }
        for _ in 0..<count {
            guard let number = try? cursor.u32() else { return }
            body(number)
        }
    }

    /// One of the strings alone: 0 the id, 1 the title, 2 the parent, 3 the time as written.
    static func text(_ field: Int, in bytes: UnsafeRawBufferPointer) -> String? {
        textBytes(field, in: bytes).map { String(decoding: $0, as: UTF8.self) }
    }

    /// One of the strings' bytes alone (see ``text(_:in:)``), nil when absent.
    static func textBytes(_ field: Int, in bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer? {
        var cursor = ByteCursor(bytes: bytes, end: bytes.count)
        for _ in 0..<field { _ = try? cursor.optionalBytes() }
        return (try? cursor.optionalBytes()) ?? nil
    }

    /// The id's bytes alone (what the id table needs).
    static func idBytes(_ bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer? { textBytes(0, in: bytes) }

    /// `body` for each alias's bytes, in order, until it answers true; whether one did.
    static func anyAlias(in bytes: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) -> Bool) -> Bool {
        var cursor = ByteCursor(bytes: bytes, end: bytes.count)
        for _ in 0..<4 { _ = try? cursor.optionalBytes() }
        for _ in 0..<2 {
            guard let count = try? cursor.u32(), (try? cursor.bytes(Int(count) * 4)) != nil else { return false }
        }
        guard let count = try? cursor.u32() else { return false }
        for _ in 0..<count {
            guard let alias = (try? cursor.optionalBytes()) ?? nil else { return false }
            if body(alias) { return true }
        }
        return false
    }

    /// The aliases alone.
    static func aliases(_ bytes: UnsafeRawBufferPointer) -> [String] {
        var names: [String] = []
        _ = anyAlias(in: bytes) { alias in
            names.append(String(decoding: alias, as: UTF8.self))
            return false
        }
        return names
    }

    /// Puts tag numbers of a detail written with other numbers in their place: `map[old]` for each.
    static func renumberTags(_ bytes: UnsafeMutableRawBufferPointer, _ map: [UInt32]) {
        var cursor = ByteCursor(bytes: UnsafeRawBufferPointer(bytes), end: bytes.count)
        for _ in 0..<4 { _ = try? cursor.optionalBytes() }
        for _ in 0..<2 {
            guard let count = try? cursor.u32() else { return }
            for _ in 0..<count {
                let at = cursor.offset
                guard let old = try? cursor.u32(), Int(old) < map.count else { return }
                bytes.storeBytes(of: map[Int(old)].littleEndian, toByteOffset: at, as: UInt32.self)
            }
        }
    }

    private static func numbers(_ cursor: inout ByteCursor) -> [UInt32] {
        guard let count = try? cursor.u32() else { return [] }
        var out: [UInt32] = []
        // Never more than the bytes left can hold: a damaged count reserves no gigabytes.
        out.reserveCapacity(min(Int(count), max(0, cursor.end - cursor.offset) / 4))
        for _ in 0..<count {
            guard let n = try? cursor.u32() else { break }
            out.append(n)
        }
        return out
    }

    private static func texts(_ cursor: inout ByteCursor) -> [String] {
        guard let count = try? cursor.u32() else { return [] }
        var out: [String] = []
        for _ in 0..<count {
            guard let text = (try? cursor.optionalBytes()) ?? nil else { break }
            out.append(String(decoding: text, as: UTF8.self))
        }
        return out
    }

    func encode(into blob: inout some ByteSink) {
        for text in [id, title, parent, sortTime] { Self.put(text?.utf8, into: &blob) }
        Self.put(numbers: tags, into: &blob)
        Self.put(numbers: allTags, into: &blob)
        Self.put(texts: aliases, into: &blob)
    }

    // MARK: Writing, one part at a time (the order above)

    /// A string part: its length and bytes, or ``CatalogFile/absent``.
    static func put(_ text: (some Collection<UInt8>)?, into blob: inout some ByteSink) {
        guard let text else { return putAbsent(into: &blob) }
        blob.appendLittleEndian(UInt32(truncatingIfNeeded: text.count))
        blob.append(contentsOf: text)
    }

    static func putAbsent(into blob: inout some ByteSink) { blob.appendLittleEndian(CatalogFile.absent) }

    static func put(numbers: some Collection<UInt32>, into blob: inout some ByteSink) {
        blob.appendLittleEndian(UInt32(truncatingIfNeeded: numbers.count))
        for n in numbers { blob.appendLittleEndian(n) }
    }

    static func put(texts: [String], into blob: inout some ByteSink) {
        blob.appendLittleEndian(UInt32(truncatingIfNeeded: texts.count))
        for text in texts { put(text.utf8, into: &blob) }
    }
}

/// Where a detail is written: an array, or a batch's ``DetailBuffer``.
protocol ByteSink {
    mutating func append(contentsOf bytes: some Collection<UInt8>)
    mutating func appendLittleEndian<T: FixedWidthInteger>(_ value: T)
}

extension Array: ByteSink where Element == UInt8 {}

/// Bytes written once by one worker, then read by pointer for as long as the catalog lives: the
/// names and details of the files a run read.
// @unchecked: owns its allocation; written by one worker, then only read.
final class DetailBuffer: ByteSink, @unchecked Sendable {
    private(set) var base: UnsafeMutableRawPointer
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 1 << 16) {
        self.capacity = max(64, capacity)
        base = UnsafeMutableRawPointer.allocate(byteCount: self.capacity, alignment: 8)
    }

    deinit { base.deallocate() }

    private func reserve(_ more: Int) {
        guard count + more > capacity else { return }
        var grown = capacity * 2
        while grown < count + more { grown *= 2 }
        let moved = UnsafeMutableRawPointer.allocate(byteCount: grown, alignment: 8)
        moved.copyMemory(from: base, byteCount: count)
        base.deallocate()
        base = moved
        capacity = grown
    }

    func append(contentsOf bytes: some Collection<UInt8>) {
        let length = bytes.count
        reserve(length)
        let target = UnsafeMutableRawBufferPointer(start: base + count, count: length)
        if bytes.withContiguousStorageIfAvailable({ target.copyMemory(from: UnsafeRawBufferPointer($0)) }) == nil {
            target.copyBytes(from: bytes)
        }
        count += length
    }

    func appendLittleEndian<T: FixedWidthInteger>(_ value: T) {
        reserve(MemoryLayout<T>.size)
        (base + count).storeBytes(of: value.littleEndian, as: T.self)
        count += MemoryLayout<T>.size
    }

    func bytes(_ range: Range<Int32>) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: base + Int(range.lowerBound), count: range.count)
    }

    func mutableBytes(_ range: Range<Int32>) -> UnsafeMutableRawBufferPointer {
        UnsafeMutableRawBufferPointer(start: base + Int(range.lowerBound), count: range.count)
    }
}

/// A bounds-checked reader over mapped bytes.
struct ByteCursor {
    let bytes: UnsafeRawBufferPointer
    private(set) var offset: Int
    let end: Int

    init(bytes: UnsafeRawBufferPointer, start: Int = 0, end: Int) {
        self.bytes = bytes
        self.offset = start
        self.end = min(end, bytes.count)
    }

    mutating func u32() throws(CacheFormatError) -> UInt32 {
        guard end - offset >= 4 else { throw CacheFormatError("short") }
        defer { offset += 4 }
        return bytes.u32(at: offset)
    }

    mutating func u64() throws(CacheFormatError) -> UInt64 {
        guard end - offset >= 8 else { throw CacheFormatError("short") }
        defer { offset += 8 }
        return bytes.u64(at: offset)
    }

    mutating func bytes(_ count: Int) throws(CacheFormatError) -> UnsafeRawBufferPointer {
        guard count >= 0, end - offset >= count else { throw CacheFormatError("short") }
        defer { offset += count }
        return UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + count)])
    }

    /// A length and bytes, or nil for ``CatalogFile/absent``.
    mutating func optionalBytes() throws(CacheFormatError) -> UnsafeRawBufferPointer? {
        let length = try u32()
        return length == CatalogFile.absent ? nil : try bytes(Int(length))
    }

    mutating func align() { offset = (offset + 7) / 8 * 8 }
}

extension UnsafeRawBufferPointer {
    func u16(at offset: Int) -> UInt16 { UInt16(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt16.self)) }
    func u32(at offset: Int) -> UInt32 { UInt32(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt32.self)) }
    func u64(at offset: Int) -> UInt64 { UInt64(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
    func i64(at offset: Int) -> Int64 { Int64(littleEndian: loadUnaligned(fromByteOffset: offset, as: Int64.self)) }
}

extension Array where Element == UInt8 {
    mutating func appendLittleEndian<T: FixedWidthInteger>(_ value: T) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }
}
