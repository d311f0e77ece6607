import ArgumentParser
import FolioCore
import FolioExchange
import FolioStore

struct ExportMarkdown: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "markdown",
        abstract: "One .md per record (front matter kept), media copied to attachments/, links pointing there.")
    @Option(help: "The folder to write (empty or new).") var out: String
    @OptionGroup var filters: FilterOptions
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let context = try Context.open(global)
        let records = try context.vault.exportedRecords(
            try filters.filter(), in: context.catalog(), workingDirectory: context.workingDirectory)
        await OnDemandMedia.fetch(for: records, context: context)
        let result = try MarkdownExport.export(records, vault: context.vault, to: context.absoluteURL(out), shown: out)
        context.say(.exchange(.exported(records: result.records, media: result.media, folder: out)))
    }
}
