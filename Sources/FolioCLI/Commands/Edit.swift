import ArgumentParser
import FolioCore
import FolioStore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

struct Edit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Open a record in $VISUAL or $EDITOR; it is checked before it replaces the file.",
        discussion: "Example: EDITOR=vim folio edit 5b0c")

    @OptionGroup var reference: RecordArgument<AnyRecord>
    @OptionGroup var output: OutputFormat<JSON>
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try Context.open(global)
        let found = try context.record(reference.record)
        let saved = try EditSession(record: found, context: context).edit()
        if output.json { return context.json(JSONWriter.record(saved ?? found, body: true, extra: [("changed", .bool(saved != nil))])) }
        context.say(saved.map { Message.updated(title: $0.title, path: $0.path) } ?? .nothingChanged)
    }

    enum JSON: HelpText {
        static let help = "Print the record as it is after the edit as JSON, with its body and \"changed\"."
    }
}
