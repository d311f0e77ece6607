import ArgumentParser

struct ImportDayOne: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dayone", abstract: "Import Day One's \"JSON in Zip\" export: the zip, its folder, or its Journal.json.")
    @Argument(help: "The zip, the unzipped folder, or Journal.json.") var path: String
    @Option(help: "The kind of the new records.") var kind: String = "diary"
    @OptionGroup var options: ImportOptions

    func run() throws {
        try options.run({ .dayOne($0.absoluteURL(path), shown: path) }, kind: kind)
    }
}
