import FolioCore
import FolioSearch
import Foundation
import Synchronization
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

/// Every record of a vault as the read commands need it: what listings sort and filter on, the
/// summaries of the records a command shows, and a full-text index for searching.
///
/// The files are the truth. A derived cache in `.folio/local/cache/` (``CatalogFile``) remembers, for
/// each file, its size, times and inode with its summary, and for each folder its stamp; a run reads
/// again every file whose stamp differs (or that is new, or was written in the two seconds before
/// the cache was), drops the ones that are gone, and lists again only the folders that changed.
/// The rows of unchanged files stay in the mapped cache: a summary is decoded when a command asks
/// for it. Deleting the cache is always safe; a damaged or older cache is ignored and rewritten.
// @unchecked: owns the mapped cache (CatalogFile), read by parallel workers; its vault is used on the caller's thread only.
public final class Catalog: @unchecked Sendable {
    /// Files that look like records but could not be read, each with file:line:column.
    public let problems: [FolioError]
    /// Markdown files with no front matter: notes, READMEs; not records.
    public let plainFiles: [String]
    /// Symbolic links that lead outside the vault; never followed.
    public let escapingLinks: [String]
    /// Records read this run whose body is longer than ``Vault/searchedBytesLimit``: only its first
    /// part is searched (a warning each; a record read from the cache is not named again).
    public let partlyIndexed: [FolioError]
    /// Records that read but hold conflict markers another git client committed in their body
    /// (``MarkedFile/error``, the words `check` uses): named on every run, as such a record's row
    /// is never trusted from the cache.
    public let markedRecords: [FolioError]
    /// The front matter keys indexed as text, by kind (``RecordSearch/textKeys(for:)`` of the vault's kinds).
    public let textKeys: [String: [String]]
    /// How the run used the cache (what the cache tests check).
    public var report: Report { currentReport.withLock { $0 } }
    private let currentReport: Mutex<Report>
    /// The `folio watch` token this catalog is current to: written with it into the cache.
    let watchToken: WatchProtocol.Token

    public struct Report: Sendable, Equatable {
        /// Whether a usable cache was found.
        public var usedCache: Bool
        /// Files read and parsed this run (new, changed, or not in the cache).
        public var filesRead: Int
        /// Whether this run wrote a new cache.
        public var wroteCache: Bool
        /// Folders listed this run (the others were unchanged and taken from the cache).
        public var foldersListed: Int
        /// What `folio watch` did for this run.
        public var watch: WatchUse = .notRunning
    }

    /// How a run knew which files changed.
    public enum WatchUse: Sendable, Equatable {
        /// No watcher: every cached file was stamped.
        case notRunning
        /// The watcher could not vouch for a list (the cache is older than it, or it lost events):
        /// every cached file was stamped, and the cache written with its token.
        case everyFile
        /// Only the files the watcher named (this many paths) were stamped.
        case namedOnly(Int)
        /// The watcher did not answer properly: every cached file was stamped.
        case unanswered(reason: String)
    }

    /// One Markdown file: from the cache (`cachedRow`) or read this run (`fresh`).
    struct Entry: Sendable {
        var folder: Int32
        var cachedRow: Int32
        var fresh: Int32
        var isRecord: Bool
        var racy: Bool
        var completion: RecordSummary.Completion
        var kind: Int32
        /// `created`, else `modified`, in milliseconds since 1970; `Int64.min` when undated.
        var epoch: Int64
        /// The same day as YYYYMMDD; 0 when undated.
        var day: Int32
        /// The record's document number in the index of ``indexGeneration``; -1 when not in it.
        var indexOrdinal: Int32
        var stamp: FileStamp
    }

    /// A file read this run: its name and, for a record, its detail (``RecordDetail``), in the
    /// buffer of the worker that read it.
    struct FreshFile: Sendable {
        var buffer: Int32
        var name: Range<Int32>
        /// Empty for a file that is not a record.
        var detail: Range<Int32>
    }

    struct Folder: Sendable {
        var path: String
        var parent: Int
        var rows: Range<Int>
        var stamp: FileStamp
        var reusable: Bool
    }

    let cache: CatalogFile?
    let entries: [Entry]
    /// The entries that are records, in catalog order: a record's position is its place here.
    let records: [Int32]
    let fresh: [FreshFile]
    /// Where the fresh files' names and details lie.
    let freshBuffers: [DetailBuffer]
    let folders: [Folder]
    let tagNames: [String]
    let kindNames: [String]
    let indexGeneration: UInt64
    private let vault: Vault
    /// Made on first use, each under a mutex of its own (building the index may read the summaries).
    private let builtIndex = Mutex<TextIndex?>(nil)
    private let materialized = Mutex<[RecordSummary]?>(nil)
    /// The index file, opened beside the walk that made this catalog (``Vault/catalogForSearching()``),
    /// until the index is made from it.
    private let openedIndex = Mutex<OpenedIndex?>(nil)

    struct OpenedIndex: Sendable {
        var fingerprint: String
        var generation: UInt64
        var index: TextIndex
    }

    /// The index opened beside the walk, taken once (a rebuild after damage reads the file again),
    /// when it was opened with `fingerprint` for `generation`; nil otherwise.
    func takeOpenedIndex(fingerprint: String, generation: UInt64) -> TextIndex? {
        openedIndex.withLock { opened in
            defer { opened = nil }
            guard let opened, opened.fingerprint == fingerprint, opened.generation == generation else { return nil }
            return opened.index
        }
    }

    func keep(_ opened: OpenedIndex) { openedIndex.withLock { $0 = opened } }

    init(
        vault: Vault, cache: CatalogFile?, entries: [Entry], records: [Int32], fresh: [FreshFile], freshBuffers: [DetailBuffer],
        folders: [Folder], tagNames: [String], kindNames: [String], indexGeneration: UInt64, problems: [FolioError],
        plainFiles: [String], escapingLinks: [String], partlyIndexed: [FolioError], markedRecords: [FolioError] = [],
        textKeys: [String: [String]],
        report: Report, watchToken: WatchProtocol.Token = .none
    ) {
        self.watchToken = watchToken
        self.vault = vault
        self.cache = cache
        self.entries = entries
        self.records = records
        self.fresh = fresh
        self.freshBuffers = freshBuffers
        self.folders = folders
        self.tagNames = tagNames
        self.kindNames = kindNames
        self.indexGeneration = indexGeneration
        self.problems = problems
        self.plainFiles = plainFiles
        self.escapingLinks = escapingLinks
        self.partlyIndexed = partlyIndexed
        self.markedRecords = markedRecords
        self.textKeys = textKeys
        self.currentReport = Mutex(report)
    }

    /// How many records there are.
    public var count: Int { records.count }

    /// Every record's summary, in catalog order; an index hit's document id is a position here.
    /// Decoded on first use: commands that list, count or tally never need them all.
    public var summaries: [RecordSummary] {
        materialized.withLock { materialized in
            if let materialized { return materialized }
            let made = parallelMap(records.count, minimumChunk: 1024) { self.summary($0) }
            materialized = made
            return made
        }
    }

    /// The summary of the record at `position`.
    public func summary(_ position: Int) -> RecordSummary {
        let entry = entries[Int(records[position])]
        guard let bytes = detail(ofEntry: entry) else {
            return RecordSummary(
                path: path(position), id: nil, kind: nil, title: "", parent: nil, tags: [], allTags: [],
                sortTime: nil, completion: .none)
        }
        let detail = RecordDetail(bytes)
        return RecordSummary(
            path: path(position), id: detail.id, kind: kindName(entry.kind), title: detail.title,
            parent: detail.parent, tags: detail.tags.map(tagName), allTags: detail.allTags.map(tagName),
            sortTime: detail.sortTime.flatMap(Timestamp.init), completion: entry.completion, aliases: detail.aliases)
    }

    /// The record's detail (``RecordDetail``): in the cache's blob, or in the buffer of the worker
    /// that read it this run; nil for a file that is not a record.
    func detail(ofEntry entry: Entry) -> UnsafeRawBufferPointer? {
        if entry.fresh >= 0 {
            let file = fresh[Int(entry.fresh)]
            return file.detail.isEmpty ? nil : freshBuffers[Int(file.buffer)].bytes(file.detail)
        }
        guard let cache, entry.cachedRow >= 0, entry.isRecord else { return nil }
        return cache.detail(Int(entry.cachedRow))
    }

    /// The detail of the record at `position`.
    func detail(_ position: Int) -> UnsafeRawBufferPointer? { detail(ofEntry: entries[Int(records[position])]) }

    /// The file's name, as it lies in the cache or in a worker's buffer.
    func nameBytes(ofEntry entry: Entry) -> UnsafeRawBufferPointer {
        if entry.fresh >= 0 {
            let file = fresh[Int(entry.fresh)]
            return freshBuffers[Int(file.buffer)].bytes(file.name)
        }
        guard let cache, entry.cachedRow >= 0 else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return cache.nameBytes(Int(entry.cachedRow))
    }

    /// The vault-relative path of the record at `position`.
    public func path(_ position: Int) -> String { path(ofEntry: Int(records[position])) }

    /// The bytes of ``path(_:)`` appended to `bytes`, as the file's name has them (not repaired).
    public func appendPath(_ position: Int, to bytes: inout [UInt8]) {
        let entry = entries[Int(records[position])]
        let folder = folders[Int(entry.folder)].path
        if !folder.isEmpty {
            bytes += folder.utf8
            bytes.append(UInt8(ascii: "/"))
        }
        bytes += nameBytes(ofEntry: entry)
    }

    func path(ofEntry index: Int) -> String {
        let entry = entries[index]
        let name = String(decoding: nameBytes(ofEntry: entry), as: UTF8.self)
        let folder = folders[Int(entry.folder)].path
        return folder.isEmpty ? name : folder + "/" + name
    }

    /// `created`, else `modified`, of the record at `position`, in milliseconds since 1970; nil
    /// when undated. Read from the catalog's row, without decoding the record's detail.
    public func sortMilliseconds(_ position: Int) -> Int64? {
        let epoch = entries[Int(records[position])].epoch
        return epoch == Int64.min ? nil : epoch
    }

    /// `created`, else `modified`, of the record at `position`.
    public func sortTime(_ position: Int) -> Timestamp? {
        guard entries[Int(records[position])].epoch != Int64.min, let detail = detail(position) else { return nil }
        return RecordDetail.text(3, in: detail).flatMap(Timestamp.init)
    }

    /// The tag numbers (into ``tagNames``) of the record's front matter and inline tags.
    func allTagNumbers(_ position: Int) -> [UInt32] {
        detail(position).map(RecordDetail.allTagNumbers) ?? []
    }

    /// ``allTagNumbers(_:)`` one by one, without an array.
    func forEachTagNumber(_ position: Int, _ body: (UInt32) -> Void) {
        if let detail = detail(position) { RecordDetail.forEachTagNumber(detail, body) }
    }

    /// The records as references name them (id, path, title, kind), each decoded when asked:
    /// resolving `folio show 5b0c` never builds every summary.
    public var names: RecordNames { RecordNames(catalog: self) }

    public struct RecordNames: RandomAccessCollection, Sendable {
        let catalog: Catalog
        public var startIndex: Int { 0 }
        public var endIndex: Int { catalog.count }
        public subscript(position: Int) -> RecordName { RecordName(catalog: catalog, position: position) }
    }

    public struct RecordName: Referable, Sendable {
        let catalog: Catalog
        let position: Int
        public var path: String { catalog.path(position) }
        public var id: String? { catalog.detailText(0, position) }
        public var title: String { catalog.detailText(1, position) ?? "" }
        public var kind: String? { catalog.kindName(catalog.entries[Int(catalog.records[position])].kind) }
        public var aliases: [String] { catalog.detail(position).map(RecordDetail.aliases) ?? [] }
    }

    /// One string of a record's detail (``RecordDetail/text(_:in:)``).
    func detailText(_ field: Int, _ position: Int) -> String? {
        detail(position).flatMap { RecordDetail.text(field, in: $0) }
    }

    func kindName(_ kind: Int32) -> String? { kind >= 0 && Int(kind) < kindNames.count ? kindNames[Int(kind)] : nil }
    func tagName(_ number: UInt32) -> String { Int(number) < tagNames.count ? tagNames[Int(number)] : "" }

    /// The text index over ``summaries``, from the index file and the records it lacks, on first use.
    public var index: TextIndex {
        builtIndex.withLock { builtIndex in
            if let builtIndex { return builtIndex }
            let made = vault.completeIndex(of: self)
            builtIndex = made
            return made
        }
    }

    /// A search over this catalog.
    public var search: RecordSearch {
        RecordSearch(catalog: self, index: { self.index }, rebuilt: { self.rebuiltIndex() })
    }

    /// The index built again from the files and saved, after a search found the index file damaged.
    func rebuiltIndex() -> TextIndex {
        builtIndex.withLock { builtIndex in
            // Gone or not, the index is made again from the files below.
            try? FileManager.default.removeItem(at: vault.catalogIndexURL)
            let made = vault.completeIndex(of: self)
            builtIndex = made
            return made
        }
    }

    func noteWrote() {
        currentReport.withLock { $0.wroteCache = true }
    }
}

extension Vault {
    /// The catalog file (derived, never synced: `.folio/local/` is ignored by git).
    public var catalogCacheURL: URL { localDirectory.appendingPathComponent("cache/catalog") }

    /// The text index file beside it (``CatalogIndexFile``).
    public var catalogIndexURL: URL { localDirectory.appendingPathComponent("cache/index") }

    /// The ids of the cached records with their files, for finding one record by its id (``IDTable``).
    var idTableURL: URL { localDirectory.appendingPathComponent("cache/ids") }

    /// Reads the vault's records into a ``Catalog``, using and refreshing the cache.
    public func catalog() -> Catalog { catalog(scanStart: Self.nowNanoseconds()) }

    /// The paths of the vault's record files. A folder that did not change since the cache was
    /// written has the same names, so its files are not stamped one by one: what asking git about
    /// every record (`status`'s ignored files) needs, at the cost of listing the folders.
    public func recordPaths() -> [String] {
        let catalog = catalog(scanStart: Self.nowNanoseconds(), stampingFiles: false)
        return (0..<catalog.count).map { catalog.path($0) }
    }

    /// The catalog for a command that will search it: the index file the cache names is opened
    /// in a task of its own while the walk looks at every file's stamp.
    nonisolated(nonsending) public func catalogForSearching() async -> Catalog {
        await catalogForSearching(scanStart: Self.nowNanoseconds())
    }

    nonisolated(nonsending) func catalogForSearching(scanStart: Int64) async -> Catalog {
        let url = catalogIndexURL
        let fingerprint = CatalogIndexFile.fingerprint(
            textKeys: RecordSearch.textKeys(for: kinds), limits: frontMatterLimits, bodyLimit: searchedBytesLimit)
        let generation = CatalogFile.indexGeneration(
            catalogCacheURL, fingerprint: CatalogFile.fingerprint(limits: frontMatterLimits, bodyLimit: searchedBytesLimit))
        // The first run has no index to open.
        guard generation != 0 else { return catalog(scanStart: scanStart) }
        async let opened = Self.openIndex(url, fingerprint: fingerprint, generation: generation)
        let catalog = self.catalog(scanStart: scanStart)
        // Missing or not whole: nothing is kept, and the index is made as it would be without.
        if let index = await opened { catalog.keep(Catalog.OpenedIndex(fingerprint: fingerprint, generation: generation, index: index)) }
        return catalog
    }

    @concurrent private static func openIndex(_ url: URL, fingerprint: String, generation: UInt64) async -> TextIndex? {
        CatalogIndexFile.open(url, fingerprint: fingerprint, generation: generation)
    }

    /// The system's real time, which file stamps are made of (not the vault's clock, which FOLIO_NOW may fix).
    static func nowNanoseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }
}
