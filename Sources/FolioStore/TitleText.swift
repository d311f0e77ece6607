import Foundation

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
            candidate = shownText(unescaped(candidate))
            if candidate.isEmpty { continue }
            guard candidate.count > limit else { return candidate }
            return String(candidate.prefix(limit)).trimmingCharacters(in: .whitespaces) + (ellipsis ? "…" : "")
        }
        return nil
    }

    /// `line` as a reader sees it: `![alt](dest)` and `![[embed]]` gone, `[text](dest)` as its
    /// text, a wikilink as Obsidian shows it, blanks
    /// between words made one. Only the first 2,048 characters are read: a title is far shorter.
    public static func shownText(_ line: String) -> String {
        let characters = Array(line.prefix(2_048))
        var shown = ""
        var index = 0
        while index < characters.count {
            let isImage = characters[index] == "!" && index + 1 < characters.count && characters[index + 1] == "["
            let open = isImage ? index + 1 : index
            // A wikilink as Obsidian shows it: `[[Bob|him]]` is him, `[[notes/Bob#Home]]` Bob; an embed is gone.
            if open + 1 < characters.count, characters[open] == "[", characters[open + 1] == "[",
                let close = characters[(open + 2)...].firstIndex(of: "]"), close + 1 < characters.count, characters[close + 1] == "]",
                !characters[(open + 2)..<close].contains("[")
            {
                let inner = String(characters[(open + 2)..<close])
                let parts = inner.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
                if !isImage {
                    let target = parts[0].split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
                    shown += parts.count > 1 ? String(parts[1]) : String(target.split(separator: "/").last ?? target)
                }
                index = close + 2
                continue
            }
            if characters[open] == "[", let close = characters[(open + 1)...].firstIndex(of: "]"), close + 1 < characters.count,
                characters[close + 1] == "(", let end = characters[(close + 2)...].firstIndex(of: ")")
            {
                if !isImage { shown += String(characters[(open + 1)..<close]) }
                index = end + 1
                continue
            }
            shown.append(characters[index])
            index += 1
        }
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
