import ArgumentParser

/// `--json`: JSON on standard output instead of text, in the shape `Shape` describes in the
/// help. One spelling for every command that prints JSON; the printers read `json`.
struct OutputFormat<Shape: JSONShape>: ParsableArguments {
    @Flag(name: .long, help: ArgumentHelp(Shape.help)) var json = false
}

/// What a command's `--json` prints, said in its help.
protocol JSONShape {
    static var help: String { get }
}

/// A record's keys as written, its path (and its body, for commands that print one).
enum RecordJSON: JSONShape {
    static let help = "Print the record as JSON."
}

enum NewRecordJSON: JSONShape {
    static let help = "Print the new record as JSON."
}

enum ChangedRecordJSON: JSONShape {
    static let help = "Print the changed record as JSON."
}
