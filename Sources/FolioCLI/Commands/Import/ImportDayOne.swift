import ArgumentParser

struct ImportDayOne: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "dayone",
            abstract: bilingual(
                "Import Day One's \"JSON in Zip\" export: the zip, its folder, or its Journal.json.",
                "匯入 Day One 的「JSON in Zip」匯出：zip 檔、解開後的資料夾，或其中的 Journal.json。"))
    }
    @Argument(help: bilingual("The zip, the unzipped folder, or Journal.json.", "zip 檔、解開後的資料夾，或 Journal.json。")) var path: String
    @Option(help: bilingual("The kind of the new records.", "新紀錄的類型。")) var kind: String = "diary"
    @Flag(
        help: bilingual(
            "Tag each entry with its journal's name (Work.json's entries: Work), to tell the journals apart.",
            "每筆紀錄加上它所屬日記本的名字當標籤（`Work.json` 的紀錄：`Work`），分得出是哪一本。"))
    var journalTag = false
    @OptionGroup var options: ImportOptions

    func run() throws {
        try options.run({ .dayOne($0.absoluteURL(path), shown: path, journalTags: journalTag) }, kind: kind)
    }
}
