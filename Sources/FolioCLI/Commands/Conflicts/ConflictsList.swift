import ArgumentParser
import FolioCore
import FolioStore

struct ConflictsList: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "list",
            abstract: bilingual(
                "List every conflict copy with the record it was kept beside, and every file with conflict markers another git client committed.",
                "列出每個衝突副本和它旁邊的紀錄，以及每個有別的 git 程式提交的衝突標記的檔案。"))
    }

    @OptionGroup var output: OutputFormat<JSON>
    @ParentCommand var folio: Folio
    var global: GlobalOptions { folio.global }

    func run() throws {
        let context = try Context.open(global)
        let marked = context.vault.filesWithConflictMarkers()
        ConflictPrinter.list(context.vault.listConflictCopies(), marked: marked, json: output.json, context: context)
    }

    enum JSON: HelpText {
        static var help: String {
            bilingual(
                "Print a JSON array: [{\"copy\", \"record\", \"record_exists\", \"device\", \"time\", \"local_time\"}], then each file with conflict markers as {\"markers\", \"line\", \"hunks\"}.",
                "輸出 JSON 陣列：`[{\"copy\", \"record\", \"record_exists\", \"device\", \"time\", \"local_time\"}]`，再接著每個有衝突標記的檔案：`{\"markers\", \"line\", \"hunks\"}`。"
            )
        }
    }
}
