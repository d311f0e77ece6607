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
    /// How close each hit found by meaning is to the query: the cosine similarity of its best
    /// passage (0–1, higher is closer), by the hit's ``RecordSearch/Hit/record``.
    public var similarities: [Int: Double] = [:]
}

/// The records a search by meaning found, best first (a record ranks by its best chunk).
public struct SemanticRanking: Sendable, Equatable {
    /// Records by their position in the catalog the ranking was made with.
    public var ranked: [Int]
    /// With words too (hybrid), or by meaning alone (`--semantic`).
    public var withWords: Bool
    /// The lines of each ranked record's best chunk, in the order of ``ranked``.
    public var lines: [ClosedRange<Int>] = []
    /// The cosine similarity of each ranked record's best chunk to the query, in the order of ``ranked``.
    public var similarities: [Float] = []

    public init(ranked: [Int], withWords: Bool) {
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
        var hits: [RecordSearch.Hit]
        var total: Int
        var fusion: Fusion?
        if let meaning, query.hasText {
            let fused = Self.fused(query, meaning: meaning, in: catalog, limit: wanted)
            (hits, total, fusion) = (fused.hits, fused.total, fused)
        } else {
            hits = search.search(query, limit: wanted)
            total = hits.count
        }
        let page = Array(hits.dropFirst(skip).prefix(limit ?? Int.max))
        let hasMore = limit.map { total > skip + $0 } ?? false
        var outcome = SearchOutcome(query: query, catalog: catalog, shown: records(of: page, in: search), hasMore: hasMore, kind: kind)
        if let fusion {
            for hit in page {
                outcome.sources[hit.record] = fusion.sources(of: hit.record)
                if let lines = fusion.passages[hit.record] { outcome.passages[hit.record] = lines }
                if let similarity = fusion.similarities[hit.record] { outcome.similarities[hit.record] = Double(similarity) }
            }
        }
        return outcome
    }

    /// How deep each ranking is fused when only the best hits are wanted.
    static let fusedDepth = 1_000

    /// What fusing the ranks found: the best hits (at most the number asked for), how many there
    /// are in all, and for each record the ranks it came from.
    struct Fusion {
        var hits: [RecordSearch.Hit]
        var total: Int
        var byWords: [Bool]
        var byMeaning: [Bool]
        var passages: [Int: ClosedRange<Int>]
        var similarities: [Int: Float]

        func sources(of record: Int) -> [String] {
            (byWords[record] ? ["lexical"] : []) + (byMeaning[record] ? ["semantic"] : [])
        }
    }

    /// Lexical and semantic ranks fused (``RankFusion``) over the records the filters and the
    /// words left out allow; ties go by the words' rank, then meaning's. Records are positions in
    /// the catalog throughout: no id or path is decoded.
    ///
    /// With a `limit`, the best ``fusedDepth`` (or `limit`, if more) of each ranking are fused, as
    /// Cormack et al. fuse the top 1,000 of each run: a record below that in both counts for less
    /// than 1/1,060, and ranking every lexical hit of a common word would cost more than the
    /// meaning itself. Without a limit, every hit of both.
    static func fused(_ query: Query, meaning: SemanticRanking, in catalog: Catalog, limit: Int?) -> Fusion {
        let search = catalog.search
        let depth = limit.map { max($0, fusedDepth) }
        let byWords = meaning.withWords ? search.search(query, limit: depth).map(\.record) : []
        // The records the filters and the words left out allow (the profile only when asked for).
        let allowing = Query(excluded: query.excluded, filters: query.filters, excludedFilters: query.excludedFilters)
        let admitted: (Int) -> Bool
        if allowing.excluded.isEmpty {
            admitted = search.admits(allowing)
        } else {
            let allowed = Set(search.search(allowing).map(\.record))
            admitted = { allowed.contains($0) }
        }
        var byMeaning: [Int] = []
        var passages: [Int: ClosedRange<Int>] = [:]
        var similarities: [Int: Float] = [:]
        for (rank, record) in meaning.ranked.enumerated() where search.records.indices.contains(record) && admitted(record) {
            if let depth, byMeaning.count >= depth { break }
            byMeaning.append(record)
            passages[record] = meaning.lines[rank]
            if meaning.similarities.indices.contains(rank) { similarities[record] = meaning.similarities[rank] }
        }
        let count = catalog.count
        var inWords = [Bool](repeating: false, count: count)
        for record in byWords { inWords[record] = true }
        var inMeaning = [Bool](repeating: false, count: count)
        for record in byMeaning { inMeaning[record] = true }
        let fused = RankFusion.fused(positions: [byWords, byMeaning], count: count, limit: limit)
        return Fusion(
            hits: fused.best.map { RecordSearch.Hit(record: $0.item, score: $0.score) }, total: fused.total, byWords: inWords,
            byMeaning: inMeaning, passages: passages, similarities: similarities)
    }
}
