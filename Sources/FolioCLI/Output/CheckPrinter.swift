import FolioCore
import FolioSecrets
import FolioStore
import FolioSync

/// What `check` found: each finding as `file:line:column: error|warning: …` (keys masked, also in
/// a quoted line), then the count; "no problems" with the number of records; or a JSON array.
enum CheckPrinter {
    static func print(_ findings: [CheckFinding], recordCount: Int, json: Bool, context: Context) {
        if json {
            return context.json(
                .array(
                    findings.map { finding in
                        let error = finding.message
                        var pairs: [(String, JSONWriter.JSON)] = [
                            ("message", .string(ConfiguredSecrets.redact(error.message.text(context.language)))),
                            ("severity", .string(finding.isWarning ? "warning" : "error")),
                        ]
                        if let file = error.file { pairs.append(("file", .string(file))) }
                        if let line = error.line { pairs.append(("line", .int(line))) }
                        if let column = error.column { pairs.append(("column", .int(column))) }
                        return .object(pairs)
                    }))
        }
        guard !findings.isEmpty else { return context.say(.checkClean(recordCount)) }
        for finding in findings {
            Console.out(ConfiguredSecrets.redact(finding.message.rendered(in: context.language, asWarning: finding.isWarning)))
        }
        Console.out(Message.checkProblems(findings.count).text(context.language))
    }

    /// Hashing progress on a terminal's stderr, at most ten times a second.
    static func progress(_ context: Context) -> (@Sendable (Int, Int) -> Void)? {
        guard context.terminal.isInteractive else { return nil }
        let language = context.language
        return { done, total in
            Console.progressLine(Message.media(.checking(done: done, total: total)).text(language), isFinal: done == total)
            if done == total { Console.clearStatusLine() }
        }
    }

    /// `--fix` asks, unless `--yes`: only on a terminal; a cascade lists what would go first.
    static func confirm(_ question: VaultCheck.Question, yes: Bool, context: Context) -> Bool {
        switch question {
        case .clearParent(let path):
            return yes
                || (context.terminal.isInteractive && Console.confirm(Message.check(.clearParentPrompt(path)).text(context.language)))
        case .cascade(let plan, let records):
            printPlan(plan, records: records, context: context)
            return yes
                || (context.terminal.isInteractive && Console.confirm(Message.confirmDelete(plan.removals.count).text(context.language)))
        }
    }

    /// Whether `--fix` left nothing to fix; else how many problems remain is said.
    static func fixed(_ remaining: [CheckFinding], context: Context) -> Bool {
        guard remaining.isEmpty else {
            Console.out(Message.checkProblems(remaining.count).text(context.language))
            return false
        }
        return true
    }
}
