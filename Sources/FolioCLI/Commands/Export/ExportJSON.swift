import ArgumentParser
import FolioCore
import FolioExchange
import FolioStore

struct ExportJSON: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "json",
        abstract: "Every record as JSON on standard output: its keys, path, body and front matter as written.")
    @OptionGroup var filters: FilterOptions
    @Flag(help: "Embed the media the records use (base64), so the file alone carries everything.") var media = false
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let context = try Context.open(global)
        let records = try context.vault.exportedRecords(
            try filters.filter(), in: context.catalog(), workingDirectory: context.workingDirectory)
        if media { await OnDemandMedia.fetch(for: records, context: context) }
        let files = media ? FolioJSON.mediaFiles(of: records, vault: context.vault) : []
        try FolioJSON.export(records, media: files, vault: context.vault, out: Console.outInline)
    }
}
