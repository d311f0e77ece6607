import FolioCore
import FolioStore

/// `index.html`: the tag tiles, "On this day", the search box and every record, newest first.
enum IndexPage {
    /// `records` newest first; `tags` in tile order (most recently used first).
    static func render(records: [SiteRecord], tags: [TagUse], latestMonth: String?, hasCharts: Bool = false, context: SiteContext) -> String
    {
        var html = "<header class=\"top\"><h1>\(HTML.escape(context.text(.siteTitle)))</h1>"
        if latestMonth != nil || hasCharts {
            html += "<nav>"
            if hasCharts { html += "<a class=\"charts-link\" href=\"stats.html\">\(HTML.escape(context.text(.charts)))</a> " }
            if let latestMonth {
                html +=
                    "<a class=\"cal-link\" href=\"calendar/\(HTML.pathURL(latestMonth)).html\">\(HTML.escape(context.text(.calendar)))</a>"
            }
            html += "</nav>"
        }
        html += "</header>\n"
        html += LiveForms.home(context: context)
        html +=
            "<section id=\"otd\" class=\"otd\" hidden><h2>\(HTML.escape(context.text(.onThisDay)))</h2><ul class=\"list\"></ul></section>\n"
        html += "<div class=\"tiles\" id=\"tiles\">"
        html += tile(label: context.text(.all), tag: "", count: records.count, pressed: true)
        for use in tags { html += tile(label: use.tag, tag: use.tag.lowercased(), count: use.count, pressed: false) }
        html += "</div>\n"
        html +=
            "<input type=\"search\" id=\"q\" class=\"search\" placeholder=\"\(HTML.escape(context.text(.searchPlaceholder)))\" autocomplete=\"off\" aria-label=\"\(HTML.escape(context.text(.searchPlaceholder)))\">\n"
        let emptyText = records.isEmpty ? context.text(.noRecords) : context.text(.emptyTile)
        html +=
            "<p id=\"empty\" class=\"empty\"\(records.isEmpty ? "" : " hidden") data-empty-tile=\"\(HTML.escape(context.text(.emptyTile)))\" data-no-match=\"\(HTML.escape(context.text(.noMatch)))\">\(HTML.escape(emptyText))</p>\n"
        html += "<ul class=\"list\" id=\"list\">\n"
        for record in records { html += item(record, context: context) }
        html += "</ul>\n"
        return PageShell.page(
            title: context.text(.siteTitle), context: context, depth: 0, bodyClass: "index",
            scripts: ["search.js"], content: html)
    }

    private static func tile(label: String, tag: String, count: Int, pressed: Bool) -> String {
        "<button type=\"button\" class=\"tile\" data-tag=\"\(HTML.escape(tag))\" aria-pressed=\"\(pressed)\">"
            + "<span class=\"label\">\(HTML.escape(label))</span> <span class=\"count\">\(count)</span></button>"
    }

    /// One line of the list: thumbnail, date, kind, title, first line of the page.
    static func item(_ record: SiteRecord, context: SiteContext) -> String {
        let name = pageName(record.page)
        let tags = record.summary.allTags.map { $0.lowercased() }.joined(separator: "\n")
        var html =
            "<li class=\"rec\" data-page=\"\(HTML.escape(name))\" data-tags=\"\(HTML.escape(tags))\" data-date=\"\(HTML.escape(record.day ?? ""))\">"
        html += "<a href=\"\(HTML.pathURL(record.page))\">"
        if let thumb = context.thumbnailURL(record.media, depth: 0) {
            html += "<img class=\"thumb\" src=\"\(HTML.escape(thumb))\" alt=\"\" loading=\"lazy\">"
        } else {
            html += "<span class=\"thumb none\"></span>"
        }
        html += "<span class=\"text\"><span class=\"meta\"><span class=\"date\">\(HTML.escape(record.day ?? ""))</span>"
        html += " <span class=\"kind\">\(HTML.escape(context.kindName(record.summary.kind)))</span></span>"
        let title = record.summary.title.isEmpty ? context.text(.untitled) : record.summary.title
        html += "<span class=\"title\">\(HTML.escape(title))</span>"
        if !record.firstLine.isEmpty { html += "<span class=\"line\">\(HTML.escape(record.firstLine))</span>" }
        html += "</span></a></li>\n"
        return html
    }

    /// `records/x.html` → `x`.
    static func pageName(_ page: String) -> String {
        var name = Substring(page)
        if let slash = name.lastIndex(of: "/") { name = name[name.index(after: slash)...] }
        if name.hasSuffix(".html") { name = name.dropLast(5) }
        return String(name)
    }
}
