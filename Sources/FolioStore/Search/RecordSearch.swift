import Dispatch
import FolioCore
import FolioSearch
import Foundation

/// A full-text search over a vault's records, with the query's filters applied to their summaries.
///
/// The text index comes from the ``Catalog`` (its cache, plus the files that changed); it is asked for
/// only when the query has text, so a query of filters only never loads it. Fields: `title` and `tags`
/// weigh most, then `body` and `fields` (the text-valued front matter keys, see ``textKeys(for:in:)``).
/// Filters (`tag:`, `kind:`, `on:`, `after:`, `before:`, `is:`) are checked against the records'
/// summaries, never against their text. The profile is never a hit unless the query asks for `kind:profile`.
public struct RecordSearch: Sendable {
    /// The index's fields and weights.
    public static let fields: [IndexField] = [
        IndexField("title", weight: 3),
        IndexField("tags", weight: 2.5),
        IndexField("body", weight: 1),
        IndexField("fields", weight: 1),
    ]

    /// Front matter keys indexed as text whatever their kind declares (DESIGN §3 names most of them).
    public static let commonTextKeys = ["text", "description", "summary", "analysis", "question", "answer", "answer_en", "notes"]

    /// The records searched; hits refer to them by position.
    public let records: SearchedRecords
    private let indexSource: @Sendable () -> TextIndex
    /// The index built again from the files, when the one read turned out damaged.
    private let rebuiltIndex: (@Sendable () -> TextIndex)?

    /// A search over `records`, whose text index `index` provides (document ids are positions in `records`).
    public init(records: [RecordSummary], index: @escaping @Sendable () -> TextIndex) {
        self.records = SearchedRecords(records)
        self.indexSource = index
        self.rebuiltIndex = nil
    }

    /// A search over a catalog's rows: a record's summary is decoded only when it is shown.
    init(catalog: Catalog, index: @escaping @Sendable () -> TextIndex, rebuilt: @escaping @Sendable () -> TextIndex) {
        self.records = SearchedRecords(catalog: catalog)
        self.indexSource = index
        self.rebuiltIndex = rebuilt
    }

    /// The text index; built or loaded on first use.
    public var index: TextIndex { indexSource() }

    /// The front matter keys indexed as text, by kind name: ``commonTextKeys`` plus each kind's `text` keys.
    public static func textKeys(for kinds: [String: Kind]) -> [String: [String]] {
        var byKind: [String: [String]] = [:]
        for (name, kind) in kinds {
            var keys = commonTextKeys
            for spec in kind.fields where spec.type == .text && !keys.contains(spec.name) { keys.append(spec.name) }
            byKind[name] = keys
        }
        return byKind
    }

    /// The keys of `record` indexed as text.
    public static func textKeys(for record: Record, in byKind: [String: [String]]) -> [String] {
        byKind[record.kind ?? ""] ?? commonTextKeys
    }

    /// The text-valued front matter of `record` in one string, one value per line (the `fields` field).
    public static func fieldsText(of record: Record, keys: [String]) -> String {
        var parts: [String] = []
        for key in keys {
            if let value = record.document.string(key), !value.isEmpty { parts.append(value) }
        }
        return parts.joined(separator: "\n")
    }

    /// What the index holds of `record`, one text per field of ``fields``: the body up to
    /// `bodyLimit` bytes (``Vault/searchedBytesLimit``).
    public static func indexTexts(of record: Record, allTags: [String], keys: [String], bodyLimit: Int) -> [String] {
        [record.title, allTags.joined(separator: " "), searchedBody(of: record, limit: bodyLimit), fieldsText(of: record, keys: keys)]
    }

    /// How much of a body a snippet is cut from. A snippet is a preview: the first 64 KiB hold
    /// the matches of every ordinary record, and a pasted log of megabytes is not read through
    /// again for one line of it.
    public static let snippetBytes = 65_536

    /// The texts a snippet may be cut from, best first: the first ``snippetBytes`` of the searched
    /// part of the body, then the text-valued front matter.
    public static func snippetSources(of record: Record, keys: [String], bodyLimit: Int) -> [String] {
        [searchedBody(of: record, limit: min(bodyLimit, snippetBytes)), fieldsText(of: record, keys: keys)]
    }

    /// The body's first `limit` bytes, cut before a character that would not fit.
    public static func searchedBody(of record: Record, limit: Int) -> String {
        let body = record.document.body
        let utf8 = body.utf8
        guard utf8.count > limit else { return body }
        var end = utf8.index(utf8.startIndex, offsetBy: max(0, limit))
        // Back to the start of a scalar: continuation bytes are 10xxxxxx.
        while end > utf8.startIndex, utf8[end] & 0xC0 == 0x80 { end = utf8.index(before: end) }
        return String(Substring(utf8[..<end]))
    }

    // MARK: - Searching

    /// One record found.
    public struct Hit: Sendable {
        /// Position in ``records``.
        public let record: Int
        /// BM25F score; 0 for a query of filters only.
        public let score: Double
    }

    /// The records matching `query`'s text and filters, best first, at most `limit` (nil: all).
    ///
    /// Ties (every hit of a query without text) go newest first, then by path.
    public func search(_ query: Query, limit: Int? = nil) -> [Hit] {
        let allowed = admits(query)
        var hits: [Hit] = []
        if query.clauses.isEmpty && query.excluded.isEmpty {
            for i in records.indices where allowed(i) { hits.append(Hit(record: i, score: 0)) }
        } else {
            // Only the hits that can be among the `limit` shown come back (with every tie at the edge).
            var scored = index.scores(query.textOnly, admitting: allowed, keepingBest: limit)
            if index.foundDamage, let rebuiltIndex {
                scored = rebuiltIndex().scores(query.textOnly, admitting: allowed, keepingBest: limit)
            }
            hits = scored.map { Hit(record: $0.id, score: $0.score) }
        }
        let epochs = hits.map { records.epoch($0.record) }
        // A path is decoded only when score and time tie.
        let before = { (a: Int, b: Int) -> Bool in
            if hits[a].score != hits[b].score { return hits[a].score > hits[b].score }
            if epochs[a] != epochs[b] { return epochs[a] > epochs[b] }
            return records.path(hits[a].record) < records.path(hits[b].record)
        }
        let order =
            if let limit, limit < 1_000 { Array(hits.indices).firstInOrder(limit, by: before) } else {
                Array(Array(hits.indices).sorted(by: before).prefix(limit ?? .max))
            }
        return order.map { hits[$0] }
    }

    /// Whether the record at a position passes `query`'s filters (its words aside); the profile
    /// passes only when the filters ask for its kind.
    public func admits(_ query: Query) -> (Int) -> Bool {
        let wantsProfile = query.filters.contains { filter in
            if case .kind(let kind) = filter { return kind.caseInsensitiveCompare("profile") == .orderedSame }
            return false
        }
        let records = records
        // The profile (one record, or none) is found once: asked of every candidate of a common
        // word, looking up each one's kind cost a third of the scoring.
        let isProfile = wantsProfile ? [] : records.profileMask()
        return { i in
            if !isProfile.isEmpty && isProfile[i] { return false }
            guard !query.filters.isEmpty || !query.excludedFilters.isEmpty else { return true }
            let record = records.facts(i)
            for filter in query.filters where !Self.matches(filter, record) { return false }
            for filter in query.excludedFilters where Self.matches(filter, record) { return false }
            return true
        }
    }

    /// Whether `record` satisfies `filter`. Tags (front matter and inline) and kinds compare without
    /// case; dates use the day of `created` (else `modified`) as written; `is:` applies to ideas and
    /// records with a `done` key.
    public static func matches(_ filter: Filter, _ record: some FilterableRecord) -> Bool {
        switch filter {
        case .tag(let tag):
            return record.hasTag(tag)
        case .kind(let kind):
            return (record.kind ?? "").caseInsensitiveCompare(kind) == .orderedSame
        case .on(let date):
            return record.sortTime.map { $0.day10 == date.description } ?? false
        case .after(let date):
            return record.sortTime.map { $0.day10 > date.description } ?? false
        case .before(let date):
            return record.sortTime.map { $0.day10 < date.description } ?? false
        case .status(let status):
            switch record.completion {
            case .none: return false
            case .open: return status == .open
            case .done: return status == .done
            }
        }
    }
}

/// The records a search runs over: a list of summaries, or a catalog's rows decoded on demand.
public struct SearchedRecords: RandomAccessCollection, Sendable {
    private let summaries: [RecordSummary]?
    private let catalog: Catalog?
    private let tags: TagMatcher?
    /// The catalog's kind numbers named `profile` (one at most).
    private let profileKinds: [Int32]

    init(_ summaries: [RecordSummary]) {
        self.summaries = summaries
        self.catalog = nil
        self.tags = nil
        self.profileKinds = []
    }

    init(catalog: Catalog) {
        self.summaries = nil
        self.catalog = catalog
        self.tags = TagMatcher(tagNames: catalog.tagNames)
        self.profileKinds = catalog.kindNames.indices.filter { catalog.kindNames[$0] == "profile" }.map { Int32($0) }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { summaries?.count ?? catalog?.count ?? 0 }

    /// The record's summary (decoded from the catalog's row when the search runs over one).
    public subscript(position: Int) -> RecordSummary {
        if let summaries { return summaries[position] }
        guard let catalog else {
            return RecordSummary(
                path: "", id: nil, kind: nil, title: "", parent: nil, tags: [], allTags: [], sortTime: nil, completion: .none)
        }
        return catalog.summary(position)
    }

    /// Whether each record is the profile (never a hit unless asked for), found without decoding a
    /// kind when the records are a catalog's; empty when none is.
    func profileMask() -> [Bool] {
        let mask =
            if let catalog {
                profileKinds.isEmpty ? [] : catalog.records.map { profileKinds.contains(catalog.entries[Int($0)].kind) }
            } else {
                indices.map { self[$0].kind == "profile" }
            }
        return mask.contains(true) ? mask : []
    }

    /// What filters look at, decoding a field only when a filter asks for it.
    func facts(_ position: Int) -> any FilterableRecord {
        if let catalog, let tags { return CatalogRow(catalog: catalog, position: position, tags: tags) }
        return self[position]
    }

    /// `created`, else `modified`, in milliseconds since 1970; `Int64.min` when undated.
    func epoch(_ position: Int) -> Int64 {
        if let catalog { return catalog.entries[Int(catalog.records[position])].epoch }
        return self[position].sortTime?.epochMilliseconds ?? Int64.min
    }

    public func path(_ position: Int) -> String {
        if let catalog { return catalog.path(position) }
        return self[position].path
    }
}
