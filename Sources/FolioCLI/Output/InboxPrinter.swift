import FolioCore
import FolioExchange

/// What `folio inbox` (and `sync`) say of `inbox/`: the files left where they are, each with why,
/// on standard error; then the records made, each beside the inbox file it came from.
struct InboxPrinter {
    let json: Bool
    let context: Context

    func dryRun(_ plan: InboxPlan) {
        notices(plan.notices)
        if json {
            return context.json(
                .array(
                    plan.entries.map { entry in
                        .object([
                            ("id", .string(entry.id)), ("kind", .string(entry.kind)), ("title", .string(entry.title)),
                            ("path", .string(entry.path)), ("source", .string(entry.source)),
                        ])
                    }))
        }
        guard !plan.isEmpty else { return context.say(.inbox(.empty)) }
        context.say(.inbox(.dryRunHeader(count: plan.entries.count, media: plan.mediaCount)))
        for entry in plan.entries {
            Console.out("  + \(entry.source.quotedPath) → \(entry.path.quotedPath)  \(entry.title.oneLine)")
        }
    }

    func done(_ result: InboxResult) {
        notices(result.notices)
        if json { return context.json(Self.json(result, language: context.language)) }
        adopted(result)
    }

    /// The records made, when there are any; `folio inbox` alone says when there were none.
    func adopted(_ result: InboxResult, quietWhenNone: Bool = false) {
        guard !result.written.isEmpty || !result.removed.isEmpty else {
            if !quietWhenNone { context.say(.inbox(.empty)) }
            return
        }
        context.say(.inbox(.adopted(count: result.written.count, media: result.newMedia)))
        for (path, source) in zip(result.written, result.sources) { Console.out("  + \(source.quotedPath) → \(path.quotedPath)") }
    }

    func notices(_ notices: [FolioError]) {
        for notice in notices { context.warn(notice) }
    }

    static func json(_ result: InboxResult, language: Language) -> JSONWriter.JSON {
        .object([
            ("adopted", .array(zip(result.written, result.sources).map { .object([("path", .string($0)), ("source", .string($1))]) })),
            ("removed", .array(result.removed.map { .string($0) })),
            (
                "left",
                .array(
                    result.notices.map {
                        .object([("file", $0.file.map { .string($0) } ?? .null), ("message", .string($0.message.text(language)))])
                    })
            ),
        ])
    }
}
