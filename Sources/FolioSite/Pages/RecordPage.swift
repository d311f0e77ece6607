import FolioCore
import Foundation
import Markdown
import YAML

/// What a record's page links to besides the record itself.
struct RecordNeighbours: Sendable, Hashable {
    struct Link: Sendable, Hashable {
        var title: String
        /// Site-relative page; nil when the record is not in the site.
        var page: String?
    }

    /// The older record in the list.
    var previous: Link?
    /// The newer record in the list.
    var next: Link?
    var parent: Link?
    var children: [Link]

    /// Everything here as one text, for the page's input key.
    var key: String {
        func text(_ link: Link?) -> String { link.map { $0.title + "\u{1}" + ($0.page ?? "") } ?? "-" }
        return ([text(previous), text(next), text(parent)] + children.map(text)).joined(separator: "\u{2}")
    }
}

/// `records/<name>.html`: the media, the page, its tags, fields, conversation and neighbours.
enum RecordPage {
    static func render(
        _ record: Record, entry: SiteRecord, kind: Kind?, neighbours: RecordNeighbours,
        context: SiteContext
    ) -> String {
        let t = context.text
        let title = record.title.isEmpty ? t(.untitled) : record.title
        var html = "<header class=\"top\"><a class=\"back\" href=\"../index.html\">\(HTML.escape(t(.back)))</a>"
        if let day = entry.day {
            html +=
                "<a class=\"cal-link\" href=\"../calendar/\(HTML.pathURL(String(day.prefix(7)))).html#d-\(HTML.pathURL(day))\">\(HTML.escape(t(.calendar)))</a>"
        }
        html += "</header>\n<article class=\"record\">\n<h1>\(HTML.escape(title))</h1>\n<p class=\"meta\">"
        if let time = record.sortTime {
            html += "<time datetime=\"\(HTML.escape(time.text))\">\(HTML.escape(time.shown))</time> · "
        }
        html += "<span class=\"kind\">\(HTML.escape(context.kindName(record.kind)))</span></p>\n"

        html += mediaBlock(entry.media, context: context)

        let tags = entry.summary.allTags
        if !tags.isEmpty {
            html += "<ul class=\"tags\" aria-label=\"\(HTML.escape(t(.tags)))\">"
            for tag in tags {
                html += "<li><a class=\"tile\" href=\"../index.html#tag=\(HTML.fragment(tag.lowercased()))\">\(HTML.escape(tag))</a></li>"
            }
            html += "</ul>\n"
        }

        let body = record.document.body
        let split: Conversation.Split? = FirstLine.mayHaveConversation(body) ? Conversation.split(body) : nil
        let links = SiteLinks(recordPath: record.path, media: Set(entry.media.map(\.file)), context: context)
        html +=
            "<div class=\"body\">\n" + MarkdownHTML.render(split?.before ?? body, rewrite: links.rewrite, wikilink: links.wikilink)
            + "</div>\n"

        let fields = fieldRows(record, kind: kind, language: context.language)
        if !fields.isEmpty {
            html += "<section class=\"fields\"><h2>\(HTML.escape(t(.fields)))</h2><table>"
            for (key, value) in fields {
                html += "<tr><th scope=\"row\">\(HTML.escape(key))</th><td>\(HTML.escape(value))</td></tr>"
            }
            html += "</table></section>\n"
        }

        if let parent = neighbours.parent {
            html += "<p class=\"parent\">\(HTML.escape(t(.parent))): \(link(parent, context: context))</p>\n"
        }
        if !neighbours.children.isEmpty {
            html += "<section class=\"children\"><h2>\(HTML.escape(t(.children))) (\(neighbours.children.count))</h2><ul>"
            for child in neighbours.children { html += "<li>\(link(child, context: context))</li>" }
            html += "</ul></section>\n"
        }

        if let split, split.hasSection {
            html += "<details class=\"conversation\"><summary>\(HTML.escape(t(.conversation))) (\(split.messages.count))</summary>\n"
            for message in split.messages {
                let who = message.speaker == .me ? t(.me) : message.speaker.name
                let side = message.speaker == .me ? "me" : "other"
                html += "<div class=\"msg \(side)\"><p class=\"who\">\(HTML.escape(who)) · \(HTML.escape(message.time))</p><p>"
                html += HTML.escape(message.text).replacingOccurrences(of: "\n", with: "<br>") + "</p></div>\n"
            }
            html += "</details>\n"
            if !split.after.isEmpty {
                html +=
                    "<div class=\"body\">\n" + MarkdownHTML.render(split.after, rewrite: links.rewrite, wikilink: links.wikilink)
                    + "</div>\n"
            }
        }

        html += "<nav class=\"prevnext\">"
        if let previous = neighbours.previous, let page = previous.page {
            html +=
                "<a rel=\"prev\" href=\"../\(HTML.pathURL(page))\"><span>\(HTML.escape(t(.previous)))</span> \(HTML.escape(previous.title))</a>"
        } else {
            html += "<span></span>"
        }
        if let next = neighbours.next, let page = next.page {
            html += "<a rel=\"next\" href=\"../\(HTML.pathURL(page))\"><span>\(HTML.escape(t(.next)))</span> \(HTML.escape(next.title))</a>"
        }
        html += "</nav>\n"
        html += LiveForms.record(record, page: entry.page, context: context)
        html += "</article>\n"
        return PageShell.page(title: title, context: context, depth: 1, bodyClass: "record-page", content: html)
    }

    private static func link(_ link: RecordNeighbours.Link, context: SiteContext) -> String {
        let title = HTML.escape(link.title.isEmpty ? context.text(.untitled) : link.title)
        guard let page = link.page else { return "<span>\(title)</span>" }
        return "<a href=\"../\(HTML.pathURL(page))\">\(title)</a>"
    }

    /// Images shown, video and audio in the browser's players; a file not in the vault shows
    /// "媒體無法播放" (the page's script shows the same for a file the browser cannot play).
    static func mediaBlock(_ media: [SiteMedia], context: SiteContext) -> String {
        guard !media.isEmpty else { return "" }
        let unplayable = "<p class=\"unplayable\">\(HTML.escape(context.text(.mediaUnplayable)))</p>"
        var html = "<div class=\"media-block\">\n"
        for item in media {
            guard context.presentMedia.contains(item.file) else {
                html += unplayable + "\n"
                continue
            }
            let source = HTML.escape(context.vaultURL(item.file, depth: 1))
            let thumb = context.thumbnails[item.file].map { HTML.escape(context.siteURL($0, depth: 1)) }
            switch item.kind {
            case .photo where item.browserShows:
                html += "<a href=\"\(source)\"><img class=\"media\" src=\"\(source)\" alt=\"\"></a>\n"
            case .photo:
                if let thumb {
                    html += "<a href=\"\(source)\"><img class=\"media\" src=\"\(thumb)\" alt=\"\"></a>\n"
                } else {
                    html += unplayable + "\n"
                }
            case .video:
                html +=
                    "<video class=\"media\" controls preload=\"metadata\" src=\"\(source)\"\(thumb.map { " poster=\"\($0)\"" } ?? "")></video>\n"
            case .audio:
                html += "<audio class=\"media\" controls preload=\"metadata\" src=\"\(source)\"></audio>\n"
            case .other:
                html += "<p><a href=\"\(source)\">\(HTML.escape((item.file as NSString).lastPathComponent))</a></p>\n"
            }
        }
        return html + "</div>\n"
    }

    /// The kind's own keys this record has, as text, then the values it computes; keys and values
    /// by their labels in `language` where the kind gives them. Media and parent are shown elsewhere.
    static func fieldRows(_ record: Record, kind: Kind?, language: Language) -> [(String, String)] {
        let shownElsewhere: Set<String> = ["media", "parent"]
        let keys: [String]
        if let kind {
            keys = kind.fields.map(\.name).filter { !shownElsewhere.contains($0) && !Kind.commonKeys.contains($0) }
        } else {
            keys = record.document.keys.filter { !shownElsewhere.contains($0) && !Kind.commonKeys.contains($0) }
        }
        var rows: [(String, String)] = []
        for key in keys {
            guard let value = record.document.value(key) else { continue }
            let field = kind?.field(key)
            var text = Self.text(value)
            if let field, field.allowedValues != nil, case .string(let raw) = value { text = field.shownValue(raw, language) }
            if !text.isEmpty { rows.append((field?.shownName(language) ?? key, text)) }
        }
        for (field, value) in kind?.computedValues(of: record.document.root.resolved) ?? [] {
            rows.append((field.shownName(language), field.shownValue(value, language)))
        }
        return rows
    }

    /// A value as one line: scalars as written, lists joined with commas, maps as `key: value`.
    static func text(_ value: Value, depth: Int = 0) -> String {
        guard depth < 8 else { return "…" }
        switch value {
        case .null: return ""
        case .bool(let b): return b ? "true" : "false"
        case .int(let i): return String(i)
        case .double(let d): return d.isFinite ? String(d) : String(describing: d)
        case .string(let s): return s
        case .list(let items):
            let inner = items.map { text($0, depth: depth + 1) }
            return depth == 0 ? inner.joined(separator: ", ") : "[" + inner.joined(separator: ", ") + "]"
        case .map(let pairs):
            let inner = pairs.map { $0.0 + ": " + text($0.1, depth: depth + 1) }
            return depth == 0 ? inner.joined(separator: "; ") : "{" + inner.joined(separator: "; ") + "}"
        }
    }
}
