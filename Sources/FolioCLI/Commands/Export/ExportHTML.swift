import ArgumentParser
import FolioCore
import FolioSite
import FolioStore
import Foundation

/// `folio export html`: the journal as a static site that opens from disk, with no server and no
/// network (see ``SiteExporter``).
struct ExportHTML: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "html",
        abstract: "Write the journal as a browsable site: tag tiles, search, record pages, a calendar; offline.",
        discussion: """
            The site goes to .folio/local/site (this device only), or --out DIR: a folder that is new,
            empty, or one folio wrote before. Only what changed since the last export is written again.
            It prints the path of index.html. Photos and videos get thumbnails when ffmpeg is installed.
            Examples:
              folio export html
              folio export html --open
              folio export html --out ~/site --kind diary --tag 旅行
            """)

    @Option(help: "The folder to write the site to (default: .folio/local/site in the vault).") var out: String?
    @Flag(help: "Open index.html in the default browser afterwards (xdg-open, or open on macOS).") var open = false
    @OptionGroup var filters: KindAndTagOptions
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let context = try Context.open(global)
        let filter = try context.vault.resolving(try filters.filter(), workingDirectory: context.workingDirectory)
        await OnDemandMedia.fetch(matching: filter, context: context)
        let options = SiteOptions(output: out.map(context.absoluteURL), filter: filter, searchPath: context.environment["PATH"])
        let report = try SiteExporter.export(context.vault, options: options)
        SiteReportPrinter.print(report, context: context)
        if open, let problem = SiteExporter.open(report.indexURL, searchPath: context.environment["PATH"]) { context.warn(problem) }
    }
}
