import FolioCore
import FolioMedia
import FolioSearch
import FolioStore
import Foundation
import Markdown
import SystemIO
import YAML

/// What `folio export html` is asked for.
public struct SiteOptions: Sendable {
    /// The output folder; nil for `.folio/local/site` in the vault.
    public var output: URL?
    /// Which records the site holds (`--kind`, `--tag`); the profile only when asked for by kind.
    public var filter: RecordFilter
    /// The `PATH` ffmpeg is looked for on; nil: no thumbnails are made.
    public var searchPath: String?
    /// Pages for `folio serve`: with its forms, and the vault's files under `vault/` of the site's
    /// address (the server answers there) instead of a relative path on disk.
    public var live: LiveSite?
    /// Told how many records' pages are written of how many, after each batch (the served app's
    /// "preparing your pages" page).
    public var progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?

    public init(
        output: URL? = nil, filter: RecordFilter = RecordFilter(), searchPath: String? = nil, live: LiveSite? = nil,
        progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
    ) {
        self.output = output
        self.filter = filter
        self.searchPath = searchPath
        self.live = live
        self.progress = progress
    }
}

/// What an export did.
public struct SiteReport: Sendable {
    public var indexURL: URL
    public var records: Int
    /// Files written because they were new or their bytes changed.
    public var written: Int
    /// Files of records, months or thumbnails that are gone.
    public var removed: Int
    /// Files left as they were.
    public var unchanged: Int
    public var thumbnailsMade: Int
    /// Whether photos or videos had to go without thumbnails because ffmpeg is not installed.
    public var missingThumbnailTool: Bool
    /// Records not exported, each with why (the rest of the site is written).
    public var skipped: [FolioError]
    /// Each exported record's page, site-relative (`records/<name>.html`), by the record's path:
    /// for the served app (`live`) only, which links search results to them (at 300,000 records the
    /// table is 40 MB an export has no use for).
    public var pages: [String: String] = [:]
    /// The records' media files the pages show (vault-relative, each one some record's media and
    /// there): for the served app (`live`) only, which serves the vault's files on this list and
    /// no other.
    public var media: Set<String> = []
    /// What the export's read of the vault left out or read only in part (``ReadNotices``): files
    /// it could not read, links out of the vault, records holding conflict markers.
    public var readNotices: [FolioError]
}

/// Writes the vault as a static site that opens from disk: `index.html` with tag tiles, "On this
/// day", a search box and the records newest first; a page per record; a page per month and year;
/// thumbnails; and a manifest so the next export rewrites only what changed.
public enum SiteExporter {
    /// Bumped when pages change shape, so every page is written again.
    static let version = "8"

    public static func export(_ vault: Vault, options: SiteOptions) throws(FolioError) -> SiteReport {
        var run = try ExportRun(vault: vault, options: options)
        return try run.export(catalog: vault.catalog())
    }

    /// The same with a catalog from the caller, made after the output folder was accepted (the
    /// tests make one in which files written a moment ago count as settled).
    static func export(_ vault: Vault, options: SiteOptions, catalog: () -> Catalog) throws(FolioError) -> SiteReport {
        var run = try ExportRun(vault: vault, options: options)
        return try run.export(catalog: catalog())
    }
}

/// One export, step by step.
struct ExportRun {
    let vault: Vault
    let options: SiteOptions
    let folder: SiteFolder
    /// The last export's manifest, read once an export has something to do.
    var old = SiteManifest()
    let language: Language
    /// From the site's root folder to the vault's, as URL components (`../../..`).
    let vaultFromSite: String
    var manifest = SiteManifest()
    var written = 0, unchanged = 0, removed = 0
    var skipped: [FolioError] = []
    /// Each record's first line, on disk until the index and the manifest are written (in memory
    /// they were 60 MB at 300,000 records).
    let firstLines: ScratchFile
    /// The hash of each record's page, by the record's place in the site, kept apart from
    /// `manifest.files` (a table of strings) until the manifest is written.
    var pageHashes: [PageHash?] = []

    init(vault: Vault, options: SiteOptions) throws(FolioError) {
        self.vault = vault
        self.options = options
        if let kind = options.filter.kind { _ = try vault.kind(kind) }
        folder = try SiteFolder.open(options.output ?? vault.localDirectory.appendingPathComponent("site"), vaultRoot: vault.root)
        language = vault.language
        firstLines = ScratchFile(folder: folder.root.path + "/" + SiteFolder.markerDirectory, shownName: SiteFolder.markerDirectory)
        vaultFromSite = options.live == nil ? Self.relativePath(from: folder.root, to: SiteFolder.resolved(vault.root)) : "vault"
    }

    mutating func export(catalog: Catalog) throws(FolioError) -> SiteReport {
        let selection = catalog.select(options.filter, now: vault.clock.timestamp, zone: vault.clock.zone)
        let tool = Thumbnails(ffmpeg: options.searchPath.flatMap { FFmpeg.locate(path: $0) })
        if let report = try unchangedReport(catalog: catalog, selection: selection, tool: tool.toolName) { return report }
        old = folder.readManifest() ?? SiteManifest()
        try folder.claim()
        // Every record's summary is decoded once, a part at a time, for what pages show of the
        // others (titles by id, children by parent). The site's records are kept as catalog
        // positions: what a page shows of a record's summary is decoded from the catalog when the
        // page is made (the summaries of them all were 45 MB at 100,000 records).
        var isSelected = [Bool](repeating: false, count: catalog.count)
        for position in selection.recordPositions where position < isSelected.count { isSelected[position] = true }
        var lookup = SiteLookup(catalog: catalog)
        var childrenByParent: [String: [Int]] = [:]
        for start in stride(from: 0, to: catalog.count, by: 4_096) {
            let part = parallelMap(min(4_096, catalog.count - start), minimumChunk: 256) { catalog.summary(start + $0) }
            for (offset, summary) in part.enumerated() {
                let position = start + offset
                if let id = summary.id { lookup.addVaultRecord(id: id, position: position) }
                if let parent = summary.parent { childrenByParent[parent, default: []].append(position) }
            }
        }

        // The records, newest first, each with its page and what the last export remembered.
        let chosen = Self.newestFirst(catalog.count == 0 ? [] : (0..<catalog.count).filter { isSelected[$0] }, in: catalog)
        isSelected = []
        var names = Set<String>()
        var entries: [SiteRecord] = []
        entries.reserveCapacity(chosen.count)
        for position in chosen {
            let summary = catalog.summary(position)
            var name = Self.pageName(summary)
            if !names.insert(name).inserted {
                name += "-" + String(sha256Hex(summary.path).prefix(8))
                names.insert(name)
            }
            var entry = SiteRecord(catalog: catalog, position: position, page: "records/\(name).html")
            if let row = old.rows[summary.path], !entry.stamp.isEmpty, row.stamp == entry.stamp {
                entry.firstLine = try firstLines.append(row.firstLine)
                entry.media = row.media.compactMap(SiteMedia.init(encoded:))
            }
            entries.append(entry)
        }
        names = []  // only the collisions above needed them
        // The count is known now; the pages follow a batch at a time (the served app's "preparing").
        options.progress?(0, entries.count)

        // The charts' figures first, while little else is held: they read their kinds' records.
        let charts = chartSections(entries)

        // Records whose file changed since the last export are read now, for what every page
        // shows of them (first line, media, search terms); their pages are made further down,
        // a batch at a time, from a second reading: holding 100,000 parsed records and their
        // pages at once took 2.5 GB. Their search terms wait on disk (``SiteTerms``).
        let terms = SiteTerms(markerFolder: folder.root.path + "/" + SiteFolder.markerDirectory)
        let changed = entries.indices.filter { index in
            let entry = entries[index]
            let stamp = entry.stamp
            return stamp.isEmpty || old.rows[entry.path]?.stamp != stamp
        }
        try read(changed, into: &entries, terms: terms)
        let skippedFiles = Set(skipped.compactMap(\.file))
        if !skippedFiles.isEmpty { entries.removeAll { skippedFiles.contains($0.path) } }

        // Media: which files are there, and thumbnails for photos and videos.
        let presentMedia = SiteInputs.presentMedia(entries.lazy.flatMap(\.media), vaultRoot: vault.root.path)
        let thumbnails = makeThumbnails(entries: entries, present: presentMedia, tool: tool)
        // An export carries its media; the served app answers for the vault's files itself.
        let shownMedia = options.live == nil ? placeMedia(presentMedia) : presentMedia
        manifest.key =
            SiteInputs.key(
                catalog: catalog, selected: selection.recordPositions, language: language,
                limits: vault.frontMatterLimits, vaultFromSite: vaultFromSite, kinds: vault.kinds,
                presentMedia: presentMedia, tool: tool.toolName) ?? ""

        lookup.addSite(entries)
        var context = SiteContext(
            language: language, vaultFromSite: vaultFromSite,
            presentMedia: shownMedia, thumbnails: thumbnails.paths, lookup: lookup,
            kindNames: vault.kinds.mapValues { $0.shownName(language) },
            live: options.live, mediaInSite: options.live == nil)

        // Each record's page is written again when what it shows changed. Its neighbours are
        // worked out when needed, not kept for every record (90 MB at 100,000 records).
        func neighbours(_ index: Int) -> RecordNeighbours {
            func link(_ summary: RecordSummary?) -> RecordNeighbours.Link? {
                summary.map { RecordNeighbours.Link(title: $0.title, page: $0.id.flatMap(lookup.page(id:)) ?? lookup.page(path: $0.path)) }
            }
            let summary = entries[index].summary
            let previous = index + 1 < entries.count ? link(entries[index + 1].summary) : nil
            let next = index > 0 ? link(entries[index - 1].summary) : nil
            let parent = summary.parent.map { id in RecordNeighbours.Link(title: lookup.title(id: id) ?? id, page: lookup.page(id: id)) }
            let children = (summary.id.flatMap { childrenByParent[$0] } ?? []).map(catalog.summary)
                .sorted(by: Self.newestFirst).compactMap { link($0) }
            return RecordNeighbours(previous: previous, next: next, parent: parent, children: children)
        }
        // Each page's key as 128 bits, written as text only in the manifest (as text they were
        // 8 MB at 100,000 records).
        var keys: [TextDigest] = []
        keys.reserveCapacity(entries.count)
        var namesMade = false
        for (index, entry) in entries.enumerated() {
            let around = neighbours(index)
            // A page's key holds every wikilink name of the site only when its body has wikilinks:
            // known for a record read now; for one not read, its last key tells (it matched the plain one).
            let summary = entry.summary
            let plain = inputKey(entry, summary, neighbours: around, context: context, names: "")
            let hasLinks = entry.hasWikilinks ?? (old.rows[summary.path]?.inputKey != plain.hex)
            guard hasLinks else {
                keys.append(plain)
                continue
            }
            // The names are made for the first page that may link (23 MB at 100,000 records): a
            // page whose body holds a wikilink is always one of these, so a vault without any never
            // makes them.
            if !namesMade {
                context.names = WikilinkNames(count: entries.count) { i in
                    let summary = entries[i].summary
                    return ([summary.title, summary.fileStem] + summary.aliases, entries[i].page)
                }
                namesMade = true
            }
            keys.append(inputKey(entry, summary, neighbours: around, context: context, names: context.names.key))
        }
        let toRender = entries.indices.filter { index in
            let entry = entries[index]
            guard let row = old.rows[entry.path], !entry.stamp.isEmpty else { return true }
            return row.inputKey != keys[index].hex || row.page != entry.page || old.files[entry.page] == nil || !folder.exists(entry.page)
        }
        try folder.makeDirectory("records")
        pageHashes = [PageHash?](repeating: nil, count: entries.count)
        let kinds = vault.kinds
        let rootPath = vault.root.path
        var renderedIndexes = Set<Int>()
        options.progress?(0, toRender.count)
        for start in stride(from: 0, to: toRender.count, by: Self.pagesPerBatch) {
            defer { options.progress?(min(start + Self.pagesPerBatch, toRender.count), toRender.count) }
            let batch = Array(toRender[start..<min(start + Self.pagesPerBatch, toRender.count)])
            var parsed: [String: Record] = [:]
            try read(batch, into: &entries, terms: terms, keeping: &parsed)
            let jobs = batch.compactMap { index -> (Int, Record)? in parsed[entries[index].path].map { (index, $0) } }
            let frozenEntries = entries
            let pageContext = context
            let around = jobs.map { neighbours($0.0) }
            let pages: [[UInt8]] = parallelMap(jobs.count, minimumChunk: 16) { job in
                let (index, record) = jobs[job]
                let entry = frozenEntries[index]
                // The first photo's EXIF tells when and where, for a page that does not say it: its
                // bytes never change (named by their hash), so the page's key need not hold them.
                let photo = entry.media.first { $0.kind == .photo && pageContext.presentMedia.contains($0.file) }
                    .flatMap { RecordMoment.facts(ofPhoto: rootPath + "/" + $0.file) }
                return Array(
                    RecordPage.render(
                        record, entry: entry, kind: record.kind.flatMap { kinds[$0] },
                        neighbours: around[job], context: pageContext, photo: photo
                    ).text.utf8)
            }
            renderedIndexes.formUnion(jobs.map(\.0))
            for (job, (index, record)) in jobs.enumerated() where !record.document.body.hasWikilinks {
                keys[index] = inputKey(entries[index], entries[index].summary, neighbours: around[job], context: context, names: "")
            }
            let hashes = try writeAll(zip(jobs, pages).map { (entries[$0.0.0].page, $0.1) }, intoManifest: false)
            for (job, hash) in zip(jobs, hashes) { pageHashes[job.0] = PageHash(hex: hash) }
        }
        // Only record pages resolve wikilinks: the names (65 MB at 100,000 records) go now.
        context.names = WikilinkNames()
        for (index, entry) in entries.enumerated() where !renderedIndexes.contains(index) {
            // A hash the last manifest spoiled is not kept: the page is written again next time.
            if let hash = old.files[entry.page] { pageHashes[index] = PageHash(hex: hash) }
            unchanged += 1
        }
        for hash in thumbnails.failed { manifest.failedThumbnails.insert(hash) }
        manifest.thumbnailTool = thumbnails.tool
        for path in thumbnails.paths.values { manifest.files[path] = old.files[path] ?? thumbnails.made[path] ?? "" }

        // The index, the search terms, the calendar, the stylesheet and the script.
        try writeIfChanged("assets/site.css", Array(SiteAssets.css.utf8))
        try writeIfChanged("assets/site.js", Array(SiteAssets.js.utf8))
        let months = CalendarPages.months(of: entries)
        let tags = Self.tileOrder(selection.tagUses())
        if !charts.isEmpty { try writeIfChanged("stats.html", Array(ChartsPage.render(charts, context: context).text.utf8)) }
        let covers = IndexPage.tileCovers(entries, context: context)
        var index = try folder.stream(to: "index.html")
        do throws(FolioError) {
            try IndexPage.write(
                records: entries, tags: tags, covers: covers, latestMonth: months.last?.key, hasCharts: !charts.isEmpty,
                context: context, firstLine: firstLineText, to: &index)
        } catch {
            index.discard()
            throw error
        }
        try finish(&index)
        if tags.count > LiveList.homeTiles {
            try writeIfChanged("tags.html", Array(IndexPage.tagsPage(tags: tags, covers: covers, context: context).text.utf8))
        }
        // The app's lists a page at a time: every record's line, newest first.
        if options.live != nil {
            var list = try folder.stream(to: LiveList.fileName)
            do throws(FolioError) {
                try IndexPage.writeList(entries, context: context, firstLine: firstLineText, to: &list)
            } catch {
                list.discard()
                throw error
            }
            try finish(&list)
        }
        try writeSearchTerms(entries, terms: terms)
        terms.release()
        try writeCalendar(months, of: entries, context: context)
        // What pages looked up of each other goes before the manifest is made (30 MB at 300,000 records).
        context.lookup = SiteLookup()
        lookup = SiteLookup()

        // What the last export wrote and this one did not is removed.
        let hashes = pageHashes
        let keptPages = old.files.isEmpty ? [] : Set(entries.indices.lazy.filter { hashes[$0] != nil }.map { entries[$0].page })
        let manifestFiles = manifest.files
        func isKept(_ path: String) -> Bool { manifestFiles[path] != nil || keptPages.contains(path) }
        for path in old.files.keys.sorted() where !isKept(path) {
            if folder.remove(path) { removed += 1 }
        }
        for directory in Set(old.files.keys.filter { !isKept($0) }.map { ($0 as NSString).deletingLastPathComponent })
            .sorted(by: >) where !directory.isEmpty
        {
            folder.removeIfEmpty(directory)
            let parent = (directory as NSString).deletingLastPathComponent
            if !parent.isEmpty { folder.removeIfEmpty(parent) }
        }
        // The records' rows are made as the manifest is written, in its order (by path), not
        // kept beside the entries they repeat; the paths are decoded from the catalog as they are
        // compared (kept for every record they were 33 MB at 300,000 records).
        let byPath = entries.indices.sorted { entries[$0].path < entries[$1].path }
        let oldRows = old.rows
        let lines = firstLines
        // A first line that cannot be read back stops the manifest from being put in place.
        var unread: FolioError?
        let rows = byPath.lazy.map { index in
            let entry = entries[index]
            var firstLine = ""
            if let place = entry.firstLine, unread == nil {
                do throws(FolioError) { firstLine = try lines.text(place) } catch { unread = error }
            }
            let path = entry.path
            return SiteManifest.Row(
                page: entry.page, path: path, stamp: entry.stamp,
                inputKey: renderedIndexes.contains(index) || oldRows[path] != nil ? keys[index].hex : "",
                firstLine: firstLine, media: entry.media.map(\.encoded))
        }
        let byPage = entries.indices.filter { hashes[$0] != nil }.sorted { entries[$0].page < entries[$1].page }
        let pageFiles = byPage.lazy.map { index in (path: entries[index].page, hash: hashes[index]?.hex ?? "") }
        try folder.writeManifest(
            manifest, rows: rows, recordCount: byPath.count, media: byPath.lazy.flatMap { entries[$0].media.lazy.map(\.encoded) },
            pages: pageFiles, failure: { unread })
        return SiteReport(
            indexURL: folder.root.appendingPathComponent("index.html"), records: entries.count, written: written, removed: removed,
            unchanged: unchanged, thumbnailsMade: thumbnails.made.count,
            missingThumbnailTool: thumbnails.tool.isEmpty
                && entries.contains { $0.media.contains { $0.kind == .photo || $0.kind == .video } },
            skipped: skipped,
            pages: options.live == nil ? [:] : Dictionary(entries.map { ($0.path, $0.page) }, uniquingKeysWith: { a, _ in a }),
            media: options.live == nil ? [] : presentMedia, readNotices: ReadNotices.of(catalog))
    }

    /// The first line of `entry`'s page, read back from where the export keeps it.
    private func firstLineText(_ entry: SiteRecord) throws(FolioError) -> String {
        guard let place = entry.firstLine else { return "" }
        return try firstLines.text(place)
    }

    // MARK: - Charts

    /// The charts of every kind in the site that declares some, from its records (read now: a
    /// chart depends on all of them), kinds in name order. The records are read a batch at a time
    /// and only the keys the charts use are kept of each (whole, a kind's 30,000 records took 285 MB).
    private func chartSections(_ entries: [SiteRecord]) -> [(kind: String, charts: [ChartData])] {
        let kinds = vault.kinds
        var byKind: [String: [SiteRecord]] = [:]
        for entry in entries {
            guard let name = entry.kind, kinds[name]?.charts.isEmpty == false else { continue }
            byKind[name, default: []].append(entry)
        }
        return byKind.keys.sorted().compactMap { name in
            guard let kind = kinds[name], let chosen = byKind[name] else { return nil }
            var rows: [(time: Timestamp?, root: Value)] = []
            for run in Vault.batchRuns(chosen.count) {
                let batch = chosen[run]
                for (entry, record) in zip(batch, vault.records(at: batch.map(\.path))) {
                    guard let record else { continue }
                    // Each record's computed values are made now and only what the charts name is
                    // kept: with what they are computed from, 10,000 billiard sessions kept every shot.
                    rows.append((entry.catalog.sortTime(Int(entry.position)), kind.chartRoot(record.document.root.resolved)))
                }
            }
            return (name, kind.charts.map { ChartData($0, kind: kind, computedRecords: rows, language: language) })
        }
    }

    // MARK: - Reading records

    /// The parsed records of a batch of pages, dropped with the batch.
    static let pagesPerBatch = 512

    /// Reads and parses the records at `indexes` on all cores, for what every page shows of them;
    /// one that cannot be read is skipped, named.
    private mutating func read(_ indexes: [Int], into entries: inout [SiteRecord], terms: SiteTerms) throws(FolioError) {
        for start in stride(from: 0, to: indexes.count, by: Self.pagesPerBatch) {
            var dropped: [String: Record] = [:]
            let batch = Array(indexes[start..<min(start + Self.pagesPerBatch, indexes.count)])
            try read(batch, into: &entries, terms: terms, keeping: &dropped)
        }
    }

    /// The same, keeping the parsed records in `parsed` (for their pages).
    private mutating func read(
        _ indexes: [Int], into entries: inout [SiteRecord], terms: SiteTerms, keeping parsed: inout [String: Record]
    ) throws(FolioError) {
        guard !indexes.isEmpty else { return }
        let rootPath = vault.root.path
        let limits = vault.frontMatterLimits
        let textKeys = RecordSearch.textKeys(for: vault.kinds)
        let summaries = indexes.map { entries[$0].summary }
        let paths = summaries.map(\.path)
        // A record read again for its page already has its terms from this run.
        let makeTerms = indexes.map { !terms.madeThisRun(entries[$0].page) }
        let results: [Result<(Record, String, [SiteMedia], String?), FolioError>] = parallelMap(paths.count, minimumChunk: 16) { i in
            let path = paths[i]
            guard let bytes = Vault.readFile(rootPath + "/" + path) else {
                return .failure(FolioError(.site(.recordSkipped(String(cString: strerror(errno)))), file: path))
            }
            guard let text = String(validating: bytes, as: UTF8.self) else {
                return .failure(FolioError(.notUTF8, file: path))
            }
            let document: FrontMatterDocument
            do throws(FrontMatterError) {
                document = try FrontMatterDocument(parsing: text, limits: limits)
            } catch {
                return .failure(FolioError(error, file: path, text: text))
            }
            let record = Record(path: path, document: document)
            let media = MediaEntry.entries(of: document).map { entry in
                SiteMedia(
                    kind: SiteMedia.kind(type: entry.type, file: entry.file), file: SiteLinks.resolve(entry.file, from: "x") ?? entry.file)
            }
            guard makeTerms[i] else { return .success((record, FirstLine.of(record), media, nil)) }
            let keys = RecordSearch.textKeys(for: record, in: textKeys)
            let searched = [
                record.title, summaries[i].allTags.joined(separator: " "), FirstLine.withoutLinkTargets(document.body),
                RecordSearch.fieldsText(of: record, keys: keys),
            ]
            return .success((record, FirstLine.of(record), media, SearchTerms.terms(of: searched)))
        }
        for (i, result) in results.enumerated() {
            switch result {
            case .success(let (record, firstLine, media, recordTerms)):
                let index = indexes[i]
                parsed[record.path] = record
                entries[index].hasWikilinks = record.document.body.hasWikilinks
                // A record read again for its page keeps the first line its first reading stored.
                if makeTerms[i] || entries[index].firstLine == nil { entries[index].firstLine = try firstLines.append(firstLine) }
                entries[index].media = media
                if let recordTerms { try terms.add(recordTerms, for: entries[index].page) }
            case .failure(let error):
                skipped.append(error)
            }
        }
    }

    // MARK: - Writing

    /// Writes the files whose bytes changed; their hashes, which go into `manifest.files` unless
    /// the caller keeps them (record pages, ``pageHashes``).
    @discardableResult
    private mutating func writeAll(_ files: [(String, [UInt8])], intoManifest: Bool = true) throws(FolioError) -> [String] {
        let folder = self.folder
        let old = self.old
        let hashes = parallelMap(files.count, minimumChunk: 16) { i in sha256Hex(files[i].1) }
        var toWrite: [Int] = []
        for (i, (path, _)) in files.enumerated() {
            if intoManifest { manifest.files[path] = hashes[i] }
            if old.files[path] == hashes[i], folder.exists(path) { unchanged += 1 } else { toWrite.append(i) }
        }
        let chosen = toWrite
        let failures = parallelMap(chosen.count, minimumChunk: 16) { j -> FolioError? in
            let (path, bytes) = files[chosen[j]]
            do throws(FolioError) {
                try folder.write(bytes, to: path)
                return nil
            } catch {
                return error
            }
        }
        if let failure = failures.compactMap({ $0 }).first { throw failure }
        written += toWrite.count
        return hashes
    }

    private mutating func writeIfChanged(_ path: String, _ bytes: [UInt8]) throws(FolioError) {
        let directory = (path as NSString).deletingLastPathComponent
        try folder.makeDirectory(directory)
        try writeAll([(path, bytes)])
    }

    /// `search.js`: every record's terms, by page name. Written again only when a record was read
    /// or the set of records changed; terms of records not read this run come from the last one.
    /// Both it and the terms file are written a record at a time (each is 88 MB at 100,000 records).
    private mutating func writeSearchTerms(_ entries: [SiteRecord], terms: SiteTerms) throws(FolioError) {
        // Every page's name, only when the last export's terms may be used (a first export made
        // them all: 13 MB at 300,000 records).
        func pageNames() -> Set<String> { Set(entries.map(\.page)) }
        let oldPages = Set(old.rows.values.map(\.page))
        if terms.madeCount == 0, pageNames() == oldPages, let hash = old.files["search.js"], folder.exists("search.js"),
            let termsHash = old.files[SiteFolder.termsName], folder.exists(SiteFolder.termsName)
        {
            manifest.files["search.js"] = hash
            manifest.files[SiteFolder.termsName] = termsHash
            unchanged += 1
            return
        }
        if entries.contains(where: { !terms.has($0.page) }) {
            terms.useOld(at: folder.root.path + "/" + SiteFolder.termsName, for: pageNames())
        }
        var copy = entries
        let missing = copy.indices.filter { !terms.has(copy[$0].page) }
        try read(missing, into: &copy, terms: terms)
        try folder.makeDirectory(SiteFolder.markerDirectory)
        var script = try folder.stream(to: "search.js")
        var cache: SiteFileStream
        do throws(FolioError) {
            cache = try folder.stream(to: SiteFolder.termsName)
        } catch {
            script.discard()
            throw error
        }
        // The pairs of the records in the site only: the terms kept from the last export may still
        // hold a deleted record's, which would change the file again on the next export.
        var han = Set<UInt32>()
        script.write("window.FOLIO_SEARCH = {\n")
        for entry in entries {
            let value: String
            do throws(FolioError) {
                value = try terms.terms(of: entry.page) ?? ""
            } catch {
                script.discard()
                cache.discard()
                throw error
            }
            script.write(HTML.javaScriptString(IndexPage.pageName(entry.page)))
            script.write(":")
            script.write(HTML.javaScriptString(value))
            script.write(",\n")
            cache.write(entry.page)
            cache.write("\t")
            cache.write(value)
            cache.write("\n")
            SearchTerms.noteHan(in: value, into: &han)
        }
        script.write("};\n")
        script.write("window.FOLIO_HAN_FOLD = " + HTML.javaScriptString(SearchTerms.foldPairs(present: han)) + ";\n")
        do throws(FolioError) {
            try finish(&script)
        } catch {
            cache.discard()
            throw error
        }
        try finish(&cache)
    }

    /// Puts a file written as it was made in place, unless the last export wrote the same bytes
    /// and they are still there.
    private mutating func finish(_ stream: inout SiteFileStream) throws(FolioError) {
        let path = stream.relative
        let (old, folder) = (self.old, self.folder)
        let result = try stream.finishHashed(keepingOld: { hash in old.files[path] == hash && folder.exists(path) })
        manifest.files[path] = result.hash
        if result.written { written += 1 } else { unchanged += 1 }
    }

    /// The month and year pages, written a few at a time (all of them are 16 MB at 100,000 records).
    private mutating func writeCalendar(
        _ months: [CalendarPages.Month], of entries: [SiteRecord], context: SiteContext
    ) throws(FolioError) {
        guard !months.isEmpty else { return }
        try folder.makeDirectory("calendar")
        let years = Array(Set(months.map(\.year))).sorted()
        for run in stride(from: 0, to: months.count, by: 64) {
            var files: [(String, [UInt8])] = []
            for i in run..<min(run + 64, months.count) {
                let month = months[i]
                let page = CalendarPages.monthPage(
                    month, of: entries, previous: i > 0 ? months[i - 1] : nil,
                    next: i + 1 < months.count ? months[i + 1] : nil, years: years, context: context)
                files.append(("calendar/\(month.key).html", Array(page.text.utf8)))
            }
            try writeAll(files)
        }
        var files: [(String, [UInt8])] = []
        for year in years {
            let page = CalendarPages.yearPage(year, months: months.filter { $0.year == year }, years: years, context: context)
            files.append(("calendar/\(year).html", Array(page.text.utf8)))
        }
        try writeAll(files)
    }

    // MARK: - Thumbnails

    struct ThumbnailSet {
        /// Vault media path → site thumbnail path.
        var paths: [String: String] = [:]
        /// Site thumbnail path → hash of the bytes, for those made this run.
        var made: [String: String] = [:]
        var failed: Set<String> = []
        var tool = ""
    }

    private mutating func makeThumbnails(entries: [SiteRecord], present: Set<String>, tool: Thumbnails) -> ThumbnailSet {
        var set = ThumbnailSet()
        set.tool = tool.toolName
        var wanted: [(media: String, hash: String, thumb: String)] = []
        var seen = Set<String>()
        for entry in entries {
            for item in entry.media where (item.kind == .photo || item.kind == .video) && present.contains(item.file) {
                guard let hash = item.hash, seen.insert(item.file).inserted else { continue }
                let thumb = Thumbnails.path(hash: hash)
                if old.files[thumb] != nil, folder.exists(thumb) {
                    set.paths[item.file] = thumb
                    unchanged += 1
                } else if old.thumbnailTool == tool.toolName, old.failedThumbnails.contains(hash) {
                    set.failed.insert(hash)
                } else if tool.ffmpeg != nil {
                    wanted.append((item.file, hash, thumb))
                }
            }
        }
        guard !wanted.isEmpty else { return set }
        let rootPath = vault.root.path
        let folder = self.folder
        let jobs = wanted
        for directory in Set(wanted.map { ($0.thumb as NSString).deletingLastPathComponent }) {
            // try?: no thumbnail: the page shows the whole image instead.
            if (try? folder.makeDirectory(directory)) == nil { return set }
        }
        let results: [String?] = parallelMap(wanted.count, minimumChunk: 16) { i in
            guard let data = tool.make(from: URL(fileURLWithPath: rootPath + "/" + jobs[i].media)) else { return nil }
            let bytes = [UInt8](data)
            // try?: no thumbnail: the page shows the whole image instead.
            guard (try? folder.write(bytes, to: jobs[i].thumb)) != nil else { return nil }
            return sha256Hex(bytes)
        }
        for (i, result) in results.enumerated() {
            if let hash = result {
                set.paths[wanted[i].media] = wanted[i].thumb
                set.made[wanted[i].thumb] = hash
                written += 1
            } else {
                set.failed.insert(wanted[i].hash)
            }
        }
        return set
    }

    // MARK: - Keys and names

    /// Everything a record's page shows besides its file: neighbours, tags, media and their
    /// thumbnails, the kind's keys, the language, where the vault is, the page format.
    private func inputKey(
        _ entry: SiteRecord, _ summary: RecordSummary, neighbours: RecordNeighbours, context: SiteContext, names: String
    ) -> TextDigest {
        var parts = [
            SiteExporter.version, language.rawValue, context.vaultFromSite, context.live == nil ? "" : "live", entry.stamp, entry.page,
            neighbours.key,
            summary.allTags.joined(separator: "\u{1}"), names,
        ]
        for item in entry.media {
            parts.append(item.encoded + (context.presentMedia.contains(item.file) ? "+" : "-") + (context.thumbnails[item.file] ?? ""))
        }
        if let kind = summary.kind.flatMap({ vault.kinds[$0] }) {
            parts.append(kind.fields.map(\.name).joined(separator: ",") + kind.displayKey)
        }
        return TextDigest(parts.joined(separator: "\u{2}"))
    }

    /// `positions` of `catalog` in the site's order (``newestFirst(_:_:)``), from the catalog's
    /// rows: a record's path is decoded only when its time ties with another's.
    static func newestFirst(_ positions: [Int], in catalog: Catalog) -> [Int] {
        // Whole seconds, as Timestamp.epochSeconds has them (rounded down before 1970 too).
        let seconds: [Int64] = positions.map { position in
            guard let milliseconds = catalog.sortMilliseconds(position) else { return Int64.min }
            let remainder = milliseconds % 1000
            return (milliseconds - (remainder < 0 ? remainder + 1000 : remainder)) / 1000
        }
        return positions.indices.sorted { a, b in
            seconds[a] != seconds[b] ? seconds[a] > seconds[b] : catalog.path(positions[a]) < catalog.path(positions[b])
        }.map { positions[$0] }
    }

    /// The site's order: newest first, then by path (never the catalog's, so a page listing
    /// others stays byte for byte the same while they do).
    static func newestFirst(_ a: RecordSummary, _ b: RecordSummary) -> Bool {
        let ea = a.sortTime?.epochSeconds ?? Int.min
        let eb = b.sortTime?.epochSeconds ?? Int.min
        return ea != eb ? ea > eb : a.path < b.path
    }

    /// The record's id when it is a plain one (what folio writes), else a hash of its path.
    static func pageName(_ summary: RecordSummary) -> String {
        if let id = summary.id, !id.isEmpty, id.utf8.count <= 64,
            id.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x7A).contains($0) || (0x41...0x5A).contains($0) || $0 == 0x2D })
        {
            return id.lowercased()
        }
        return "r-" + String(sha256Hex(summary.path).prefix(16))
    }

    /// Tiles in the order `folio tags` lists them: most recently used first, then by count, then name.
    static func tileOrder(_ uses: [TagUse]) -> [TagUse] {
        uses.sorted { a, b in
            let dayA = a.lastUsed?.day10 ?? ""
            let dayB = b.lastUsed?.day10 ?? ""
            if dayA != dayB { return dayA > dayB }
            if a.count != b.count { return a.count > b.count }
            return a.tag.lowercased() < b.tag.lowercased()
        }
    }

    /// `to` as seen from `from`, as URL path components (`../../..`).
    static func relativePath(from: URL, to: URL) -> String {
        let a = from.standardizedFileURL.pathComponents
        let b = to.standardizedFileURL.pathComponents
        var common = 0
        while common < a.count, common < b.count, a[common] == b[common] { common += 1 }
        let ups = Array(repeating: "..", count: a.count - common)
        let downs = Array(b[common...])
        let parts = ups + downs
        return parts.isEmpty ? "." : HTML.pathURL(parts)
    }
}

extension String {
    /// Whether a record's body may hold a wikilink: its page then depends on every name of the site.
    fileprivate var hasWikilinks: Bool { Wikilinks.mayHold(self) }
}
