import ArgumentParser

struct ImportMarkdown: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "markdown",
        abstract: "Import a folder of .md files (Obsidian, zk, nb, plain), front matter kept, linked media imported.")
    @Argument(help: "The folder.") var folder: String
    @Option(help: "The kind of the new records.") var kind: String = "note"
    @OptionGroup var options: ImportOptions

    func run() throws {
        try options.run({ .markdown($0.absoluteURL(folder), shown: folder) }, kind: kind)
    }
}
