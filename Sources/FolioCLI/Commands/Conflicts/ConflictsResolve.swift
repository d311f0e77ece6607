import ArgumentParser
import FolioCore
import FolioStore
import FolioSync

struct ConflictsResolve: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "resolve",
            abstract: bilingual(
                "Settle one conflict copy: keep mine, theirs or both; the copy is removed, in one commit. Without --keep, merge the conflict markers another git client committed into FILE, key by key, losing no line.",
                "處理一個衝突副本：保留 mine、theirs 或 both；副本會移除，全部是一個提交。不加 --keep 時，逐欄位合併別的 git 程式提交到檔案裡的衝突標記，一行也不會少。"))
    }

    @Argument(
        help: bilingual(
            "The conflict copy (its path), or the record it was kept beside when it has only one; without --keep, the file with conflict markers.",
            "衝突副本（它的路徑），或只有一個副本時它旁邊的紀錄；不加 --keep 時，有衝突標記的檔案。"),
        completion: .custom(Completions.conflictCopies))
    var reference: String
    @Option(
        help: bilingual(
            "mine (the record as it is), theirs (the copy's version) or both (the copy's body appended). For a file with conflict markers: mine or theirs keeps that side whole; without it (or both), the markers are merged.",
            "mine（紀錄保持原樣）、theirs（用副本的版本）或 both（把副本的本文接在後面）。有衝突標記的檔案：mine 或 theirs 整個保留那一邊；不加（或 both）時合併衝突標記。")) var keep: ConflictKeep?
    @OptionGroup var output: OutputFormat<JSON>
    @ParentCommand var folio: Folio
    var global: GlobalOptions { folio.global }

    func run() throws {
        let context = try Context.open(global)
        let settled = try context.vault.settleConflict(
            reference, keep: keep, workingDirectory: context.workingDirectory, history: context.history)
        ConflictPrinter.settled(settled, json: output.json, context: context)
    }

    enum JSON: HelpText {
        static var help: String { bilingual("Print what was done as JSON.", "以 JSON 輸出做了什麼。") }
    }
}

extension ConflictKeep: ExpressibleByArgument {}
