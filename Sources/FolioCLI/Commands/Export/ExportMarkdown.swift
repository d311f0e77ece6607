import ArgumentParser
import FolioCore
import FolioExchange
import FolioStore

struct ExportMarkdown: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "markdown",
            abstract: bilingual(
                "One .md per record (front matter kept), media copied to attachments/, links pointing there.",
                "每筆紀錄一個 .md（保留 front matter），媒體複製到 attachments/，連結指向那裡。"))
    }
    @Option(help: bilingual("The folder to write (empty or new).", "要寫入的資料夾（空的或新的）。")) var out: String
    @OptionGroup var filters: FilterOptions
    @ParentCommand var folio: Folio
    var global: GlobalOptions { folio.global }

    func run() async throws {
        let context = try Context.open(global)
        let paths = try context.vault.exportedPaths(
            try filters.filter(), in: context.catalog(), workingDirectory: context.workingDirectory
        )
        let leftOut = await OnDemandMedia.fetch(forRecordsAt: paths, context: context)
        let result = try MarkdownExport.export(
            context.vault.recordBatches(at: paths), vault: context.vault, to: context.absoluteURL(out), shown: out)
        context.say(.exchange(.exported(records: result.records, media: result.media, folder: out)))
        // Written, but not whole: the media not on this device make the export fail, named.
        if !leftOut.isEmpty { throw FolioError(.transfer(.mediaLeftOut(files: leftOut))) }
    }
}
