import FolioCore
import FolioSearch

/// What a search found: the records of the best hits, best first, and what a printer needs to
/// show them (the query for highlights, the catalog's text keys for snippets).
public struct SearchOutcome {
    public let query: Query
    public let catalog: Catalog
    /// The hits asked for, each with its record (front matter and the searched part of the body).
    public let shown: [(hit: RecordSearch.Hit, record: Record)]
    /// Whether hits rank below the last one shown.
    public let hasMore: Bool
    /// What to say when nothing was found.
    public var noMatch: Message { catalog.search.noMatchMessage(query, kind: kind) }
    let kind: String?
    /// The ranks each hit came from (`lexical`, `semantic`), by its ``RecordSearch/Hit/record``;
    /// empty when the search was by words alone.
    public var sources: [Int: [String]] = [:]
    /// The lines of the passage meaning matched, by the hit's ``RecordSearch/Hit/record``: shown as
    /// the snippet of a hit that holds no word of the query.
    public var passages: [Int: ClosedRange<Int>] = [:]
}

/// The records a search by meaning found, best first (a record ranks by its best chunk).
public struct SemanticRanking: Sendable, Equatable {
    /// Records by their vector key (id, or path without one).
    public var ranked: [String]
    /// With words too (hybrid), or by meaning alone (`--semantic`).
    public var withWords: Bool
    /// The lines of each record's best chunk, by its key.
    public var lines: [String: ClosedRange<Int>] = [:]

    public init(ranked: [String], withWords: Bool) {
        self.ranked = ranked
        self.withWords = withWords
    }
}

extension Vault {
    /// The one search of folio, which `folio search` and `folio mcp` both call: `text` in the query
    /// language with `tags` and `kind` as extra filters; the hits ranked `skip` to `skip + limit`
    /// (nil: every hit). The query is read before the catalog, so a query error comes first.
    ///
    /// With `meaning` (``semanticRanking(_:with:required:note:)``), the records it ranks that pass
    /// the filters are fused with the lexical hits by reciprocal rank fusion (k = 60), or stand
    /// alone when it is by meaning only.
    public func search(
        _ text: String, tags: [String] = [], kind: String? = nil, skip: Int = 0, limit: Int?, catalog: () -> Catalog,
        meaning: SemanticRanking? = nil
    ) throws(FolioError) -> SearchOutcome {
        let query = try self.query(text, tags: tags, kind: kind)
        let catalog = catalog()
        let search = catalog.search
        let wanted = limit.map { skip + $0 + 1 }
        var sources: [Int: [String]] = [:]
        var passages: [Int: ClosedRange<Int>] = [:]
        let hits: [RecordSearch.Hit]
        if let meaning, query.hasText {
            (hits, sources, passages) = Self.fused(query, meaning: meaning, in: catalog)
        } else {
            hits = search.search(query, limit: wanted)
        }
        let page = Array(hits.dropFirst(skip).prefix(limit ?? Int.max))
        let hasMore = limit.map { hits.count > skip + $0 } ?? false
        var outcome = SearchOutcome(query: query, catalog: catalog, shown: records(of: page, in: search), hasMore: hasMore, kind: kind)
        outcome.sources = sources
        outcome.passages = passages
        return outcome
    }

    /// Lexical and semantic ranks fused (``RankFusion``); ties go by the words' rank, then meaning's.
    static func fused(
        _ query: Query, meaning: SemanticRanking, in catalog: Catalog
    ) -> (hits: [RecordSearch.Hit], sources: [Int: [String]], passages: [Int: ClosedRange<Int>]) {
        let search = catalog.search
        let byWords = meaning.withWords ? search.search(query).map(\.record) : []
        // The records the filters and the words left out allow (the profile only when asked for), by vector key.
        var positions: [String: Int] = [:]
        for hit in search.search(Query(excluded: query.excluded, filters: query.filters, excludedFilters: query.excludedFilters)) {
            let name = catalog.names[hit.record]
            positions[name.id ?? name.path] = hit.record
        }
        var byMeaning: [Int] = []
        var passages: [Int: ClosedRange<Int>] = [:]
        for key in meaning.ranked {
            guard let record = positions[key] else { continue }
            byMeaning.append(record)
            passages[record] = meaning.lines[key]
        }
        var sources: [Int: [String]] = [:]
        for record in byWords { sources[record, default: []].append("lexical") }
        for record in byMeaning { sources[record, default: []].append("semantic") }
        let hits = RankFusion.fused([byWords, byMeaning]).map { RecordSearch.Hit(record: $0.item, score: $0.score) }
        return (hits, sources, passages)
    }
}
