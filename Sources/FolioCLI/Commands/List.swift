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

    @Argument(help: "Only records of this kind (`profile` lists the owner); the same as --kind.") var kind: String?
    @Option(name: .customShort("n"), help: "Show at most N records.") var limit: Int?
    @OptionGroup var filters: FilterOptions
    @Flag(help: "Print a JSON array.") var json = false
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if let limit, limit < 0 { throw ValidationError("-n must be 0 or more.") }
        _ = try filters.filter(positionalKind: kind)
    }

    func run() throws {
        let context = try Context.open(global)
        let chosen = try context.summaries(try filters.filter(positionalKind: kind))
        // Newest first, then by path; sorting moves indexes, not records, and with -n keeps only N.
        let candidates = chosen.indices.map { (index: $0, epoch: chosen[$0].sortTime?.epochSeconds ?? Int.min) }
        let newerFirst = { (a: (index: Int, epoch: Int), b: (index: Int, epoch: Int)) -> Bool in
            a.epoch != b.epoch ? a.epoch > b.epoch : chosen[a.index].path < chosen[b.index].path
        }
        let shown = if let limit, limit < 1_000 { candidates.firstInOrder(limit, by: newerFirst) } else {
            Array(candidates.sorted(by: newerFirst).prefix(limit ?? .max))
        }
        let records = shown.map { chosen[$0.index] }
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
