import ArgumentParser
import FolioCore
import FolioExchange
import FolioStore

struct ExportJSON: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "json",
            abstract: bilingual(
                "Every record as JSON on standard output: its keys, path, body and front matter as written.",
                "把每筆紀錄以 JSON 輸出到標準輸出：它的欄位、路徑、本文，以及原樣的 front matter。"))
    }
    @OptionGroup var filters: FilterOptions
    @Flag(
        help: bilingual(
            "Embed the media the records use (base64), so the file alone carries everything.", "把紀錄用到的媒體嵌進去（base64），一個檔案就帶著全部內容。"))
    var media = false
    @ParentCommand var folio: Folio
    var global: GlobalOptions { folio.global }

    func run() async throws {
        let context = try Context.open(global)
        let paths = try context.vault.exportedPaths(
            try filters.filter(), in: context.catalog(), workingDirectory: context.workingDirectory
        )
        let leftOut = media ? await OnDemandMedia.fetch(forRecordsAt: paths, context: context) : []
        try FolioJSON.export(context.vault.recordBatches(at: paths), media: media, vault: context.vault, out: Console.outInline)
        // Written, but not whole: the media not on this device make the export fail, named.
        if !leftOut.isEmpty { throw FolioError(.transfer(.mediaLeftOut(files: leftOut))) }
    }
}
