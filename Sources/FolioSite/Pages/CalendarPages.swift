import FolioCore

/// `calendar/YYYY-MM.html` for every month with records, and `calendar/YYYY.html` for every year.
///
/// Weeks start on Sunday in both languages (as calendars do in Taiwan and the United States; a
/// static page cannot know the reader's region). A day with records is marked, counted, shows the
/// thumbnail of its first photo or video, and links to the list filtered to that day; under the
/// grid, the month's records by day, each linking to its page.
enum CalendarPages {
    struct Month: Sendable {
        var year: Int
        var month: Int
        /// Day of month → records of that day, newest first, as positions in the site's records
        /// (copies of them all took 33 MB at 100,000 records).
        var days: [Int: [Int]]

        var key: String { String(format: "%04d-%02d", year, month) }
        var count: Int { days.values.reduce(0) { $0 + $1.count } }
    }

    /// Months with records, oldest first.
    static func months(of records: [SiteRecord]) -> [Month] {
        var byKey: [String: Month] = [:]
        for (index, record) in records.enumerated() {
            guard let day = record.day, day.utf8.count == 10,
                let y = Int(day.prefix(4)), let m = Int(day.dropFirst(5).prefix(2)), let d = Int(day.suffix(2)),
                (1...12).contains(m), (1...31).contains(d)
            else { continue }
            let key = String(day.prefix(7))
            byKey[key, default: Month(year: y, month: m, days: [:])].days[d, default: []].append(index)
        }
        return byKey.keys.sorted().compactMap { byKey[$0] }
    }

    /// `records` are the site's, which `month` points into.
    static func monthPage(
        _ month: Month, of records: [SiteRecord], previous: Month?, next: Month?, years: [Int], context: SiteContext
    ) -> SafeHTML {
        let all = records
        let t = context.text
        var html: SafeHTML = "<header class=\"top\"><a class=\"back\" href=\"../index.html\">\(HTML.escape(t(.back)))</a></header>\n"
        html += "<h1>\(HTML.escape(t(.monthTitle(month.year, month.month))))</h1>\n<nav class=\"calnav\">"
        html +=
            previous.map { "<a rel=\"prev\" href=\"\($0.key).html\">‹ \(HTML.escape(t(.monthTitle($0.year, $0.month))))</a>" }
            ?? "<span></span>"
        html += "<a href=\"\(month.year).html\">\(HTML.escape(t(.yearTitle(month.year))))</a>"
        html +=
            next.map { "<a rel=\"next\" href=\"\($0.key).html\">\(HTML.escape(t(.monthTitle($0.year, $0.month)))) ›</a>" }
            ?? "<span></span>"
        html += "</nav>\n" + yearStrip(years, current: month.year) + "<table class=\"month\"><thead><tr>"
        for name in t(.weekdays).split(separator: " ") { html += "<th scope=\"col\">\(HTML.escape(String(name)))</th>" }
        html += "</tr></thead><tbody><tr>"
        let first = CivilDate.weekday(year: month.year, month: month.month, day: 1)
        let length = CivilDate.length(year: month.year, month: month.month)
        for _ in 0..<first { html += "<td></td>" }
        var column = first
        for day in 1...length {
            if column == 7 {
                html += "</tr><tr>"
                column = 0
            }
            let date = String(format: "%@-%02d", month.key, day)
            if let records = month.days[day]?.map({ all[$0] }), !records.isEmpty {
                // The app's day is the server's list of it; an exported site's, its index narrowed.
                let dayLink = context.live == nil ? "../index.html#day=" + date : LiveListQuery(day: date).address(from: 0)
                html += "<td class=\"has\" id=\"d-\(date)\"><a href=\"\(dayLink)\"><span class=\"n\">\(day)</span>"
                if let thumb = records.reversed().lazy.compactMap({ context.thumbnailURL($0.media, depth: 1) }).first {
                    html += "<img class=\"thumb\" src=\"\(HTML.escape(thumb))\" alt=\"\" loading=\"lazy\">"
                }
                html += "<span class=\"count\">\(records.count)</span></a></td>"
            } else {
                html += "<td><span class=\"n\">\(day)</span></td>"
            }
            column += 1
        }
        while column < 7 {
            html += "<td></td>"
            column += 1
        }
        html += "</tr></tbody></table>\n<section class=\"daylist\">"
        for day in month.days.keys.sorted() {
            guard let records = month.days[day]?.map({ all[$0] }) else { continue }
            html += "<h2>\(String(format: "%@-%02d", month.key, day))</h2><ul>"
            for record in records.reversed() {
                let name = record.catalog.names[Int(record.position)]
                let title = name.title.isEmpty ? t(.untitled) : name.title
                html +=
                    "<li><a href=\"../\(HTML.pathURL(record.page))\">\(HTML.escape(title))</a> <span class=\"kind\">\(HTML.escape(context.kindName(name.kind)))</span></li>"
            }
            html += "</ul>"
        }
        html += "</section>\n"
        return PageShell.page(
            title: t(.monthTitle(month.year, month.month)), context: context, depth: 1, bodyClass: "calendar",
            content: html)
    }

    /// A year: its twelve months, those with records linked with their counts.
    static func yearPage(_ year: Int, months: [Month], years: [Int], context: SiteContext) -> SafeHTML {
        let t = context.text
        var html: SafeHTML = "<header class=\"top\"><a class=\"back\" href=\"../index.html\">\(HTML.escape(t(.back)))</a></header>\n"
        html += "<h1>\(HTML.escape(t(.yearTitle(year))))</h1>\n" + yearStrip(years, current: year) + "<ul class=\"months\">"
        for number in 1...12 {
            let label = HTML.escape(t(.monthTitle(year, number)))
            if let month = months.first(where: { $0.month == number }) {
                html += "<li class=\"has\"><a href=\"\(month.key).html\">\(label) <span class=\"count\">\(month.count)</span></a></li>"
            } else {
                html += "<li>\(label)</li>"
            }
        }
        html += "</ul>\n"
        return PageShell.page(title: t(.yearTitle(year)), context: context, depth: 1, bodyClass: "calendar", content: html)
    }

    private static func yearStrip(_ years: [Int], current: Int) -> SafeHTML {
        var html: SafeHTML = "<nav class=\"years\">"
        for year in years {
            html += year == current ? "<a aria-current=\"page\" href=\"\(year).html\">\(year)</a>" : "<a href=\"\(year).html\">\(year)</a>"
        }
        return html + "</nav>\n"
    }
}
