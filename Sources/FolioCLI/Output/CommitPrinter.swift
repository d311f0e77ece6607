import FolioCore
import FolioSync

/// What `commit` did: the files it left out, each with its reason (and for a file that did not
/// parse, that it stays out until fixed), then how many it committed; or JSON
/// `{"commit", "committed": [paths], "left_out": [{"file", "message"}]}`.
enum CommitPrinter {
    static func print(_ result: History.HandCommit, json: Bool, context: Context) {
        if json {
            return context.json(
                .object([
                    ("commit", result.commit.map { .string($0.hex) } ?? .null), ("committed", .array(result.committed.map { .string($0) })),
                    (
                        "left_out",
                        .array(
                            result.leftOut.map {
                                .object([
                                    ("file", $0.file.map { .string($0) } ?? .null), ("message", .string($0.message.text(context.language))),
                                ])
                            })
                    ),
                ]))
        }
        leftOut(result.leftOut, terminal: context.terminal, language: context.language)
        if result.committed.isEmpty && result.leftOut.isEmpty { context.say(.nothingToCommit) }
        if !result.committed.isEmpty { context.say(.committedByHand(result.committed.count)) }
    }

    static func leftOut(_ problems: [FolioError], terminal: Terminal, language: Language) {
        for problem in problems {
            Console.err(terminal.warn(problem.rendered(in: language, asWarning: true)))
            if case .guarded = problem.message { continue }
            Console.err(terminal.warn(Message.leftOutOfCommit.text(language)))
        }
    }
}
