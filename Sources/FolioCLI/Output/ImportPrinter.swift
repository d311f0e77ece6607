import FolioCore
import FolioExchange
import FolioStore

/// What `folio import` prints: the plan of a dry run, progress on a terminal, what was imported.
enum ImportPrinter {
    static func dryRun(_ plan: ImportPlan, json: Bool, context: Context) {
        if json {
            return context.json(
                .array(
                    plan.entries.map { entry in
                        .object([
                            ("id", .string(entry.id)), ("kind", .string(entry.kind)), ("title", .string(entry.title)),
                            ("path", .string(entry.path)),
                        ])
                    }))
        }
        context.say(.exchange(.dryRunHeader(new: plan.entries.count, media: plan.mediaCount, skipped: plan.skipped)))
        for entry in plan.entries {
            Console.out("  + \(entry.kind.oneLine)  \(entry.title.oneLine)  (\(entry.path.quotedPath))")
        }
    }

    /// A progress line on a terminal: media files stored (more than 20), records written (more than 200).
    static func progress(_ context: Context) -> (@Sendable (ImportProgress) -> Void)? {
        guard context.terminal.isInteractive else { return nil }
        let language = context.language
        return { progress in
            let (message, done, total, shownFrom): (Message, Int, Int, Int) =
                switch progress {
                case .media(let done, let total): (.exchange(.importingMedia(done: done, total: total)), done, total, 20)
                case .records(let done, let total): (.exchange(.importing(done: done, total: total)), done, total, 200)
                }
            guard total > shownFrom, done % 10 == 0 || done == total else { return }
            Console.statusLine(message.text(language))
            if done == total { Console.clearStatusLine() }
        }
    }

    static func done(_ result: ImportResult, json: Bool, context: Context) {
        if json {
            let records = context.vault.records(at: result.written).compactMap { $0 }
            return context.json(.array(records.map { JSONWriter.record($0, body: false, kinds: context.vault.kinds) }))
        }
        if result.written.isEmpty && result.newMedia == 0 { return context.say(.exchange(.nothingNew(skipped: result.skipped))) }
        context.say(.exchange(.imported(new: result.written.count, media: result.newMedia, skipped: result.skipped)))
    }
}
