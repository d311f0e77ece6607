import Foundation
import FolioCore
import FolioSearch
#if canImport(Glibc)
import Glibc
#endif

/// Every record of a vault as the read commands need it: summaries for listing and filtering, and a
/// full-text index for searching.
///
/// The files are the truth. A derived cache in `.folio/local/cache/` remembers, for each file, its
/// size, times and inode together with its summary and its part of the index; a run reads again every
/// file whose stamp differs (or that is new, or was written in the two seconds before the cache was),
/// drops the ones that are gone, and merges. Deleting the cache is always safe; a damaged or older
/// cache is ignored and rewritten.
public final class Catalog: @unchecked Sendable {
    /// The records, in no particular order; an index hit's document id is a position here.
    public let summaries: [RecordSummary]
    /// Files that look like records but could not be read, each with file:line:column.
    public let problems: [FolioError]
    /// Markdown files with no front matter: notes, READMEs; not records.
    public let plainFiles: [String]
    /// Symbolic links that lead outside the vault; never followed.
    public let escapingLinks: [String]
    /// Records read this run whose body is longer than ``Vault/searchedBytesLimit``: only its first
    /// part is searched (a warning each; a record read from the cache is not named again).
    public let partlyIndexed: [FolioError]
    /// The front matter keys indexed as text, by kind (``RecordSearch/textKeys(for:)`` of the vault's kinds).
    public let textKeys: [String: [String]]
    /// How the run used the cache (what the cache tests check).
    public let report: Report

    public struct Report: Sendable, Equatable {
        /// Whether a usable cache was found.
        public var usedCache: Bool
        /// Files read and parsed this run (new, changed, or not in the cache).
        public var filesRead: Int
        /// Whether this run wrote a new cache.
        public var wroteCache: Bool
    }

    private let lock = NSLock()
    private var builtIndex: TextIndex?
    private let makeIndex: () -> TextIndex

    init(summaries: [RecordSummary], problems: [FolioError], plainFiles: [String], escapingLinks: [String],
         partlyIndexed: [FolioError], textKeys: [String: [String]], report: Report, index: TextIndex?,
         makeIndex: @escaping () -> TextIndex) {
        self.summaries = summaries
        self.partlyIndexed = partlyIndexed
        self.textKeys = textKeys
        self.problems = problems
        self.plainFiles = plainFiles
        self.escapingLinks = escapingLinks
        self.report = report
        self.builtIndex = index
        self.makeIndex = makeIndex
    }

    /// The text index over ``summaries``, loaded from the cache and merged with the changed files on first use.
    public var index: TextIndex {
        lock.lock()
        defer { lock.unlock() }
        if let builtIndex { return builtIndex }
        let made = makeIndex()
        builtIndex = made
        return made
    }

    /// A search over this catalog.
    public var search: RecordSearch {
        RecordSearch(records: summaries, index: { self.index })
    }
}

extension Vault {
    /// The cache file (derived, never synced: `.folio/local/` is ignored by git).
    public var catalogCacheURL: URL { localDirectory.appendingPathComponent("cache/catalog") }

    /// The ids of the cached records with their files, for finding one record by its id (``IDTable``).
    var idTableURL: URL { localDirectory.appendingPathComponent("cache/ids") }

    /// Reads the vault's records into a ``Catalog``, using and refreshing the cache.
    public func catalog() -> Catalog { catalog(scanStart: Self.nowNanoseconds()) }

    /// `scanStart`: the real time the scan began; tests pass a later one to make fresh files count as settled.
    func catalog(scanStart: Int64) -> Catalog {
        var paths: [String] = []
        var escaping: [String] = []
        var badNames: [FolioError] = []
        collect(directory: "", into: &paths, escaping: &escaping, badNames: &badNames)
        let fileStamps = stamps(of: paths)
        let textKeys = RecordSearch.textKeys(for: kinds)
        let limits = frontMatterLimits
        let bodyLimit = searchedBytesLimit
        let fingerprint = CatalogCache.fingerprint(textKeys: textKeys, limits: limits, bodyLimit: bodyLimit)

        let cache = CatalogCache.open(catalogCacheURL, fingerprint: fingerprint)
        var cachedPosition: [String: Int] = [:]
        if let cache {
            cachedPosition.reserveCapacity(cache.entries.count)
            for (i, entry) in cache.entries.enumerated() where !entry.racy { cachedPosition[entry.path] = i }
        }

        // Unchanged files keep their cached entry; the others are read again.
        var keptEntries: [Int] = []          // cache positions, in cache order
        var toRead: [Int] = []                // positions in `paths`
        for (p, path) in paths.enumerated() {
            if let c = cachedPosition[path], cache?.entries[c].stamp == fileStamps[p] {
                keptEntries.append(c)
            } else {
                toRead.append(p)
            }
        }
        keptEntries.sort()
        let rootPath = root.path
        let readPaths = toRead.map { paths[$0] }
        let parsed: [ParsedFile] = parallelMap(readPaths.count) { i in
            Self.parseForCatalog(path: readPaths[i], rootPath: rootPath, textKeys: textKeys, limits: limits, bodyLimit: bodyLimit)
        }

        var summaries: [RecordSummary] = []
        var entries: [CatalogCache.Entry] = []
        var plain: [String] = []
        summaries.reserveCapacity(paths.count)
        entries.reserveCapacity(paths.count)
        // The cached index numbers records by their order among the cache's record entries.
        var recordOrdinal = [Int](repeating: -1, count: cache?.entries.count ?? 0)
        var cachedRecords = 0
        for (c, entry) in (cache?.entries ?? []).enumerated() where entry.summary != nil {
            recordOrdinal[c] = cachedRecords
            cachedRecords += 1
        }
        var newPosition = [Int](repeating: -1, count: cachedRecords)
        for c in keptEntries {
            guard let entry = cache?.entries[c] else { continue }
            if let summary = entry.summary {
                newPosition[recordOrdinal[c]] = summaries.count
                summaries.append(summary)
            } else {
                plain.append(entry.path)
            }
            entries.append(entry)
        }
        var problems: [FolioError] = badNames
        var partlyIndexed: [FolioError] = []
        var changedTexts: [[String]] = []
        var changedIDs: [Int] = []
        for (k, file) in parsed.enumerated() {
            let stamp = fileStamps[toRead[k]]
            switch file {
            case .record(let summary, let texts, let bodyTooLong):
                if bodyTooLong {
                    partlyIndexed.append(FolioError(.recordLimit(.bodySearchedInPart(limit: bodyLimit)), file: summary.path))
                }
                changedIDs.append(summaries.count)
                changedTexts.append(texts)
                entries.append(CatalogCache.Entry(path: summary.path, stamp: stamp, racy: false, summary: summary))
                summaries.append(summary)
            case .plain(let path):
                plain.append(path)
                entries.append(CatalogCache.Entry(path: path, stamp: stamp, racy: false, summary: nil))
            case .problem(let error):
                problems.append(error)
            }
        }

        // A file changed within the clock's resolution of the scan might change again unseen with the same stamp.
        let settled = scanStart - 2_000_000_000
        for i in entries.indices where entries[i].stamp.modifiedNanoseconds >= settled
            || entries[i].stamp.changedNanoseconds >= settled {
            entries[i].racy = true
        }

        let fields = RecordSearch.fields
        let buildChanged: () -> TextIndex = {
            var builder = TextIndex.Builder(fields: fields)
            builder.reserveCapacity(changedIDs.count)
            for (k, id) in changedIDs.enumerated() { builder.add(id: id, texts: changedTexts[k]) }
            return builder.build()
        }
        let removedOrChanged = (cache?.entries.count ?? 0) - keptEntries.count
        let changes = toRead.count + removedOrChanged
        let cacheURL = catalogCacheURL
        let finalNewPosition = newPosition
        let finalSummaries = summaries
        let finalEntries = entries
        let makeIndex: () -> TextIndex = {
            let changedIndex = buildChanged()
            guard let cache else { return changedIndex }
            guard let base = cache.loadIndex() else {
                // The cached index is damaged: index every record again, and replace the cache so the
                // next run is fast again. Never search with part of the vault missing.
                let full = Self.indexEveryRecord(finalSummaries, rootPath: rootPath, textKeys: textKeys, limits: limits,
                                                 bodyLimit: bodyLimit, fields: fields)
                CatalogCache.write(to: cacheURL, fingerprint: fingerprint, entries: finalEntries, index: full)
                return full
            }
            return base.replacing(keeping: { old in
                old >= 0 && old < finalNewPosition.count && finalNewPosition[old] >= 0 ? finalNewPosition[old] : nil
            }, adding: changedIndex) ?? changedIndex
        }

        // Rewriting costs about what reading the changed files saved; worth it when they are many.
        let shouldWrite = cache == nil || (changes > 0 && (entries.count < 20_000 || changes * 100 >= entries.count))
        var index: TextIndex?
        var wrote = false
        if shouldWrite {
            let built = cache == nil ? buildChanged() : makeIndex()
            index = built
            wrote = CatalogCache.write(to: cacheURL, fingerprint: fingerprint, entries: entries, index: built)
        }
        if wrote || !FileManager.default.fileExists(atPath: idTableURL.path) { IDTable.write(entries, to: idTableURL) }
        let report = Catalog.Report(usedCache: cache != nil, filesRead: toRead.count, wroteCache: wrote)
        return Catalog(summaries: summaries, problems: problems, plainFiles: plain, escapingLinks: escaping,
                       partlyIndexed: partlyIndexed.sorted { ($0.file ?? "") < ($1.file ?? "") }, textKeys: textKeys, report: report, index: index, makeIndex: makeIndex)
    }

    /// An index of every record read from its file again; document ids are positions in `summaries`.
    static func indexEveryRecord(_ summaries: [RecordSummary], rootPath: String, textKeys: [String: [String]],
                                 limits: FrontMatterLimits, bodyLimit: Int, fields: [IndexField]) -> TextIndex {
        let parsed: [ParsedFile] = parallelMap(summaries.count) { i in
            parseForCatalog(path: summaries[i].path, rootPath: rootPath, textKeys: textKeys, limits: limits, bodyLimit: bodyLimit)
        }
        var builder = TextIndex.Builder(fields: fields)
        builder.reserveCapacity(summaries.count)
        for (id, file) in parsed.enumerated() {
            if case .record(_, let texts, _) = file { builder.add(id: id, texts: texts) }
        }
        return builder.build()
    }

    enum ParsedFile: Sendable {
        /// `bodyTooLong`: only the first part of the body was indexed.
        case record(RecordSummary, texts: [String], bodyTooLong: Bool)
        case plain(String)
        case problem(FolioError)
    }

    /// Reads one file into its summary and the texts the index holds; the parsed document is dropped.
    /// Only the front matter and the searched part of the body are read (see ``parse(path:rootPath:limits:prefix:)``).
    static func parseForCatalog(path: String, rootPath: String, textKeys: [String: [String]],
                                limits: FrontMatterLimits, bodyLimit: Int) -> ParsedFile {
        let prefix = limits.maxBytes + bodyLimit + 4_096
        switch parse(path: path, rootPath: rootPath, limits: limits, prefix: prefix) {
        case .record(let record):
            let summary = RecordSummary(record)
            let keys = RecordSearch.textKeys(for: record, in: textKeys)
            let bodyBytes = record.document.text.utf8.count - record.document.bodyStart
            return .record(summary, texts: RecordSearch.indexTexts(of: record, allTags: summary.allTags, keys: keys, bodyLimit: bodyLimit),
                           bodyTooLong: bodyBytes > bodyLimit)
        case .plain(let path): return .plain(path)
        case .problem(let error): return .problem(error)
        case .none: return .problem(FolioError(.fileUnreadable("?"), file: path))
        }
    }

    /// The system's real time, which file stamps are made of (not the vault's clock, which FOLIO_NOW may fix).
    static func nowNanoseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }
}
