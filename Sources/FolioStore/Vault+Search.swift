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
}

extension Vault {
    /// The one search of folio, which `folio search` and `folio mcp` both call: `text` in the query
    /// language with `tags` and `kind` as extra filters; the hits ranked `skip` to `skip + limit`
    /// (nil: every hit). The query is read before the catalog, so a query error comes first.
    public func search(
        _ text: String, tags: [String] = [], kind: String? = nil, skip: Int = 0, limit: Int?, catalog: () -> Catalog
    ) throws(FolioError) -> SearchOutcome {
        let query = try self.query(text, tags: tags, kind: kind)
        let catalog = catalog()
        let search = catalog.search
        let wanted = limit.map { skip + $0 + 1 }
        let hits = search.search(query, limit: wanted)
        let page = Array(hits.dropFirst(skip).prefix(limit ?? Int.max))
        let hasMore = limit.map { hits.count > skip + $0 } ?? false
        return SearchOutcome(query: query, catalog: catalog, shown: records(of: page, in: search), hasMore: hasMore, kind: kind)
    }
}
