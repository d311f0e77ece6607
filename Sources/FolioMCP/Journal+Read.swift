import FolioApp
import FolioCompanion
import FolioCore
import FolioSearch
import FolioSecrets
import FolioStore
import FolioSync
import Foundation

/// How a search ranks: words and meaning fused (when an embeddings server on this machine is set
/// up), words alone, or meaning alone; `folio search`'s default, `--lexical` and `--semantic`.
enum SearchRanking: String, Sendable, CaseIterable {
    case hybrid, lexical, semantic
}

/// The read tools: each answers one JSON object, small by default, every record in it named by
/// its `id` and `path` so the assistant can cite it.
extension Journal {
    func search(_ text: String, tags: [String], kind: String?, ranking: SearchRanking, page: PageRequest) async throws(FolioError)
        -> JSONValue
    {
        try open()
        let catalog = await catalogForSearching()
        let meaning = try await meaningRanking(text, tags: tags, kind: kind, ranking: ranking, catalog: catalog) {
            ReadNotices.report([$0])
        }
        let found = try vault.search(
            text, tags: tags, kind: kind, skip: page.offset, limit: page.limit, catalog: { catalog }, meaning: meaning)
        let bodyLimit = vault.searchedBytesLimit
        let items = found.shown.map { hit, record in
            let snippet = RecordSearch.snippet(
                of: record, keys: found.catalog.textKeys, query: found.query, maxCharacters: 160, bodyLimit: bodyLimit, language: language)
            var extra: [(String, JSONValue)] = [
                ("score", .double((hit.score * 10_000).rounded() / 10_000)), ("snippet", .string(snippet.text)),
            ]
            if let ranks = found.sources[hit.record] { extra.append(("ranks", .array(ranks.map { .string($0) }))) }
            if let similarity = found.similarities[hit.record] {
                extra.append(("similarity", .double((similarity * 1_000).rounded() / 1_000)))
            }
            return RecordJSON.summary(record, extra: extra)
        }
        return page.answer("records", items, hasMore: found.hasMore, budget: limits.maxResultCharacters)
    }

    /// The ranking by meaning the search fuses with its words, as `folio search` has it, or nil
    /// (words alone; `note` says why when meaning was wanted and could not be had). The server
    /// must be on this machine: folio mcp reaches no network. It is never asked to confirm a server
    /// set on another device, as a terminal is: such a server waits for `folio config trust`.
    private func meaningRanking(
        _ text: String, tags: [String], kind: String?, ranking: SearchRanking, catalog: Catalog, note: (FolioError) -> Void
    ) async throws(FolioError) -> SemanticRanking? {
        guard ranking != .lexical else { return nil }
        let required = ranking == .semantic
        func without(_ problem: FolioError) throws(FolioError) -> SemanticRanking? {
            if required { throw problem }
            note(problem)
            return nil
        }
        let configuration = EmbeddingsConfiguration(vault: vault)
        guard let baseURL = configuration.baseURL, configuration.isConfigured else {
            if required { throw FolioError(.embed(.notConfigured(missing: configuration.missingSetting ?? "embeddings.base_url"))) }
            return nil
        }
        let shown = ConfiguredSecrets.redact(baseURL)
        guard Origin(url: baseURL.trimmingCharacters(in: .whitespaces))?.isLoopback == true else {
            return try without(FolioError(.embed(.notOnThisMachine(url: shown))))
        }
        guard configuration.isConfirmed(localDirectory: vault.localDirectory) else {
            return try without(FolioError(.embed(.endpointNotConfirmed(url: shown))))
        }
        let home = URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory())
        let embedder: EmbeddingsEmbedder?
        do {
            embedder = try configuration.embedder(environment: environment, home: home)
        } catch {
            return try without(FolioError(.embed(.endpointFailed(url: shown, problem: error))))
        }
        guard let embedder else { return nil }
        let query = try vault.query(text, tags: tags, kind: kind)
        return try await vault.semanticRanking(
            query, with: embedder, required: required, withWords: ranking == .hybrid, catalog: catalog, note: note)
    }

    func list(_ filter: RecordFilter, page: PageRequest) throws(FolioError) -> JSONValue {
        try open()
        let selection = try vault.select(filter, in: catalog(), workingDirectory: nil)
        let summaries = selection.newestFirst(limit: page.offset + page.limit + 1)
        let shown = Array(summaries.dropFirst(page.offset).prefix(page.limit))
        let records = vault.records(at: shown.map(\.path)).compactMap { $0 }
        return page.answer(
            "records", records.map { RecordJSON.summary($0) }, hasMore: summaries.count > page.offset + page.limit,
            budget: limits.maxResultCharacters, total: selection.count)
    }

    func tags(_ filter: RecordFilter, order: TagOrder, page: PageRequest) throws(FolioError) -> JSONValue {
        try open()
        let uses = try vault.select(filter, in: catalog(), workingDirectory: nil).tagUses().sorted(by: order)
        let shown = uses.dropFirst(page.offset).prefix(page.limit).map { use in
            JSONValue.object([
                ("tag", .string(use.tag)), ("count", .int(use.count)), ("last_used", use.lastUsed.map { .string($0.day10) } ?? .null),
            ])
        }
        return page.answer(
            "tags", Array(shown), hasMore: uses.count > page.offset + page.limit, budget: limits.maxResultCharacters, total: uses.count)
    }

    /// A month's days with records (`{"month", "days": [{"date", "count"}]}`, as `cal --json`).
    func calendar(month: String?, filter: RecordFilter) throws(FolioError) -> JSONValue {
        try open()
        let shown = month ?? String(vault.clock.timestamp.day10.prefix(7))
        let counts = try vault.select(filter, in: catalog(), workingDirectory: nil).countsByDay()
        let days = counts.filter { $0.key.hasPrefix(shown + "-") }.sorted { $0.key < $1.key }
        return .object([
            ("month", .string(shown)), ("days", .array(days.map { .object([("date", .string($0.key)), ("count", .int($0.value))]) })),
        ])
    }

    func statistics(_ filter: RecordFilter) throws(FolioError) -> JSONValue {
        try open()
        let selection = try vault.select(filter, in: catalog(), workingDirectory: nil)
        return try vault.statistics(StatsRequest(kind: filter.kind), of: selection).json
    }

    func profile() throws(FolioError) -> JSONValue {
        try open()
        guard let profile = vault.profileFile() else { throw FolioError(.noProfile) }
        return try RecordJSON.whole(profile, budget: limits.maxResultCharacters, section: nil)
    }

    /// `folio links`: the records one links to (by Markdown link or wikilink, as Obsidian finds
    /// them), the links that find none, and the records that link to it, each with its line.
    func links(_ reference: String) throws(FolioError) -> JSONValue {
        try open()
        let record = try vault.findRecord(reference, workingDirectory: nil)
        let links = vault.links(of: record)
        ReadNotices.report(ReadNotices.unread(links.problems))
        return RecordJSON.masked(links.json(of: record, limit: limits.maxPageSize))
    }

    /// One record: its front matter and body, or, past the size budget, the body's table of
    /// contents and the one section asked for.
    func show(_ reference: String, section: Int?) throws(ToolFailure) -> JSONValue {
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
