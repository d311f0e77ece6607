import FolioCore
import FolioStore
import Foundation

/// The served app's own pages (a refusal, a failed write, an edit that came too late), in the
/// same frame as every page of the site.
public enum LivePages {
    /// A page that says one thing, with a way back home.
    public static func message(_ text: String, title: String, language: Language) -> SafeHTML {
        let context = frameContext(language)
        var html: SafeHTML = "<header class=\"top\"><a class=\"back\" href=\"/\">\(HTML.escape(context.text(.back)))</a></header>\n"
        html += "<article class=\"record notice\"><h1>\(HTML.escape(title))</h1>\n"
        for paragraph in text.components(separatedBy: "\n") where !paragraph.isEmpty {
            html += "<p>\(HTML.escape(paragraph))</p>\n"
        }
        html += "</article>\n"
        return PageShell.page(title: title, context: context, depth: 0, bodyClass: "notice-page", content: html, root: "/")
    }

    /// An edit that found the page changed since its form was made: what the user typed, kept
    /// in a form made from the page as it is now, beside the text it has now.
    public static func editAgain(
        _ record: Record, typedText: String, typedTags: String, notice: String, token: String, language: Language
    ) -> SafeHTML {
        let context = frameContext(language)
        let t = { (words: LiveText) in HTML.escape(words.text(language)) }
        let title = record.title.isEmpty ? context.text(.untitled) : record.title
        var html: SafeHTML = "<header class=\"top\"><a class=\"back\" href=\"/\">\(HTML.escape(context.text(.back)))</a></header>\n"
        html += "<article class=\"record notice\"><h1>\(HTML.escape(title))</h1>\n<p class=\"warning\">\(HTML.escape(notice))</p>\n"
        html += "<h2>\(t(.nowText))</h2>\n<pre class=\"now\">\(HTML.escape(LiveBlocks.pageText(of: record)))</pre>\n"
        html += LiveBlocks.editForm(
            record, text: typedText, tags: typedTags, label: .yourText, token: .value(token), draft: false, language: language)
        html += "</article>\n"
        return PageShell.page(title: title, context: context, depth: 0, bodyClass: "notice-page", content: html, root: "/")
    }

    /// The server's search (`folio search`'s ranking), each hit linked to its page.
    public static func searchResults(
        query: String, records: [Record], pages: [String: String], kindNames: [String: String], note: String?, language: Language
    ) -> SafeHTML {
        var context = frameContext(language)
        context.kindNames = kindNames
        let t = { (words: LiveText) in HTML.escape(words.text(language)) }
        var html: SafeHTML = "<header class=\"top\"><a class=\"back\" href=\"/\">\(HTML.escape(context.text(.back)))</a></header>\n"
        html += "<form method=\"get\" action=\"/search\" class=\"search-form\">"
        html += "<input type=\"search\" name=\"q\" class=\"search\" value=\"\(HTML.escape(query))\" aria-label=\"\(t(.searchAll))\">"
        html += "</form>\n"
        if let note { html += "<p class=\"empty\">\(HTML.escape(note))</p>\n" }
        html += "<ul class=\"list\" id=\"results\">\n"
        for record in records {
            let title = record.title.isEmpty ? context.text(.untitled) : record.title
            let link = pages[record.path].map { "/" + HTML.pathURL($0) }
            html += "<li class=\"rec\">"
            html += link.map { "<a href=\"\($0)\">" } ?? "<span>"
            html += "<span class=\"text\"><span class=\"meta\"><span class=\"date\">\(HTML.escape(record.sortTime?.day10 ?? ""))</span>"
            html += " <span class=\"kind\">\(HTML.escape(context.kindName(record.kind)))</span></span>"
            html += "<span class=\"title\">\(HTML.escape(title))</span>"
            let line = FirstLine.of(record)
            if !line.isEmpty { html += "<span class=\"line\">\(HTML.escape(line))</span>" }
            html += link == nil ? "</span></span></li>\n" : "</span></a></li>\n"
        }
        html += "</ul>\n"
        return PageShell.page(title: query, context: context, depth: 0, bodyClass: "index search-page", content: html, root: "/")
    }

    private static func frameContext(_ language: Language) -> SiteContext {
        SiteContext(
            language: language, vaultFromSite: "vault", presentMedia: [], thumbnails: [:], live: LiveSite())
    }
}
