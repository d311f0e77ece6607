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
                """))
    }

    @Argument(help: bilingual("show, set or replace.", "`show`、`set` 或 `replace`。")) var action: String = "show"
    @Option(help: bilingual("The owner's name.", "主人的名字。")) var name: String?
    @Option(help: bilingual("The owner's birthday, YYYY-MM-DD.", "主人的生日，YYYY-MM-DD。")) var birthday: String?
    @Option(help: bilingual("The owner's gender: female, male or other.", "主人的性別：`female`（女）、`male`（男）或 `other`（其他）。")) var gender: String?
    @Flag(name: .shortAndLong, help: bilingual("Do not ask before replace clears the vault.", "`replace` 清除資料庫前不詢問。")) var yes = false
    @OptionGroup var output: OutputFormat<JSON>
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        guard ["show", "set", "replace"].contains(action) else {
            throw ValidationError(
                Message.usage(.unknownAction(command: "profile", action: action, known: ["show", "set", "replace"])).text(
                    MessageLanguage.shared.current))
        }
        if action == "replace" && name == nil {
            throw ValidationError(
                Message.usage(.needsOption(command: "profile replace", option: "--name")).text(MessageLanguage.shared.current))
        }
    }

    func run() throws {
        let context = try Context.open(global)
        switch action {
        case "set": try save(in: context.records(quiet: true), context: context)
        case "replace": try replace(in: context.records(quiet: true), context: context)
        default:
            // profile.md read alone; the whole vault only when the profile lives elsewhere.
            guard let profile = context.vault.profileFile() ?? context.vault.profile(in: context.records(quiet: true)) else {
                throw FolioError(.noProfile)
            }
            if output.json {
                context.json(JSONWriter.record(profile, body: true, kinds: context.vault.kinds))
            } else {
                Console.verbatim(profile.document.text, terminal: context.terminal, environment: context.environment)
            }
        }
    }

    /// Changes the owner's keys given; the name stays when not given.
    private func save(in set: RecordSet, context: Context) throws {
        guard let name = name ?? context.vault.profile(in: set)?.document.string("name") else {
            throw ValidationError(
                Message.usage(.needsOption(command: "profile set", option: "--name")).text(MessageLanguage.shared.current))
        }
        let saved = try context.vault.saveProfile(Owner(name: name, birthday: birthday, gender: gender), in: set)
        context.say(.profileSaved(saved.document.string("name") ?? name))
    }

    /// A new owner, after saying how many of the old owner's records go with the old one.
    private func replace(in set: RecordSet, context: Context) throws {
        guard let name else { return }
        let doomed = context.vault.recordsOwnedByProfile(in: set)
        Console.out(Message.deletePlanHeader(doomed.count).text(context.language))
        guard try context.confirmed(.confirmDelete(doomed.count), yes: yes) else { return }
        let result = try context.vault.replaceProfile(Owner(name: name, birthday: birthday, gender: gender), in: set)
        context.say(.profileReplaced(removed: result.removed, name: name))
    }

    enum JSON: HelpText {
        static var help: String { bilingual("Print the profile as JSON.", "以 JSON 輸出主人資料。") }
    }
}
