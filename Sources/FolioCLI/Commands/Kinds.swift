import ArgumentParser
import FolioCore
import FolioStore

struct Kinds: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kinds",
        abstract: "List the vault's kinds, or add an example kind set.",
        discussion: """
            Examples:
              folio kinds
              folio kinds add baby-tracker        # baby → sleep → interruption, environment; baby → activity
              folio kinds add billiard-trainer    # course-progress, training (with a shots list)
            """)

    @Argument(help: "add, to copy an example's templates into .folio/templates/.") var action: String?
    @Argument(help: "The example: baby-tracker or billiard-trainer.") var example: String?
    @OptionGroup var output: OutputFormat<JSON>
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try Context.open(global)
        if action == "add" {
            guard let example else { throw ValidationError("kinds add needs an example name.") }
            let added = try context.vault.installExample(example)
            if output.json { return context.json(.object([("example", .string(example)), ("added", .array(added.map { .string($0) }))])) }
            return context.say(.exampleInstalled(example, added))
        }
        if let action { throw ValidationError("kinds takes 'add', not '\(action)'.") }
        KindsPrinter.print(context.vault.kinds.values.sorted(by: { $0.name < $1.name }), json: output.json, context: context)
    }

    enum JSON: HelpText {
        static let help =
            "Print the kinds as JSON: [{\"name\", \"description\", \"dir\", \"file\", \"parent\", \"on_parent_delete\", \"fields\"}]."
    }
}
