import FolioCore

/// `stats.html`: each kind's charts (its template's `charts:`), drawn from the records in the
/// site as static SVG, under the kind's name in the vault's language.
enum ChartsPage {
    /// One section per kind, in the order given; a kind without records in the site is left out.
    static func render(_ sections: [(kind: String, charts: [ChartData])], context: SiteContext) -> SafeHTML {
        let t = context.text
        var html: SafeHTML = "<header class=\"top\"><a class=\"back\" href=\"index.html\">\(HTML.escape(t(.back)))</a></header>\n"
        html += "<h1>\(HTML.escape(t(.charts)))</h1>\n"
        for section in sections {
            html += "<section class=\"charts\"><h2>\(HTML.escape(context.kindName(section.kind)))</h2>\n"
            for chart in section.charts {
                html += "<figure class=\"chart-box\"><figcaption>\(HTML.escape(chart.title))</figcaption>"
                html += SVGChart.render(chart, language: context.language) + "</figure>\n"
            }
            html += "</section>\n"
        }
        return PageShell.page(title: t(.charts), context: context, depth: 0, bodyClass: "charts-page", content: html)
    }
}
