import ArgumentParser
import FolioCore
import FolioStore

struct ConflictsList: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "list", abstract: bilingual("List every conflict copy with the record it was kept beside.", "列出每個衝突副本和它旁邊的紀錄。"))
    }

    @OptionGroup var output: OutputFormat<JSON>
    @ParentCommand var folio: Folio
    var global: GlobalOptions { folio.global }

    func run() throws {
        let context = try Context.open(global)
        ConflictPrinter.list(context.vault.listConflictCopies(), json: output.json, context: context)
    }

    enum JSON: HelpText {
        static var help: String {
            bilingual(
                "Print a JSON array: [{\"copy\", \"record\", \"record_exists\", \"device\", \"time\", \"local_time\"}].",
                "輸出 JSON 陣列：`[{\"copy\", \"record\", \"record_exists\", \"device\", \"time\", \"local_time\"}]`。")
        }
    }
}
