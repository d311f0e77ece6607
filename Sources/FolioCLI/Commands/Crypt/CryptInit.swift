import ArgumentParser
import FolioCore
import FolioStore
import FolioSync
import Foundation

struct CryptInit: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "init",
            abstract:
                bilingual(
                    "Encrypt the vault: make a key, mark every file but .folio/ encrypted in .gitattributes, commit the files again encrypted.",
                    "加密資料庫：產生金鑰，在 .gitattributes 標記 .folio/ 以外的檔案要加密，再把檔案加密後重新提交。"),
            discussion: bilingual(
                """
                Hand edits are committed first, as sync does. Running it again encrypts what a crash or a git \
                without git-crypt left in the clear. Commits made before stay unencrypted in history.
                """,
                """
                和同步一樣，先提交手動修改。再執行一次會把當機或沒有 git-crypt 的 git 留下的明文加密。
                之前的提交在歷史裡仍是沒加密的。
                """))
    }

    @OptionGroup var output: OutputFormat<JSON>
    @ParentCommand var folio: Folio
    var global: GlobalOptions { folio.global }

    func run() throws {
        let context = try Context.open(global)
        let history = try context.requireHistory()
        let report = try history.cryptInit(vault: context.vault)
        CryptPrinter.initialised(report, keyPath: history.keyURL.path, json: output.json, context: context)
    }

    enum JSON: HelpText {
        static var help: String {
            bilingual(
                "Print as JSON: {\"encrypted\", \"new_key\", \"already_encrypted\", \"key\"}.",
                "以 JSON 輸出：`{\"encrypted\", \"new_key\", \"already_encrypted\", \"key\"}`。")
        }
    }
}
