import ArgumentParser
import FolioCore
import FolioStore

struct Attach: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "attach",
            abstract: bilingual("Add photos, videos or voice notes to a record.", "把照片、影片或語音加到一筆紀錄。"),
            discussion: bilingual(
                """
                Each file is copied into media/<2 hex>/<sha256>.<ext> (the same bytes are stored once), listed \
                under the record's `media` key and linked in its body; one commit holds all of it.
                Example: folio attach 5b0c ~/Pictures/IMG_2042.heic
                """,
                """
                每個檔案都複製到 media/<2 位十六進位>/<sha256>.<副檔名>（同樣的內容只存一份），列在紀錄的 `media`
                欄位並連結在本文裡；全部是一個提交。
                例如：folio attach 5b0c ~/Pictures/IMG_2042.heic
                """))
    }

    @OptionGroup var reference: RecordArgument<AnyRecord>
    @Argument(help: bilingual("The files to add.", "要加入的檔案。")) var files: [String] = []
    @OptionGroup var output: OutputFormat<RecordJSON>
    @ParentCommand var folio: Folio
    var global: GlobalOptions { folio.global }

    func run() throws {
        let context = try Context.open(global)
        guard !files.isEmpty else { throw FolioError(.media(.required)) }
        let found = try context.record(reference.record)
        let sources = files.map { MediaSource(url: context.absoluteURL($0), displayName: $0) }
        let (changed, added) = try context.vault.attach(sources, to: found)
        MediaLines.printAttached(added, to: changed, files: files, json: output.json, context: context)
    }
}
