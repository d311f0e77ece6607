import FolioCore
import FolioSite

/// The path of index.html on stdout; what was written, skipped or missing on stderr.
enum SiteReportPrinter {
    static func print(_ report: SiteReport, context: Context) {
        for notice in report.readNotices { context.warn(notice) }
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
