import ArgumentParser
import FolioCore
import FolioStore
import FolioSync
import Foundation

struct CryptExportKey: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export-key",
        abstract: "Write the vault's key to a file (mode 0600), or print it as text, to carry to another device.",
        discussion: "Examples: folio crypt export-key ~/folio.key · folio crypt export-key --text")

    @Argument(help: "The file to write (never an existing one).") var path: String?
    @Flag(help: "Print the key as text (base64 between two marker lines), for a QR code or a password manager.") var text = false
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if (path == nil) == !text { throw ValidationError("Give a file to write the key to, or --text to print it.") }
    }

    func run() throws {
        let context = try Context.open(global, whenLocked: .open)
        let history = try context.requireHistory()
        if text { return Console.out(try history.keyText(vault: context.vault)) }
        let target = context.absoluteURL(path ?? "")
        try history.exportKey(to: target, vault: context.vault)
        context.say(.crypt(.exported(target.path)))
    }
}
