import FolioCore
import FolioStore

/// What `folio rm` removes: the count, counts per kind, then each record (and the conflict
/// copies); or JSON `{"remove": [records], "unlink": [paths][, "conflict_copies": [paths]]}`.
struct RemovalPrinter {
    let removal: Removal
    let json: Bool
    let context: Context

    /// Nothing matched: said on stderr (an empty plan with `--json`).
    func nothing() {
        if json { context.json(.object([("remove", .array([])), ("unlink", .array([]))])) }
        Console.err(Message.ask(.noneMatched).text(context.language))
    }

    /// The plan; with `limit`, at most that many records are listed.
    func plan(limit: Int?) {
        if !removal.roots.isEmpty || json {
            printPlan(removal.plan, records: removal.records, json: json, copies: removal.copies, context: context, limit: limit)
        }
        if !removal.copies.isEmpty && !json {
            Console.out(
                ([Message.conflict(.willRemove(removal.copies.count)).text(context.language)]
                    + removal.copies.map { "  - " + $0.path.quotedPath }).joined(separator: "\n"))
        }
    }

    func removed() {
        guard !json else { return }
        if !removal.roots.isEmpty { context.say(.deleted(removal.plan.removals.count)) }
        if !removal.copies.isEmpty { context.say(.conflict(.removed(removal.copies.count))) }
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
                    ("remove", .array(removed.map { JSONWriter.record($0, body: false, kinds: context.vault.kinds) })),
                    ("unlink", .array(plan.unlinks.map { .string(records[$0].path) })),
                ] + (copies.isEmpty ? [] : [("conflict_copies", .array(copies.map { .string($0.path) }))])))
    }
    var counts: [String: Int] = [:]
    for index in plan.removals { counts[context.shownKind(records[index].kind), default: 0] += 1 }
    var lines = [Message.deletePlanHeader(plan.removals.count).text(context.language)]
    lines.append("  " + counts.sorted { $0.key < $1.key }.map { "\($0.key.oneLine): \($0.value)" }.joined(separator: ", "))
    let shown = limit.map { Array(plan.removals.prefix($0)) } ?? plan.removals
    for index in shown {
        let record = records[index]
        let day = record.sortTime?.day10 ?? ""
        lines.append(
            "  - \(context.shownKind(record.kind).oneLine)  \(record.shortID.oneLine)  \(day)  \(record.title.oneLine)  (\(record.path.quotedPath))"
        )
    }
    if plan.removals.count > shown.count {
        lines.append("  " + Message.ask(.moreNotShown(plan.removals.count - shown.count)).text(context.language))
    }
    for index in plan.unlinks {
        lines.append("  ~ " + Message.orphanUnlinked(records[index].path).text(context.language))
    }
    Console.out(lines.joined(separator: "\n"))
}
