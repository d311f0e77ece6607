import ArgumentParser
import FolioCore
import FolioSync

struct Undo: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "undo",
            abstract: bilingual(
                "Revert the newest change folio made on this device, with a new commit.", "用一個新的提交，復原 folio 在這台裝置上最新的一次修改。"),
            discussion: bilingual(
                """
                Run it again to undo the change before that. It refuses when commits from another device \
                or made by hand came after and touch the same files, unless --force.
                """,
                """
                再執行一次會復原更早的那次修改。之後如果有其他裝置或手動的提交動到同樣的檔案，就會拒絕，除非加 --force。
                """))
    }

    @Flag(help: bilingual("Undo even when later commits from elsewhere touch the same files.", "即使之後其他地方的提交動到同樣的檔案，也照樣復原。")) var force =
        false
    @Flag(help: bilingual("Only say what would be undone; change nothing.", "只說會復原什麼，不做任何變更。")) var dryRun = false
    @OptionGroup var output: OutputFormat<JSON>
    @ParentCommand var folio: Folio
    var global: GlobalOptions { folio.global }

    func run() throws {
        let context = try Context.open(global)
        let plan = try context.requireHistory().undoLast(in: context.vault, force: force, dryRun: dryRun)
        UndoPrinter.print(plan, dryRun: dryRun, json: output.json, context: context)
    }

    enum JSON: HelpText {
        static var help: String {
            bilingual(
                "Print as JSON: {\"commit\", \"summary\", \"paths\", \"later_overlapping\", \"dry_run\"} (commit null when there is nothing to undo).",
                "以 JSON 輸出：`{\"commit\", \"summary\", \"paths\", \"later_overlapping\", \"dry_run\"}`（沒有可復原的時候 `commit` 是 null）。")
        }
    }
}
