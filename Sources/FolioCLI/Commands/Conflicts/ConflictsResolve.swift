import ArgumentParser
import FolioCore
import FolioStore

struct ConflictsResolve: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "resolve",
            abstract: bilingual(
                "Settle one conflict copy: keep mine, theirs or both; the copy is removed, in one commit.",
                "處理一個衝突副本：保留 mine、theirs 或 both；副本會移除，全部是一個提交。"))
    }

    @Argument(
        help: bilingual(
            "The conflict copy (its path), or the record it was kept beside when it has only one.", "衝突副本（它的路徑），或只有一個副本時它旁邊的紀錄。"),
        completion: .custom(Completions.conflictCopies))
    var reference: String
    @Option(
        help: bilingual(
            "mine (the record as it is), theirs (the copy's version) or both (the copy's body appended).",
            "mine（紀錄保持原樣）、theirs（用副本的版本）或 both（把副本的本文接在後面）。")) var keep: ConflictKeep
    @OptionGroup var output: OutputFormat<JSON>
    @ParentCommand var folio: Folio
    var global: GlobalOptions { folio.global }

    func run() throws {
        let context = try Context.open(global)
        let copy = try context.vault.findConflictCopy(reference, workingDirectory: context.workingDirectory)
        ConflictPrinter.resolved(try context.vault.resolveConflict(copy, keep: keep), json: output.json, context: context)
    }

    enum JSON: HelpText {
        static var help: String { bilingual("Print what was done as JSON.", "以 JSON 輸出做了什麼。") }
    }
}

extension ConflictKeep: ExpressibleByArgument {}
