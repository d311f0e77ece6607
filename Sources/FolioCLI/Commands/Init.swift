import ArgumentParser
import Foundation
import FolioCore
import FolioStore
import FolioSync

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
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let language = language.flatMap(Language.init(loose:)) ?? global.language() ?? .zhHant
        MessageLanguage.shared.set(global.language() ?? language)
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let target = absoluteURL(directory ?? ".", from: cwd)
        let terminal = Terminal.current(noColor: global.noColor, environment: environment)
        let says = global.language() ?? language
        var owner = name.map { Owner(name: $0, birthday: birthday, gender: gender) }
        if owner == nil, terminal.isInteractive, let typed = Console.ask(Message.askName.text(says)), !typed.isEmpty {
            let birthday = Console.ask(Message.askBirthday.text(says)).flatMap { $0.isEmpty ? nil : $0 }
            let gender = Console.ask(Message.askGender.text(says)).flatMap { $0.isEmpty ? nil : $0 }
            owner = Owner(name: typed, birthday: birthday, gender: gender)
        }
        try AtomicFile.makeDirectory(target)
        try History.initialise(at: target)
        let vault = try Vault.initialise(at: target, owner: owner, language: language, clock: Clock.from(environment: environment))
        vault.allowSecrets = global.allowSecret
        if let remote {
            var settings = vault.settings
            try settings.set("sync.remote", to: remote)
            try vault.saveSettings(settings)
        }
        if let history = try History.open(vault, environment: environment) {
            if let remote { try history.setRemote(remote) }
            let first = try history.commitHandChanges(in: vault, message: "init: new vault")
            for problem in first.leftOut {
                Console.err(terminal.warn(problem.rendered(in: says, asWarning: true)))
                if case .guarded = problem.message { continue }
                Console.err(terminal.warn(Message.leftOutOfCommit.text(says)))
            }
        }
        Console.out(Message.initialised(vault.root.path).text(says))
        if owner == nil { Console.out(Message.noProfile.text(says)) }
    }
}
