import FolioCore
import FolioSync

/// `folio log`: a line per commit (short id, local time, author and device, message), paged; or JSON.
enum LogPrinter {
    static func print(_ entries: [HistoryEntry], json: Bool, context: Context) {
        if json {
            return context.json(
                .array(
                    entries.map { entry in
                        .object([
                            ("commit", .string(entry.commit)),
                            ("date", .string(entry.time.text)),
                            ("author", .string(entry.author)),
                            ("device", entry.device.map { .string($0) } ?? .null),
                            ("message", .string(entry.message)),
                            ("paths", .array(entry.paths.map { .string($0) })),
                        ])
                    }))
        }
        guard !entries.isEmpty else { return context.say(.noHistory) }
        let terminal = context.terminal
        let lines = entries.map { entry in
            let device = entry.device.map { " @\($0)" } ?? ""
            return terminal.accent(String(entry.commit.prefix(8))) + "  "
                + entry.time.text.prefix(16).replacingOccurrences(of: "T", with: " ")
                + "  " + terminal.dim((entry.author + device).oneLine) + "  " + entry.message.oneLine
        }
        Console.page(lines.joined(separator: "\n") + "\n", terminal: terminal, environment: context.environment)
    }
}
