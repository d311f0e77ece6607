import ArgumentParser
import FolioCore
import FolioStore
import FolioSync
import Foundation

struct CryptExportKey: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "export-key",
            abstract: bilingual(
                "Write the vault's key to a file (mode 0600), or print it as text, to carry to another device.",
                "把資料庫的金鑰寫到檔案（權限 0600）或以文字印出，帶到另一台裝置。"),
            discussion: bilingual(
                "Examples: folio crypt export-key ~/folio.key · folio crypt export-key --text",
                "例如：folio crypt export-key ~/folio.key · folio crypt export-key --text"))
    }

    @Argument(help: bilingual("The file to write (never an existing one).", "要寫入的檔案（不會覆蓋已存在的檔案）。")) var path: String?
    @Flag(
        help: bilingual(
            "Print the key as text (base64 between two marker lines), for a QR code or a password manager.",
            "以文字印出金鑰（兩行標記之間的 base64），方便做成 QR 碼或存進密碼管理工具。")) var text = false
    @ParentCommand var folio: Folio
    var global: GlobalOptions { folio.global }

    func validate() throws {
        if (path == nil) == !text { throw ValidationError(Message.usage(.keyTarget).text(MessageLanguage.shared.current)) }
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
