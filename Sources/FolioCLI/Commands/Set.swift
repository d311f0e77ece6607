import ArgumentParser
import FolioCore
import FolioStore

struct SetCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "set",
            abstract: bilingual("Change keys of a record; only those lines and `modified` change.", "修改一筆紀錄的欄位；只有那幾行和 `modified` 會變。"),
            discussion: bilingual(
                "Example: folio set 5b0c title=\"新標題\" tags=rain,walk --unset done_at",
                "例如：folio set 5b0c title=\"新標題\" tags=下雨,散步 --unset done_at"))
    }

    @OptionGroup var record: RecordArgument<AnyRecord>
    @Argument(help: bilingual("KEY=VALUE assignments.", "鍵=值 的設定。")) var assignments: [String] = []
    @Option(help: bilingual("A key to remove (repeat for more).", "要移除的欄位（要多個就重複這個選項）。")) var unset: [String] = []
    @Flag(help: bilingual("Take keys the kind does not declare (your own keys, on purpose).", "接受這個類型沒有宣告的欄位（刻意加的自訂欄位）。")) var extra = false
    @OptionGroup var output: OutputFormat<ChangedRecordJSON>
    @ParentCommand var folio: Folio
    var global: GlobalOptions { folio.global }

    func run() throws {
        let context = try Context.open(global)
        try context.vault.requireProfile()
        let found = try context.record(record.record)
        let updated = try context.vault.update(found, set: try assignments.map(keyValue), unset: unset, allowExtraKeys: extra)
        if output.json { return context.json(JSONWriter.record(updated, body: false, kinds: context.vault.kinds)) }
        context.say(updated.document.text == found.document.text ? .nothingChanged : .updated(title: updated.title, path: updated.path))
        let fileName = updated.path.split(separator: "/").last.map(String.init) ?? updated.path
        if updated.title != found.title, !fileName.contains(Slug.make(updated.title)) { context.say(.titleKeepsFileName(updated.path)) }
    }
}
