import Dispatch
import Foundation
import FolioCore
import FolioSearch

/// A full-text index over records already read, with the query's filters applied to their front matter.
///
/// Built once per run from a `RecordSet` (no file is read again). Fields: `title` and `tags` weigh
/// most, then `body` and `fields` (the text-valued front matter keys, see ``textKeys(for:)``). Filters
/// (`tag:`, `kind:`, `on:`, `after:`, `before:`, `is:`) are checked against the records' metadata,
/// never against their text. The profile is never a hit unless the query asks for `kind:profile`.
///
/// This type is the seam for a cache: whatever later keeps an index between runs only has to produce
/// the same `RecordSearch` for the same records.
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

    /// The records searched, in the order of the set they came from; hits refer to them by position.
    public let records: [Record]
    private let textKeysByKind: [String: [String]]
    private let built = Built()

    /// Prepares a search over `records`; `kinds` (the vault's) adds each kind's `text`-typed keys.
    ///
    /// The text index itself is built on first use, in parallel, so a query of filters only never builds it.
    public init(records: [Record], kinds: [String: Kind]) {
        self.records = records
        var byKind: [String: [String]] = [:]
        for (name, kind) in kinds {
            var keys = Self.commonTextKeys
            for spec in kind.fields where spec.type == .text && !keys.contains(spec.name) { keys.append(spec.name) }
            byKind[name] = keys
        }
        self.textKeysByKind = byKind
    }

    /// The tags a record is filed under: what `tag:` and `--tag` compare with, and what the `tags` field holds.
    ///
    /// The one place that decides it: the front matter `tags` and the body's inline `#tags`.
    public static func tags(of record: Record) -> [String] {
        record.allTags
    }

    /// ``tags(of:)`` of every record, worked out once, in parallel.
    public var tags: [[String]] {
        built.tags { parallelMap(records.count) { Self.tags(of: records[$0]) } }
    }

    /// The front matter keys of `record` indexed as text: ``commonTextKeys`` plus its kind's `text` keys.
    public func textKeys(for record: Record) -> [String] {
        textKeysByKind[record.kind ?? ""] ?? Self.commonTextKeys
    }

    /// The text-valued front matter of `record` in one string, one value per line (the `fields` field).
    public func fieldsText(of record: Record) -> String {
        var parts: [String] = []
        for key in textKeys(for: record) {
            if let value = record.document.string(key), !value.isEmpty { parts.append(value) }
        }
        return parts.joined(separator: "\n")
    }

    /// The texts a snippet may be cut from, best first: the body, then the text-valued front matter.
    public func snippetSources(of record: Record) -> [String] {
        [record.document.body, fieldsText(of: record)]
    }

    /// The text index over every record (the profile included, so cached indexes need no special case).
    public var index: TextIndex {
        built.index { buildIndex() }
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
        let wantsProfile = query.filters.contains { filter in
            if case .kind(let kind) = filter { return kind.caseInsensitiveCompare("profile") == .orderedSame }
            return false
        }
        let usesTags = (query.filters + query.excludedFilters).contains { if case .tag = $0 { true } else { false } }
        let tags = usesTags ? self.tags : []
        let allowed: (Int) -> Bool = { i in
            let record = records[i]
            if !wantsProfile && record.kind == "profile" { return false }
            for filter in query.filters where !Self.matches(filter, record, tags: usesTags ? tags[i] : nil) {
                return false
            }
            for filter in query.excludedFilters where Self.matches(filter, record, tags: usesTags ? tags[i] : nil) {
                return false
            }
            return true
        }
        var hits: [Hit] = []
        if query.clauses.isEmpty && query.excluded.isEmpty {
            for i in records.indices where allowed(i) { hits.append(Hit(record: i, score: 0)) }
        } else {
            for hit in index.search(query.textOnly) where allowed(hit.documentID) {
                hits.append(Hit(record: hit.documentID, score: hit.score))
            }
        }
        let epochs = hits.map { records[$0.record].sortTime?.epochSeconds ?? Int.min }
        var order = Array(hits.indices)
        order.sort { a, b in
            if hits[a].score != hits[b].score { return hits[a].score > hits[b].score }
            if epochs[a] != epochs[b] { return epochs[a] > epochs[b] }
            return records[hits[a].record].path < records[hits[b].record].path
        }
        if let limit, order.count > limit { order.removeLast(order.count - limit) }
        return order.map { hits[$0] }
    }

    /// Whether `record` satisfies `filter`. Tags (``tags(of:)``, or `tags` when already known) and kinds
    /// compare without case; dates use the day of `created` (else `modified`) as written; `is:` applies
    /// to ideas and records with a `done` key.
    public static func matches(_ filter: Filter, _ record: Record, tags known: [String]? = nil) -> Bool {
        switch filter {
        case .tag(let tag):
            return (known ?? tags(of: record)).contains { $0.caseInsensitiveCompare(tag) == .orderedSame }
        case .kind(let kind):
            return (record.kind ?? "").caseInsensitiveCompare(kind) == .orderedSame
        case .on(let date):
            return record.sortTime.map { $0.day10 == date.description } ?? false
        case .after(let date):
            return record.sortTime.map { $0.day10 > date.description } ?? false
        case .before(let date):
            return record.sortTime.map { $0.day10 < date.description } ?? false
        case .status(let status):
            guard record.kind == "idea" || record.document["done"] != nil else { return false }
            let done = record.document.value("done") == .bool(true)
            return status == .done ? done : !done
        }
    }

    // MARK: - Building

    private func buildIndex() -> TextIndex {
        let tags = self.tags
        // Each record's texts in field order, gathered on all cores; the builder then tokenizes in parallel.
        let rows = parallelMap(records.count) { i in
            let record = records[i]
            return [record.title, tags[i].joined(separator: " "), record.document.body, fieldsText(of: record)]
        }
        var builder = TextIndex.Builder(fields: Self.fields)
        builder.reserveCapacity(records.count)
        for (i, row) in rows.enumerated() { builder.add(id: i, texts: row) }
        return builder.build()
    }
}

/// `body(i)` for every i in 0..<count, on all cores, in order.
private func parallelMap<T: Sendable>(_ count: Int, _ body: @Sendable (Int) -> T) -> [T] {
    var results = [T?](repeating: nil, count: count)
    results.withUnsafeMutableBufferPointer { buffer in
        let base = UnsafeSendable(buffer)
        let workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let chunk = max(256, (count + workers * 4 - 1) / (workers * 4))
        let chunks = (count + chunk - 1) / chunk
        DispatchQueue.concurrentPerform(iterations: chunks) { c in
            for i in (c * chunk)..<min(count, (c + 1) * chunk) { base.value[i] = body(i) }
        }
    }
    return results.compactMap { $0 }
}

/// What a search works out on first use and keeps: every record's tags, and the text index.
private final class Built: @unchecked Sendable {
    private let lock = NSLock()
    private var tagsValue: [[String]]?
    private var indexValue: TextIndex?

    func tags(_ make: () -> [[String]]) -> [[String]] {
        lock.lock()
        defer { lock.unlock() }
        if let tagsValue { return tagsValue }
        let made = make()
        tagsValue = made
        return made
    }

    /// Not under the lock while building, since building asks for the tags.
    func index(_ make: () -> TextIndex) -> TextIndex {
        lock.lock()
        if let indexValue {
            lock.unlock()
            return indexValue
        }
        lock.unlock()
        let made = make()
        lock.lock()
        defer { lock.unlock() }
        if let indexValue { return indexValue }
        indexValue = made
        return made
    }
}
