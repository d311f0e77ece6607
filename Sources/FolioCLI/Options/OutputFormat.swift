import ArgumentParser

/// `--json`: JSON on standard output instead of text, in the shape `Shape` describes in the
/// help. One spelling for every command that prints JSON; the printers read `json`.
struct OutputFormat<Shape: HelpText>: ParsableArguments {
    @Flag(name: .long, help: ArgumentHelp(Shape.help)) var json = false
}

/// A help text a shared option group takes from the command that uses it: what its record
/// argument is called (``RecordArgument``), what its `--json` prints (``OutputFormat``).
protocol HelpText {
    static var help: String { get }
}

/// A record's keys as written, its path (and its body, for commands that print one).
enum RecordJSON: HelpText {
    static let help = "Print the record as JSON."
}

enum NewRecordJSON: HelpText {
    static let help = "Print the new record as JSON."
}

enum ChatTurnJSON: HelpText {
    static let help = "Print the page after the turn as JSON, with the reply and the conversation, instead of streaming the reply."
}

enum ChangedRecordJSON: HelpText {
    static let help = "Print the changed record as JSON."
}
