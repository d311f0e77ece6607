import ArgumentParser
import FolioCore
import FolioStore
import FolioSync
import Foundation

struct CryptUnlock: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "unlock",
            abstract: bilingual(
                "Install the vault's key on this device and decrypt the files a clone without it left encrypted.",
                "把資料庫的金鑰裝到這台裝置，並解密沒有金鑰時複製下來、仍是加密的檔案。"),
            discussion: bilingual(
                """
                The key is checked against the vault's files first: a wrong key changes nothing. KEYFILE is a key \
                folio crypt export-key (or git-crypt export-key) wrote, or its text form; - reads it from standard input.
                """,
                """
                金鑰會先和資料庫的檔案核對：金鑰不對就什麼都不改。金鑰檔是 `folio crypt export-key`（或
                `git-crypt export-key`）寫出的金鑰，或它的文字形式；- 表示從標準輸入讀取。
                """))
    }

    @Argument(help: bilingual("The key file, or - for standard input.", "金鑰檔，或 - 表示從標準輸入讀取。")) var keyFile: String
    @ParentCommand var folio: Folio
    var global: GlobalOptions { folio.global }

    func run() throws {
        let context = try Context.open(global, whenLocked: .open)
        let history = try context.requireHistory()
        let key =
            try keyFile == "-" ? History.parseKey(try Self.standardInput(), keyFile: "-") : History.readKey(context.absoluteURL(keyFile))
        let decrypted = try history.unlock(key, keyFile: keyFile, vault: context.vault)
        context.say(.crypt(.unlocked(decrypted: decrypted, keyPath: history.keyURL.path)))
    }

    /// The bytes on standard input, a key file or its text, at most 64 KiB of them.
    static func standardInput() throws(FolioError) -> [UInt8] {
        let limit = 64 * 1024
        guard let bytes = try StandardInput.readAll(STDIN_FILENO, limit: limit) else {
            throw FolioError(.file(.standardInputTooLarge(limit: limit)))
        }
        return bytes
    }
}
