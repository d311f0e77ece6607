import FolioCore
import FolioSearch
import FolioStore
import FolioSync
import Foundation

/// The read tools: each answers one JSON object, small by default, every record in it named by
/// its `id` and `path` so the assistant can cite it.
extension Journal {
    func search(_ text: String, tags: [String], kind: String?, page: PageRequest) throws(FolioError) -> JSONOutput {
        try open()
        let found = try vault.search(text, tags: tags, kind: kind, skip: page.offset, limit: page.limit, catalog: { catalog() })
        let bodyLimit = vault.searchedBytesLimit
        let items = found.shown.map { hit, record in
            let snippet = RecordSearch.snippet(
                of: record, keys: found.catalog.textKeys, query: found.query, maxCharacters: 160, bodyLimit: bodyLimit, language: language)
            return RecordJSON.summary(
                record, extra: [("score", .double((hit.score * 10_000).rounded() / 10_000)), ("snippet", .string(snippet.text))])
        }
        return page.answer("records", items, hasMore: found.hasMore, budget: limits.maxResultCharacters)
    }

    func list(_ filter: RecordFilter, page: PageRequest) throws(FolioError) -> JSONOutput {
        try open()
        let selection = try vault.select(filter, in: catalog(), workingDirectory: nil)
        let summaries = selection.newestFirst(limit: page.offset + page.limit + 1)
        let shown = Array(summaries.dropFirst(page.offset).prefix(page.limit))
        let records = vault.records(at: shown.map(\.path)).compactMap { $0 }
        return page.answer(
            "records", records.map { RecordJSON.summary($0) }, hasMore: summaries.count > page.offset + page.limit,
            budget: limits.maxResultCharacters, total: selection.count)
    }

    func tags(_ filter: RecordFilter, order: TagOrder, page: PageRequest) throws(FolioError) -> JSONOutput {
        try open()
        let uses = try vault.select(filter, in: catalog(), workingDirectory: nil).tagUses().sorted(by: order)
        let shown = uses.dropFirst(page.offset).prefix(page.limit).map { use in
            JSONOutput.object([
                ("tag", .string(use.tag)), ("count", .int(use.count)), ("last_used", use.lastUsed.map { .string($0.day10) } ?? .null),
            ])
        }
        return page.answer(
            "tags", Array(shown), hasMore: uses.count > page.offset + page.limit, budget: limits.maxResultCharacters, total: uses.count)
    }

    /// A month's days with records (`{"month", "days": [{"date", "count"}]}`, as `cal --json`).
    func calendar(month: String?, filter: RecordFilter) throws(FolioError) -> JSONOutput {
        try open()
        let shown = month ?? String(vault.clock.timestamp.day10.prefix(7))
        let counts = try vault.select(filter, in: catalog(), workingDirectory: nil).countsByDay()
        let days = counts.filter { $0.key.hasPrefix(shown + "-") }.sorted { $0.key < $1.key }
        return .object([
            ("month", .string(shown)), ("days", .array(days.map { .object([("date", .string($0.key)), ("count", .int($0.value))]) })),
        ])
    }

    func statistics(_ filter: RecordFilter) throws(FolioError) -> JSONOutput {
        try open()
        let selection = try vault.select(filter, in: catalog(), workingDirectory: nil)
        return try vault.statistics(StatsRequest(kind: filter.kind), of: selection).json
    }

    func profile() throws(FolioError) -> JSONOutput {
        try open()
        guard let profile = vault.profileFile() else { throw FolioError(.noProfile) }
        return try RecordJSON.whole(profile, budget: limits.maxResultCharacters, section: nil)
    }

    /// One record: its front matter and body, or, past the size budget, the body's table of
    /// contents and the one section asked for.
    func show(_ reference: String, section: Int?) throws(ToolFailure) -> JSONOutput {
        do throws(FolioError) {
            try open()
            let record = try vault.findRecord(reference, workingDirectory: nil)
            return try RecordJSON.whole(record, budget: limits.maxResultCharacters, section: section)
        } catch {
            if case .mcp(let message) = error.message { throw .arguments(message) }
            throw .refused(error)
        }
    }

    // MARK: - Resources

    /// A page of records as resources, by path; `folio://record/<id>` each.
    func resources(page: PageRequest) throws(FolioError) -> (items: [(uri: String, name: String, path: String)], next: String?) {
        try open()
        let catalog = catalog()
        let named = catalog.names.compactMap { name in name.id.map { (uri: RecordJSON.uri($0), name: name.title, path: name.path) } }
            .sorted { $0.path < $1.path }
        let shown = Array(named.dropFirst(page.offset).prefix(page.limit))
        return (shown, named.count > page.offset + page.limit ? page.nextCursor : nil)
    }

    /// The file of the record `folio://record/<id>` names, as it is on disk (keys masked).
    func resource(_ uri: String) throws(ToolFailure) -> (text: String, path: String) {
        guard let id = RecordJSON.id(inURI: uri) else { throw .arguments(.unknownResource(String(uri.prefix(200)))) }
        do throws(FolioError) {
            try open()
            let record = try vault.findRecord(id, workingDirectory: nil)
            guard record.id == id else { throw FolioError(.recordNotFound(id)) }
            let text = record.document.text
            let cut = text.count > limits.maxLongText ? String(text.prefix(limits.maxLongText)) + "\n…\n" : text
            return (masked(cut), record.path)
        } catch {
            throw .refused(error)
        }
    }
}
