import ArgumentParser
import FolioCore
import FolioStore
import FolioSync
import Foundation

struct Show: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "show",
            abstract: bilingual("Print one record.", "顯示一筆紀錄。"),
            discussion: bilingual(
                "Examples: folio show 測試想法 · folio show 5b0c · folio show ideas/2026/11/2026-11-22-測試想法.md --json",
                "例如：folio show 測試想法 · folio show 5b0c · folio show ideas/2026/11/2026-11-22-測試想法.md --json"))
    }

    @OptionGroup var reference: RecordArgument<ARecordOrCopy>
    @OptionGroup var output: OutputFormat<JSON>
    @Option(
        help: bilingual(
            "Show the version as of a commit (id, 4+ characters) or a date (YYYY-MM-DD: the end of that day).",
            "顯示某個提交（id，至少 4 個字元）或某天（YYYY-MM-DD：那天結束時）的版本。"))
    var at: String?
    @ParentCommand var folio: Folio
    var global: GlobalOptions { folio.global }

    func run() async throws {
        // Only an older version needs the history.
        let context = try at == nil ? Context.openForReading(global) : Context.open(global)
        let printer = ShowPrinter(json: output.json, context: context)
        if let at {
            let path = try context.vault.recordPath(reference.record, workingDirectory: context.workingDirectory)
            return printer.older(path: path, text: try context.requireHistory().text(of: path, at: at))
        }
        if let copy = context.vault.conflictCopy(typed: reference.record, workingDirectory: context.workingDirectory) {
            return try printer.copy(copy, text: try context.vault.text(of: copy))
        }
        let found = try context.record(reference.record)
        await OnDemandMedia.fetch(for: [found], context: context)
        printer.record(found, children: try context.vault.children(of: found) { context.catalog() })
    }

    enum JSON: HelpText {
        static var help: String { bilingual("Print the record as JSON, with its body.", "以 JSON 輸出紀錄，包含本文。") }
    }
}
