import ArgumentParser
import FolioCore
import FolioStore

struct ConflictsList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List every conflict copy with the record it was kept beside.")

    @OptionGroup var output: OutputFormat<JSON>
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try Context.open(global)
        ConflictPrinter.list(context.vault.listConflictCopies(), json: output.json, context: context)
    }

    enum JSON: HelpText {
        static let help = "Print a JSON array: [{\"copy\", \"record\", \"record_exists\", \"device\", \"time\"}]."
    }
}
