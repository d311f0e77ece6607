import ArgumentParser
import Foundation
import FolioCore
import FolioStore

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Find what hand edits and crashes leave behind: orphans, duplicate ids, unreadable files, unknown kinds.",
        discussion: "Examples: folio check · folio check --fix --yes")

    @Flag(help: "Repair what can be repaired: apply each orphan's delete rule, remove leftover temporary files.") var fix = false
    @Flag(name: .shortAndLong, help: "Do not ask before fixing.") var yes = false
    @Flag(help: "Print findings as JSON.") var json = false
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try Context.open(global)
        let set = context.records(quiet: true)
        let findings = context.vault.check(set)
        if json {
            context.json(.array(findings.map { finding in
                let error = finding.message
                var pairs: [(String, JSONWriter.JSON)] = [("message", .string(error.message.text(context.language)))]
                if let file = error.file { pairs.append(("file", .string(file))) }
                if let line = error.line { pairs.append(("line", .int(line))) }
                if let column = error.column { pairs.append(("column", .int(column))) }
                return .object(pairs)
            }))
        } else if findings.isEmpty {
            context.say(.checkClean(set.records.count))
        } else {
            for finding in findings { Console.out(finding.message.rendered(in: context.language)) }
            Console.out(Message.checkProblems(findings.count).text(context.language))
        }
        if fix && !findings.isEmpty {
            try repair(findings, set: set, context: context)
            // Success means nothing is left to fix, as `check` would now report.
            let remaining = context.vault.check(context.vault.loadRecords())
            if !remaining.isEmpty {
                Console.out(Message.checkProblems(remaining.count).text(context.language))
                throw ExitCode.failure
            }
        } else if !findings.isEmpty {
            throw ExitCode.failure
        }
    }

    private func repair(_ findings: [CheckFinding], set: RecordSet, context: Context) throws {
        let strays = findings.compactMap { if case .strayTemporaryFile(let path) = $0 { path } else { nil } }
        if !strays.isEmpty { try context.vault.removeStrayTemporaryFiles(strays) }
        for finding in findings {
            guard case .orphan(let path, _, let rule) = finding,
                  let record = set.records.first(where: { $0.path == path }) else { continue }
            switch rule {
            case .refuse:
                continue
            case .keep:
                if yes || (context.terminal.isInteractive && Console.confirm("\(path): keep, clear parent? [y/N] ")) {
                    try context.vault.update(record, set: [], unset: ["parent"])
                    context.say(.orphanUnlinked(path))
                }
            case .cascade:
                let plan = context.vault.planDelete([record], in: set)
                printPlan(plan, set: set, context: context)
                if yes || (context.terminal.isInteractive && Console.confirm(Message.confirmDelete(plan.removals.count).text(context.language))) {
                    try context.vault.execute(plan, in: set)
                    context.say(.deleted(plan.removals.count))
                }
            }
        }
    }
}
