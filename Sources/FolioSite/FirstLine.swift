import FolioCore
import Foundation
import Markdown

/// The line of a record the list shows under its title: the first line of its page with text in
/// it (media links, headings' marks and emphasis left out), else its `text`, question or answer.
public enum FirstLine {
    static let maxCharacters = 140

    static func of(_ record: Record) -> String {
        if let line = ofPage(record.document.body) { return line }
        // A question is usually its record's title: the list then shows its answer, not the question twice.
        let title = record.title.trimmingCharacters(in: .whitespacesAndNewlines)
        for key in ["text", "question", "answer"] {
            if let value = record.document.string(key)?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty, value != title {
                return clipped(value.split(whereSeparator: \.isNewline).first.map(String.init) ?? value)
            }
        }
        return ""
    }

    /// The first line of `body` with text in it, as the list shows it; nil when it has none.
    ///
    /// Only the text before a conversation's heading counts (``Conversation/split(_:)``'s `before`):
    /// the lines are read up to that heading, and the conversation is never parsed.
    public static func ofPage(_ body: String) -> String? {
        let mayHaveHeading = mayHaveConversation(body)
        var inFence = false
        // Line by line, stopping at the first with text: a long page is not cut into all its lines.
        // A line ends at a `\n` byte; a `\r` before it is not part of it (a `\r\n` is one line break).
        var rest = Substring(body)
        while !rest.isEmpty {
            let newline = rest.utf8.firstIndex(of: UInt8(ascii: "\n"))
            var raw = rest[..<(newline ?? rest.endIndex)]
            rest = newline.map { rest[rest.utf8.index(after: $0)...] } ?? rest[rest.endIndex...]
            if newline != nil, raw.utf8.last == UInt8(ascii: "\r") { raw = raw[..<raw.utf8.index(before: raw.endIndex)] }
            if raw.isEmpty { continue }
            if mayHaveHeading, raw.utf8.first == UInt8(ascii: "#"), Conversation.headingLanguage(String(raw)) != nil { return nil }
            var line = trimmed(raw)
            if line.hasPrefix("```") || line.hasPrefix("~~~") {
                inFence.toggle()
                continue
            }
            if inFence || line.isEmpty || line.hasPrefix("![") || line.hasPrefix("<") || line.hasPrefix("---") { continue }
            line = withoutLinkTargets(String(line.drop { "#>-*+ ".contains($0) }))
            // A wikilink shows its text, as on the page: `[[Bob|him]]` as `him`; an embed nothing.
            line = Wikilinks.rewrite(line) { $0.isEmbed ? "" : MarkdownHTML.label(of: $0) }
            if line.utf8.contains(where: { $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "`") }) {
                line = line.replacingOccurrences(of: "**", with: "").replacingOccurrences(of: "__", with: "")
                    .replacingOccurrences(of: "`", with: "")
            }
            if line.isEmpty { continue }
            return clipped(line)
        }
        return nil
    }

    /// `[text](target)` and `![text](target)` as `text`: what the regular expression
    /// `!?\[([^\]]*)\]\([^)]*\)` replaced with `$1` gives (the differential test holds it to
    /// that), in one pass. The expression itself took minutes on a line of repeated `![a](`.
    public static func withoutLinkTargets(_ text: String) -> String {
        guard contains(text, "](") else { return text }
        let bytes = Array(text.utf8)
        let count = bytes.count
        // Where the next `]` and the next `)` are, at or after each byte: each `[` then finds its
        // possible ending in constant time.
        var nextBracket = [Int](repeating: count, count: count + 1)
        var nextParen = [Int](repeating: count, count: count + 1)
        var index = count - 1
        while index >= 0 {
            nextBracket[index] = bytes[index] == UInt8(ascii: "]") ? index : nextBracket[index + 1]
            nextParen[index] = bytes[index] == UInt8(ascii: ")") ? index : nextParen[index + 1]
            index -= 1
        }
        var out: [UInt8] = []
        out.reserveCapacity(count)
        var at = 0
        while at < count {
            let bang = bytes[at] == UInt8(ascii: "!") && at + 1 < count && bytes[at + 1] == UInt8(ascii: "[")
            let open = bang ? at + 1 : at
            if bytes[open] == UInt8(ascii: "[") {
                let close = nextBracket[open + 1]
                if close + 1 < count, bytes[close + 1] == UInt8(ascii: "(") {
                    let end = nextParen[close + 2]
                    if end < count {
                        out.append(contentsOf: bytes[(open + 1)..<close])
                        at = end + 1
                        continue
                    }
                }
            }
            out.append(bytes[at])
            at += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether `body` may hold a conversation (its heading is somewhere in it): most bodies do not,
    /// and are not split into lines to find out.
    static func mayHaveConversation(_ body: String) -> Bool {
        Language.allCases.contains { contains(body, Conversation.heading($0)) }
    }

    /// Whether `text` holds `part`, compared byte for byte.
    static func contains(_ text: String, _ part: String) -> Bool {
        let needle = Array(part.utf8)
        guard let first = needle.first else { return true }
        var text = text
        return text.withUTF8 { hay in
            guard hay.count >= needle.count else { return false }
            var i = 0
            while i <= hay.count - needle.count {
                if hay[i] == first {
                    var j = 1
                    while j < needle.count && hay[i + j] == needle[j] { j += 1 }
                    if j == needle.count { return true }
                }
                i += 1
            }
            return false
        }
    }

    /// `line` without the spaces and tabs around it (what `trimmingCharacters(in: .whitespaces)` leaves).
    static func trimmed(_ line: Substring) -> String {
        // Only tab, space and separators (U+00A0: C2; U+1680: E1; U+2000… U+205F: E2; U+3000: E3) can be trimmed.
        let first = line.utf8.first ?? 0
        let last = line.utf8.last ?? 0
        if !(first == 0x09 || first == 0x20 || (0xC2...0xE3).contains(first)), !(last == 0x09 || last == 0x20 || last >= 0x80) {
            return String(line)
        }
        func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            scalar == " " || scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
        }
        var scalars = line.unicodeScalars[...]
        while let first = scalars.first, isSpace(first) { scalars.removeFirst() }
        while let last = scalars.last, isSpace(last) { scalars.removeLast() }
        return String(String.UnicodeScalarView(scalars))
    }

    private static func clipped(_ line: String) -> String {
        line.count > maxCharacters ? String(line.prefix(maxCharacters)) + "…" : line
    }
}
