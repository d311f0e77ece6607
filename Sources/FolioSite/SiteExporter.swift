import FolioCore
import FolioMedia
import FolioSearch
import FolioStore
import Foundation
import Markdown
import SystemIO

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

    public init(output: URL? = nil, filter: RecordFilter = RecordFilter(), searchPath: String? = nil, live: LiveSite? = nil) {
        self.output = output
        self.filter = filter
        self.searchPath = searchPath
        self.live = live
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
    /// Each exported record's page, site-relative (`records/<name>.html`), by the record's path.
    public var pages: [String: String] = [:]
    /// Files of the vault the catalog could not read (named like every read command names them).
    public var vaultProblems: [FolioError]
}

/// Writes the vault as a static site that opens from disk: `index.html` with tag tiles, "On this
/// day", a search box and the records newest first; a page per record; a page per month and year;
/// thumbnails; and a manifest so the next export rewrites only what changed.
public enum SiteExporter {
    /// Bumped when pages change shape, so every page is written again.
    static let version = "3"

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
    let old: SiteManifest
    let language: Language
    /// From the site's root folder to the vault's, as URL components (`../../..`).
    let vaultFromSite: String
    var manifest = SiteManifest()
    var written = 0, unchanged = 0, removed = 0
    var skipped: [FolioError] = []

    init(vault: Vault, options: SiteOptions) throws(FolioError) {
        self.vault = vault
        self.options = options
        if let kind = options.filter.kind { _ = try vault.kind(kind) }
        folder = try SiteFolder.open(options.output ?? vault.localDirectory.appendingPathComponent("site"), vaultRoot: vault.root)
        old = folder.manifest ?? SiteManifest()
        language = vault.language
        vaultFromSite = options.live == nil ? Self.relativePath(from: folder.root, to: SiteFolder.resolved(vault.root)) : "vault"
    }

    mutating func export(catalog: Catalog) throws(FolioError) -> SiteReport {
        let selection = catalog.select(options.filter, now: vault.clock.timestamp, zone: vault.clock.zone)
        let tool = Thumbnails(ffmpeg: options.searchPath.flatMap { FFmpeg.locate(path: $0) })
        if let report = try unchangedReport(catalog: catalog, selection: selection, tool: tool.toolName) { return report }
        try folder.claim()
        let all = catalog.summaries
        var titleByID: [String: String] = [:]
        var childrenByParent: [String: [Int]] = [:]
        for (position, summary) in all.enumerated() {
            if let id = summary.id, titleByID[id] == nil { titleByID[id] = summary.title }
            if let parent = summary.parent { childrenByParent[parent, default: []].append(position) }
        }

        // The records, newest first, each with its page and what the last export remembered.
        let positions = selection.recordPositions.sorted { a, b in
            let ea = all[a].sortTime?.epochSeconds ?? Int.min
            let eb = all[b].sortTime?.epochSeconds ?? Int.min
            return ea != eb ? ea > eb : all[a].path < all[b].path
        }
        var names = Set<String>()
        var entries: [SiteRecord] = positions.map { position in
            let summary = all[position]
            var name = Self.pageName(summary)
            if !names.insert(name).inserted {
                name += "-" + String(sha256Hex(summary.path).prefix(8))
                names.insert(name)
            }
            let stamp = catalog.settledStamp(position).map(SiteInputs.stampText) ?? ""
            var entry = SiteRecord(
                summary: summary, page: "records/\(name).html", day: summary.sortTime?.day10, stamp: stamp,
                firstLine: "", media: [])
            if let row = old.rows[summary.path], !stamp.isEmpty, row.stamp == stamp {
                entry.firstLine = row.firstLine
                entry.media = row.media.compactMap(SiteMedia.init(encoded:))
            }
            return entry
        }

        // Records whose file changed since the last export are read now, for what every page
        // shows of them (first line, media, search terms); their pages are made further down,
        // a batch at a time, from a second reading: holding 100,000 parsed records and their
        // pages at once took 2.5 GB.
        var wikilinks: [String: Bool] = [:]
        var terms: [String: String] = [:]
        let changed = entries.indices.filter { index in
            let entry = entries[index]
            return entry.stamp.isEmpty || old.rows[entry.summary.path]?.stamp != entry.stamp
        }
        read(changed, into: &entries, wikilinks: &wikilinks, terms: &terms)
        entries.removeAll { entry in skipped.contains { $0.file == entry.summary.path } }

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

        let pageByPath = Dictionary(entries.map { ($0.summary.path, $0.page) }, uniquingKeysWith: { a, _ in a })
        var pageByID: [String: String] = [:]
        for entry in entries { if let id = entry.summary.id, pageByID[id] == nil { pageByID[id] = entry.page } }
        let context = SiteContext(
            language: language, vaultFromSite: vaultFromSite,
            presentMedia: shownMedia, thumbnails: thumbnails.paths, pageByPath: pageByPath, pageByID: pageByID,
            titleByID: titleByID, kindNames: vault.kinds.mapValues { $0.shownName(language) },
            names: WikilinkNames(entries.map { ([$0.summary.title, $0.summary.fileStem] + $0.summary.aliases, $0.page) }),
            live: options.live, mediaInSite: options.live == nil)

        // Each record's page is written again when what it shows changed.
        var neighbours: [RecordNeighbours] = []
        var keys: [String] = []
        for (index, entry) in entries.enumerated() {
            func link(_ summary: RecordSummary?) -> RecordNeighbours.Link? {
                summary.map { RecordNeighbours.Link(title: $0.title, page: $0.id.flatMap { pageByID[$0] } ?? pageByPath[$0.path]) }
            }
            let previous = index + 1 < entries.count ? link(entries[index + 1].summary) : nil
            let next = index > 0 ? link(entries[index - 1].summary) : nil
            let parent = entry.summary.parent.map { id in RecordNeighbours.Link(title: titleByID[id] ?? id, page: pageByID[id]) }
            // Newest first, then by path: the order never follows the catalog's, so a parent's page
            // stays byte for byte the same while its children do.
            let children = (entry.summary.id.flatMap { childrenByParent[$0] } ?? [])
                .sorted { a, b in
                    let ea = all[a].sortTime?.epochSeconds ?? Int.min
                    let eb = all[b].sortTime?.epochSeconds ?? Int.min
                    return ea != eb ? ea > eb : all[a].path < all[b].path
                }
                .compactMap { link(all[$0]) }
            let around = RecordNeighbours(previous: previous, next: next, parent: parent, children: children)
            neighbours.append(around)
            // A page's key holds every wikilink name of the site only when its body has wikilinks:
            // known for a record read now; for one not read, its last key tells (it matched the plain one).
            let plain = inputKey(entry, neighbours: around, context: context, names: "")
            let linked = inputKey(entry, neighbours: around, context: context, names: context.names.key)
            let hasLinks = wikilinks[entry.summary.path] ?? (old.rows[entry.summary.path]?.inputKey != plain)
            keys.append(hasLinks ? linked : plain)
        }
        let toRender = entries.indices.filter { index in
            let entry = entries[index]
            guard let row = old.rows[entry.summary.path], !entry.stamp.isEmpty else { return true }
            return row.inputKey != keys[index] || row.page != entry.page || old.files[entry.page] == nil || !folder.exists(entry.page)
        }
        try folder.makeDirectory("records")
        let kinds = vault.kinds
        let rootPath = vault.root.path
        var renderedIndexes = Set<Int>()
        for start in stride(from: 0, to: toRender.count, by: Self.pagesPerBatch) {
            let batch = Array(toRender[start..<min(start + Self.pagesPerBatch, toRender.count)])
            var parsed: [String: Record] = [:]
            read(batch, into: &entries, wikilinks: &wikilinks, terms: &terms, keeping: &parsed)
            let jobs = batch.compactMap { index -> (Int, Record)? in parsed[entries[index].summary.path].map { (index, $0) } }
            let frozenEntries = entries
            let frozenNeighbours = neighbours
            let pages: [[UInt8]] = parallelMap(jobs.count, minimumChunk: 16) { job in
                let (index, record) = jobs[job]
                let entry = frozenEntries[index]
                // The first photo's EXIF tells when and where, for a page that does not say it: its
                // bytes never change (named by their hash), so the page's key need not hold them.
                let photo = entry.media.first { $0.kind == .photo && context.presentMedia.contains($0.file) }
                    .flatMap { RecordMoment.facts(ofPhoto: rootPath + "/" + $0.file) }
                return Array(
                    RecordPage.render(
                        record, entry: entry, kind: record.kind.flatMap { kinds[$0] },
                        neighbours: frozenNeighbours[index], context: context, photo: photo
                    ).utf8)
            }
            renderedIndexes.formUnion(jobs.map(\.0))
            for (index, record) in jobs where !record.document.body.hasWikilinks {
                keys[index] = inputKey(entries[index], neighbours: neighbours[index], context: context, names: "")
            }
            try writeAll(zip(jobs, pages).map { (entries[$0.0.0].page, $0.1) })
        }
        for (index, entry) in entries.enumerated() {
            if !renderedIndexes.contains(index) {
                if let hash = old.files[entry.page] { manifest.files[entry.page] = hash }
                unchanged += 1
            }
            manifest.rows[entry.summary.path] = SiteManifest.Row(
                page: entry.page, path: entry.summary.path, stamp: entry.stamp,
                inputKey: renderedIndexes.contains(index) || old.rows[entry.summary.path] != nil ? keys[index] : "",
                firstLine: entry.firstLine, media: entry.media.map(\.encoded))
        }
        for hash in thumbnails.failed { manifest.failedThumbnails.insert(hash) }
        manifest.thumbnailTool = thumbnails.tool
        for path in thumbnails.paths.values { manifest.files[path] = old.files[path] ?? thumbnails.made[path] ?? "" }

        // The index, the search terms, the calendar, the stylesheet and the script.
        try writeIfChanged("assets/site.css", Array(SiteAssets.css.utf8))
        try writeIfChanged("assets/site.js", Array(SiteAssets.js.utf8))
        let months = CalendarPages.months(of: entries)
        let tags = Self.tileOrder(selection.tagUses())
        let charts = chartSections(entries)
        if !charts.isEmpty { try writeIfChanged("stats.html", Array(ChartsPage.render(charts, context: context).utf8)) }
        try writeIfChanged(
            "index.html",
            Array(
                IndexPage.render(
                    records: entries, tags: tags, latestMonth: months.last?.key, hasCharts: !charts.isEmpty,
                    context: context
                ).utf8))
        try writeSearchTerms(entries, terms: &terms, wikilinks: &wikilinks)
        try writeCalendar(months, context: context)

        // What the last export wrote and this one did not is removed.
        for path in old.files.keys.sorted() where manifest.files[path] == nil {
            if folder.remove(path) { removed += 1 }
        }
        for directory in Set(old.files.keys.filter { manifest.files[$0] == nil }.map { ($0 as NSString).deletingLastPathComponent })
            .sorted(by: >) where !directory.isEmpty
        {
            folder.removeIfEmpty(directory)
            let parent = (directory as NSString).deletingLastPathComponent
            if !parent.isEmpty { folder.removeIfEmpty(parent) }
        }
        try folder.writeManifest(manifest)
        return SiteReport(
            indexURL: folder.root.appendingPathComponent("index.html"), records: entries.count, written: written, removed: removed,
            unchanged: unchanged, thumbnailsMade: thumbnails.made.count,
            missingThumbnailTool: thumbnails.tool.isEmpty
                && entries.contains { $0.media.contains { $0.kind == .photo || $0.kind == .video } },
            skipped: skipped, pages: pageByPath, vaultProblems: catalog.problems)
    }

    // MARK: - Charts

    /// The charts of every kind in the site that declares some, from its records (read now: a
    /// chart depends on all of them), kinds in name order.
    private func chartSections(_ entries: [SiteRecord]) -> [(kind: String, charts: [ChartData])] {
        let kinds = vault.kinds
        var byKind: [String: [SiteRecord]] = [:]
        for entry in entries {
            guard let name = entry.summary.kind, kinds[name]?.charts.isEmpty == false else { continue }
            byKind[name, default: []].append(entry)
        }
        return byKind.keys.sorted().compactMap { name in
            guard let kind = kinds[name], let chosen = byKind[name] else { return nil }
            let records = vault.records(at: chosen.map(\.summary.path))
            let rows = zip(chosen, records).compactMap { entry, record in
                record.map { (time: entry.summary.sortTime, root: $0.document.root.resolved) }
            }
            return (name, kind.charts.map { ChartData($0, kind: kind, records: rows, language: language) })
        }
    }

    // MARK: - Reading records

    /// The parsed records of a batch of pages, dropped with the batch.
    static let pagesPerBatch = 2_048

    /// Reads and parses the records at `indexes` on all cores, for what every page shows of them;
    /// one that cannot be read is skipped, named.
    private mutating func read(
        _ indexes: [Int], into entries: inout [SiteRecord], wikilinks: inout [String: Bool], terms: inout [String: String]
    ) {
        for start in stride(from: 0, to: indexes.count, by: Self.pagesPerBatch) {
            var dropped: [String: Record] = [:]
            let batch = Array(indexes[start..<min(start + Self.pagesPerBatch, indexes.count)])
            read(batch, into: &entries, wikilinks: &wikilinks, terms: &terms, keeping: &dropped)
        }
    }

    /// The same, keeping the parsed records in `parsed` (for their pages).
    private mutating func read(
        _ indexes: [Int], into entries: inout [SiteRecord], wikilinks: inout [String: Bool], terms: inout [String: String],
        keeping parsed: inout [String: Record]
    ) {
        guard !indexes.isEmpty else { return }
        let rootPath = vault.root.path
        let limits = vault.frontMatterLimits
        let textKeys = RecordSearch.textKeys(for: vault.kinds)
        let paths = indexes.map { entries[$0].summary.path }
        let summaries = indexes.map { entries[$0].summary }
        let results: [Result<(Record, String, [SiteMedia], String), FolioError>] = parallelMap(paths.count, minimumChunk: 16) { i in
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
                wikilinks[record.path] = record.document.body.hasWikilinks
                entries[index].firstLine = firstLine
                entries[index].media = media
                terms[entries[index].page] = recordTerms
            case .failure(let error):
                skipped.append(error)
            }
        }
    }

    // MARK: - Writing

    private mutating func writeAll(_ files: [(String, [UInt8])]) throws(FolioError) {
        let folder = self.folder
        let old = self.old
        let hashes = parallelMap(files.count, minimumChunk: 16) { i in sha256Hex(files[i].1) }
        var toWrite: [Int] = []
        for (i, (path, _)) in files.enumerated() {
            manifest.files[path] = hashes[i]
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
    }

    private mutating func writeIfChanged(_ path: String, _ bytes: [UInt8]) throws(FolioError) {
        let directory = (path as NSString).deletingLastPathComponent
        try folder.makeDirectory(directory)
        try writeAll([(path, bytes)])
    }

    /// `search.js`: every record's terms, by page name. Written again only when a record was read
    /// or the set of records changed; terms of records not read this run come from the last one.
    private mutating func writeSearchTerms(
        _ entries: [SiteRecord], terms: inout [String: String], wikilinks: inout [String: Bool]
    ) throws(FolioError) {
        let pages = Set(entries.map(\.page))
        let oldPages = Set(old.rows.values.map(\.page))
        if terms.isEmpty, pages == oldPages, let hash = old.files["search.js"], folder.exists("search.js"),
            let termsHash = old.files[SiteFolder.termsName], folder.exists(SiteFolder.termsName)
        {
            manifest.files["search.js"] = hash
            manifest.files[SiteFolder.termsName] = termsHash
            unchanged += 1
            return
        }
        var known: [String: String] = [:]
        if let text = folder.readText(SiteFolder.termsName) {
            for line in text.split(separator: "\n") {
                guard let tab = line.firstIndex(of: "\t") else { continue }
                known[String(line[..<tab])] = String(line[line.index(after: tab)...])
            }
        }
        for (page, value) in terms { known[page] = value }
        var copy = entries
        let missing = copy.indices.filter { known[copy[$0].page] == nil }
        read(missing, into: &copy, wikilinks: &wikilinks, terms: &terms)
        for (page, value) in terms { known[page] = value }
        // Made as bytes, never as strings copied into bytes: each file is 88 MB at 100,000 records.
        var script = Array("window.FOLIO_SEARCH = {\n".utf8)
        var cache: [UInt8] = []
        for entry in entries {
            let value = known[entry.page] ?? ""
            let name = IndexPage.pageName(entry.page)
            script += HTML.javaScriptString(name).utf8
            script.append(UInt8(ascii: ":"))
            script += HTML.javaScriptString(value).utf8
            script += ",\n".utf8
            cache += entry.page.utf8
            cache.append(UInt8(ascii: "\t"))
            cache += value.utf8
            cache.append(UInt8(ascii: "\n"))
        }
        script += "};\n".utf8
        // The pairs of the records in the site only: the terms kept from the last export may still
        // hold a deleted record's, which would change the file again on the next export.
        let shownTerms = entries.map { known[$0.page] ?? "" }
        script += ("window.FOLIO_HAN_FOLD = " + HTML.javaScriptString(SearchTerms.foldPairs(for: shownTerms)) + ";\n").utf8
        try folder.makeDirectory(SiteFolder.markerDirectory)
        try writeAll([("search.js", script), (SiteFolder.termsName, cache)])
    }

    private mutating func writeCalendar(_ months: [CalendarPages.Month], context: SiteContext) throws(FolioError) {
        guard !months.isEmpty else { return }
        try folder.makeDirectory("calendar")
        let years = Array(Set(months.map(\.year))).sorted()
        var files: [(String, [UInt8])] = []
        for (i, month) in months.enumerated() {
            let page = CalendarPages.monthPage(
                month, previous: i > 0 ? months[i - 1] : nil,
                next: i + 1 < months.count ? months[i + 1] : nil, years: years, context: context)
            files.append(("calendar/\(month.key).html", Array(page.utf8)))
        }
        for year in years {
            let page = CalendarPages.yearPage(year, months: months.filter { $0.year == year }, years: years, context: context)
            files.append(("calendar/\(year).html", Array(page.utf8)))
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
    private func inputKey(_ entry: SiteRecord, neighbours: RecordNeighbours, context: SiteContext, names: String) -> String {
        var parts = [
            SiteExporter.version, language.rawValue, context.vaultFromSite, context.live == nil ? "" : "live", entry.stamp, entry.page,
            neighbours.key,
            entry.summary.allTags.joined(separator: "\u{1}"), names,
        ]
        for item in entry.media {
            parts.append(item.encoded + (context.presentMedia.contains(item.file) ? "+" : "-") + (context.thumbnails[item.file] ?? ""))
        }
        if let kind = entry.summary.kind.flatMap({ vault.kinds[$0] }) {
            parts.append(kind.fields.map(\.name).joined(separator: ",") + kind.displayKey)
        }
        return String(sha256Hex(parts.joined(separator: "\u{2}")).prefix(32))
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
