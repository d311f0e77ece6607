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
    @Flag(help: "Print the profile as JSON.") var json = false
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
            if json { context.json(JSONWriter.record(profile, body: true)) } else { Console.out(profile.document.text) }
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
}

struct Kinds: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the vault's kinds, or add an example kind set.",
        discussion: """
            Examples:
              folio kinds
              folio kinds add baby-tracker        # baby → sleep → interruption, environment; baby → activity
              folio kinds add billiard-trainer    # course-progress, training (with a shots list)
            """)

    @Argument(help: "add, to copy an example's templates into .folio/templates/.") var action: String?
    @Argument(help: "The example: baby-tracker or billiard-trainer.") var example: String?
    @Flag(help: "Print the kinds as JSON: [{\"name\", \"description\", \"dir\", \"file\", \"parent\", \"on_parent_delete\", \"fields\"}].")
    var json = false
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try Context.open(global)
        if action == "add" {
            guard let example else { throw ValidationError("kinds add needs an example name.") }
            let added = try context.vault.installExample(example)
            if json { return context.json(.object([("example", .string(example)), ("added", .array(added.map { .string($0) }))])) }
            return context.say(.exampleInstalled(example, added))
        }
        if let action { throw ValidationError("kinds takes 'add', not '\(action)'.") }
        KindsPrinter.print(context.vault.kinds.values.sorted(by: { $0.name < $1.name }), json: json, context: context)
    }
}

/// `folio kinds`: a line per kind (parent and delete rule, folder, keys with `*` for required); or JSON.
enum KindsPrinter {
    static func print(_ kinds: [Kind], json: Bool, context: Context) {
        if json { return context.json(.array(kinds.map(Self.json))) }
        for kind in kinds {
            let parent = kind.parentKind.map { " ← \($0) (\(kind.onParentDelete.rawValue))" } ?? ""
            let keys = kind.fields.map { "\($0.name)\($0.required ? "*" : ""):\($0.type.rawValue)" }.joined(separator: " ")
            Console.out(
                "\(context.terminal.bold(kind.name))\(parent)  \(context.terminal.dim(kind.fixedPath ?? kind.directory + "/"))  \(keys)")
        }
    }

    static func json(_ kind: Kind) -> JSONWriter.JSON {
        func optional(_ text: String?) -> JSONWriter.JSON { text.map { .string($0) } ?? .null }
        return .object([
            ("name", .string(kind.name)), ("description", optional(kind.summary)), ("dir", .string(kind.directory)),
            ("file", optional(kind.fixedPath)), ("parent", optional(kind.parentKind)),
            ("on_parent_delete", kind.parentKind == nil ? .null : .string(kind.onParentDelete.rawValue)),
            (
                "fields",
                .array(
                    kind.fields.map { field in
                        .object([
                            ("name", .string(field.name)), ("type", .string(field.type.rawValue)), ("required", .bool(field.required)),
                            ("values", field.allowedValues.map { .array($0.map { .string($0) }) } ?? .null),
                            ("description", optional(field.summary)),
                        ])
                    })
            ),
        ])
    }
}
