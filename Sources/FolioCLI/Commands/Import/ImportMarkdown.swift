import ArgumentParser

struct ImportMarkdown: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "markdown",
            abstract: bilingual(
                "Import a folder of .md files (Obsidian, zk, nb, plain), front matter kept, linked media imported.",
                "匯入一個放 .md 檔的資料夾（Obsidian、zk、nb 或一般檔案），保留 front matter，並匯入連結到的媒體。"))
    }
    @Argument(help: bilingual("The folder.", "資料夾。")) var folder: String
    @Option(help: bilingual("The kind of the new records.", "新紀錄的類型。")) var kind: String = "note"
    @OptionGroup var options: ImportOptions

    func run() throws {
        try options.run({ .markdown($0.absoluteURL(folder), shown: folder) }, kind: kind)
    }
}
