import ArgumentParser
import FolioCore
import FolioStore
import FolioSync
import Foundation

struct CryptInit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract:
            "Encrypt the vault: make a key, mark every file but .folio/ encrypted in .gitattributes, commit the files again encrypted.",
        discussion: """
            Hand edits are committed first, as sync does. Running it again encrypts what a crash or a git \
            without git-crypt left in the clear. Commits made before stay unencrypted in history.
            """)

    @OptionGroup var output: OutputFormat<JSON>
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try Context.open(global)
        let history = try context.requireHistory()
        let report = try history.cryptInit(vault: context.vault)
        CryptPrinter.initialised(report, keyPath: history.keyURL.path, json: output.json, context: context)
    }

    enum JSON: HelpText {
        static let help = "Print as JSON: {\"encrypted\", \"new_key\", \"already_encrypted\", \"key\"}."
    }
}
