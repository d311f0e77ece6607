import ArgumentParser
import Foundation
import FolioCore
import FolioStore

struct Remove: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rm",
        abstract: "Remove records and, by their kinds' rules, their children.",
        discussion: """
        It lists what will go (counts per kind and titles) and asks first; without a terminal it needs --yes.
        Examples:
          folio rm 5b0c --dry-run
          folio rm 小寶 --yes
        """)

    @Argument(help: "The records to remove: id, id prefix, path or slug.") var records: [String]
    @Flag(help: "Only list what would be removed.") var dryRun = false
    @Flag(name: .shortAndLong, help: "Do not ask.") var yes = false
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if records.isEmpty { throw ValidationError("Name at least one record to remove.") }
    }

    func run() throws {
        let context = try Context.open(global)
        let set = context.records(quiet: true)
        let roots = try records.map { reference throws(FolioError) in
            try context.vault.resolve(reference, in: set, workingDirectory: context.workingDirectory)
        }
        let plan = context.vault.planDelete(roots, in: set)
        printPlan(plan, set: set, context: context)
        try context.vault.checkRefusals(plan, in: set)
        if dryRun { return }
        if !yes {
            guard context.terminal.isInteractive else { throw FolioError(.needsYes) }
            guard Console.confirm(Message.confirmDelete(plan.removals.count).text(context.language)) else {
                return context.say(.cancelled)
            }
        }
        try context.vault.execute(plan, in: set)
        context.say(.deleted(plan.removals.count))
    }
}

/// Prints a delete plan: the count, counts per kind, then each record.
func printPlan(_ plan: DeletePlan, set: RecordSet, context: Context) {
    var counts: [String: Int] = [:]
    for index in plan.removals { counts[set.records[index].kind ?? "?", default: 0] += 1 }
    var lines = [Message.deletePlanHeader(plan.removals.count).text(context.language)]
    lines.append("  " + counts.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", "))
    for index in plan.removals {
        let record = set.records[index]
        lines.append("  - \(record.kind ?? "?")  \(record.shortID)  \(record.title)  (\(record.path))")
    }
    for index in plan.unlinks {
        lines.append("  ~ " + Message.orphanUnlinked(set.records[index].path).text(context.language))
    }
    Console.out(lines.joined(separator: "\n"))
}
