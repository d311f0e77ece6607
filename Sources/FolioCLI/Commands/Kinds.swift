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
                """),
            subcommands: [KindsList.self, KindsAdd.self],
            defaultSubcommand: KindsList.self)
    }
}

struct KindsList: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "list", abstract: bilingual("List the vault's kinds.", "列出資料庫的類型。"))
    }
    @OptionGroup var output: OutputFormat<Kinds.JSON>
    @ParentCommand var folio: Folio

    func run() throws {
        let context = try Context.open(folio.global)
        KindsPrinter.print(context.vault.kinds.values.sorted(by: { $0.name < $1.name }), json: output.json, context: context)
    }
}

struct KindsAdd: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "add", abstract: bilingual("Copy an example's templates into .folio/templates/.", "把範例的範本複製到 .folio/templates/。"))
    }
    @Argument(help: bilingual("The example: baby-tracker or billiard-trainer.", "範例：baby-tracker（寶寶生活記錄）或 billiard-trainer（撞球訓練）。"))
    var example: String
    @OptionGroup var output: OutputFormat<AddJSON>
    @ParentCommand var folio: Folio

    func validate() throws {
        let known = BuiltinTemplates.examples.keys.sorted()
        guard !known.contains(example) else { return }
        throw ValidationError(
            Message.usage(.unknownValue(option: "example", text: example, allowed: known)).text(MessageLanguage.shared.current))
    }

    func run() throws {
        let context = try Context.open(folio.global)
        let added = try context.vault.installExample(example)
        if output.json { return context.json(.object([("example", .string(example)), ("added", .array(added.map { .string($0) }))])) }
        context.say(.exampleInstalled(example, added))
    }

    enum AddJSON: HelpText {
        static var help: String { bilingual("Print the example and the templates added as JSON.", "以 JSON 輸出範例和加入的範本。") }
    }
}

extension Kinds {

    enum JSON: HelpText {
        static var help: String {
            bilingual(
                "Print the kinds as JSON: [{\"name\", \"description\", \"dir\", \"file\", \"parent\", \"on_parent_delete\", \"fields\"}].",
                "以 JSON 輸出類型：`[{\"name\", \"description\", \"dir\", \"file\", \"parent\", \"on_parent_delete\", \"fields\"}]`。")
        }
    }
}
