import ArgumentParser
import FolioCore
import FolioStore
import FolioSync
import Foundation

struct CryptUnlock: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unlock",
        abstract: "Install the vault's key on this device and decrypt the files a clone without it left encrypted.",
        discussion: """
            The key is checked against the vault's files first: a wrong key changes nothing. KEYFILE is a key \
            folio crypt export-key (or git-crypt export-key) wrote, or its text form; - reads it from standard input.
            """)

    @Argument(help: "The key file, or - for standard input.") var keyFile: String
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try Context.open(global, whenLocked: .open)
        let history = try context.requireHistory()
        let key = try keyFile == "-" ? History.parseKey(Self.standardInput(), keyFile: "-") : History.readKey(context.absoluteURL(keyFile))
        let decrypted = try history.unlock(key, keyFile: keyFile, vault: context.vault)
        context.say(.crypt(.unlocked(decrypted: decrypted, keyPath: history.keyURL.path)))
    }

    /// The bytes on standard input, a key file or its text, at most 64 KiB of them.
    static func standardInput() -> [UInt8] {
        [UInt8]((try? FileHandle.standardInput.read(upToCount: 64 * 1024)) ?? Data())
    }
}
