import ArgumentParser

struct ImportJSON: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "json",
            abstract: bilingual(
                "Import a file `folio export json` wrote (the same files, byte for byte), or a JSON list of records with folio's keys.",
                "匯入 `folio export json` 寫的檔案（一模一樣的檔案），或一個以 folio 的欄位寫成的紀錄 JSON 清單。"))
    }
    @Argument(help: bilingual("The JSON file.", "JSON 檔。")) var file: String
    @Option(
        help: bilingual("The kind of a listed record that names none (default: note).", "清單裡沒有寫 `kind` 的紀錄用的類型（預設 `note`）。"))
    var kind: String?
    @OptionGroup var options: ImportOptions

    func run() throws {
        try options.run({ .folioJSON($0.absoluteURL(file), shown: file) }, kind: kind)
    }
}
