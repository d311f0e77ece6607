import ArgumentParser
import FolioCore
import FolioStore
import FolioSync
import Foundation

struct CryptStatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "List which files of the last commit are encrypted, and any that should be and are not.",
        discussion: "check fails on a record or media file stored unencrypted; folio crypt init encrypts it.")

    @OptionGroup var output: OutputFormat<JSON>
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try Context.open(global, whenLocked: .open)
        let history = try context.requireHistory()
        let status = try history.cryptStatus(vault: context.vault)
        CryptPrinter.status(status, keyPath: history.keyURL.path, json: output.json, context: context)
    }

    enum JSON: HelpText {
        static let help =
            "Print as JSON: {\"encryption\": off|unlocked|locked, \"key\", \"files\": [{\"path\", \"encrypted\", \"should_be_encrypted\"}]}."
    }
}
