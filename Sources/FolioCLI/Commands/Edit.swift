import ArgumentParser
import FolioCore
import FolioStore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

struct Edit: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "edit",
            abstract: bilingual(
                "Open a record in $VISUAL or $EDITOR; it is checked before it replaces the file.",
                "用 $VISUAL 或 $EDITOR 開啟一筆紀錄；存檔後先檢查，通過才取代原檔。"),
            discussion: bilingual("Example: EDITOR=vim folio edit 5b0c", "例如：EDITOR=vim folio edit 5b0c"))
    }

    @OptionGroup var reference: RecordArgument<AnyRecord>
    @OptionGroup var output: OutputFormat<JSON>
    @ParentCommand var folio: Folio
    var global: GlobalOptions { folio.global }

    func run() throws {
        let context = try Context.open(global)
        let found = try context.record(reference.record)
        let saved = try EditSession(record: found, context: context).edit()
        if output.json {
            return context.json(
                JSONWriter.record(saved ?? found, body: true, extra: [("changed", .bool(saved != nil))], kinds: context.vault.kinds))
        }
        context.say(saved.map { Message.updated(title: $0.title, path: $0.path) } ?? .nothingChanged)
    }

    enum JSON: HelpText {
        static var help: String {
            bilingual(
                "Print the record as it is after the edit as JSON, with its body and \"changed\".", "以 JSON 輸出編輯後的紀錄，包含本文和 `\"changed\"`。")
        }
    }
}
