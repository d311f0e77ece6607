import ArgumentParser
import FolioStore

/// Options shared by the commands that make a record.
struct RecordInput: ParsableArguments {
    @Option(name: .shortAndLong, help: "The record's title.") var title: String?
    @Option(name: .long, help: "A tag (repeat for more).", completion: .custom(Completions.tags)) var tag: [String] = []
    @Option(name: .customLong("field"), help: "A key of the kind: KEY=VALUE (repeat for more).") var fields: [String] = []
    @Flag(help: "Take --field keys the kind does not declare (your own keys, on purpose).") var extra = false
    @Option(help: "The parent record, for a child kind (id, prefix, path or slug).", completion: .custom(Completions.records)) var parent:
        String?
    @Option(help: "The date (YYYY-MM-DD or YYYY-MM-DDTHH:MM) to file the record under, instead of now.") var date: String?
    @Option(help: "A photo, video or voice note to copy into the vault (repeat for more).") var media: [String] = []
    @Flag(help: "Date the record when its first photo was taken (from the photo's EXIF).") var dateFromMedia = false
    @OptionGroup var output: OutputFormat<NewRecordJSON>

    func mediaSources(_ context: Context) -> [MediaSource] {
        media.map { MediaSource(url: context.absoluteURL($0), displayName: $0) }
    }
}
