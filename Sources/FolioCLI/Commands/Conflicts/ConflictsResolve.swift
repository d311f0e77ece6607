import ArgumentParser
import FolioCore
import FolioStore

struct ConflictsResolve: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve", abstract: "Settle one conflict copy: keep mine, theirs or both; the copy is removed, in one commit.")

    @Argument(
        help: "The conflict copy (its path), or the record it was kept beside when it has only one.",
        completion: .custom(Completions.conflictCopies))
    var reference: String
    @Option(help: "mine (the record as it is), theirs (the copy's version) or both (the copy's body appended).") var keep: ConflictKeep
    @OptionGroup var output: OutputFormat<JSON>
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try Context.open(global)
        let copy = try context.vault.findConflictCopy(reference, workingDirectory: context.workingDirectory)
        ConflictPrinter.resolved(try context.vault.resolveConflict(copy, keep: keep), json: output.json, context: context)
    }

    enum JSON: HelpText {
        static let help = "Print what was done as JSON."
    }
}

extension ConflictKeep: ExpressibleByArgument {}
