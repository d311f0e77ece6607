import Foundation
import Markdown

/// Titles made from a page's words, as a reader sees them: the same rule for a diary typed at the
/// terminal, in the browser or in an editor, and for every importer (Day One, jrnl, JSON, the inbox).
public enum TitleText {
    /// A first line fit for a title: Markdown heading marks, images (a Day One photo's
    /// `![](dayone-moment://…)`) and backslash escapes (`\*`, Day One's `\.`) gone, a link as its text, at most `limit`
    /// characters (then `…`, unless `ellipsis` is false). A line that is only images gives way to the next.
    public static func firstLine(of text: String, limit: Int, ellipsis: Bool = true) -> String? {
        for line in text.split(separator: "\n") {
            var candidate = line.trimmingCharacters(in: .whitespaces)
            // A heading's marks (`## Evening`), not a tag that starts the line (`#rain`).
            let marks = candidate.prefix { $0 == "#" }
            if (1...6).contains(marks.count), candidate.dropFirst(marks.count).first?.isWhitespace ?? true {
                candidate = String(candidate.dropFirst(marks.count))
            }
            candidate = shownText(candidate)
            if candidate.isEmpty { continue }
            guard candidate.count > limit else { return candidate }
            return String(candidate.prefix(limit)).trimmingCharacters(in: .whitespaces) + (ellipsis ? "…" : "")
        }
        return nil
    }

    /// `line` as a reader sees it: `![alt](dest)` and `![[embed]]` gone, `[text](dest)` as its
    /// text, a wikilink as Obsidian shows it (`[[Bob|him]]` is him, `[[notes/Bob#Home]]` Bob),
    /// backslash escapes read, blanks between words made one. The links are the ones the
    /// libraries find (``Wikilinks``, then cmark's ``MarkdownLinks``), so a link in a code span
    /// stays as written. Only the first 2,048 characters are read: a title is far shorter.
    public static func shownText(_ line: String) -> String {
        let named = Wikilinks.rewrite(String(line.prefix(2_048))) { link in
            link.isEmbed ? "" : link.display ?? String(link.path.split(separator: "/").last ?? Substring(link.path))
        }
        let utf8 = Array(named.utf8)
        var shown = ""
        var copied = 0
        for (link, bytes) in MarkdownLinks.located(in: named) {
            // An image inside a link goes with the link's text.
            guard let bytes, bytes.lowerBound >= copied else { continue }
            shown += unescaped(String(decoding: utf8[copied..<bytes.lowerBound], as: UTF8.self))
            if !link.isImage { shown += link.text }
            copied = bytes.upperBound
        }
        shown += unescaped(String(decoding: utf8[copied...], as: UTF8.self))
        return shown.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    }

    /// `text` without Markdown's backslash escapes: a backslash before ASCII punctuation goes
    /// (`\*` reads `*`); any other stays, as a reader sees it (`C:\Users`).
    static func unescaped(_ text: String) -> String {
        var out = ""
        var escaping = false
        for character in text {
            if escaping {
                if !(character.isASCII && character.isPunctuation || character.isASCII && character.isSymbol) { out.append("\\") }
                out.append(character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                out.append(character)
            }
        }
        if escaping { out.append("\\") }
        return out
    }
}
