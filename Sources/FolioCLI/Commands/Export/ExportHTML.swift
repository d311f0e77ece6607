import ArgumentParser
import FolioCore
import FolioSite
import FolioStore
import Foundation

/// `folio export html`: the journal as a static site that opens from disk, with no server and no
/// network (see ``SiteExporter``).
struct ExportHTML: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "html",
            abstract: bilingual(
                "Write the journal as a browsable site: tag tiles, search, record pages, a calendar, charts; offline.",
                "把日記匯出成可離線瀏覽的網站：標籤圖塊、搜尋、每筆紀錄的頁面、月曆、統計圖。"),
            discussion: bilingual(
                """
                The site goes to .folio/local/site (this device only), or --out DIR: a folder that is new,
                empty, or one folio wrote before. Only what changed since the last export is written again.
                It prints the path of index.html. Photos and videos get thumbnails when ffmpeg is installed.
                The charts kinds declare (a baby's sleep, the billiard success rate, the magic 8 ball's answer
                types) are drawn as static SVG on stats.html.
                Examples:
                  folio export html
                  folio export html --open
                  folio export html --out ~/site --kind diary --tag 旅行
                """,
                """
                網站寫到 .folio/local/site（只在這台裝置），或 --out 資料夾：新的、空的，或 folio 之前寫過的資料夾。
                只有上次匯出後改變的部分會重寫。完成後印出 index.html 的路徑。有安裝 ffmpeg 時照片和影片會有縮圖。
                有宣告統計圖的類型（例如寶寶的睡眠、撞球的進球率、8 球的答案類型），在 stats.html 以靜態 SVG 畫出。
                例如：
                  folio export html
                  folio export html --open
                  folio export html --out ~/site --kind diary --tag 旅行
                """))
    }

    @Option(
        help: bilingual(
            "The folder to write the site to (default: .folio/local/site in the vault).", "網站要寫到的資料夾（預設是資料庫裡的 .folio/local/site）。"))
    var out: String?
    @Flag(
        help: bilingual(
            "Open index.html in the default browser afterwards (xdg-open, or open on macOS).",
            "完成後用預設瀏覽器開啟 index.html（xdg-open，macOS 則用 open）。")) var open = false
    @OptionGroup var filters: KindAndTagOptions
    @ParentCommand var folio: Folio
    var global: GlobalOptions { folio.global }

    func run() async throws {
        let context = try Context.open(global)
        let filter = try context.vault.resolving(try filters.filter(), workingDirectory: context.workingDirectory)
        let leftOut = await OnDemandMedia.fetch(matching: filter, context: context)
        let options = SiteOptions(output: out.map(context.absoluteURL), filter: filter, searchPath: context.environment["PATH"])
        let report = try SiteExporter.export(context.vault, options: options)
        SiteReportPrinter.print(report, context: context)
        if open, let problem = SiteExporter.open(report.indexURL, searchPath: context.environment["PATH"]) { context.warn(problem) }
        // Written, but not whole: the media not on this device make the export fail, named.
        if !leftOut.isEmpty { throw FolioError(.transfer(.mediaLeftOut(files: leftOut))) }
    }
}
