import ArgumentParser

struct ImportJSON: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "json", abstract: "Import a file `folio export json` wrote: the same files, byte for byte.")
    @Argument(help: "The JSON file.") var file: String
    @OptionGroup var options: ImportOptions

    func run() throws {
        try options.run({ .folioJSON($0.absoluteURL(file), shown: file) }, kind: nil)
    }
}
