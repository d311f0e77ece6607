import ArgumentParser
import FolioCore
import FolioStore
import Foundation

struct ProfileCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "profile",
            abstract: bilingual(
                "The vault's owner: show, set, or replace (which clears every record).", "資料庫的主人：`show`、`set`，或 `replace`（會清除所有紀錄）。"),
            discussion: bilingual(
                """
                Examples:
                  folio profile
                  folio profile set --name 林小雨 --birthday 1995-04-02 --gender female
                  folio profile replace --name 王大明 --yes
                """,
                """
                例如：
                  folio profile
                  folio profile set --name 林小雨 --birthday 1995-04-02 --gender 女
                  folio profile replace --name 王大明 --yes
                """),
            subcommands: [ProfileShow.self, ProfileSet.self, ProfileReplace.self],
            defaultSubcommand: ProfileShow.self)
    }
}

/// The owner's keys `profile set` and `profile replace` take.
struct OwnerOptions: ParsableArguments {
    @Option(help: bilingual("The owner's name.", "主人的名字。")) var name: String?
    @Option(help: bilingual("The owner's birthday, YYYY-MM-DD.", "主人的生日，YYYY-MM-DD。")) var birthday: String?
    @Option(help: bilingual("The owner's gender: female, male or other.", "主人的性別：`female`（女）、`male`（男）或 `other`（其他）。")) var gender: String?

    /// Refuses a `--gender` that is none of the profile kind's values nor their labels (`女`), as
    /// any other option of a fixed set of words is refused: before anything is written (exit 2).
    static func refuseUnknownGender(_ gender: String?, profile: Kind?) throws {
        guard let gender, let spec = profile?.field("gender"), let allowed = spec.allowedValues else { return }
        guard !allowed.contains(spec.value(typed: gender) ?? gender) else { return }
        let language = MessageLanguage.shared.current
        let choices = spec.allowedWithLabels.map { $0.text(language) }
        throw ValidationError(Message.usage(.unknownValue(option: "--gender", text: gender, allowed: choices)).text(language))
    }

    /// The profile kind a new vault has: the built-in one.
    static var builtinProfile: Kind? {
        guard let template = BuiltinTemplates.kinds["profile"] else { return nil }
        // try?: the built-in templates are tested to parse (TemplateTests); without it the vault checks the value.
        return try? Kind(template: template, source: "Templates/profile.md", fallbackName: "profile")
    }
}

struct ProfileShow: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "show", abstract: bilingual("Print the owner's profile.", "印出主人資料。"))
    }
    @OptionGroup var output: OutputFormat<JSON>
    @ParentCommand var folio: Folio

    func run() throws {
        let context = try Context.open(folio.global)
        // profile.md read alone; the catalog asked only when the profile lives elsewhere.
        guard let profile = context.vault.profileRecord() else {
            throw FolioError(.noProfile)
        }
        if output.json {
            context.json(JSONWriter.record(profile, body: true, kinds: context.vault.kinds))
        } else {
            Console.verbatim(profile.document.text, terminal: context.terminal, environment: context.environment)
        }
    }

    enum JSON: HelpText {
        static var help: String { bilingual("Print the profile as JSON.", "以 JSON 輸出主人資料。") }
    }
}

struct ProfileSet: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "set", abstract: bilingual("Change the owner's keys given; the others stay.", "修改給的主人欄位；其他的不變。"))
    }
    @OptionGroup var owner: OwnerOptions
    @ParentCommand var folio: Folio

    func run() throws {
        let context = try Context.open(folio.global)
        try OwnerOptions.refuseUnknownGender(owner.gender, profile: context.vault.kindNamed("profile"))
        let existing = context.vault.profileRecord()
        guard let name = owner.name ?? existing?.document.string("name") else {
            throw ValidationError(
                Message.usage(.needsOption(command: "profile set", option: "--name")).text(MessageLanguage.shared.current))
        }
        let saved = try context.vault.saveProfile(Owner(name: name, birthday: owner.birthday, gender: owner.gender), existing: existing)
        context.say(.profileSaved(saved.document.string("name") ?? name))
    }
}

struct ProfileReplace: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "replace",
            abstract: bilingual("A new owner, after removing the old owner's records.", "換一位新主人，先移除舊主人的紀錄。"))
    }
    @OptionGroup var owner: OwnerOptions
    @Flag(name: .shortAndLong, help: bilingual("Do not ask before clearing the vault.", "清除資料庫前不詢問。")) var yes = false
    @ParentCommand var folio: Folio

    func validate() throws {
        if owner.name == nil {
            throw ValidationError(
                Message.usage(.needsOption(command: "profile replace", option: "--name")).text(MessageLanguage.shared.current))
        }
    }

    /// Says how many of the old owner's records go with the old one, and asks first.
    func run() throws {
        guard let name = owner.name else { return }
        let context = try Context.open(folio.global)
        try OwnerOptions.refuseUnknownGender(owner.gender, profile: context.vault.kindNamed("profile"))
        let plan = context.vault.profileReplacement()
        Console.out(Message.deletePlanHeader(plan.owned.count).text(context.language))
        guard try context.confirmed(.confirmDelete(plan.owned.count), yes: yes) else { return }
        let result = try context.vault.replaceProfile(Owner(name: name, birthday: owner.birthday, gender: owner.gender), removing: plan)
        context.say(.profileReplaced(removed: result.removed, name: name))
    }
}
