import FolioCore
import FolioStore

/// `index.html`: the tag tiles, "On this day", the search box and the records, newest first:
/// every record on an exported site; in the app the newest ``LiveList/pageSize`` of each kind,
/// the rest a page at a time from the server (``LiveList``).
enum IndexPage {
    /// `records` newest first; `tags` in tile order (most recently used first); `firstLine` gives
    /// a record's first line (kept on disk while the export runs). Written to `out` as it is made:
    /// at 100,000 records the page is 60 MB.
    static func write(
        records: [SiteRecord], tags: [TagUse], covers: [String: String], latestMonth: String?, hasCharts: Bool = false,
        context: SiteContext,
        firstLine: (SiteRecord) throws(FolioError) -> String, to out: inout some TextOutputStream
    ) throws(FolioError) {
        out.write(
            markup:
                PageShell.head(
                    title: context.text(.siteTitle), context: context, depth: 0, bodyClass: "index",
                    // The app searches on the server: its pages never load every record's terms.
                    scripts: context.live == nil ? ["search.js"] : []))
        var html: SafeHTML = "<header class=\"top\"><h1>\(HTML.escape(context.text(.siteTitle)))</h1>"
        if latestMonth != nil || hasCharts {
            html += "<nav>"
            if hasCharts { html += "<a class=\"charts-link\" href=\"stats.html\">\(HTML.escape(context.text(.charts)))</a> " }
            if let latestMonth {
                html +=
                    "<a class=\"cal-link\" href=\"calendar/\(HTML.pathURL(latestMonth)).html\">\(HTML.escape(context.text(.calendar)))</a>"
            }
            html += "</nav>"
        }
        if context.live != nil {
            // The app's settings, at the top right as the app spec puts its gear.
            html +=
                "<a class=\"settings-link\" href=\"/settings\" aria-label=\"\(HTML.escape(LiveText.settings.text(context.language)))\">⚙</a>"
        }
        html += "</header>\n"
        html += LiveBlocks.home(context: context)
        html +=
            "<section id=\"otd\" class=\"otd\" data-more=\"\(HTML.escape(context.text(.more)))\" hidden><h2>\(HTML.escape(context.text(.onThisDay)))</h2><ul class=\"list\"></ul></section>\n"
        html += "<div class=\"tiles\" id=\"tiles\">"
        let live = context.live != nil
        html += tile(label: context.text(.all), tag: "", count: records.count, pressed: true, live: live, cover: nil)
        // The most recently used tags; the others fold behind "more tags" (their own page).
        for use in tags.prefix(LiveList.homeTiles) {
            let tag = use.tag.lowercased()
            html += tile(label: use.tag, tag: tag, count: use.count, pressed: false, live: live, cover: covers[tag])
        }
        if tags.count > LiveList.homeTiles {
            html +=
                "<a class=\"tile more-tiles\" href=\"tags.html\">\(HTML.escape(context.text(.moreTags))) <span class=\"count\">\(tags.count)</span></a>"
        }
        html += "</div>\n"
        // A day chosen in the calendar narrows the list: said above it, with the way back (in the
        // app the calendar's days are the server's lists, which say it themselves).
        if !live {
            html += "<p id=\"chosen-day\" class=\"chosen-day\" hidden><span class=\"day\">\(HTML.escape(context.text(.chosenDay)))</span>"
            html += "<a class=\"tile\" href=\"#\">\(HTML.escape(context.text(.showAll)))</a></p>\n"
        }
        // In the app the box is also a form: Enter asks the server's search (ranked, Chinese typed
        // without spaces) where the page's own filter only narrows the list.
        if context.live != nil { html += "<form method=\"get\" action=\"/search\" class=\"search-form\">" }
        html +=
            "<input type=\"search\" id=\"q\" name=\"q\" class=\"search\" placeholder=\"\(HTML.escape(context.text(.searchPlaceholder)))\" autocomplete=\"off\" aria-label=\"\(HTML.escape(context.text(.searchPlaceholder)))\">\n"
        if context.live != nil { html += "</form>\n" }
        let emptyText = records.isEmpty ? context.text(.noRecords) : context.text(.emptyTile)
        html +=
            "<p id=\"empty\" class=\"empty\"\(records.isEmpty ? "" : " hidden") data-empty-tile=\"\(HTML.escape(context.text(.emptyTile)))\" data-no-match=\"\(HTML.escape(context.text(.noMatch)))\">\(HTML.escape(emptyText))</p>\n"
        out.write(markup: html)
        try writeKindSections(records, context: context, firstLine: firstLine, to: &out)
        out.write(markup: PageShell.tail)
    }

    /// The records by kind, each kind its own section under its name in the vault's language:
    /// diary pages first (the journal itself), then the other kinds in the order of their newest
    /// record. Tabs above them are plain links to the sections, so they work without a script;
    /// the script marks the tab of the section in view.
    static func writeKindSections(
        _ records: [SiteRecord], context: SiteContext, firstLine: (SiteRecord) throws(FolioError) -> String,
        to out: inout some TextOutputStream
    ) throws(FolioError) {
        var order: [String] = []
        var byKind: [String: [Int]] = [:]
        for (index, record) in records.enumerated() {
            let kind = record.kind ?? ""
            if byKind[kind] == nil { order.append(kind) }
            byKind[kind, default: []].append(index)
        }
        // In the app the journal, ideas and the 8 ball each have their section (their tab), empty or not.
        if context.live != nil {
            for kind in LiveBlocks.homeKinds.reversed() where byKind[kind] == nil { order.insert(kind, at: 0) }
        }
        if let diary = order.firstIndex(of: "diary") { order.insert(order.remove(at: diary), at: 0) }
        out.write(markup: "<div id=\"list\" class=\"kinds\">\n")
        if order.count > 1 {
            var html: SafeHTML = "<nav class=\"kind-tabs\" aria-label=\"\(HTML.escape(context.text(.kinds)))\">"
            for kind in order {
                html +=
                    "<a class=\"kind-tab\" href=\"#kind-\(HTML.fragment(kind))\" data-kind=\"\(HTML.escape(kind))\">\(HTML.escape(shownKind(kind, context: context))) <span class=\"count\">\(byKind[kind]?.count ?? 0)</span></a>"
            }
            out.write(markup: html + "</nav>\n")
        }
        for kind in order {
            out.write(markup: "<section class=\"kind-section\" id=\"kind-\(HTML.escape(kind))\" data-kind=\"\(HTML.escape(kind))\">")
            out.write(markup: "<h2>\(HTML.escape(shownKind(kind, context: context)))</h2>\n")
            out.write(markup: LiveBlocks.sectionForm(kind: kind, context: context))
            out.write(markup: "<ul class=\"list\">\n")
            let indexes = byKind[kind] ?? []
            let shown = context.live == nil ? indexes[...] : indexes.prefix(LiveList.pageSize)
            for index in shown {
                out.write(markup: item(records[index], firstLine: try firstLine(records[index]), context: context))
            }
            if shown.count < indexes.count {
                out.write(markup: moreItem(LiveListQuery(kind: kind, from: shown.count), context: context))
            }
            out.write(markup: "</ul></section>\n")
        }
        out.write(markup: "</div>\n")
    }

    /// The last line of a list with more after it: a link to the next page (the app's script
    /// puts the next page in its place as it comes into view).
    static func moreItem(_ query: LiveListQuery, context: SiteContext) -> SafeHTML {
        "<li class=\"more\"><a href=\"\(HTML.escape(query.address(from: query.from)))\">\(HTML.escape(context.text(.more)))</a></li>\n"
    }

    /// `list.txt`: every record's line of the list, newest first, for the app's pages of it.
    static func writeList(
        _ records: [SiteRecord], context: SiteContext, firstLine: (SiteRecord) throws(FolioError) -> String,
        to out: inout some TextOutputStream
    ) throws(FolioError) {
        for record in records {
            let summary = record.summary
            out.write(
                LiveList.line(
                    kind: summary.kind ?? "", day: summary.sortTime?.day10 ?? "", tags: summary.allTags.map { $0.lowercased() },
                    item: item(record, firstLine: try firstLine(record), context: context)))
        }
    }

    /// `tags.html`: every tag's tile, in the home page's order.
    static func tagsPage(tags: [TagUse], covers: [String: String], context: SiteContext) -> SafeHTML {
        var html: SafeHTML =
            "<header class=\"top\"><a class=\"back\" href=\"index.html\">\(HTML.escape(context.text(.back)))</a></header>\n"
        html += "<h1>\(HTML.escape(context.text(.allTags)))</h1>\n<div class=\"tiles all-tiles\">"
        for use in tags {
            let tag = use.tag.lowercased()
            html += tile(
                label: use.tag, tag: tag, count: use.count, pressed: false, live: context.live != nil, cover: covers[tag], fromTags: true)
        }
        html += "</div>\n"
        return PageShell.page(title: context.text(.allTags), context: context, depth: 0, bodyClass: "tags-page", content: html)
    }

    private static func shownKind(_ kind: String, context: SiteContext) -> String {
        kind.isEmpty ? context.text(.otherKind) : context.kindName(kind)
    }

    /// A tag's tile: a link, so it works without the page's script (which filters the list in
    /// place instead): in the app to the server's search for the tag, on an exported site to the
    /// list's address for it (`#tag=…`, which the script reads).
    /// Each tag's cover: the thumbnail of its newest record that has one (a tag takes the records of
    /// the tags nested in it, as its tile does). One pass over the records, newest first.
    static func tileCovers(_ records: [SiteRecord], context: SiteContext) -> [String: String] {
        var covers: [String: String] = [:]
        for record in records {
            guard let thumb = context.thumbnailURL(record.media, depth: 0) else { continue }
            for tag in record.summary.allTags {
                var name = Substring(tag.lowercased())
                while true {
                    if covers[String(name)] == nil { covers[String(name)] = thumb }
                    guard let slash = name.lastIndex(of: "/") else { break }
                    name = name[..<slash]
                }
            }
        }
        return covers
    }

    private static func tile(
        label: String, tag: String, count: Int, pressed: Bool, live: Bool, cover: String?, fromTags: Bool = false
    ) -> SafeHTML {
        let target: String
        if live {
            target = tag.isEmpty ? "/" : LiveListQuery(tag: tag).address(from: 0)
        } else {
            target = (fromTags ? "index.html" : "") + (tag.isEmpty ? "#" : "#tag=" + HTML.fragment(tag))
        }
        let current: SafeHTML = pressed ? " aria-current=\"true\"" : ""
        // The cover is decorative: the tag's name says what the tile is.
        let image: SafeHTML = cover.map { "<img class=\"cover\" src=\"\($0)\" alt=\"\" loading=\"lazy\">" } ?? ""
        return "<a class=\"tile\" href=\"\(target)\" data-tag=\"\(tag)\"\(current)>\(image)"
            + "<span class=\"label\">\(label)</span> <span class=\"count\">\(count)</span></a>"
    }

    /// One line of the list: thumbnail, date, kind, title, first line of the page.
    static func item(_ record: SiteRecord, firstLine: String, context: SiteContext) -> SafeHTML {
        let name = pageName(record.page)
        let summary = record.summary
        let day = summary.sortTime?.day10
        let tags = summary.allTags.map { $0.lowercased() }.joined(separator: "\n")
        var html: SafeHTML =
            "<li class=\"rec\" data-kind=\"\(HTML.escape(summary.kind ?? ""))\" data-page=\"\(HTML.escape(name))\" data-tags=\"\(HTML.escape(tags))\" data-date=\"\(HTML.escape(day ?? ""))\">"
        html += "<a href=\"\(HTML.pathURL(record.page))\">"
        // A row without a picture has no empty square beside it.
        if let thumb = context.thumbnailURL(record.media, depth: 0) {
            html += "<img class=\"thumb\" src=\"\(HTML.escape(thumb))\" alt=\"\" loading=\"lazy\">"
        }
        html += "<span class=\"text\"><span class=\"meta\"><span class=\"date\">\(HTML.escape(day ?? ""))</span>"
        html += " <span class=\"kind\">\(HTML.escape(context.kindName(summary.kind)))</span></span>"
        let title = summary.title.isEmpty ? context.text(.untitled) : summary.title
        html += "<span class=\"title\">\(HTML.escape(title))</span>"
        if !firstLine.isEmpty { html += "<span class=\"line\">\(HTML.escape(firstLine))</span>" }
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
