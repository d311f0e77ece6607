import ArgumentParser
import FolioApp
import FolioCore
import FolioSync
import Foundation

struct CloneCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "clone",
            abstract: bilingual("Join a vault from its remote on a new device.", "在新裝置上從遠端加入一個資料庫。"),
            discussion: bilingual(
                "Example: folio clone git@host:me/journal.git ~/journal", "例如：folio clone git@host:me/journal.git ~/journal"))
    }

    @Argument(
        help: bilingual(
            "The remote: a path, file://, git://, ssh://, user@host:path or https://.",
            "遠端：路徑、file://、git://、ssh://、user@host:path 或 https://。")) var url: String
    @Argument(help: bilingual("The folder to create (default: the remote's name).", "要建立的資料夾（預設用遠端的名稱）。")) var directory: String?
    @Option(
        help: bilingual(
            "An encrypted vault's key (a file folio crypt export-key wrote, or its text form): checked, then kept here.",
            "加密資料庫的金鑰（`folio crypt export-key` 寫出的檔案，或它的文字形式）：檢查過後存在這台裝置上。"))
    var key: String?
    @OptionGroup var output: OutputFormat<JSON>
    @ParentCommand var folio: Folio
    var global: GlobalOptions { folio.global }

    func run() async throws {
        try global.enterDirectory()
        if let lang = global.language() { MessageLanguage.shared.set(lang) }
        let environment = ProcessInfo.processInfo.environment
        let terminal = Terminal.current(noColor: global.noColor, environment: environment)
        let interrupt = Interrupt.install()
        var transport = SyncTransport(
            environment: environment, limits: SyncTransport.cloneLimits, progress: ProgressLine.sync(on: terminal),
            shouldCancel: { interrupt.fired })
        transport.warn = { Console.err(terminal.warn($0.text(MessageLanguage.shared.current))) }
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let cloned = try await History.clone(url, into: directory, key: key, from: cwd, transport: transport)
        ProgressLine.end(on: terminal)
        let language = JournalService.language(of: cloned.vault, environment: environment, explicit: global.language())
        ClonePrinter.print(cloned, json: output.json, language: language)
        // The vault is there; media that did not come make the clone fail, naming `folio media fetch`.
        if let failure = cloned.mediaFetch.flatMap(MediaFetchPrinter.failure(of:)) { throw failure }
    }

    enum JSON: HelpText {
        static var help: String {
            bilingual(
                "Print as JSON: {\"vault\": path, \"remote\", \"locked\"} (locked: encrypted, and no key given).",
                "以 JSON 輸出：`{\"vault\": 路徑, \"remote\", \"locked\"}`（`locked`：資料庫有加密，但沒有給金鑰）。")
        }
    }
}
