import ArgumentParser
import FolioCore
import FolioStore

struct Idea: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "idea",
        abstract: "Write down an idea.",
        discussion: "Example: folio idea \"測試想法\" --desc \"測試描述\" --tag work")

    @Argument(help: "The idea; - reads standard input.") var title: InputText
    @Option(name: [.customLong("desc"), .customLong("description")], help: "A description (the body); - reads standard input.")
    var description: InputText?
    @Option(name: .long, help: "A tag (repeat for more).", completion: .custom(Completions.tags)) var tag: [String] = []
    @Option(name: .customLong("field"), help: "Another key: KEY=VALUE.") var fields: [String] = []
    @Flag(help: "Take --field keys the kind does not declare (your own keys, on purpose).") var extra = false
    @OptionGroup var output: OutputFormat<NewRecordJSON>
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try Context.open(global)
        // Text piped in without a `-` is the description.
        let body = try StandardInput.text(description, option: "--desc")
        var request = NewRecord(kind: "idea", title: title.text, fields: try fields.map(keyValue), tags: tag, body: body)
        request.allowsExtraKeys = extra
        CreatedPrinter.print(try context.create(request), json: output.json, context: context)
    }
}
