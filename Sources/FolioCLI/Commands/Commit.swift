import ArgumentParser
import FolioCore
import FolioSync

struct CommitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "commit",
        abstract: "Commit changes made by hand (new, edited and deleted files).",
        discussion: """
            Each changed record is parsed first; a file that does not parse is named with its line and \
            column and left out, the rest is committed. Example: folio commit -m "fix typos"
            """)

    @Option(name: .shortAndLong, help: "The commit message (default: which files changed); - reads standard input.") var message: InputText?
    @OptionGroup var output: OutputFormat<JSON>
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try Context.open(global)
        let result = try context.requireHistory().commitHandChanges(in: context.vault, message: message?.text)
        CommitPrinter.print(result, json: output.json, context: context)
        if result.committed.isEmpty && !result.leftOut.isEmpty { throw ExitCode.failure }
    }

    enum JSON: HelpText {
        static let help = "Print as JSON: {\"commit\", \"committed\": [paths], \"left_out\": [{\"file\", \"message\"}]}."
    }
}
