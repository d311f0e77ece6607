import ArgumentParser
import FolioCore
import FolioStore
import Foundation

/// The filters every command that takes many records shares (`list`, `rm`, `tags`, `cal`,
/// `stats`, `export`): one spelling and one meaning, turned into a ``RecordFilter``.
struct FilterOptions: ParsableArguments {
    @OptionGroup var kindAndTags: KindAndTagOptions
    @Option(
        help: bilingual(
            "Only records made on or after this date or within this age (2026-11-01, yesterday, last friday, 30d, 2w, 6m, 1y).",
            "只取這天（含）之後，或這段期間內建立的紀錄（2026-11-01、昨天、上週五、3 天前、30d、2w、6m、1y）。")) var since: String?
    @Option(
        help: bilingual(
            "Only records made on or before this date or at least this long ago (2026-08-24, last week, 90d).",
            "只取這天（含）之前，或至少這麼久以前建立的紀錄（2026-08-24、上週、90d）。")) var until: String?
    @Option(help: bilingual("Only records made on this date (YYYY-MM-DD, yesterday, 2 days ago).", "只取這天建立的紀錄（YYYY-MM-DD、昨天、前天）。"))
    var on: String?
    @Flag(
        help: bilingual(
            "Only records made on today's month and day in earlier years (on 28 February of a common year, 29 February too).",
            "只取往年同月同日建立的紀錄（那年今日；平年的 2 月 28 日也包含 2 月 29 日）。"))
    var onThisDay = false
    @Flag(help: bilingual("Only to-dos (ideas) not done yet.", "只取還沒完成的待辦（想法）。")) var open = false
    @Flag(help: bilingual("Only to-dos (ideas) already done.", "只取已完成的待辦（想法）。")) var done = false
    @Option(
        help: bilingual(
            "Only children of this record (id, prefix, path, slug or title), of any kind unless --kind.",
            "只取這筆紀錄底下的紀錄（id、id 開頭、路徑、slug 或標題），不限類型，除非加了 --kind。")) var parent: String?

    /// What "yesterday" is seen from: the vault's clock (`FOLIO_NOW` when set).
    static var clock: Clock { Clock.from(environment: ProcessInfo.processInfo.environment) }

    func validate() throws {
        if open && done { throw ValidationError(Message.usage(.excludeEachOther("--open", "--done")).text(MessageLanguage.shared.current)) }
        let clock = Self.clock
        for (name, text) in [("--since", since), ("--until", until)] {
            if let text, DateBound.parse(text, now: clock.now(), zone: clock.zone) == nil {
                throw ValidationError(Message.ask(.badAge(option: name, text: text)).text(MessageLanguage.shared.current))
            }
        }
        if let on, DateBound.day(on, now: clock.now(), zone: clock.zone) == nil {
            throw ValidationError(Message.usage(.badDayOption(option: "--on", text: on)).text(MessageLanguage.shared.current))
        }
    }

    /// `positionalKind`: the kind a command also takes as its argument (`folio list idea`).
    func filter(positionalKind: String? = nil) throws -> RecordFilter {
        var filter = try kindAndTags.filter(positionalKind: positionalKind)
        let clock = Self.clock
        filter.since = since.flatMap { DateBound.parse($0, now: clock.now(), zone: clock.zone) }
        filter.until = until.flatMap { DateBound.parse($0, now: clock.now(), zone: clock.zone) }
        filter.on = on.flatMap { DateBound.day($0, now: clock.now(), zone: clock.zone) }
        filter.onThisDay = onThisDay
        filter.done = open ? false : done ? true : nil
        filter.parent = parent
        return filter
    }
}

/// `--kind` and `--tag` alone, for a command whose other flags mean something else (`export
/// html --open` opens the site); ``FilterOptions`` holds them too.
struct KindAndTagOptions: ParsableArguments {
    @Option(
        help: bilingual("Only records of this kind (the profile is taken only when named).", "只取這個類型的紀錄（指名時才包含主人資料）。"),
        completion: .custom(Completions.kinds)) var kind: String?
    @Option(
        help: bilingual("Only records with this tag (repeat: all must hold).", "只取有這個標籤的紀錄（可重複：全部都要有）。"),
        completion: .custom(Completions.tags))
    var tag: [String] = []

    func filter(positionalKind: String? = nil) throws -> RecordFilter {
        if let positionalKind, let kind, positionalKind != kind {
            throw ValidationError(
                Message.usage(.kindGivenTwice(positional: positionalKind, option: kind)).text(MessageLanguage.shared.current))
        }
        return RecordFilter(kind: positionalKind ?? kind, tags: tag)
    }
}
