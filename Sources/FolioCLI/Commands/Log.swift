import ArgumentParser
import FolioCore
import FolioSync

struct Log: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "log",
            abstract: bilingual("The vault's history, or one record's: date, device, author, message.", "資料庫的歷史，或一筆紀錄的歷史：日期、裝置、作者、訊息。"),
            discussion: bilingual(
                "Examples: folio log · folio log 設備間同步測試 -n 5 · folio log --json",
                "例如：folio log · folio log 設備間同步測試 -n 5 · folio log --json"))
    }

    @Argument(
        help: bilingual("A record (id, prefix, path or slug); default: the whole vault.", "一筆紀錄（id、id 開頭、路徑或 slug）；預設是整個資料庫。"),
        completion: .custom(Completions.records)) var record: String?
    @Option(
        help: bilingual(
            "A media file (media/ab/….jpg, its path, or 6+ characters of its hash): the commits that added, changed or removed it.",
            "一個媒體檔（media/ab/….jpg、它的路徑，或雜湊的前 6 個以上字元）：加入、修改或移除它的提交。"))
    var media: String?
    @Option(name: .customShort("n", allowingJoined: true), help: bilingual("Show at most this many commits.", "最多顯示這麼多個提交。")) var limit:
        Int?
    @OptionGroup var output: OutputFormat<JSON>
    @ParentCommand var folio: Folio
    var global: GlobalOptions { folio.global }

    func run() throws {
        let context = try Context.open(global)
        let history = try context.requireHistory()
        let path = try history.logPath(record: record, media: media, in: context.vault, workingDirectory: context.workingDirectory)
        LogPrinter.print(try history.log(path: path, limit: limit), json: output.json, context: context)
    }

    enum JSON: HelpText {
        static var help: String { bilingual("Print the log as JSON.", "以 JSON 輸出歷史。") }
    }
}
