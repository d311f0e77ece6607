import ArgumentParser
import FolioCore
import FolioStore
import Foundation

struct ProfileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile",
        abstract: "The vault's owner: show, set, or replace (which clears every record).",
        discussion: """
            Examples:
              folio profile
              folio profile set --name 林小雨 --birthday 1995-04-02 --gender female
              folio profile replace --name 王大明 --yes
            """)

    @Argument(help: "show, set or replace.") var action: String = "show"
    @Option(help: "The owner's name.") var name: String?
    @Option(help: "The owner's birthday, YYYY-MM-DD.") var birthday: String?
    @Option(help: "The owner's gender: female, male or other.") var gender: String?
    @Flag(name: .shortAndLong, help: "Do not ask before replace clears the vault.") var yes = false
    @OptionGroup var output: OutputFormat<JSON>
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        guard ["show", "set", "replace"].contains(action) else {
            throw ValidationError("profile takes show, set or replace, not '\(action)'.")
        }
        if action == "replace" && name == nil { throw ValidationError("profile replace needs --name.") }
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
                context.json(JSONWriter.record(profile, body: true))
            } else {
                Console.verbatim(profile.document.text, terminal: context.terminal, environment: context.environment)
            }
        }
    }

    /// Changes the owner's keys given; the name stays when not given.
    private func save(in set: RecordSet, context: Context) throws {
        guard let name = name ?? context.vault.profile(in: set)?.document.string("name") else {
            throw ValidationError("profile set needs --name.")
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
        static let help = "Print the profile as JSON."
    }
}
