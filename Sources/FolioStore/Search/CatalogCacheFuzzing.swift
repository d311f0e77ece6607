import Foundation
import FolioCore
import FolioSearch

/// The catalog cache reader, reachable by folio's fuzz harnesses (`Tests/FuzzTargets`) without
/// `@testable`: hostile bytes in, what a vault would believe out. Not for any other use.
///
/// The reader runs with its checksums off. They find a torn or flipped file, but anyone who
/// writes a file can make it pass them, so the structural checks behind them must hold alone,
/// and that is what the fuzzer exercises.
public enum CatalogCacheFuzzing {
    /// What a vault would take from a cache file.
    public struct Contents: Sendable {
        /// Each entry's path, in file order.
        public var paths: [String]
        /// The record summaries' ids (nil for a record without one), in file order.
        public var recordIDs: [String?]
        /// The cached index, or nil when the reader refused it (a vault then indexes every record again).
        public var index: TextIndex?
    }

    /// The fingerprint written into the header ``read(body:scratch:)`` puts before the body.
    public static let fingerprint = "fuzz"

    /// Reads `body` as everything of a cache file between its header (magic, version, byte-order
    /// mark, ``fingerprint``) and its closing magic, through a file at `scratch` (overwritten).
    /// Nil when the reader refused the entries, as a vault would then read every file.
    public static func read(body: [UInt8], scratch: URL) -> Contents? {
        var file: [UInt8] = []
        func append<T: FixedWidthInteger>(_ value: T) {
            withUnsafeBytes(of: value.littleEndian) { file.append(contentsOf: $0) }
        }
        append(CatalogCache.magic)
        append(CatalogCache.version)
        append(UInt32(0x0102_0304))
        append(UInt32(fingerprint.utf8.count))
        file.append(contentsOf: fingerprint.utf8)
        file.append(contentsOf: body)
        append(CatalogCache.endMagic)
        guard (try? Data(file).write(to: scratch)) != nil,
              let cache = CatalogCache.open(scratch, fingerprint: fingerprint, verifyingChecksums: false)
        else { return nil }
        return Contents(paths: cache.entries.map(\.path), recordIDs: cache.entries.compactMap { $0.summary.map(\.id) },
                        index: cache.loadIndex())
    }

    /// A well-formed body for ``read(body:scratch:)``, written by the vault's own writer (a seed
    /// for the fuzzer): one record per `(title, text)`, plus a Markdown file without front matter.
    public static func sampleBody(records: [(title: String, text: String)], scratch: URL) -> [UInt8]? {
        var entries: [CatalogCache.Entry] = []
        var builder = TextIndex.Builder(fields: RecordSearch.fields)
        for (n, record) in records.enumerated() {
            let path = "diary/2026/11/2026-11-\(n + 10)-\(n).md"
            let summary = RecordSummary(
                path: path, id: "0000000\(n)-7e44-4de7-9463-e883cee69a5a", kind: "diary", title: record.title,
                parent: nil, tags: ["rain"], allTags: ["rain", "walk"], sortTime: Timestamp("2026-11-22T18:04:11+08:00"),
                completion: n % 2 == 0 ? .open : .done)
            let stamp = FileStamp(size: UInt64(record.text.utf8.count), modifiedNanoseconds: 1_700_000_000_000_000_000,
                                  changedNanoseconds: 1_700_000_000_000_000_000, inode: UInt64(1000 + n))
            entries.append(CatalogCache.Entry(path: path, stamp: stamp, racy: n == 1, summary: summary))
            builder.add(id: n, texts: [record.title, "rain walk", record.text, ""])
        }
        entries.append(CatalogCache.Entry(
            path: "notes/plain.md", stamp: FileStamp(size: 3, modifiedNanoseconds: 1, changedNanoseconds: 2, inode: 3),
            racy: false, summary: nil))
        guard CatalogCache.write(to: scratch, fingerprint: fingerprint, entries: entries, index: builder.build()),
              let file = FileManager.default.contents(atPath: scratch.path)
        else { return nil }
        let header = 8 + 4 + 4 + 4 + fingerprint.utf8.count
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
        IDTable.encode(rows.map { row in
            let summary = RecordSummary(path: row.path, id: row.id, kind: "idea", title: row.path, parent: nil, tags: [],
                                        allTags: [], sortTime: nil, completion: .open)
            return CatalogCache.Entry(path: row.path, stamp: FileStamp(size: 0, modifiedNanoseconds: 0, changedNanoseconds: 0, inode: 0),
                                      racy: false, summary: summary)
        })
    }
}
