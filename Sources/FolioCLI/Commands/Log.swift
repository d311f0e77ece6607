import ArgumentParser
import FolioCore
import FolioSync

struct Log: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "The vault's history, or one record's: date, device, author, message.",
        discussion: "Examples: folio log · folio log 設備間同步測試 -n 5 · folio log --json")

    @Argument(help: "A record (id, prefix, path or slug); default: the whole vault.", completion: .custom(Completions.records)) var record:
        String?
    @Option(help: "A media file (media/ab/….jpg, its path, or 6+ characters of its hash): the commits that added, changed or removed it.")
    var media: String?
    @Option(name: .customShort("n"), help: "Show at most this many commits.") var limit: Int?
    @OptionGroup var output: OutputFormat<JSON>
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try Context.open(global)
        let history = try context.requireHistory()
        let path = try history.logPath(record: record, media: media, in: context.vault, workingDirectory: context.workingDirectory)
        LogPrinter.print(try history.log(path: path, limit: limit), json: output.json, context: context)
    }

    enum JSON: HelpText {
        static let help = "Print the log as JSON."
    }
}
