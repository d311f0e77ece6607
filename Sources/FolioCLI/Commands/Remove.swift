import ArgumentParser
import FolioCore
import FolioSearch
import FolioStore
import Foundation

struct Remove: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rm",
        abstract: "Remove records and, by their kinds' rules, their children.",
        discussion: """
            Name the records, or choose them with filters (all filters must hold): --kind, --tag, --since and \
            --until (a date, or an age: 90d, 2w, 6m, 1y; `--until 90d` is every record made 90 days ago or \
            earlier), --search (the query language of `folio search`). The profile is only removed when \
            --kind profile is given.

            It lists what will go (counts per kind, then the records) and asks first; without a terminal it \
            needs --yes. Everything removed is one commit, so `folio undo` brings it all back.
            Examples:
              folio rm 5b0c --dry-run
              folio rm 小寶 --yes
              folio rm --kind qa --until 90d --dry-run
              folio rm --tag draft --search "before:2026-01-01" --yes
            """)

    @Argument(
        help: "The records to remove: id, id prefix, path or slug, or a conflict copy's path.", completion: .custom(Completions.records))
    var records: [String] = []
    @OptionGroup var filters: FilterOptions
    @Option(help: "Only records that `folio search` finds with this query.") var search: String?
    @Flag(help: "Only list what would be removed.") var dryRun = false
    @Flag(name: .shortAndLong, help: "Do not ask.") var yes = false
    @Flag(help: "Print the plan as JSON: {\"remove\": [records], \"unlink\": [paths]}.") var json = false
    @OptionGroup var global: GlobalOptions

    private var hasFilters: Bool { (try? filters.filter()) != RecordFilter() || search != nil }

    func validate() throws {
        if records.isEmpty && !hasFilters { throw ValidationError(Message.ask(.needsRecordsOrFilter).text(MessageLanguage.shared.current)) }
        if !records.isEmpty && hasFilters { throw ValidationError(Message.ask(.recordsAndFilters).text(MessageLanguage.shared.current)) }
    }

    func run() throws {
        let context = try Context.open(global)
        // Conflict copies named by their paths go too, in the same commit as the records.
        let typed = records.map { ($0, context.vault.conflictCopy(typed: $0, workingDirectory: context.workingDirectory)) }
        let copies = typed.compactMap(\.1)
        let names = typed.filter { $0.1 == nil }.map(\.0)
        // The plan is made among the catalog's summaries: parents, kinds and ids are all it needs.
        let catalog = context.catalog(quiet: true)
        let roots =
            records.isEmpty
            ? try context.vault.select(try filters.filter(), search: search, in: catalog, workingDirectory: context.workingDirectory)
                .map(\.path)
            : try named(names, in: catalog, context: context).map(\.path)
        if roots.isEmpty && copies.isEmpty {
            if json { context.json(.object([("remove", .array([])), ("unlink", .array([]))])) }
            return Console.err(Message.ask(.noneMatched).text(context.language))
        }
        try remove(roots: roots, copies: copies, catalog: catalog, context: context)
    }

    /// Lists what will go, asks, and removes it all in one commit.
    private func remove(roots: [String], copies: [ConflictCopy], catalog: Catalog, context: Context) throws {
        let plan = context.vault.planDelete(rootPaths: roots, among: catalog.summaries)
        if !roots.isEmpty || json {
            printPlan(plan, records: catalog.summaries, json: json, copies: copies, context: context, limit: records.isEmpty ? 20 : nil)
        }
        if !copies.isEmpty && !json {
            Console.out(
                ([Message.conflict(.willRemove(copies.count)).text(context.language)] + copies.map { "  - " + $0.path.quotedPath }).joined(
                    separator: "\n"))
        }
        try context.vault.checkRefusals(plan, among: catalog.summaries)
        guard !dryRun, try context.confirmed(.confirmDelete(plan.removals.count + copies.count), yes: yes) else { return }
        let both = "remove \(plan.removals.count) record(s) and \(copies.count) conflict cop\(copies.count == 1 ? "y" : "ies")"
        try context.vault.inOneCommit({ $0.count == 1 ? $0[0] : both }) { () throws(FolioError) in
            if !plan.removals.isEmpty || !plan.unlinks.isEmpty { try context.vault.execute(plan, among: catalog.summaries) }
            try context.vault.removeConflictCopies(copies)
        }
        guard !json else { return }
        if !roots.isEmpty { context.say(.deleted(plan.removals.count)) }
        if !copies.isEmpty { context.say(.conflict(.removed(copies.count))) }
    }

    /// The records named, found as `show` finds them.
    private func named(_ names: [String], in catalog: Catalog, context: Context) throws -> [Record] {
        try names.map { reference throws(FolioError) in
            try context.vault.findRecord(reference, workingDirectory: context.workingDirectory, in: catalog)
        }
    }

}

/// Prints a delete plan: the count, counts per kind, then each record (at most `limit` of them); or JSON.
func printPlan(
    _ plan: DeletePlan, records: [some ParentLinked], json: Bool = false, copies: [ConflictCopy] = [], context: Context, limit: Int? = nil
) {
    if json {
        // The whole front matter of the records that go, read now.
        let removed = context.vault.records(at: plan.removals.map { records[$0].path }).compactMap { $0 }
        return context.json(
            .object(
                [
                    ("remove", .array(removed.map { JSONWriter.record($0, body: false) })),
                    ("unlink", .array(plan.unlinks.map { .string(records[$0].path) })),
                ] + (copies.isEmpty ? [] : [("conflict_copies", .array(copies.map { .string($0.path) }))])))
    }
    var counts: [String: Int] = [:]
    for index in plan.removals { counts[records[index].kind ?? "?", default: 0] += 1 }
    var lines = [Message.deletePlanHeader(plan.removals.count).text(context.language)]
    lines.append("  " + counts.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", "))
    let shown = limit.map { Array(plan.removals.prefix($0)) } ?? plan.removals
    for index in shown {
        let record = records[index]
        let day = record.sortTime?.day10 ?? ""
        lines.append(
            "  - \((record.kind ?? "?").oneLine)  \(record.shortID.oneLine)  \(day)  \(record.title.oneLine)  (\(record.path.quotedPath))")
    }
    if plan.removals.count > shown.count {
        lines.append("  " + Message.ask(.moreNotShown(plan.removals.count - shown.count)).text(context.language))
    }
    for index in plan.unlinks {
        lines.append("  ~ " + Message.orphanUnlinked(records[index].path).text(context.language))
    }
    Console.out(lines.joined(separator: "\n"))
}
