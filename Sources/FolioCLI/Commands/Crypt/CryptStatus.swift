import ArgumentParser
import FolioCore
import FolioStore
import FolioSync
import Foundation

struct CryptStatusCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "status",
            abstract: bilingual(
                "List which files of the last commit are encrypted, and any that should be and are not.", "列出最新提交中哪些檔案有加密，以及該加密卻沒加密的檔案。"),
            discussion: bilingual(
                "check fails on a record or media file stored unencrypted; folio crypt init encrypts it.",
                "紀錄或媒體檔沒有加密時，`folio check` 會回報錯誤；`folio crypt init` 會把它加密。"))
    }

    @OptionGroup var output: OutputFormat<JSON>
    @ParentCommand var folio: Folio
    var global: GlobalOptions { folio.global }

    func run() throws {
        let context = try Context.open(global, whenLocked: .open)
        let history = try context.requireHistory()
        let status = try history.cryptStatus(vault: context.vault)
        CryptPrinter.status(status, keyPath: history.keyURL.path, json: output.json, context: context)
    }

    enum JSON: HelpText {
        static var help: String {
            bilingual(
                "Print as JSON: {\"encryption\": off|unlocked|locked, \"key\", \"files\": [{\"path\", \"encrypted\", \"should_be_encrypted\"}]}.",
                "以 JSON 輸出：`{\"encryption\": off|unlocked|locked, \"key\", \"files\": [{\"path\", \"encrypted\", \"should_be_encrypted\"}]}`。"
            )
        }
    }
}
