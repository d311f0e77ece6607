import FolioCore
import FolioSync

/// `folio undo`: what was undone, or with `--dry-run` what would be (and the files); or JSON.
enum UndoPrinter {
    static func print(_ plan: History.UndoPlan?, dryRun: Bool, json: Bool, context: Context) {
        if json {
            return context.json(
                .object([
                    ("commit", plan.map { .string($0.target.hex) } ?? .null), ("summary", plan.map { .string($0.summary) } ?? .null),
                    ("paths", .array((plan?.paths ?? []).map { .string($0) })), ("later_overlapping", .int(plan?.laterOverlapping ?? 0)),
                    ("dry_run", .bool(dryRun)),
                ]))
        }
        guard let plan else { return context.say(.nothingToUndo) }
        guard dryRun else { return context.say(.undone(plan.summary)) }
        context.say(.wouldUndo(plan.summary))
        for path in plan.paths { Console.out("  " + path.quotedPath) }
        if plan.laterOverlapping > 0 {
            Console.out(
                context.terminal.warn(
                    Message.undoWouldRevertOthers(summary: plan.summary, later: plan.laterOverlapping).text(context.language)))
        }
    }
}
