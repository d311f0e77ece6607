import ArgumentParser
import FolioCore
import FolioStore
import FolioSync
import Foundation

struct CryptCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "crypt",
        abstract: "Keep the vault private on any remote: plain files here, encrypted in git's objects (git-crypt's format).",
        discussion: """
            Records and media stay plain in the folder (grep, editors and folio search them); what git stores \
            and pushes is encrypted with a key kept in .git/git-crypt/keys/default, never committed. The git \
            command with git-crypt installed reads the same repository (git-crypt unlock KEYFILE).
            Examples: folio crypt init · folio crypt export-key ~/folio.key · folio crypt unlock ~/folio.key · \
            folio clone URL DIR --key ~/folio.key · folio crypt status
            """,
        subcommands: [CryptInit.self, CryptExportKey.self, CryptUnlock.self, CryptStatusCommand.self])
}

struct CryptInit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract:
            "Encrypt the vault: make a key, mark every file but .folio/ encrypted in .gitattributes, commit the files again encrypted.",
        discussion: """
            Hand edits are committed first, as sync does. Running it again encrypts what a crash or a git \
            without git-crypt left in the clear. Commits made before stay unencrypted in history.
            """)

    @Flag(help: "Print as JSON: {\"encrypted\", \"new_key\", \"already_encrypted\", \"key\"}.") var json = false
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try Context.open(global)
        let history = try context.requireHistory()
        let report = try history.cryptInit(vault: context.vault)
        CryptPrinter.initialised(report, keyPath: history.keyURL.path, json: json, context: context)
    }
}

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

struct CryptStatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "List which files of the last commit are encrypted, and any that should be and are not.",
        discussion: "check fails on a record or media file stored unencrypted; folio crypt init encrypts it.")

    @Flag(
        help:
            "Print as JSON: {\"encryption\": off|unlocked|locked, \"key\", \"files\": [{\"path\", \"encrypted\", \"should_be_encrypted\"}]}."
    )
    var json = false
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try Context.open(global, whenLocked: .open)
        let history = try context.requireHistory()
        let status = try history.cryptStatus(vault: context.vault)
        CryptPrinter.status(status, keyPath: history.keyURL.path, json: json, context: context)
    }
}

/// What the `crypt` commands print.
enum CryptPrinter {
    static func initialised(_ report: CryptInitReport, keyPath: String, json: Bool, context: Context) {
        context.reportLeftOut(report.handCommit.leftOut)
        if json {
            return context.json(
                .object([
                    ("encrypted", .int(report.encrypted)), ("new_key", .bool(report.newKey)),
                    ("already_encrypted", .bool(report.alreadyEncrypted)), ("key", .string(keyPath)),
                ]))
        }
        if report.alreadyEncrypted { return context.say(.crypt(.alreadyEncrypted(keyPath: keyPath))) }
        context.say(.crypt(.initialised(encrypted: report.encrypted, keyPath: keyPath, newKey: report.newKey)))
    }

    static func status(_ status: CryptStatus, keyPath: String, json: Bool, context: Context) {
        if json {
            let state =
                switch status.encryption {
                case .off: "off"
                case .unlocked: "unlocked"
                case .locked: "locked"
                }
            let files = status.files.map { file -> JSONWriter.JSON in
                .object([
                    ("path", .string(file.path)), ("encrypted", .bool(file.encrypted)),
                    ("should_be_encrypted", .bool(file.shouldBeEncrypted)),
                ])
            }
            return context.json(
                .object([
                    ("encryption", .string(state)), ("key", status.encryption == .unlocked ? .string(keyPath) : .null),
                    ("files", .array(files)),
                ]))
        }
        switch status.encryption {
        case .off: context.say(.crypt(.statusOff))
        case .unlocked: context.say(.crypt(.statusUnlocked(keyPath: keyPath)))
        case .locked: context.say(.crypt(.statusLocked))
        }
        for file in status.files {
            if file.encrypted {
                context.say(.crypt(.statusEncrypted(file.path)))
            } else if file.shouldBeEncrypted {
                Console.out(context.terminal.warn(Message.crypt(.statusShouldBeEncrypted(file.path)).text(context.language)))
            } else {
                context.say(.crypt(.statusPlain(file.path)))
            }
        }
        let shouldBe = status.files.filter { $0.shouldBeEncrypted && !$0.encrypted }.count
        let encrypted = status.files.filter(\.encrypted).count
        context.say(.crypt(.statusSummary(encrypted: encrypted, plain: status.files.count - encrypted - shouldBe, shouldBe: shouldBe)))
    }
}
