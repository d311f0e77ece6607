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

    /// What a search page was asked for: the words typed, the tile searched in, the hits before this page.
    public struct SearchResults: Sendable {
        public var typed: String
        public var tag: String?
        public var from: Int

        public init(typed: String, tag: String?, from: Int) {
            self.typed = typed
            self.tag = tag
            self.from = from
        }

        /// This search from the `from`th hit on.
        func address(from: Int) -> String {
            var parts = [("q", typed)]
            if let tag { parts.append(("tag", tag)) }
            parts.append(("from", String(from)))
            return "/search?" + parts.map { $0.0 + "=" + HTML.fragment($0.1) }.joined(separator: "&")
        }
    }

    /// The server's search (`folio search`'s ranking), each hit linked to its page; a link to the
    /// next page of hits when there are `more`.
    public static func searchResults(
        _ search: SearchResults, records: [Record], more: Bool, pages: [String: String], kindNames: [String: String], note: String?,
        language: Language
    ) -> SafeHTML {
        var context = frameContext(language)
        context.kindNames = kindNames
        let t = { (words: LiveText) in HTML.escape(words.text(language)) }
        var html: SafeHTML = "<header class=\"top\"><a class=\"back\" href=\"/\">\(HTML.escape(context.text(.back)))</a></header>\n"
        if let tag = search.tag {
            html += "<p class=\"chosen-day\" id=\"chosen\"><span class=\"day\">\(HTML.escape(context.text(.chosenTag) + tag))</span>"
            html += "<a class=\"tile\" href=\"\(LiveListQuery(tag: tag).address(from: 0))\">\(HTML.escape(context.text(.back)))</a></p>\n"
        }
        html += "<form method=\"get\" action=\"/search\" class=\"search-form\">"
        if let tag = search.tag { html += "<input type=\"hidden\" name=\"tag\" value=\"\(tag)\">" }
        let label = search.tag == nil ? t(.searchAll) : HTML.escape(context.text(.searchPlaceholder))
        html += "<input type=\"search\" name=\"q\" class=\"search\" value=\"\(HTML.escape(search.typed))\" aria-label=\"\(label)\">"
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
        if more {
            html +=
                "<li class=\"more\"><a href=\"\(search.address(from: search.from + records.count))\">\(HTML.escape(context.text(.more)))</a></li>\n"
        }
        html += "</ul>\n"
        let title = search.typed.isEmpty ? (search.tag ?? "") : search.typed
        return PageShell.page(title: title, context: context, depth: 0, bodyClass: "index search-page", content: html, root: "/")
    }

    /// What the service worker answers for a page it does not keep while the computer cannot be reached.
    public static func offline(language: Language) -> SafeHTML {
        message(LiveText.offlineText.text(language), title: LiveText.offline.text(language), language: language)
    }

    /// A page of one of the app's lists (``LiveList``): a kind's records after the home page's, a
    /// tag's, a day's, "on this day", with what chose them said above and the way back to all.
    /// A tag's list has the search box of the tile (the spec's 搜尋這個分類的日記): it searches only
    /// that tag's records.
    public static func list(
        _ page: LiveListPage, query: LiveListQuery, kindNames: [String: String], language: Language
    ) -> SafeHTML {
        var context = frameContext(language)
        context.kindNames = kindNames
        let title: String
        if let tag = query.tag {
            title = context.text(.chosenTag) + tag
        } else if let day = query.day {
            title = context.text(.chosenDay) + day
        } else if query.onThisDay != nil {
            title = context.text(.onThisDay)
        } else if let kind = query.kind {
            title = kind.isEmpty ? context.text(.otherKind) : context.kindName(kind)
        } else {
            title = context.text(.all)
        }
        var html: SafeHTML = "<header class=\"top\"><a class=\"back\" href=\"/\">\(HTML.escape(context.text(.back)))</a></header>\n"
        html += "<p class=\"chosen-day\" id=\"chosen\"><span class=\"day\">\(HTML.escape(title))</span>"
        html += "<a class=\"tile\" href=\"/\">\(HTML.escape(context.text(.showAll)))</a></p>\n"
        if let tag = query.tag {
            html += "<form method=\"get\" action=\"/search\" class=\"search-form\"><input type=\"hidden\" name=\"tag\" value=\"\(tag)\">"
            html +=
                "<input type=\"search\" name=\"q\" class=\"search\" placeholder=\"\(HTML.escape(context.text(.searchPlaceholder)))\" aria-label=\"\(HTML.escape(context.text(.searchPlaceholder)))\">"
            html += "</form>\n"
        }
        if page.items.isEmpty {
            html += "<p class=\"empty\">\(HTML.escape(context.text(query.from > 0 ? .noMatch : .emptyTile)))</p>\n"
        }
        html += "<ul class=\"list\" id=\"results\">\n" + listPart(page, query: query, language: language) + "</ul>\n"
        return PageShell.page(title: title, context: context, depth: 0, bodyClass: "index list-page", content: html, root: "/")
    }

    /// The lines of a list's page and the link to the next, as the app's script adds them under
    /// the lines it shows.
    public static func listPart(_ page: LiveListPage, query: LiveListQuery, language: Language) -> SafeHTML {
        // trusted: each line is the export's own markup (IndexPage.item), read back from its list.
        var html = SafeHTML.trusted(page.items.map { $0 + "\n" }.joined())
        if let next = page.next {
            var rest = query
            rest.from = next
            html += IndexPage.moreItem(rest, context: frameContext(language))
        }
        return html
    }

    /// What the settings page shows: who answers (read-only) and the choices a person may change.
    public struct SettingsModel: Sendable {
        /// `builtin` or the network provider, as the page names it.
        public var provider: String
        public var model: String?
        public var host: String?
        public var tone: String
        public var tones: [String]
        /// Each switch: its form field, whether it is on.
        public var switches: [(field: String, on: Bool)]

        public init(provider: String, model: String?, host: String?, tone: String, tones: [String], switches: [(field: String, on: Bool)]) {
            self.provider = provider
            self.model = model
            self.host = host
            self.tone = tone
            self.tones = tones
            self.switches = switches
        }
    }

    /// The app's settings page: the companion's provider (read-only: a new one is agreed to on
    /// the computer), its tone, and what it writes and is sent, as one form.
    public static func settings(_ model: SettingsModel, token: String, language: Language) -> SafeHTML {
        let context = frameContext(language)
        let t = { (words: LiveText) in HTML.escape(words.text(language)) }
        var html: SafeHTML = "<header class=\"top\"><a class=\"back\" href=\"/\">\(HTML.escape(context.text(.back)))</a></header>\n"
        html += "<article class=\"record settings\"><h1>\(t(.settings))</h1>\n"
        html += "<section class=\"edit\"><h2>\(t(.provider))</h2>\n<p>"
        if model.provider == "builtin" {
            html += "\(t(.builtinProvider))"
        } else {
            html += "\(model.provider)"
            if let name = model.model { html += " · \(name)" }
            if let host = model.host { html += " · \(host)" }
        }
        html += "</p>\n<p class=\"note\">\(t(.providerOnComputer))</p></section>\n"
        html += "<form method=\"post\" action=\"/settings/save\" class=\"edit\">\n"
        html += "<input type=\"hidden\" name=\"token\" value=\"\(token)\">\n"
        html += "<label>\(t(.tone)) <select name=\"tone\">"
        for tone in model.tones {
            html +=
                "<option value=\"\(tone)\"\(tone == model.tone ? SafeHTML(" selected") : "")>\(LiveText.toneName(tone, language))</option>"
        }
        html += "</select></label>\n"
        for item in model.switches {
            let checked: SafeHTML = item.on ? " checked" : ""
            html += "<label class=\"switch\"><input type=\"checkbox\" name=\"\(item.field)\" value=\"true\"\(checked)> "
            html += "\(LiveText.switchName(item.field, language))</label>\n"
        }
        html += "<p class=\"note\">\(t(.settingsSync))</p>\n" + LiveBlocks.offlineNote(language)
        html += "<button type=\"submit\">\(t(.save))</button>\n</form>\n</article>\n"
        return PageShell.page(
            title: LiveText.settings.text(language), context: context, depth: 0, bodyClass: "notice-page", content: html, root: "/")
    }

    private static func frameContext(_ language: Language) -> SiteContext {
        SiteContext(
            language: language, vaultFromSite: "vault", presentMedia: [], thumbnails: [:], live: LiveSite())
    }
}
