import ArgumentParser

struct ImportJrnl: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "jrnl", abstract: "Import jrnl's `jrnl --export json` file (dates taken in this machine's time zone).")
    @Argument(help: "The JSON file jrnl wrote.") var file: String
    @Option(help: "The kind of the new records.") var kind: String = "diary"
    @OptionGroup var options: ImportOptions

    func run() throws {
        try options.run({ .jrnl($0.absoluteURL(file), shown: file) }, kind: kind)
    }
}
