import FolioCore
import FolioSearch
import Foundation
import Synchronization
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

/// Builds a ``CatalogFile`` in memory, then writes it to a temporary file renamed over the old one,
/// so a reader sees a whole cache or none. A row kept from the old cache is copied byte for byte.
///
/// The blob starts with the borrowed bytes, if any: names and details a run has already laid out
/// as the cache keeps them (its readers' buffers), written as they are, without a copy (a first
/// run at 100,000 records copied 28 MB). They must outlive the writer.
struct CatalogFileWriter {
    private var folderRows: [UInt8] = []
    private var fileRows: [UInt8] = []
    private let borrowed: [UnsafeRawBufferPointer]
    private let borrowedCount: Int
    private var blob: [UInt8] = []
    private(set) var rowCount = 0
    private var folderCount = 0

    init(expectedRows: Int, expectedBlob: Int? = nil, borrowing borrowed: [UnsafeRawBufferPointer] = []) {
        self.borrowed = borrowed
        borrowedCount = borrowed.reduce(0) { $0 + $1.count }
        fileRows.reserveCapacity(expectedRows * CatalogFile.fileRowSize)
        blob.reserveCapacity(expectedBlob ?? expectedRows * 160)
    }

    /// A string into the blob; its offset and length.
    private mutating func put(_ bytes: some Collection<UInt8>, terminated: Bool = false) -> (UInt32, UInt32) {
        let start = UInt32(truncatingIfNeeded: borrowedCount + blob.count)
        blob.append(contentsOf: bytes)
        if terminated { blob.append(0) }
        return (start, UInt32(truncatingIfNeeded: bytes.count))
    }

    /// Folders go parents first; each one's rows follow the previous folder's.
    mutating func addFolder(path: String, parent: Int, rows: Range<Int>, stamp: FileStamp, reusable: Bool) {
        let (start, length) = put(path.utf8)
        folderRows.appendLittleEndian(start)
        folderRows.appendLittleEndian(length)
        folderRows.appendLittleEndian(Int32(truncatingIfNeeded: parent))
        folderRows.appendLittleEndian(UInt32(truncatingIfNeeded: rows.lowerBound))
        folderRows.appendLittleEndian(UInt32(truncatingIfNeeded: rows.count))
        folderRows.appendLittleEndian(UInt32(reusable ? 1 : 0))
        folderRows.appendLittleEndian(stamp.modifiedNanoseconds)
        folderRows.appendLittleEndian(stamp.changedNanoseconds)
        folderRows.appendLittleEndian(stamp.inode)
        folderCount += 1
    }

    struct Row: Sendable {
        var isRecord: Bool
        var racy: Bool
        var completion: RecordSummary.Completion
        var kind: Int?
        var stamp: FileStamp
        var epoch: Int64
        var day: Int32
        var indexOrdinal: Int32
    }

    /// A row whose detail is already encoded (``RecordDetail``), or none for a file without front matter.
    mutating func addRow(_ row: Row, name: some Collection<UInt8>, detail: some Collection<UInt8>) {
        let (nameStart, nameLength) = put(name, terminated: true)
        let (detailStart, detailLength) = row.isRecord ? put(detail) : (0, 0)
        appendRow(row, name: (nameStart, nameLength), detail: (detailStart, detailLength))
    }

    /// Where a row's name and detail lie in the file's blob: offset and length of each.
    struct Placed: Sendable {
        var name: (UInt32, UInt32)
        var detail: (UInt32, UInt32)

        static let nowhere = Placed(name: (0, 0), detail: (0, 0))

        /// A name (NUL-terminated there) and detail in the borrowed bytes, at offsets from their start.
        init(borrowedName name: Range<Int>, borrowedDetail detail: Range<Int>, isRecord: Bool) {
            self.name = (UInt32(truncatingIfNeeded: name.lowerBound), UInt32(truncatingIfNeeded: name.count))
            self.detail = isRecord ? (UInt32(truncatingIfNeeded: detail.lowerBound), UInt32(truncatingIfNeeded: detail.count)) : (0, 0)
        }

        init(name: (UInt32, UInt32), detail: (UInt32, UInt32)) {
            self.name = name
            self.detail = detail
        }
    }

    /// A name and detail (for a record) copied into the blob, for a row added later.
    mutating func place(name: some Collection<UInt8>, detail: some Collection<UInt8>, isRecord: Bool) -> Placed {
        Placed(name: put(name, terminated: true), detail: isRecord ? put(detail) : (0, 0))
    }

    /// `count` rows at once, on all cores: `row(i)` is the i-th with its name and detail already
    /// in the blob (borrowed, or ``place(name:detail:isRecord:)``). At 100,000 rows one core took
    /// seven milliseconds of a first run's tail, the other idle.
    mutating func addRows(count: Int, _ row: @Sendable (Int) -> (Row, Placed)) {
        let start = fileRows.count
        fileRows.append(contentsOf: repeatElement(0, count: count * CatalogFile.fileRowSize))
        fileRows.withUnsafeMutableBufferPointer { buffer in
            // Each worker writes its own rows, never another's.
            let slots = DisjointSlots(buffer)
            let chunk = 4_096
            DispatchQueue.concurrentPerform(iterations: (count + chunk - 1) / chunk) { c in
                let raw = UnsafeMutableRawBufferPointer(slots.buffer)
                for i in (c * chunk)..<min(count, (c + 1) * chunk) {
                    let (facts, placed) = row(i)
                    Self.write(facts, placed, into: raw, at: start + i * CatalogFile.fileRowSize)
                }
            }
        }
        rowCount += count
    }

    private mutating func appendRow(_ row: Row, name: (UInt32, UInt32), detail: (UInt32, UInt32)) {
        let at = fileRows.count
        fileRows.append(contentsOf: Self.emptyRow)
        fileRows.withUnsafeMutableBytes { raw in Self.write(row, Placed(name: name, detail: detail), into: raw, at: at) }
        rowCount += 1
    }

    /// A row's fields into the zeros at `at`: written in place, as an append per field cost a
    /// quarter of a first run's time after its reading.
    private static func write(_ row: Row, _ placed: Placed, into raw: UnsafeMutableRawBufferPointer, at: Int) {
        var out = FixedRow(raw: raw, at: at)
        out.put(placed.name.0)
        out.put(placed.name.1)
        out.put(UInt32(0))
        out.put(UInt8((row.isRecord ? 1 : 0) | (row.racy ? 2 : 0)))
        out.put(row.completion.rawValue)
        out.put(UInt16(truncatingIfNeeded: row.kind ?? 0xFFFF))
        out.put(row.stamp.size)
        out.put(row.stamp.modifiedNanoseconds)
        out.put(row.stamp.changedNanoseconds)
        out.put(row.stamp.inode)
        out.put(row.epoch)
        out.put(row.day)
        out.put(row.indexOrdinal)
        out.put(placed.detail.0)
        out.put(placed.detail.1)
        out.put(UInt64(0))
    }

    private static let emptyRow = [UInt8](repeating: 0, count: CatalogFile.fileRowSize)

    /// Little-endian numbers stored one after the other from `at`, into bytes already there.
    private struct FixedRow {
        let raw: UnsafeMutableRawBufferPointer
        var at: Int

        mutating func put<T: FixedWidthInteger>(_ value: T) {
            raw.storeBytes(of: value.littleEndian, toByteOffset: at, as: T.self)
            at += MemoryLayout<T>.size
        }
    }

    /// The file's parts in order: the header, the folder and file rows, the tables, the blob with
    /// the table's names after it, and the closing (padding, checksum, end magic).
    private func parts(
        fingerprint: String, indexGeneration: UInt64, watchToken: WatchProtocol.Token, tagNames: [String], kindNames: [String]
    ) -> [Part] {
        let parts = partsBeforeClosing(
            fingerprint: fingerprint, indexGeneration: indexGeneration, watchToken: watchToken, tagNames: tagNames, kindNames: kindNames)
        return parts + [.owned(Self.closing(after: parts, checksum: Self.checksum(of: parts)))]
    }

    /// The file's parts but its closing.
    private func partsBeforeClosing(
        fingerprint: String, indexGeneration: UInt64, watchToken: WatchProtocol.Token, tagNames: [String], kindNames: [String]
    ) -> [Part] {
        let blobCount = borrowedCount + blob.count
        var tables: [UInt8] = []
        var names: [UInt8] = []
        for name in tagNames + kindNames {
            tables.appendLittleEndian(UInt32(truncatingIfNeeded: blobCount + names.count))
            tables.appendLittleEndian(UInt32(truncatingIfNeeded: name.utf8.count))
            names += name.utf8
        }
        var header: [UInt8] = []
        header.appendLittleEndian(CatalogFile.magic)
        header.appendLittleEndian(CatalogFile.version)
        header.appendLittleEndian(UInt32(0x0102_0304))
        header.appendLittleEndian(UInt32(truncatingIfNeeded: fingerprint.utf8.count))
        header.append(contentsOf: fingerprint.utf8)
        while header.count % 8 != 0 { header.append(0) }
        header.appendLittleEndian(indexGeneration)
        header.appendLittleEndian(watchToken.instance)
        header.appendLittleEndian(watchToken.sequence)
        header.appendLittleEndian(UInt32(truncatingIfNeeded: folderCount))
        header.appendLittleEndian(UInt32(truncatingIfNeeded: rowCount))
        header.appendLittleEndian(UInt32(truncatingIfNeeded: tagNames.count))
        header.appendLittleEndian(UInt32(truncatingIfNeeded: kindNames.count))
        header.appendLittleEndian(UInt64(blobCount + names.count))
        var parts = [Part.owned(header), .owned(folderRows), .owned(fileRows), .owned(tables)]
        parts += borrowed.map(Part.borrowed)
        parts += [.owned(blob), .owned(names)]
        return parts
    }

    /// The zeros that round `parts` up to eight bytes.
    private static func padding(after parts: [Part]) -> [UInt8] {
        [UInt8](repeating: 0, count: (8 - parts.reduce(0) { $0 + $1.count } % 8) % 8)
    }

    /// The checksum of `parts` and their padding: what the closing holds.
    private static func checksum(of parts: [Part]) -> UInt64 {
        var checksum = CacheChecksum()
        for part in parts + [.owned(padding(after: parts))] { part.withBytes { checksum.update($0) } }
        return checksum.value
    }

    /// The padding after `parts`, their checksum and the end magic.
    private static func closing(after parts: [Part], checksum: UInt64) -> [UInt8] {
        var closing = padding(after: parts)
        closing.appendLittleEndian(checksum)
        closing.appendLittleEndian(CatalogFile.endMagic)
        return closing
    }

    /// A run of the file's bytes: the writer's own, or borrowed. Borrowed bytes outlive the
    /// writer (its contract) and are only read, by the writes and the checksum at once.
    // @unchecked: holds borrowed bytes that outlive it and that nothing writes while it is read.
    enum Part: @unchecked Sendable {
        case owned([UInt8])
        case borrowed(UnsafeRawBufferPointer)

        var count: Int {
            switch self {
            case .owned(let bytes): bytes.count
            case .borrowed(let bytes): bytes.count
            }
        }

        func withBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
            switch self {
            case .owned(let bytes): bytes.withUnsafeBytes(body)
            case .borrowed(let bytes): body(bytes)
            }
        }
    }

    /// The whole file's bytes.
    func encoded(
        fingerprint: String, indexGeneration: UInt64, watchToken: WatchProtocol.Token = .none, tagNames: [String], kindNames: [String]
    ) -> [UInt8] {
        var bytes: [UInt8] = []
        for part in parts(
            fingerprint: fingerprint, indexGeneration: indexGeneration, watchToken: watchToken, tagNames: tagNames, kindNames: kindNames)
        {
            part.withBytes { bytes.append(contentsOf: $0) }
        }
        return bytes
    }

    /// Replaces the cache; false (and no cache) if it could not be written, which only costs speed.
    /// The parts are written one after the other, never copied into one.
    @discardableResult
    func write(
        to url: URL, fingerprint: String, indexGeneration: UInt64, watchToken: WatchProtocol.Token, tagNames: [String], kindNames: [String]
    ) -> Bool {
        guard borrowedCount + blob.count < Int(UInt32.max) / 2 else { return false }
        return Self.replace(
            url,
            with: partsBeforeClosing(
                fingerprint: fingerprint, indexGeneration: indexGeneration, watchToken: watchToken, tagNames: tagNames, kindNames: kindNames
            ))
    }

    /// Writes `parts` and their closing one after the other to a temporary file beside `url` and
    /// renames it over `url`.
    private static func replace(_ url: URL, with parts: [Part]) -> Bool {
        let directory = url.deletingLastPathComponent()
        LocalFile.clearWay(to: url)
        // try?: the cache is written when it can be; the write that follows reports nothing, and the next run builds it again.
        try? AtomicFile.makeDirectory(directory)
        removeAbandonedTemporaries(in: directory)
        let temporary = directory.appendingPathComponent(temporaryName())
        // Never through a link, never waiting on a pipe that stands where the temporary goes.
        let fd = Descriptor.open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, mode: 0o644)
        guard fd >= 0 else { return false }
        // Derived: written whole and renamed, not synced; a cache lost to a crash is rebuilt.
        // The checksum is worked out on the other core while the parts are written: each takes
        // some ten milliseconds at 100,000 records, which a first run otherwise spent one after
        // the other with a core idle.
        let written = Mutex(false)
        let checksum = Mutex<UInt64>(0)
        DispatchQueue.concurrentPerform(iterations: 2) { k in
            if k == 0 {
                let all = parts.allSatisfy { part in part.withBytes { AtomicFile.writeAll(fd, $0) } }
                written.withLock { $0 = all }
            } else {
                let value = Self.checksum(of: parts)
                checksum.withLock { $0 = value }
            }
        }
        let closed =
            written.withLock { $0 }
            && Self.closing(after: parts, checksum: checksum.withLock { $0 }).withUnsafeBytes {
                AtomicFile.writeAll(fd, $0)
            }
        close(fd)
        guard closed, rename(temporary.path, url.path) == 0 else {
            unlink(temporary.path)
            return false
        }
        return true
    }

    /// A temporary's name of its own (``TemporaryName``), then `suffix`.
    static func temporaryName(_ suffix: String = ".tmp") -> String { ".catalog." + TemporaryName.unique() + suffix }

    /// Deletes half-written caches left by a folio that was killed while writing (its process is gone).
    private static func removeAbandonedTemporaries(in directory: URL) {
        // try?: clean-up of old cache files only.
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names where name.hasPrefix(".catalog.") && name.hasSuffix(".tmp") {
            // `.catalog.<pid>-<n>.tmp`, `….index.tmp`, or an older folio's `.catalog.<pid>.tmp`.
            if let pid = TemporaryName.process(in: name.dropFirst(".catalog.".count)), TemporaryName.isGone(pid) {
                unlink(directory.appendingPathComponent(name).path)
            }
        }
    }
}
