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
                        .object(
                            [
                                ("id", .string(entry.id)), ("kind", .string(entry.kind)), ("title", .string(entry.title)),
                                ("path", .string(entry.path)),
                            ] + (entry.group.map { [("journal", .string($0))] } ?? [])
                                + linksJSON(unresolved: entry.unresolvedLinks, ambiguous: entry.ambiguousLinks))
                    }))
        }
        context.say(.exchange(.dryRunHeader(new: plan.entries.count, media: plan.mediaCount, skipped: plan.skipped)))
        groups(plan.groups, context: context)
        for entry in plan.entries {
            Console.out("  + \(entry.kind.oneLine)  \(entry.title.oneLine)  (\(entry.path.quotedPath))")
        }
        links(unresolved: plan.unresolvedLinks, ambiguous: plan.ambiguousLinks, context: context)
    }

    /// Each journal of a Day One export: its new entries and those the vault has (one journal's
    /// line would only repeat the total).
    static func groups(_ groups: [ImportGroup], context: Context) {
        guard groups.count > 1 else { return }
        for group in groups {
            Console.out("  " + Message.exchange(.group(name: group.name, new: group.new, skipped: group.skipped)).text(context.language))
        }
    }

    /// The links an import left as written, and those it chose among files of one name, each with its note and line.
    static func links(unresolved: [ImportLink], ambiguous: [ImportLink], context: Context) {
        if !unresolved.isEmpty {
            context.say(.exchange(.unresolvedLinks(count: unresolved.count)))
            for link in unresolved { Console.out("  \(link.file.quotedPath):\(link.line): \(link.link.oneLine)") }
        }
        if !ambiguous.isEmpty {
            context.say(.exchange(.ambiguousLinks(count: ambiguous.count)))
            for link in ambiguous {
                let choice = Message.exchange(.ambiguousChoice(chosen: link.chosen ?? "", candidates: link.candidates)).text(
                    context.language)
                Console.out("  \(link.file.quotedPath):\(link.line): \(link.link.oneLine) → \(choice)")
            }
        }
    }

    /// `unresolved_links` and `ambiguous_links` of one record for `--json`, when it has any.
    static func linksJSON(unresolved: [ImportLink], ambiguous: [ImportLink]) -> [(String, JSONWriter.JSON)] {
        var pairs: [(String, JSONWriter.JSON)] = []
        if !unresolved.isEmpty {
            pairs.append(
                (
                    "unresolved_links",
                    .array(unresolved.map { .object([("source", .string($0.file)), ("line", .int($0.line)), ("link", .string($0.link))]) })
                ))
        }
        if !ambiguous.isEmpty {
            pairs.append(
                (
                    "ambiguous_links",
                    .array(
                        ambiguous.map {
                            .object([
                                ("source", .string($0.file)), ("line", .int($0.line)), ("link", .string($0.link)),
                                ("chosen", .string($0.chosen ?? "")), ("candidates", .int($0.candidates)),
                            ])
                        })
                ))
        }
        return pairs
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
            guard total > shownFrom else { return }
            Console.progressLine(message.text(language), isFinal: done == total)
            if done == total { Console.clearStatusLine() }
        }
    }

    static func done(_ result: ImportResult, json: Bool, context: Context) {
        if json {
            let records = context.vault.records(at: result.written).compactMap { $0 }
            return context.json(
                .array(
                    records.map { record in
                        let extra = linksJSON(
                            unresolved: result.unresolvedLinks[record.path] ?? [], ambiguous: result.ambiguousLinks[record.path] ?? [])
                        return JSONWriter.record(record, body: false, extra: extra, kinds: context.vault.kinds)
                    }))
        }
        if result.written.isEmpty && result.newMedia == 0 {
            context.say(.exchange(.nothingNew(skipped: result.skipped)))
            return groups(result.groups, context: context)
        }
        context.say(.exchange(.imported(new: result.written.count, media: result.newMedia, skipped: result.skipped)))
        groups(result.groups, context: context)
        links(
            unresolved: result.written.flatMap { result.unresolvedLinks[$0] ?? [] },
            ambiguous: result.written.flatMap { result.ambiguousLinks[$0] ?? [] }, context: context)
    }
}
