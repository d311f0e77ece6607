import ArgumentParser
import FolioCore
import FolioExchange
import FolioStore

/// Options every import takes.
struct ImportOptions: ParsableArguments {
    @Flag(help: bilingual("Only list what would be created; write nothing.", "只列出會建立什麼，不寫入任何東西。")) var dryRun = false
    @OptionGroup var output: OutputFormat<JSON>
    @ParentCommand var folio: Folio
    var global: GlobalOptions { folio.global }

    enum JSON: HelpText {
        static var help: String {
            bilingual(
                "Print the records created (or, with --dry-run, those that would be) as JSON.", "以 JSON 輸出建立的紀錄（加 --dry-run 時是會建立的紀錄）。")
        }
    }

    /// Plans the import of `source`, says what it noticed, and writes it unless `--dry-run`.
    func run(_ source: (Context) -> ImportSource, kind: String?) throws {
        let context = try Context.open(global)
        let plan = try Importer.plan(source(context), kind: kind, into: context.vault)
        for warning in plan.warnings { context.warn(warning) }
        if dryRun { return ImportPrinter.dryRun(plan, json: output.json, context: context) }
        let result = try Importer.run(plan, into: context.vault, progress: ImportPrinter.progress(context))
        ImportPrinter.done(result, json: output.json, context: context)
    }
}
