import ArgumentParser
import Foundation
import FolioCore
import FolioStore

struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List records, newest first: date, kind, short id, title, tags.",
        discussion: """
        Examples:
          folio list
          folio list idea --open --json | jq '.[].title'
          folio list --tag rain --since 2026-11-01 -n 20
          folio list diary --on-this-day
        """)

    @Argument(help: "Only records of this kind (`profile` lists the owner).") var kind: String?
    @Option(name: .customShort("n"), help: "Show at most N records.") var limit: Int?
    @Option(help: "Only records with this tag.") var tag: String?
    @Option(help: "Only records created on or after this date (YYYY-MM-DD) or within this age (30d, 2w, 6m, 1y).") var since: String?
    @Option(help: "Only records created on or before this date (YYYY-MM-DD) or at least this long ago (90d).") var until: String?
    @Option(help: "Only records created on this date (YYYY-MM-DD).") var on: String?
    @Flag(help: "Only ideas not done yet.") var open = false
    @Flag(help: "Only ideas already done.") var done = false
    @Flag(help: "Only records made on today's month and day in earlier years (on 28 February of a common year, 29 February too).")
    var onThisDay = false
    @Flag(help: "Print a JSON array.") var json = false
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if open && done { throw ValidationError("--open and --done exclude each other.") }
        if let limit, limit < 0 { throw ValidationError("-n must be 0 or more.") }
        for (name, text) in [("--since", since), ("--until", until)] {
            if let text, DateBound(text) == nil {
                throw ValidationError(Message.ask(.badAge(option: name, text: text)).text(MessageLanguage.shared.current))
            }
        }
        if let on, on.utf8.count != 10 || Timestamp(on) == nil {
            throw ValidationError("--on takes a date such as 2026-11-22, not '\(on)'.")
        }
    }

    private func matches(_ record: RecordSummary, day: String, today: Timestamp, zone: TimeZone, lower: DateBound?, upper: DateBound?) -> Bool {
        let recordKind = record.kind ?? ""
        if let kind { if recordKind != kind { return false } } else if recordKind == "profile" { return false }
        if let tag, !record.hasTag(tag) { return false }
        if let lower {
            guard let time = record.sortTime, lower.isOnOrAfter(time, now: today, zone: zone) else { return false }
        }
        if let upper {
            guard let time = record.sortTime, upper.isOnOrBefore(time, now: today, zone: zone) else { return false }
        }
        if let on, day != on { return false }
        if onThisDay {
            // day is YYYY-MM-DD: an earlier year, the same -MM-DD (a 29 February counts on 28 February of a common year).
            let monthDay = day.dropFirst(4), todayMonthDay = today.day10.dropFirst(4)
            let leapDayShown = todayMonthDay == "-02-28" && !Timestamp.isValidDate(year: today.year, month: 2, day: 29) && monthDay == "-02-29"
            guard day.prefix(4) < today.day10.prefix(4), monthDay == todayMonthDay || leapDayShown else { return false }
        }
        if open || done {
            guard record.completion != .none else { return false }
            let isDone = record.completion == .done
            if open && isDone || done && !isDone { return false }
        }
        return true
    }

    func run() throws {
        let context = try Context.open(global)
        if let kind { _ = try context.vault.kind(kind) }
        let summaries = context.catalog().summaries
        let today = context.vault.clock.timestamp, zone = context.vault.clock.zone
        let lower = since.flatMap(DateBound.init), upper = until.flatMap(DateBound.init)
        // Each record's time and day are worked out once; sorting moves indexes, not records.
        var candidates: [(index: Int, epoch: Int)] = []
        candidates.reserveCapacity(summaries.count)
        for (index, record) in summaries.enumerated() {
            let time = record.sortTime
            if matches(record, day: time?.day10 ?? "", today: today, zone: zone, lower: lower, upper: upper) { candidates.append((index, time?.epochSeconds ?? Int.min)) }
        }
        candidates.sort { a, b in
            a.epoch != b.epoch ? a.epoch > b.epoch : summaries[a.index].path < summaries[b.index].path
        }
        if let limit, candidates.count > limit { candidates.removeLast(candidates.count - limit) }
        let records = candidates.map { summaries[$0.index] }
        if json {
            // The whole front matter of the records shown, read now.
            let full = context.vault.records(at: records.map(\.path)).compactMap { $0 }
            context.json(.array(full.map { JSONWriter.record($0, body: false) }))
            return
        }
        if records.isEmpty {
            Console.err(Message.noRecords.text(context.language))
            return
        }
        let kindWidth = records.map { ($0.kind ?? "").displayWidth }.max() ?? 4
        let lines = records.map { record in
            let t = context.terminal
            let doneMark = record.completion == .done ? "✓ " : ""
            let tags = record.tags.map { "#" + $0 }.joined(separator: " ").oneLine
            return [
                t.dim(record.sortTime?.day10 ?? "          "),
                t.accent((record.kind ?? "?").oneLine.padded(to: kindWidth)),
                t.dim(record.shortID.oneLine.padded(to: 8)),
                doneMark + t.bold(record.title.oneLine) + (tags.isEmpty ? "" : "  " + t.dim(tags)),
            ].joined(separator: "  ")
        }
        Console.page(lines.joined(separator: "\n"), terminal: context.terminal, environment: context.environment)
    }
}
