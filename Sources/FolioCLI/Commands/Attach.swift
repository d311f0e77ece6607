import ArgumentParser
import FolioCore
import FolioStore

struct Attach: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "attach",
        abstract: "Add photos, videos or voice notes to a record.",
        discussion: """
            Each file is copied into media/<2 hex>/<sha256>.<ext> (the same bytes are stored once), listed \
            under the record's `media` key and linked in its body; one commit holds all of it.
            Example: folio attach 5b0c ~/Pictures/IMG_2042.heic
            """)

    @OptionGroup var reference: RecordArgument<AnyRecord>
    @Argument(help: "The files to add.") var files: [String] = []
    @OptionGroup var output: OutputFormat<RecordJSON>
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try Context.open(global)
        guard !files.isEmpty else { throw FolioError(.media(.required)) }
        let found = try context.record(reference.record)
        let sources = files.map { MediaSource(url: context.absoluteURL($0), displayName: $0) }
        let (changed, added) = try context.vault.attach(sources, to: found)
        MediaLines.printAttached(added, to: changed, files: files, json: output.json, context: context)
    }
}
