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
    static var help: String { bilingual("Print the record as JSON.", "以 JSON 輸出紀錄。") }
}

enum NewRecordJSON: HelpText {
    static var help: String { bilingual("Print the new record as JSON.", "以 JSON 輸出新紀錄。") }
}

enum ChatTurnJSON: HelpText {
    static var help: String {
        bilingual(
            "Print the page after the turn as JSON, with the reply and the conversation, instead of streaming the reply.",
            "以 JSON 輸出這一輪之後的頁面，包含回覆和整段對話，而不是逐字顯示回覆。")
    }
}

enum ChangedRecordJSON: HelpText {
    static var help: String { bilingual("Print the changed record as JSON.", "以 JSON 輸出修改後的紀錄。") }
}
