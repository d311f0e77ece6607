import ArgumentParser
import FolioCore
import FolioStore
import Foundation

/// `folio tags`: every tag with how many records carry it and the day it was last used.
///
/// Tags are the front matter `tags` plus the body's inline `#tags` (``Record/allTags``). Tags
/// that differ only in case are one tag, shown as the oldest record carrying it wrote it
/// (oldest by `created`, then by path), so the spelling does not depend on which file is read
/// first and does not change when a newer record writes it differently.
struct Tags: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List every tag with its number of records and the day it was last used.",
        discussion: """
            Tags are the front matter `tags` and the inline #tags of the body. The first line, "All",
            counts every record (the profile is left out unless --kind profile).
            Examples:
              folio tags
              folio tags --sort count
              folio tags --kind diary --json | jq '.[0].tag'
            """)

    enum Sort: String, ExpressibleByArgument, CaseIterable {
        case recent, count, name
    }

    @Option(help: "recent (newest use first; ties by count, then name), count (most used first), or name.")
    var sort: Sort = .recent
    @OptionGroup var filters: FilterOptions
    @Flag(help: "Print a JSON array of {tag, count, last_used}.") var json = false
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try Context.open(global)
        let records = try context.select(try filters.filter())
        TagsPrinter.print(TagTally.sorted(records.tagUses(), by: sort), recordCount: records.count, json: json, context: context)
    }
}

/// `folio tags`: "All" with the number of records, then each tag with its count and last use; or JSON.
enum TagsPrinter {
    static func print(_ uses: [TagUse], recordCount: Int, json: Bool, context: Context) {
        if json {
            return context.json(
                .array(
                    uses.map { use in
                        .object([
                            ("tag", .string(use.tag)), ("count", .int(use.count)),
                            ("last_used", use.lastUsed.map { .string($0.day10) } ?? .null),
                        ])
                    }))
        }
        let t = context.terminal
        let all = Message.tagsAll.text(context.language)
        // A tag comes from a file: its controls are shown as pictures, never sent to the terminal.
        let names = uses.map { "#" + $0.tag.oneLine }
        let nameWidth = ([all] + names).map(\.displayWidth).max() ?? 0
        let countWidth = ([recordCount] + uses.map(\.count)).map { String($0).count }.max() ?? 1
        func count(_ n: Int) -> String { String(repeating: " ", count: countWidth - String(n).count) + String(n) }
        var lines = [t.bold(all.padded(to: nameWidth)) + "  " + count(recordCount)]
        for (use, name) in zip(uses, names) {
            lines.append(t.accent(name.padded(to: nameWidth)) + "  " + count(use.count) + "  " + t.dim(use.lastUsed?.day10 ?? ""))
        }
        Console.page(lines.map { $0.trimmingTrailingSpaces }.joined(separator: "\n"), terminal: t, environment: context.environment)
    }
}

/// Orders tag uses for `folio tags` (counting them is ``CatalogSelection/tagUses()``).
enum TagTally {
    static func sorted(_ uses: [TagUse], by sort: Tags.Sort) -> [TagUse] {
        func byName(_ a: TagUse, _ b: TagUse) -> Bool {
            let order = a.tag.lowercased().compare(b.tag.lowercased())
            return order != .orderedSame ? order == .orderedAscending : a.tag < b.tag
        }
        return uses.sorted { a, b in
            let dayA = a.lastUsed?.day10 ?? ""
            let dayB = b.lastUsed?.day10 ?? ""
            switch sort {
            case .recent:
                if dayA != dayB { return dayA > dayB }
                if a.count != b.count { return a.count > b.count }
                return byName(a, b)
            case .count:
                if a.count != b.count { return a.count > b.count }
                return byName(a, b)
            case .name:
                return byName(a, b)
            }
        }
    }
}

extension String {
    /// The text without the spaces at its end.
    var trimmingTrailingSpaces: String {
        var text = Substring(self)
        while text.hasSuffix(" ") { text = text.dropLast() }
        return String(text)
    }
}
