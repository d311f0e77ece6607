import FolioApp
import FolioCore
import FolioStore
import Foundation
import MCP

/// One tool: its name, what it does, its arguments (the JSON schema is made from them) and how it
/// touches the journal (the MCP annotations). No tool reaches the network: `openWorldHint` is false
/// on every one.
struct ToolSpec: Sendable {
    struct Parameter: Sendable {
        enum Kind: String, Sendable {
            case string, integer, boolean, array, object
        }
        var name: String
        var kind: Kind
        var description: String
        var required = false
    }

    var name: String
    var title: String
    var description: String
    var parameters: [Parameter]
    /// Whether the tool changes the journal (listed only with `--allow-write`).
    var writes: Bool
    /// Whether it may overwrite what is there (a field's value); adding never is.
    var overwrites = false
    /// Whether calling it twice with the same arguments changes nothing more.
    var idempotent: Bool

    var tool: Tool {
        var properties: [String: Value] = [:]
        for parameter in parameters {
            var schema: [String: Value] = ["type": .string(parameter.kind.rawValue), "description": .string(parameter.description)]
            if parameter.kind == .array { schema["items"] = ["type": "string"] }
            properties[parameter.name] = .object(schema)
        }
        let required = parameters.filter(\.required).map { Value.string($0.name) }
        return Tool(
            name: name, title: title, description: description,
            inputSchema: [
                "type": "object", "properties": .object(properties), "required": .array(required), "additionalProperties": false,
            ],
            annotations: Tool.Annotations(
                title: title, readOnlyHint: !writes, destructiveHint: writes && overwrites, idempotentHint: idempotent, openWorldHint: false
            ))
    }
}

/// Every tool of `folio mcp`, and the call of each: arguments read and checked, one use case of the
/// ``Journal``, its answer as JSON text.
enum ToolCatalog {
    static let page = ToolSpec.Parameter(name: "limit", kind: .integer, description: "How many items at most (default 20, at most 100).")
    static let cursor = ToolSpec.Parameter(
        name: "cursor", kind: .string, description: "The next_cursor of the previous answer, for the items after it.")
    static let kind = ToolSpec.Parameter(
        name: "kind", kind: .string, description: "Only records of this kind (diary, idea, qa, or the vault's own).")
    static let tags = ToolSpec.Parameter(name: "tags", kind: .array, description: "Only records with all these tags.")
    static let since = ToolSpec.Parameter(
        name: "since", kind: .string,
        description:
            "Only records made on or after this date or within this age (2026-11-01, yesterday, last friday, 上週五, 30d, 2w, 6m, 1y).")
    static let until = ToolSpec.Parameter(
        name: "until", kind: .string,
        description: "Only records made on or before this date (2026-11-30, 3 days ago, 3 天前) or at least this long ago (90d).")
    static let reference = ToolSpec.Parameter(
        name: "id", kind: .string,
        description: "The record: its id (or 4+ first characters), its path in the vault, its slug or its title.",
        required: true)
    static let dryRun = ToolSpec.Parameter(
        name: "dry_run", kind: .boolean, description: "true: change nothing, answer the diff the change would make.")

    static let read: [ToolSpec] = [
        ToolSpec(
            name: "search", title: "Search the journal",
            description: """
                Finds records by words, best match first, with a snippet of text around the match. Query language: words (all must \
                match), "a phrase", -excluded, OR, tag:T, kind:K, on:/after:/before: dates, is:done / is:open. Chinese needs no spaces. \
                With an embeddings server on this machine set up, words and meaning are ranked together (a paraphrase in another \
                language finds the page); each hit's `ranks` says which found it, and `similarity` (0–1) how close a hit found by meaning is.
                """,
            parameters: [
                .init(name: "query", kind: .string, description: "What to look for, in folio's query language.", required: true), kind,
                tags,
                .init(
                    name: "ranking", kind: .string,
                    description: "hybrid (the default: words and meaning when set up), lexical (words only) or semantic (meaning only)."),
                page,
                cursor,
            ], writes: false, idempotent: true),
        ToolSpec(
            name: "show", title: "Read a record",
            description: """
                One record: its front matter (every key) and its body. A long record answers with an outline of its sections \
                and one section (section 0 by default); ask for another with `section`.
                """,
            parameters: [
                reference, .init(name: "section", kind: .integer, description: "The section of a long record to read (from its outline)."),
            ],
            writes: false, idempotent: true),
        ToolSpec(
            name: "links", title: "Links and backlinks",
            description: """
                The records one record links to (Markdown links to their files, wikilinks by path, file name, title or alias, \
                as Obsidian finds them), the links that find no one record, and the records that link to it, each with the \
                line the link is on.
                """,
            parameters: [reference], writes: false, idempotent: true),
        ToolSpec(
            name: "list", title: "List records",
            description: "Records, newest first, with the filters of `folio list`; each names its id, path, kind, title, date and tags.",
            parameters: [
                kind, tags, since, until,
                .init(name: "on", kind: .string, description: "Only records made on this date (YYYY-MM-DD, yesterday, 昨天)."),
                .init(name: "status", kind: .string, description: "open: ideas not done yet; done: ideas done."),
                .init(name: "parent", kind: .string, description: "Only children of this record (id, path, slug or title)."), page, cursor,
            ], writes: false, idempotent: true),
        ToolSpec(
            name: "tags", title: "Tags in use",
            description: "Each tag with how many records carry it and when it was last used.",
            parameters: [
                kind, .init(name: "sort", kind: .string, description: "recent (default), count or name."), page, cursor,
            ], writes: false, idempotent: true),
        ToolSpec(
            name: "calendar", title: "Calendar and On this day",
            description: """
                The days of a month that have records, with their counts; with on_this_day, the records made on today's month and \
                day in earlier years.
                """,
            parameters: [
                .init(name: "month", kind: .string, description: "The month, YYYY-MM (default: this month)."), kind,
                .init(name: "on_this_day", kind: .boolean, description: "true: the records of this day in earlier years."), page, cursor,
            ], writes: false, idempotent: true),
        ToolSpec(
            name: "stats", title: "Statistics",
            description: "Counts by kind, month and tag; with a kind, the sum, average, minimum and maximum of each of its number keys.",
            parameters: [kind, tags, since, until], writes: false, idempotent: true),
        ToolSpec(
            name: "profile", title: "The journal's owner",
            description: "The owner's profile: name, birthday and what they wrote about themselves.", parameters: [], writes: false,
            idempotent: true),
    ]

    static let write: [ToolSpec] = [
        ToolSpec(
            name: "new_record", title: "Write a new record",
            description: """
                Adds a record of any kind (diary, idea, qa or the vault's own), checked against the kind's keys and types as \
                `folio new` does: an unknown key is refused. One commit, which `folio undo` reverts.
                """,
            parameters: [
                .init(name: "kind", kind: .string, description: "The kind of record.", required: true),
                .init(name: "title", kind: .string, description: "The title (default: made from the kind's keys)."),
                .init(name: "fields", kind: .object, description: "The kind's keys and their values, e.g. {\"done\": false}."), tags,
                .init(name: "body", kind: .string, description: "The text of the record (Markdown)."),
                .init(name: "parent", kind: .string, description: "The parent record of a child kind (id, path, slug or title)."),
                .init(
                    name: "date", kind: .string,
                    description: "When it happened (YYYY-MM-DD, a full time, or yesterday, last friday, 上週五), if not now."), dryRun,
            ], writes: true, idempotent: false),
        ToolSpec(
            name: "append_conversation", title: "Add to a diary page's conversation",
            description: "Adds the owner's words, with the time, to the ## Conversation of a diary page. One commit.",
            parameters: [reference, .init(name: "text", kind: .string, description: "What to add (Markdown).", required: true), dryRun],
            writes: true, idempotent: false),
        ToolSpec(
            name: "edit_body", title: "Edit a record's text",
            description: """
                Changes a record's body: a whole section (as show's outline numbers them, its heading line included) or one \
                passage written exactly as show answered it. A diary page's conversation is the owner's and is not edited. \
                Every key but `modified` stays. One commit; dry_run answers the diff first.
                """,
            parameters: [
                reference,
                .init(
                    name: "section", kind: .integer,
                    description: "The section to replace, from show's outline (0: before the first heading)."),
                .init(name: "old_text", kind: .string, description: "The passage to replace; it must be in the body exactly once."),
                .init(name: "new_text", kind: .string, description: "The new text (Markdown); empty removes.", required: true), dryRun,
            ], writes: true, overwrites: true, idempotent: false),
        ToolSpec(
            name: "set_fields", title: "Change keys of a record",
            description: """
                Sets keys of one record (checked against its kind) and removes others; only those lines and `modified` change. \
                One commit.
                """,
            parameters: [
                reference, .init(name: "fields", kind: .object, description: "Keys and their new values, e.g. {\"title\": \"…\"}."),
                .init(name: "unset", kind: .array, description: "Keys to remove."), dryRun,
            ], writes: true, overwrites: true, idempotent: true),
        ToolSpec(
            name: "mark_done", title: "Mark an idea done",
            description: "Marks an idea done (done: true, done_at: now), or open again with done false. One commit.",
            parameters: [reference, .init(name: "done", kind: .boolean, description: "false: open again (default true)."), dryRun],
            writes: true, idempotent: true),
    ]

    static func tools(allowWrite: Bool) -> [ToolSpec] {
        allowWrite ? read + write : read
    }

    /// Calls `name` with `arguments`: the answer as JSON text, or the refusal.
    static func call(_ name: String, _ arguments: [String: Value]?, on journal: Journal, limits: MCPLimits) async throws(ToolFailure)
        -> String
    {
        let all = tools(allowWrite: journal.allowWrite)
        guard let spec = all.first(where: { $0.name == name }) else {
            if write.contains(where: { $0.name == name }) { throw .arguments(.writesOff(tool: name)) }
            throw .arguments(.unknownTool(name: String(name.prefix(100)), known: all.map(\.name)))
        }
        let given = try ToolArguments(tool: spec, values: arguments, limits: limits)
        // What the reads of this call left out (a file that could not be read, a record searched
        // in part) goes into the answer as `notes`, as the command line says it on standard error.
        let gathered = ReadNotices.Gathered()
        let outcome: Result<JSONValue, ToolFailure> = await ReadNotices.$gathering.withValue(gathered) {
            do throws(ToolFailure) {
                return .success(try await answer(spec.name, given, journal: journal, limits: limits))
            } catch {
                return .failure(error)
            }
        }
        return journal.noted(try outcome.get(), gathered.all).text
    }

    private static func answer(_ name: String, _ given: ToolArguments, journal: Journal, limits: MCPLimits) async throws(ToolFailure)
        -> JSONValue
    {
        func page(_ listing: String) throws(ToolFailure) -> PageRequest {
            try PageRequest(
                listing: listing, cursor: try given.text("cursor"),
                limit: try given.integer("limit", in: 1...limits.maxPageSize) ?? limits.defaultPageSize)
        }
        func refusing<T>(_ body: () async throws(FolioError) -> T) async throws(ToolFailure) -> T {
            do throws(FolioError) { return try await body() } catch { throw .refused(error) }
        }
        switch name {
        case "search":
            let query = try given.text("query") ?? ""
            let (tags, kind, request) = (try given.texts("tags"), try given.text("kind"), try page("search"))
            var ranking = SearchRanking.hybrid
            if let asked = try given.text("ranking") {
                guard let known = SearchRanking(rawValue: asked) else {
                    throw .arguments(.wrongArgumentType(name: "ranking", expected: .oneOf(["hybrid", "lexical", "semantic"])))
                }
                ranking = known
            }
            return try await refusing { () async throws(FolioError) in
                try await journal.search(query, tags: tags, kind: kind, ranking: ranking, page: request)
            }
        case "show":
            return try await journal.show(try given.reference("id") ?? "", section: try given.integer("section", in: 0...100_000))
        case "links":
            let reference = try given.reference("id") ?? ""
            return try await refusing { () async throws(FolioError) in try await journal.links(reference) }
        case "list":
            let (filter, request) = (try filter(given, clock: journal.clock), try page("list"))
            return try await refusing { () async throws(FolioError) in try await journal.list(filter, page: request) }
        case "tags":
            guard let order = TagOrder(rawValue: try given.text("sort") ?? "recent") else {
                throw .arguments(.wrongArgumentType(name: "sort", expected: .oneOf(["recent", "count", "name"])))
            }
            let (filter, request) = (RecordFilter(kind: try given.text("kind")), try page("tags"))
            return try await refusing { () async throws(FolioError) in try await journal.tags(filter, order: order, page: request) }
        case "calendar":
            let kind = try given.text("kind")
            if try given.flag("on_this_day") == true {
                let request = try page("calendar")
                return try await refusing { () async throws(FolioError) in
                    try await journal.list(RecordFilter(kind: kind, onThisDay: true), page: request)
                }
            }
            let month = try given.text("month")
            if let month, month.utf8.count != 7 || Timestamp(month + "-01") == nil {
                throw .arguments(.wrongArgumentType(name: "month", expected: .month))
            }
            return try await refusing { () async throws(FolioError) in
                try await journal.calendar(month: month, filter: RecordFilter(kind: kind))
            }
        case "stats":
            let filter = try filter(given, clock: journal.clock)
            return try await refusing { () async throws(FolioError) in try await journal.statistics(filter) }
        case "profile":
            return try await refusing { () async throws(FolioError) in try await journal.profile() }
        case "new_record":
            let request = NewRecord(
                kind: try given.text("kind") ?? "", title: try given.text("title"), fields: try given.fields("fields"),
                tags: try given.texts("tags"),
                // An assistant's text is a page, never a conversation of the owner's words that the
                // companion would later read as theirs: a heading of one, in any language, is escaped.
                body: try given.text("body", limit: limits.maxLongText, multiline: true).map(Conversation.escapingHeadings),
                parent: try given.reference("parent"),
                date: try Self.when(given.text("date"), clock: journal.clock))
            return try await journal.create(request, dryRun: try given.flag("dry_run") ?? false)
        case "append_conversation":
            let (reference, text) = (
                try given.reference("id") ?? "", try given.text("text", limit: limits.maxLongText, multiline: true) ?? ""
            )
            return try await journal.appendConversation(reference, text: text, dryRun: try given.flag("dry_run") ?? false)
        case "edit_body":
            let reference = try given.reference("id") ?? ""
            let section = try given.integer("section", in: 0...100_000)
            let old = try given.text("old_text", limit: limits.maxLongText, multiline: true)
            let new = try given.text("new_text", limit: limits.maxLongText, multiline: true) ?? ""
            let edit: Journal.BodyEdit
            switch (section, old) {
            case (let index?, nil): edit = .section(index, new)
            case (nil, let passage?) where !passage.isEmpty: edit = .passage(old: passage, new: new)
            default: throw .arguments(.sectionOrPassage)
            }
            return try await journal.editBody(reference, edit, dryRun: try given.flag("dry_run") ?? false)
        case "set_fields":
            let (reference, fields, unset) = (try given.reference("id") ?? "", try given.fields("fields"), try given.texts("unset"))
            return try await journal.set(reference, fields: fields, unset: unset, dryRun: try given.flag("dry_run") ?? false)
        case "mark_done":
            let reference = try given.reference("id") ?? ""
            return try await journal.markDone(reference, done: try given.flag("done") ?? true, dryRun: try given.flag("dry_run") ?? false)
        default:
            throw .arguments(.unknownTool(name: name, known: []))
        }
    }

    /// The filters of `folio list`, from a tool's arguments.
    /// A record's `date`: a day said as people say it (`yesterday`, `上週五`) is that day; any other
    /// text is the record's to check (a full time, a date).
    private static func when(_ text: String?, clock: Clock) -> String? {
        guard let text else { return nil }
        return DayPhrase.day(text, now: clock.now(), zone: clock.zone) ?? text
    }

    private static func filter(_ given: ToolArguments, clock: Clock) throws(ToolFailure) -> RecordFilter {
        var filter = RecordFilter(kind: try given.text("kind"), tags: try given.texts("tags"))
        for (name, keyPath) in [("since", \RecordFilter.since), ("until", \RecordFilter.until)] {
            guard let text = try given.text(name) else { continue }
            guard let bound = DateBound.parse(text, now: clock.now(), zone: clock.zone) else {
                throw .arguments(.wrongArgumentType(name: name, expected: .dayOrAge))
            }
            filter[keyPath: keyPath] = bound
        }
        if let on = try given.text("on") {
            guard let day = DateBound.day(on, now: clock.now(), zone: clock.zone) else {
                throw .arguments(.wrongArgumentType(name: "on", expected: .day))
            }
            filter.on = day
        }
        switch try given.text("status") {
        case nil: break
        case "open": filter.done = false
        case "done": filter.done = true
        default: throw .arguments(.wrongArgumentType(name: "status", expected: .oneOf(["open", "done"])))
        }
        filter.parent = try given.reference("parent")
        return filter
    }
}
