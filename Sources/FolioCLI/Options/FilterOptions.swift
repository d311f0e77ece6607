import ArgumentParser
import FolioCore

/// The filters every command that takes many records shares (`list`, `rm`, `tags`, `cal`,
/// `stats`, `export`): one spelling and one meaning, turned into a ``RecordFilter``.
struct FilterOptions: ParsableArguments {
    @OptionGroup var kindAndTags: KindAndTagOptions
    @Option(help: "Only records made on or after this date or within this age (2026-11-01, 30d, 2w, 6m, 1y).") var since: String?
    @Option(help: "Only records made on or before this date or at least this long ago (2026-08-24, 90d).") var until: String?
    @Option(help: "Only records made on this date (YYYY-MM-DD).") var on: String?
    @Flag(help: "Only records made on today's month and day in earlier years (on 28 February of a common year, 29 February too).")
    var onThisDay = false
    @Flag(help: "Only to-dos (ideas) not done yet.") var open = false
    @Flag(help: "Only to-dos (ideas) already done.") var done = false
    @Option(help: "Only children of this record (id, prefix, path, slug or title), of any kind unless --kind.") var parent: String?

    func validate() throws {
        if open && done { throw ValidationError("--open and --done exclude each other.") }
        for (name, text) in [("--since", since), ("--until", until)] {
            if let text, DateBound(text) == nil {
                throw ValidationError(Message.ask(.badAge(option: name, text: text)).text(MessageLanguage.shared.current))
            }
        }
        if let on, on.utf8.count != 10 || Timestamp(on) == nil {
            throw ValidationError("--on takes a date such as 2026-11-22, not '\(on)'.")
        }
    }

    /// `positionalKind`: the kind a command also takes as its argument (`folio list idea`).
    func filter(positionalKind: String? = nil) throws -> RecordFilter {
        var filter = try kindAndTags.filter(positionalKind: positionalKind)
        filter.since = since.flatMap(DateBound.init)
        filter.until = until.flatMap(DateBound.init)
        filter.on = on
        filter.onThisDay = onThisDay
        filter.done = open ? false : done ? true : nil
        filter.parent = parent
        return filter
    }
}

/// `--kind` and `--tag` alone, for a command whose other flags mean something else (`export
/// html --open` opens the site); ``FilterOptions`` holds them too.
struct KindAndTagOptions: ParsableArguments {
    @Option(help: "Only records of this kind (the profile is taken only when named).", completion: .custom(Completions.kinds)) var kind:
        String?
    @Option(help: "Only records with this tag (repeat: all must hold).", completion: .custom(Completions.tags)) var tag: [String] = []

    func filter(positionalKind: String? = nil) throws -> RecordFilter {
        if let positionalKind, let kind, positionalKind != kind {
            throw ValidationError("the kind is given twice: '\(positionalKind)' and --kind '\(kind)'.")
        }
        return RecordFilter(kind: positionalKind ?? kind, tags: tag)
    }
}
