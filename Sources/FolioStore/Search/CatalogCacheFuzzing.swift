import FolioCore
import FolioSearch
import Foundation

/// The catalog cache reader, reachable by folio's fuzz harnesses (`Tests/FuzzTargets`) without
/// `@testable`: hostile bytes in, what a vault would believe out. Not for any other use.
///
/// The reader runs with its checksums off. They find a torn or flipped file, but anyone who
/// writes a file can make it pass them, so the structural checks behind them must hold alone,
/// and that is what the fuzzer exercises.
public enum CatalogCacheFuzzing {
    /// What a vault would take from a cache file.
    public struct Contents: Sendable {
        /// Each file's path, in file order.
        public var paths: [String]
        /// The record summaries, in file order.
        public var records: [RecordSummary]
    }

    /// The fingerprint written into the header ``read(body:scratch:)`` puts before the body.
    public static let fingerprint = "fuzz"

    /// The header ``read(body:scratch:)`` puts before the body: magic, version, byte-order mark,
    /// ``fingerprint``, padding.
    static var header: [UInt8] {
        var file: [UInt8] = []
        file.appendLittleEndian(CatalogFile.magic)
        file.appendLittleEndian(CatalogFile.version)
        file.appendLittleEndian(UInt32(0x0102_0304))
        file.appendLittleEndian(UInt32(fingerprint.utf8.count))
        file.append(contentsOf: fingerprint.utf8)
        while file.count % 8 != 0 { file.append(0) }
        return file
    }

    /// Reads `body` as everything of a cache file between its header and its closing magic, through
    /// a file at `scratch` (overwritten). Nil when the reader refused it, as a vault would then read every file.
    public static func read(body: [UInt8], scratch: URL) -> Contents? {
        var file = header + body
        file.appendLittleEndian(CatalogFile.endMagic)
        // try?: the fuzz harness: an input it cannot write is skipped.
        guard (try? Data(file).write(to: scratch)) != nil,
            let cache = CatalogFile.open(scratch, fingerprint: fingerprint, verifyingChecksums: false)
        else { return nil }
        var contents = Contents(paths: [], records: [])
        for folder in cache.folders {
            for row in folder.rows {
                let path = folder.path.isEmpty ? cache.name(row) : folder.path + "/" + cache.name(row)
                contents.paths.append(path)
                guard cache.isRecord(row) else { continue }
                let detail = RecordDetail(cache.detail(row))
                let tag = { (n: UInt32) in Int(n) < cache.tagNames.count ? cache.tagNames[Int(n)] : "" }
                contents.records.append(
                    RecordSummary(
                        path: path, id: detail.id, kind: cache.kind(row).map { cache.kindNames[$0] }, title: detail.title,
                        parent: detail.parent, tags: detail.tags.map(tag), allTags: detail.allTags.map(tag),
                        sortTime: detail.sortTime.flatMap(Timestamp.init), completion: cache.completion(row), aliases: detail.aliases))
            }
        }
        return contents
    }

    /// A well-formed body for ``read(body:scratch:)``, written by the vault's own writer (a seed
    /// for the fuzzer): one record per `(title, text)`, plus a Markdown file without front matter.
    public static func sampleBody(records: [(title: String, text: String)]) -> [UInt8]? {
        var writer = CatalogFileWriter(expectedRows: records.count + 1)
        writer.addFolder(
            path: "", parent: -1, rows: 0..<0, stamp: FileStamp(size: 0, modifiedNanoseconds: 1, changedNanoseconds: 1, inode: 1),
            reusable: true)
        writer.addFolder(
            path: "diary", parent: 0, rows: 0..<records.count,
            stamp: FileStamp(size: 0, modifiedNanoseconds: 2, changedNanoseconds: 2, inode: 2), reusable: true)
        writer.addFolder(
            path: "notes", parent: 0, rows: records.count..<(records.count + 1),
            stamp: FileStamp(size: 0, modifiedNanoseconds: 3, changedNanoseconds: 3, inode: 3), reusable: false)
        for (n, record) in records.enumerated() {
            let stamp = FileStamp(
                size: UInt64(record.text.utf8.count), modifiedNanoseconds: 1_700_000_000_000_000_000,
                changedNanoseconds: 1_700_000_000_000_000_000, inode: UInt64(1000 + n))
            var detail: [UInt8] = []
            RecordDetail(
                id: "0000000\(n)-7e44-4de7-9463-e883cee69a5a", title: record.title, parent: nil,
                sortTime: "2026-11-22T18:04:11.250+08:00", tags: [0], allTags: [0, 1], aliases: n % 2 == 0 ? ["alias \(n)", "別名"] : []
            ).encode(into: &detail)
            writer.addRow(
                CatalogFileWriter.Row(
                    isRecord: true, racy: n == 1, completion: n % 2 == 0 ? .open : .done, kind: 0,
                    stamp: stamp, epoch: 1_795_349_051_250, day: 20_261_122, indexOrdinal: Int32(n)),
                name: Array("2026-11-\(n + 10)-\(n).md".utf8), detail: detail)
        }
        writer.addRow(
            CatalogFileWriter.Row(
                isRecord: false, racy: false, completion: .none, kind: nil,
                stamp: FileStamp(size: 3, modifiedNanoseconds: 1, changedNanoseconds: 2, inode: 3),
                epoch: Int64.min, day: 0, indexOrdinal: -1),
            name: Array("plain.md".utf8), detail: [UInt8]())
        let file = writer.encoded(fingerprint: fingerprint, indexGeneration: 7, tagNames: ["rain", "walk"], kindNames: ["diary"])
        let header = Self.header.count
        guard file.count >= header + 8 else { return nil }
        return Array(file.dropFirst(header).dropLast(8))
    }
}

/// The id table reader (``IDTable``), reachable by folio's fuzz harnesses without `@testable`.
public enum IDTableFuzzing {
    /// The path `table` gives for `reference`, as `folio show <id>` would take it.
    public static func path(for reference: [UInt8], in table: [UInt8]) -> String? {
        IDTable.path(for: reference, in: table)
    }

    /// Whether `path` is one the catalog could have listed (what every answer must be).
    public static func isRecordPath(_ path: String) -> Bool {
        IDTable.isRecordPath(path)
    }

    /// A table written by folio's own writer for `(id, path)` pairs (a seed for the fuzzer).
    public static func table(_ rows: [(id: String, path: String)]) -> [UInt8] {
        IDTable.encode(rows.map { (Array($0.id.utf8), Array($0.path.utf8)) })
    }
}
