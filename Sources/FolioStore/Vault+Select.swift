import FolioCore
import FolioSearch
import Foundation

extension Vault {
    /// The records `filter` takes, as catalog rows that decode only what a command shows. An
    /// unknown kind is an error; `filter.parent` names the parent as a user would (id, prefix,
    /// path, slug or title), found from `workingDirectory`.
    public func select(_ filter: RecordFilter, in catalog: Catalog, workingDirectory: URL?) throws(FolioError) -> CatalogSelection {
        catalog.select(try resolving(filter, in: catalog, workingDirectory: workingDirectory), now: clock.timestamp, zone: clock.zone)
    }

    /// `filter` as the catalog compares it: its kind known, its parent named by id (found among
    /// `catalog`'s records when given, else as `show` finds a record).
    public func resolving(_ filter: RecordFilter, in catalog: Catalog? = nil, workingDirectory: URL?) throws(FolioError) -> RecordFilter {
        var filter = filter
        if let kind = filter.kind { filter.kind = try self.kind(kind).name }
        if let reference = filter.parent {
            let parent =
                if let catalog {
                    try findRecord(reference, workingDirectory: workingDirectory, in: catalog)
                } else {
                    try findRecord(reference, workingDirectory: workingDirectory)
                }
            filter.parent = parent.id ?? reference
        }
        return filter
    }

    /// The records every filter holds for and, with `search`, that the query finds, oldest
    /// first (then by path), as `rm` lists what it removes.
    public func select(_ filter: RecordFilter, search: String?, in catalog: Catalog, workingDirectory: URL?) throws(FolioError)
        -> [RecordSummary]
    {
        var chosen = try select(filter, in: catalog, workingDirectory: workingDirectory).summaries
        if let search {
            let query = try query(search)
            let index = catalog.search
            let found = Set(index.search(query, limit: nil).map { index.records[$0.record].path })
            chosen.removeAll { !found.contains($0.path) }
        }
        return chosen.sorted { ($0.sortTime?.epochSeconds ?? 0, $0.path) < ($1.sortTime?.epochSeconds ?? 0, $1.path) }
    }

    /// A query in `folio search`'s language with the filters of `--tag` and `--kind` added, each
    /// kind it names known to the vault. Empty words are all records when such a filter is given.
    /// - Throws: ``FolioError`` naming the column, with the query and a caret under it.
    public func query(_ text: String, tags: [String] = [], kind: String? = nil) throws(FolioError) -> Query {
        let clock = clock
        var query = try Self.parseQuery(text, hasOptions: !tags.isEmpty || kind != nil) {
            DayPhrase.day($0, now: clock.now(), zone: clock.zone)
        }
        query.filters += tags.map { .tag($0) } + (kind.map { [.kind($0)] } ?? [])
        // A kind is named as the user calls it (`kind:Idea`, `kind:日記`) and compared by its name.
        query.filters = try query.filters.map { filter throws(FolioError) in try canonical(filter) }
        query.excludedFilters = try query.excludedFilters.map { filter throws(FolioError) in try canonical(filter) }
        return query
    }

    private func canonical(_ filter: Filter) throws(FolioError) -> Filter {
        guard case .kind(let name) = filter else { return filter }
        return .kind(try kind(name).name)
    }

    static func parseQuery(_ text: String, hasOptions: Bool, namedDay: (@Sendable (String) -> String?)? = nil) throws(FolioError) -> Query {
        if text.allSatisfy(\.isWhitespace) {
            if hasOptions { return Query() }
            throw FolioError(.queryEmpty)
        }
        do {
            return try QueryParser(namedDay: namedDay).parse(text)
        } catch {
            let column = error.column
            let message: Message =
                switch error.kind {
                case .unclosedQuote: .queryUnclosedQuote(column: column)
                case .unknownFilter(let name): .queryUnknownFilter(name: name, column: column, known: Filter.names)
                case .badDate(let value): .queryBadDate(text: value, column: column)
                case .emptyQuery: .queryEmpty
                case .danglingOperator: .queryDanglingOperator(column: column)
                case .missingFilterValue(let name): .queryMissingFilterValue(name: name, column: column)
                case .invalidFilterValue(let filter, let value): .queryInvalidFilterValue(filter: filter, value: value, column: column)
                case .tooLong(let limit): .queryTooLong(limit: limit)
                }
            // The parser counts characters; the caret line is drawn per Unicode scalar.
            let scalarColumn = String(text.prefix(max(0, column - 1))).unicodeScalars.count + 1
            throw FolioError(message, column: scalarColumn, sourceLine: text)
        }
    }
}

extension Vault {
    /// The records of search hits, read now (front matter and the searched part of the body, for
    /// snippets); a hit whose file went away meanwhile is left out.
    public func records(of hits: [RecordSearch.Hit], in search: RecordSearch) -> [(hit: RecordSearch.Hit, record: Record)] {
        let loaded = records(at: hits.map { search.records[$0.record].path }, searchedPartOnly: true)
        return zip(hits, loaded).compactMap { hit, record in record.map { (hit, $0) } }
    }
}

extension Vault {
    /// The records whose `parent` is this one, newest first; nil, without reading the catalog,
    /// when no kind is a child of the record's kind.
    ///
    /// Read from the catalog ``findRecord(_:workingDirectory:)`` just found the record in, checked
    /// by its folders' stamps (a child added, removed, moved or saved by folio is listed at once;
    /// one whose `parent` an editor changed in place, by the next command that refreshes the
    /// catalog); `catalog` when the record was found otherwise (by its whole id). The parents are
    /// compared on the rows' bytes.
    public func children(of record: Record, in catalog: () -> Catalog) throws(FolioError) -> [RecordSummary]? {
        defer { lastFound = nil }
        guard let id = record.id, let kind = record.kind, kinds.values.contains(where: { $0.parentKind == kind }) else { return nil }
        let catalog = lastFound.flatMap { $0.path == record.path ? $0.catalog : nil } ?? catalog()
        return catalog.select(RecordFilter(parent: id), now: clock.timestamp, zone: clock.zone).newestFirst()
    }
}

extension Vault {
    /// The paths of the records an export takes, in order: every record (the profile too) when
    /// `filter` chooses nothing, else those it takes; by path, or with `oldestFirst` by time and
    /// then path (a record without a time left out); those of kind `leavingOut` left out. Only
    /// paths are kept (the catalog's rows are looked at one at a time): read the records with
    /// ``recordBatches(at:)``.
    public func exportedPaths(
        _ filter: RecordFilter, in catalog: Catalog, workingDirectory: URL?, oldestFirst: Bool = false, leavingOut: String? = nil
    ) throws(FolioError) -> [String] {
        let positions =
            filter == RecordFilter()
            ? Array(0..<catalog.count) : try select(filter, in: catalog, workingDirectory: workingDirectory).recordPositions
        guard oldestFirst || leavingOut != nil else { return positions.map { catalog.path($0) }.sorted() }
        var rows: [(time: Int64, path: String)] = []
        for position in positions {
            let summary = catalog.summary(position)
            guard leavingOut == nil || summary.kind != leavingOut else { continue }
            if oldestFirst {
                guard let time = summary.sortTime else { continue }
                rows.append((time.epochMilliseconds, summary.path))
            } else {
                rows.append((0, summary.path))
            }
        }
        return rows.sorted { ($0.time, $0.path) < ($1.time, $1.path) }.map(\.path)
    }
}
