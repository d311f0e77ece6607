import ArgumentParser
import FolioCore
import FolioStore
import FolioSync
import Foundation

struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(
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
    @Flag(help: "Print as JSON: {\"vault\": path, \"owner\": name or null, \"language\"}.") var json = false
    @OptionGroup var global: GlobalOptions

    func run() throws {
        try global.enterDirectory()
        let environment = ProcessInfo.processInfo.environment
        let language = language.flatMap(Language.init(loose:)) ?? global.language() ?? .zhHant
        let says = global.language() ?? language
        MessageLanguage.shared.set(says)
        let terminal = Terminal.current(noColor: global.noColor, environment: environment)
        let owner =
            name.map { Owner(name: $0, birthday: birthday, gender: gender) } ?? (terminal.isInteractive ? Self.askOwner(in: says) : nil)
        let target = absoluteURL(directory ?? ".", from: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        let made = try History.makeVault(
            at: target, owner: owner, language: language, remote: remote,
            allowSecrets: global.allowSecret, environment: environment, encrypt: encrypt)
        report(made, owner: owner, language: language, says: says, terminal: terminal)
    }

    /// What was made: files the first commit left out, then the vault's path (or JSON).
    private func report(_ made: History.NewVault, owner: Owner?, language: Language, says: Language, terminal: Terminal) {
        LeftOutReport.print(made.leftOut, terminal: terminal, language: says)
        if json {
            return Console.out(
                JSONWriter.render(
                    .object([
                        ("vault", .string(made.vault.root.path)), ("owner", owner.map { .string($0.name) } ?? .null),
                        ("language", .string(language.rawValue)),
                    ])))
        }
        Console.out(Message.initialised(made.vault.root.path).text(says))
        if let keyPath = made.keyPath { Console.out(Message.crypt(.encryptedFromStart(keyPath: keyPath)).text(says)) }
        if owner == nil { Console.out(Message.noProfile.text(says)) }
    }

    /// The owner, asked on a terminal when `--name` is not given; nil when no name is typed.
    private static func askOwner(in language: Language) -> Owner? {
        guard let name = Console.ask(Message.askName.text(language)), !name.isEmpty else { return nil }
        let birthday = Console.ask(Message.askBirthday.text(language)).flatMap { $0.isEmpty ? nil : $0 }
        let gender = Console.ask(Message.askGender.text(language)).flatMap { $0.isEmpty ? nil : $0 }
        return Owner(name: name, birthday: birthday, gender: gender)
    }
}
