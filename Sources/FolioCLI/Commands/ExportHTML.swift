import ArgumentParser
import FolioCore
import FolioSite
import FolioStore
import Foundation

/// `folio export html`: the journal as a static site that opens from disk, with no server and no
/// network (see ``SiteExporter``).
struct ExportHTML: ParsableCommand {
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
    @Option(help: "Only records of this kind.") var kind: String?
    @Option(help: "Only records with this tag (repeat: every tag).") var tag: [String] = []
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let context = try Context.open(global)
        let options = SiteOptions(
            output: out.map(context.absoluteURL), filter: RecordFilter(kind: kind, tags: tag),
            searchPath: context.environment["PATH"])
        let report = try SiteExporter.export(context.vault, options: options)
        SiteReportPrinter.print(report, context: context)
        if open { BrowserOpener.open(report.indexURL, context: context) }
    }
}

/// The path of index.html on stdout; what was written, skipped or missing on stderr.
enum SiteReportPrinter {
    static func print(_ report: SiteReport, context: Context) {
        for problem in report.vaultProblems.prefix(5) { context.warn(problem) }
        if report.vaultProblems.count > 5 { context.warn(FolioError(.skippedBadRecords(report.vaultProblems.count))) }
        for skipped in report.skipped { context.warn(skipped) }
        if report.missingThumbnailTool { context.warn(FolioError(.site(.noThumbnailTool))) }
        if report.thumbnailsMade > 0 { Console.err(Message.site(.thumbnailsMade(report.thumbnailsMade)).text(context.language)) }
        Console.err(
            Message.site(
                .exported(
                    written: report.written, removed: report.removed, unchanged: report.unchanged,
                    records: report.records)
            ).text(context.language))
        Console.out(report.indexURL.path)
    }
}

/// Hands a file to the desktop's default browser, when the machine has one.
enum BrowserOpener {
    static func open(_ url: URL, context: Context) {
        #if os(macOS)
            let names = ["open"]
        #else
            let names = ["xdg-open"]
        #endif
        let directories = (context.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        let found = names.lazy.flatMap { name in directories.map { URL(fileURLWithPath: $0).appendingPathComponent(name) } }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
        guard let executable = found else { return context.warn(FolioError(.site(.openFailed(names.joined() + " not found")))) }
        let process = Process()
        process.executableURL = executable
        process.arguments = [url.path]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            process.waitUntilExit()
        } catch {
            context.warn(FolioError(.site(.openFailed(error.localizedDescription))))
        }
    }
}
