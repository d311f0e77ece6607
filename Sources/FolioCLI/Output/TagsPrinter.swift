import FolioCore
import FolioStore

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
