import ArgumentParser
import FolioCore
import FolioStore

struct Kinds: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "kinds",
            abstract: bilingual("List the vault's kinds, or add an example kind set.", "列出資料庫的類型，或加入一組範例類型。"),
            discussion: bilingual(
                """
                Examples:
                  folio kinds
                  folio kinds add baby-tracker        # baby → sleep → interruption, environment; baby → activity
                  folio kinds add billiard-trainer    # course-progress, training (with a shots list)
                """,
                """
                例如：
                  folio kinds
                  folio kinds add baby-tracker        # 寶寶 → 睡眠 → 夜醒、環境；寶寶 → 活動
                  folio kinds add billiard-trainer    # 球員、課程進度、練球（含擊球清單）
                """))
    }

    @Argument(help: bilingual("add, to copy an example's templates into .folio/templates/.", "`add`：把範例的範本複製到 .folio/templates/。"))
    var action: String?
    @Argument(help: bilingual("The example: baby-tracker or billiard-trainer.", "範例：baby-tracker（寶寶生活記錄）或 billiard-trainer（撞球訓練）。"))
    var example: String?
    @OptionGroup var output: OutputFormat<JSON>
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try Context.open(global)
        if action == "add" {
            guard let example else {
                throw ValidationError(Message.usage(.needsWord(command: "kinds add", what: "example")).text(MessageLanguage.shared.current))
            }
            let added = try context.vault.installExample(example)
            if output.json { return context.json(.object([("example", .string(example)), ("added", .array(added.map { .string($0) }))])) }
            return context.say(.exampleInstalled(example, added))
        }
        if let action {
            throw ValidationError(
                Message.usage(.unknownAction(command: "kinds", action: action, known: ["add"])).text(MessageLanguage.shared.current))
        }
        KindsPrinter.print(context.vault.kinds.values.sorted(by: { $0.name < $1.name }), json: output.json, context: context)
    }

    enum JSON: HelpText {
        static var help: String {
            bilingual(
                "Print the kinds as JSON: [{\"name\", \"description\", \"dir\", \"file\", \"parent\", \"on_parent_delete\", \"fields\"}].",
                "以 JSON 輸出類型：`[{\"name\", \"description\", \"dir\", \"file\", \"parent\", \"on_parent_delete\", \"fields\"}]`。")
        }
    }
}
