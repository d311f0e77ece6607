import FolioCore
import FolioMedia
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
///
/// What a person reads comes first: a question's answer, where and when (in words), the photos,
/// the page. What machines wrote about the record (when it was analysed, by which model, ids,
/// the raw context) waits behind a "詳細資料 / Details" fold, and so does the conversation.
enum RecordPage {
    static func render(
        _ record: Record, entry: SiteRecord, kind: Kind?, neighbours: RecordNeighbours,
        context: SiteContext, photo: MediaFacts? = nil
    ) -> SafeHTML {
        let t = context.text
        let title = record.title.isEmpty ? t(.untitled) : record.title
        var html: SafeHTML = "<header class=\"top\"><a class=\"back\" href=\"../index.html\">\(HTML.escape(t(.back)))</a>"
        if let day = entry.day {
            html +=
                "<a class=\"cal-link\" href=\"../calendar/\(HTML.pathURL(String(day.prefix(7)))).html#d-\(HTML.pathURL(day))\">\(HTML.escape(t(.calendar)))</a>"
        }
        html += "</header>\n<article class=\"record\">\n<h1>\(HTML.escape(title))</h1>\n<p class=\"meta\">"
        if let time = record.sortTime {
            html += "<time datetime=\"\(HTML.escape(time.text))\">\(HTML.escape(time.shown))</time> · "
        }
        html += "<span class=\"kind\">\(HTML.escape(context.kindName(record.kind)))</span></p>\n"

        let answered = QuestionBlock(record, kind: kind, language: context.language)
        html += answered?.html(title: record.title, context: context) ?? ""
        let moment = RecordMoment.of(record, photo: photo)
        html += moment.html(context: context)
        // A photo's alternative text is what the companion saw in it (`analysis`), else the page's title.
        let seen = record.document.string("analysis")?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        html += mediaBlock(entry.media, described: seen.isEmpty ? title : String(seen.prefix(500)), context: context)

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
        // trusted: cmark's rendering in its safe mode (raw HTML dropped), its links decided by SiteLinks.
        let rendered = MarkdownHTML.render(split?.before ?? body, rewrite: links.rewrite, wikilink: links.wikilink)
        html += "<div class=\"body\">\n\(SafeHTML.trusted(rendered))</div>\n"

        let shownAbove = Set(answered?.keys ?? [])
        let rows = fieldRows(record, kind: kind, language: context.language).filter { !shownAbove.contains($0.key) }
        let fields = rows.filter { !isProvenance($0.key) }
        if !fields.isEmpty {
            html += "<section class=\"fields\"><h2>\(HTML.escape(t(.fields)))</h2><table>"
            for row in fields {
                html += "<tr><th scope=\"row\">\(HTML.escape(row.name))</th><td>\(HTML.escape(row.value))</td></tr>"
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
                let lines = message.text.split(separator: "\n", omittingEmptySubsequences: false).map { HTML.escape(String($0)) }
                html += lines.joined(separator: "<br>") + "</p></div>\n"
            }
            html += "</details>\n"
            if !split.after.isEmpty {
                // trusted: cmark's safe rendering, as the body above.
                let after = MarkdownHTML.render(split.after, rewrite: links.rewrite, wikilink: links.wikilink)
                html += "<div class=\"body\">\n\(SafeHTML.trusted(after))</div>\n"
            }
        }

        let machineRows: [(String, String)] = rows.filter { isProvenance($0.key) }.map { ($0.name, $0.value) }
        let provenance = provenanceRows(record, context: context) + machineRows
        if !provenance.isEmpty {
            html += "<details class=\"provenance\"><summary>\(HTML.escape(t(.details)))</summary><table>"
            for (name, value) in provenance {
                html += "<tr><th scope=\"row\">\(HTML.escape(name))</th><td>\(HTML.escape(value))</td></tr>"
            }
            html += "</table></details>\n"
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
        html += LiveBlocks.record(record, context: context)
        html += "</article>\n"
        return PageShell.page(title: title, context: context, depth: 1, bodyClass: "record-page", content: html)
    }

    private static func link(_ link: RecordNeighbours.Link, context: SiteContext) -> SafeHTML {
        let title = HTML.escape(link.title.isEmpty ? context.text(.untitled) : link.title)
        guard let page = link.page else { return "<span>\(title)</span>" }
        return "<a href=\"../\(HTML.pathURL(page))\">\(title)</a>"
    }

    /// Whether a key holds what a machine wrote about the record rather than what the person
    /// wrote: when and by which model it was analysed or summarised, where it came from, ids,
    /// and the raw context (its place, time and weather are shown in words above).
    static func isProvenance(_ key: String) -> Bool {
        let lowered = key.lowercased()
        if ["analysis", "context", "source", "id", "uuid", "device"].contains(lowered) { return true }
        if ["_at", "_by", "_id", "_model", "_provider"].contains(where: { lowered.hasSuffix($0) }) { return true }
        return lowered.contains("model") || lowered.contains("provider")
    }

    /// The record's id, times and file, for the details fold, named in the vault's language.
    private static func provenanceRows(_ record: Record, context: SiteContext) -> [(String, String)] {
        var rows: [(String, String)] = []
        for (key, name) in [("id", SiteText.recordID), ("created", .createdAt), ("modified", .modifiedAt)] {
            if let value = record.document.string(key), !value.isEmpty { rows.append((context.text(name), shownValue(value))) }
        }
        rows.append((context.text(.file), record.path))
        return rows
    }

    /// A date-time as `2026-11-24 02:03` (the written text stays in the file); other text as it is.
    static func shownValue(_ text: String) -> String {
        guard text.utf8.count >= 16, text.utf8.count <= 40, let time = Timestamp(text), time.offsetSeconds != nil else { return text }
        return time.shown
    }

    /// Images shown, video and audio in the browser's players; a file not in the site shows
    /// "媒體無法播放" (the page's script shows the same for a file the browser cannot play).
    /// Several photos open one by one in a lightbox (`:target`, no script needed), with the
    /// previous and next photo a tap away.
    /// `described` is the photos' alternative text (said once, for the first photo; each other one
    /// is named by its number, as its lightbox is).
    static func mediaBlock(_ media: [SiteMedia], described: String, context: SiteContext) -> SafeHTML {
        guard !media.isEmpty else { return "" }
        let unplayable: SafeHTML = "<p class=\"unplayable\">\(HTML.escape(context.text(.mediaUnplayable)))</p>"
        // The photos a browser can show, each with the URL of its full picture.
        var photos: [String] = []
        for item in media where item.kind == .photo && context.presentMedia.contains(item.file) {
            if item.browserShows {
                photos.append(context.mediaURL(item.file, depth: 1))
            } else if let thumb = context.thumbnails[item.file] {
                photos.append(context.siteURL(thumb, depth: 1))
            }
        }
        let gallery = photos.count > 1
        var html: SafeHTML = gallery ? "<div class=\"media-block gallery\" id=\"media\">\n" : "<div class=\"media-block\" id=\"media\">\n"
        var photoNumber = 0
        for item in media {
            guard context.presentMedia.contains(item.file) else {
                html += unplayable + "\n"
                continue
            }
            let source = context.mediaURL(item.file, depth: 1)
            let thumb = context.thumbnails[item.file].map { context.siteURL($0, depth: 1) }
            switch item.kind {
            case .photo where item.browserShows || thumb != nil:
                photoNumber += 1
                let shown = item.browserShows ? source : (thumb ?? source)
                let target = gallery ? "#photo-\(photoNumber)" : shown
                let alt = photoNumber == 1 ? described : context.text(.photoNumber(photoNumber, photos.count))
                html += "<a href=\"\(target)\"><img class=\"media\" src=\"\(shown)\" alt=\"\(alt)\"></a>\n"
            case .photo:
                html += unplayable + "\n"
            case .video:
                html +=
                    "<video class=\"media\" controls preload=\"metadata\" src=\"\(source)\"\(thumb.map { (poster: String) -> SafeHTML in " poster=\"\(poster)\"" } ?? SafeHTML())></video>\n"
            case .audio:
                html += "<audio class=\"media\" controls preload=\"metadata\" src=\"\(source)\"></audio>\n"
            case .other:
                // Kept in the site as `.bin` unless a browser runs nothing of it: downloaded under its own name.
                let name = (item.file as NSString).lastPathComponent
                html += "<p><a href=\"\(source)\" download=\"\(name)\">\(name)</a></p>\n"
            }
        }
        html += "</div>\n"
        if gallery { html += lightbox(photos, described: described, context: context) }
        return html
    }

    /// One full-screen view per photo, shown while the address ends in `#photo-N`.
    private static func lightbox(_ photos: [String], described: String, context: SiteContext) -> SafeHTML {
        var html: SafeHTML = "<div class=\"lightboxes\">\n"
        let close = HTML.escape(context.text(.close))
        for (index, url) in photos.enumerated() {
            let number = index + 1
            let previous = index == 0 ? photos.count : number - 1
            let next = number == photos.count ? 1 : number + 1
            let label = HTML.escape(context.text(.photoNumber(number, photos.count)))
            html += "<div class=\"lightbox\" id=\"photo-\(number)\" role=\"dialog\" aria-label=\"\(label)\">"
            html += "<a class=\"lb-close\" href=\"#media\" aria-label=\"\(close)\">×</a>"
            html += "<a class=\"lb-prev\" href=\"#photo-\(previous)\" aria-label=\"\(HTML.escape(context.text(.previous)))\">‹</a>"
            html +=
                "<img class=\"full\" src=\"\(HTML.escape(url))\" alt=\"\(number == 1 ? described : context.text(.photoNumber(number, photos.count)))\" loading=\"lazy\">"
            html += "<a class=\"lb-next\" href=\"#photo-\(next)\" aria-label=\"\(HTML.escape(context.text(.next)))\">›</a>"
            html += "<span class=\"lb-count\">\(number) / \(photos.count)</span></div>\n"
        }
        return html + "</div>\n"
    }

    /// One row of the fields: the key as the file names it, and as the page calls it.
    struct FieldRow {
        var key: String
        var name: String
        var value: String
    }

    /// The kind's own keys this record has, as text, then the values it computes; keys and values
    /// by their labels in `language` where the kind gives them. Media and parent are shown elsewhere.
    static func fieldRows(_ record: Record, kind: Kind?, language: Language) -> [FieldRow] {
        let shownElsewhere: Set<String> = ["media", "parent"]
        let keys: [String]
        if let kind {
            keys = kind.fields.map(\.name).filter { !shownElsewhere.contains($0) && !Kind.commonKeys.contains($0) }
        } else {
            keys = record.document.keys.filter { !shownElsewhere.contains($0) && !Kind.commonKeys.contains($0) }
        }
        var rows: [FieldRow] = []
        for key in keys {
            guard let value = record.document.value(key) else { continue }
            let field = kind?.field(key)
            var text = Self.text(value)
            // A tick box reads as a word of the page's language, not as `true`.
            if case .bool(let yes) = value { text = SiteText(yes: yes).text(language) }
            if let field, field.allowedValues != nil, case .string(let raw) = value { text = field.shownValue(raw, language) }
            if isProvenance(key), case .string = value { text = shownValue(text) }
            if !text.isEmpty { rows.append(FieldRow(key: key, name: field?.shownName(language) ?? key, value: text)) }
        }
        for (field, value) in kind?.computedValues(of: record.document.root.resolved) ?? [] {
            rows.append(FieldRow(key: field.name, name: field.shownName(language), value: field.shownValue(value, language)))
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
