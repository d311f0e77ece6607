import ArgumentParser
import FolioCore
import FolioStore
import FolioSync
import Foundation

struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Make a folder a vault, with its owner's profile.",
        discussion: "Example: folio init ~/journal --name 林小雨 --birthday 1995-04-02 --gender female")

    @Argument(help: "The folder to make a vault (default: the current folder).")
    var directory: String?

    @Option(help: "The owner's name.") var name: String?
    @Option(help: "The owner's birthday, YYYY-MM-DD.") var birthday: String?
    @Option(help: "The owner's gender: female, male or other.") var gender: String?
    @Option(help: "Language of messages and generated text: zh-Hant or en.") var language: String?
    @Option(help: "The git remote to sync with (a path, file://, git://, ssh://, user@host:path or https://).")
    var remote: String?
    @Flag(help: "Encrypt records and media in git's objects from the first commit on (see folio crypt).") var encrypt = false
    @Flag(help: "Keep media through Git LFS from the first commit on (see folio media lfs).") var lfs = false
    @OptionGroup var output: OutputFormat<JSON>
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        // LFS objects are not encrypted yet: the server would see the media (docs/lfs.md).
        if encrypt && lfs { throw ValidationError("--encrypt and --lfs cannot be used together yet: see docs/lfs.md.") }
    }

    func run() throws {
        try global.enterDirectory()
        let environment = ProcessInfo.processInfo.environment
        let language = language.flatMap(Language.init(loose:)) ?? global.language() ?? .zhHant
        let says = global.language() ?? language
        MessageLanguage.shared.set(says)
        let terminal = Terminal.current(noColor: global.noColor, environment: environment)
        let owner =
            name.map { Owner(name: $0, birthday: birthday, gender: gender) } ?? (terminal.isInteractive ? OwnerPrompt.ask(in: says) : nil)
        let target = absoluteURL(directory ?? ".", from: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        let made = try History.makeVault(
            at: target, shownDirectory: directory ?? ".", owner: owner, language: language, remote: remote,
            allowSecrets: global.allowSecret, environment: environment, encrypt: encrypt, lfs: lfs)
        InitPrinter.print(made, owner: owner, language: language, says: says, json: output.json, terminal: terminal)
    }

    enum JSON: HelpText {
        static let help = "Print as JSON: {\"vault\": path, \"owner\": name or null, \"language\"}."
    }
}
