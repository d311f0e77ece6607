import FolioSearch
import FolioStore
import Foundation
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

extension FuzzTarget {
    /// `TextIndex.decode` on any bytes given as a cache file, checksums off; what it accepts is searched.
    ///
    /// Promises: no crash and no unbounded allocation, whatever counts and offsets the file claims;
    /// every term's counts read straight from the bytes are those its occurrences give; an accepted
    /// index answers searches (words, prefixes, phrases, CJK, exclusions), also when combined with a
    /// fresh index by `replacing(keeping:adding:)`.
    static let indexSnapshot = FuzzTarget(
        name: "index-snapshot",
        summary: "TextIndex.decode of a cache file (checksums off), then searches on what it accepts",
        generatedSeeds: { IndexFuzz.seeds() }
    ) { bytes throws(InvariantFailure) in
        try IndexFuzz.runSnapshot(bytes)
    }

    /// The catalog cache reader on any bytes after the cache header, checksums off.
    ///
    /// Promises: as for the index snapshot; the index is accepted only with one document per record
    /// entry, and the vault's way of merging it with changed records holds.
    static let catalogCache = FuzzTarget(
        name: "catalog-cache",
        summary: "the catalog file reader (folders, rows, tags; checksums off), then every record decoded",
        generatedSeeds: { IndexFuzz.cacheSeeds() }
    ) { bytes throws(InvariantFailure) in
        try IndexFuzz.runCache(bytes)
    }
}

/// The cache harnesses' readers and seeds, public for the tests that check the seeds are accepted.
public enum IndexFuzz {
    static let fields = RecordSearch.fields
    static let queries = ["rain", "walk", "下雨", "雨", "ca", "\"rainy day\"", "home -rain", "rain OR 傍晚", "8", "straße"]
        .compactMap { try? QueryParser().parse($0) }
    static let fresh = TextIndex(
        fields: fields,
        documents: [
            IndexDocument(id: 0, fields: ["title": "rain again", "body": "下雨的傍晚 walk"]),
            IndexDocument(id: 3, fields: ["body": "a new record"]),
        ])
    public static let sampleRecords: [(title: String, text: String)] = [
        ("下雨的傍晚", "今天下班走回家，rainy day walk home."),
        ("測試想法", "e-mail the café about 8 balls"),
        ("Straße", "ÅNGSTRÖM カタカナ 한국어 walk walk walk"),
    ]

    static func runSnapshot(_ bytes: [UInt8]) throws(InvariantFailure) {
        guard let index = snapshot(bytes) else { return }
        try exercise(index)
    }

    /// The index `bytes` hold, if the reader accepts them.
    public static func snapshot(_ bytes: [UInt8]) -> TextIndex? {
        let scratch = ScratchFile()
        let fd = scratch.open(with: bytes)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var reader = BinaryReader(fd: fd, size: bytes.count)
        guard let mapping = FileMapping(fd: fd, size: bytes.count) else { return nil }
        return try? TextIndex.decode(from: &reader, mapping: mapping, verifyingChecksums: false)
    }

    /// A cache body the reader accepts gives as many paths as rows and records among them.
    static func runCache(_ bytes: [UInt8]) throws(InvariantFailure) {
        guard let contents = cacheContents(bytes) else { return }
        guard contents.records.count <= contents.paths.count else { throw InvariantFailure("more records than files") }
        for record in contents.records { _ = record.sortTime?.day10 }
    }

    /// What a cache body holds, if the reader accepts it.
    public static func cacheContents(_ bytes: [UInt8]) -> CatalogCacheFuzzing.Contents? {
        let scratch = ScratchFile()
        return CatalogCacheFuzzing.read(body: bytes, scratch: scratch.url)
    }

    static func exercise(_ index: TextIndex) throws(InvariantFailure) {
        _ = index.termCount
        _ = index.occurrenceCount
        if let apart = IndexFuzzing.countsApartFromOccurrences(in: index) {
            throw InvariantFailure("a term's counts read from the bytes differ from its occurrences: \(apart)")
        }
        for query in queries {
            _ = index.search(query)
            _ = index.search(query, limit: 2)
        }
        if let combined = index.replacing(keeping: { $0 >= 0 && $0 < 2 ? $0 + 10 : nil }, adding: fresh) {
            for query in queries { _ = combined.search(query) }
        }
    }

    /// An index of the sample records, as the cache writes it.
    public static func seeds() -> [[UInt8]] {
        let index = TextIndex(
            fields: fields,
            documents: sampleRecords.enumerated().map { n, record in
                IndexDocument(id: n, fields: ["title": record.title, "tags": "rain walk", "body": record.text])
            })
        let scratch = ScratchFile()
        let fd = Glibc.open(scratch.url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return [] }
        var writer = BinaryWriter(fd: fd)
        index.encode(into: &writer)
        let written = writer.finish()
        close(fd)
        guard written, let data = FileManager.default.contents(atPath: scratch.url.path) else { return [] }
        return [Array(data)]
    }

    public static func cacheSeeds() -> [[UInt8]] {
        let body = CatalogCacheFuzzing.sampleBody(records: sampleRecords)
        return body.map { [$0] } ?? []
    }
}
