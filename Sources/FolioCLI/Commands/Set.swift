import ArgumentParser
import FolioCore
import FolioStore

struct SetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Change keys of a record; only those lines and `modified` change.",
        discussion: "Example: folio set 5b0c title=\"新標題\" tags=rain,walk --unset done_at")

    @OptionGroup var record: RecordArgument<AnyRecord>
    @Argument(help: "KEY=VALUE assignments.") var assignments: [String] = []
    @Option(help: "A key to remove (repeat for more).") var unset: [String] = []
    @Flag(help: "Take keys the kind does not declare (your own keys, on purpose).") var extra = false
    @OptionGroup var output: OutputFormat<ChangedRecordJSON>
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try Context.open(global)
        try context.vault.requireProfile()
        let found = try context.record(record.record)
        let updated = try context.vault.update(found, set: try assignments.map(keyValue), unset: unset, allowExtraKeys: extra)
        if output.json { return context.json(JSONWriter.record(updated, body: false)) }
        context.say(updated.document.text == found.document.text ? .nothingChanged : .updated(title: updated.title, path: updated.path))
    }
}
