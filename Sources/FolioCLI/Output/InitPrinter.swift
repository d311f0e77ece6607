import FolioCore
import FolioStore
import FolioSync

enum InitPrinter {
    /// What was made: files the first commit left out, then the vault's path (or JSON).
    static func print(_ made: History.NewVault, owner: Owner?, language: Language, says: Language, json: Bool, terminal: Terminal) {
        CommitPrinter.leftOut(made.leftOut, terminal: terminal, language: says)
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
}

/// `folio init` on a terminal without `--name`: the owner's name, birthday and gender, asked.
enum OwnerPrompt {
    /// The owner, asked on a terminal when `--name` is not given; nil when no name is typed.
    static func ask(in language: Language) -> Owner? {
        guard let name = Console.ask(Message.askName.text(language)), !name.isEmpty else { return nil }
        let birthday = Console.ask(Message.askBirthday.text(language)).flatMap { $0.isEmpty ? nil : $0 }
        let gender = Console.ask(Message.askGender.text(language)).flatMap { $0.isEmpty ? nil : $0 }
        return Owner(name: name, birthday: birthday, gender: gender)
    }
}
