/// An Obsidian wikilink in a Markdown text: `[[Bob]]`, `[[Bob|shown text]]`, `[[Bob#heading]]`,
/// `[[manual.pdf]]`, or an embed `![[photo.png|200]]`.
public struct Wikilink: Sendable, Equatable {
    /// Exactly as written, `!` included for an embed: `![[photo.png|200]]`.
    public var written: String
    public var isEmbed: Bool
    /// What it names, without the `#…` part: `Bob`, `photo.png`, `attachments/manual.pdf`.
    public var path: String
    /// What follows `#` (a heading, `^block`, `page=3`), when written.
    public var fragment: String?
    /// What follows `|`: the text shown, or for an embed a size (`200`, `200x100`).
    public var display: String?
    /// 1-based line of the text where it starts.
    public var line: Int

    /// The size hint of an embed (`200`, `200x100`): what follows `|` when it is one.
    public var size: String? {
        guard let display else { return nil }
        let parts = display.split(separator: "x", maxSplits: 1, omittingEmptySubsequences: false)
        guard !parts.isEmpty, parts.allSatisfy({ !$0.isEmpty && $0.utf8.count <= 6 && $0.allSatisfy { $0.isASCII && $0.isNumber } })
        else { return nil }
        return display
    }

    /// Whether it names a file rather than a note: its name ends in an extension (a dot and 1–8
    /// letters or digits, one a letter at least) other than `.md`. `[[Dr. Who]]` and `[[v1.2]]` name notes.
    public var namesFile: Bool {
        let ext = pathExtension
        return ext != "md" && (1...8).contains(ext.count) && ext.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
            && ext.contains { $0.isLetter }
    }

    /// The file extension of ``path`` (lower case, without the dot), empty when it has none.
    public var pathExtension: String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...]).lowercased()
    }
}

/// Finds and rewrites Obsidian's wikilinks, outside code (fenced blocks and code spans).
public enum Wikilinks {
    /// Whether `text` has `[[` anywhere, read as bytes (quick over a pasted log of 50 MB).
    public static func mayHold(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "[") && previous == UInt8(ascii: "[") { return true }
            previous = byte
        }
        return false
    }

    /// Every wikilink of `markdown`, in order. A wikilink stays on one line and holds no `[` or `]`.
    public static func links(in markdown: String) -> [Wikilink] {
        var found: [Wikilink] = []
        scan(markdown) { link, _ in found.append(link) }
        return found
    }

    /// `markdown` with each wikilink `replacement` gives a text for replaced by it; the rest stays byte for byte.
    public static func rewrite(_ markdown: String, _ replacement: (Wikilink) -> String?) -> String {
        guard mayHold(markdown) else { return markdown }
        var out = ""
        var last = markdown.startIndex
        scan(markdown) { link, range in
            guard let new = replacement(link) else { return }
            out += markdown[last..<range.lowerBound]
            out += new
            last = range.upperBound
        }
        return out + markdown[last...]
    }

    /// One wikilink's inner text (`Bob#heading|shown`) read into its parts.
    public static func parse(_ inner: Substring, isEmbed: Bool, written: String, line: Int) -> Wikilink? {
        let pieces = inner.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
        let target = pieces[0]
        let display = pieces.count > 1 ? String(pieces[1]).trimmingSpaces : nil
        let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(parts[0]).trimmingSpaces
        let fragment = parts.count > 1 ? String(parts[1]).trimmingSpaces : nil
        guard !path.isEmpty || fragment?.isEmpty == false else { return nil }
        return Wikilink(
            written: written, isEmbed: isEmbed, path: path, fragment: fragment, display: display?.isEmpty == true ? nil : display,
            line: line)
    }

    /// Calls `found` with each wikilink and its range in `markdown`, outside fenced code blocks and code spans.
    static func scan(_ markdown: String, _ found: (Wikilink, Range<String.Index>) -> Void) {
        guard mayHold(markdown) else { return }
        var fence: String?
        var lineNumber = 0
        var lineStart = markdown.startIndex
        while lineStart < markdown.endIndex || lineNumber == 0 {
            lineNumber += 1
            let lineEnd = markdown[lineStart...].firstIndex(of: "\n") ?? markdown.endIndex
            let line = markdown[lineStart..<lineEnd]
            let trimmed = line.drop { $0 == " " }
            let marker = trimmed.prefix { $0 == "`" || $0 == "~" }
            if line.count - trimmed.count <= 3, marker.count >= 3, Set(marker).count == 1 {
                if let open = fence {
                    if marker.hasPrefix(open) && trimmed.dropFirst(marker.count).allSatisfy({ $0 == " " }) { fence = nil }
                } else {
                    fence = String(marker)
                }
            } else if fence == nil {
                scanLine(line, number: lineNumber, found)
            }
            if lineEnd == markdown.endIndex { break }
            lineStart = markdown.index(after: lineEnd)
        }
    }

    /// One pass over the line: each search's answer is kept while it still holds, so a line of
    /// 100,000 `[` or backticks with nothing to close them costs one scan, not one per character.
    private static func scanLine(_ line: Substring, number: Int, _ found: (Wikilink, Range<String.Index>) -> Void) {
        var index = line.startIndex
        // The first `]]` at or after where it was last looked for from; none when `noClose`.
        var close: Range<String.Index>?
        var noClose = false
        func firstClose(from start: String.Index) -> Range<String.Index>? {
            if let close, close.lowerBound >= start { return close }
            if noClose { return nil }
            close = line[start...].firstRange(of: "]]")
            noClose = close == nil
            return close
        }
        // Backtick runs of these lengths have no closing run after where they were looked for.
        var unclosedRuns = Set<Int>()
        while index < line.endIndex {
            let character = line[index]
            if character == "`" {
                // A code span: the same number of backticks closes it on this line; else they are text.
                let run = line[index...].prefix { $0 == "`" }
                let after = run.endIndex
                if !unclosedRuns.contains(run.count), let close = line[after...].firstRange(of: run) {
                    index = close.upperBound
                    continue
                }
                unclosedRuns.insert(run.count)
                index = after
                continue
            }
            if character == "\\" {
                index = line.index(after: index)
                if index < line.endIndex { index = line.index(after: index) }
                continue
            }
            if line[index...].hasPrefix("[["), let close = firstClose(from: line.index(index, offsetBy: 2)) {
                let innerStart = line.index(index, offsetBy: 2)
                let inner = line[innerStart..<close.lowerBound]
                if let lastOpen = inner.lastIndex(of: "[") {
                    // Only a `[[` after the last `[` before this `]]` can be a link: go there at once,
                    // unless a code span or an escape lies between.
                    let next = line.index(before: lastOpen)
                    if next > index, !line[index..<next].contains(where: { $0 == "`" || $0 == "\\" }) {
                        index = next
                        continue
                    }
                } else if !inner.isEmpty {
                    let isEmbed = index > line.startIndex && line[line.index(before: index)] == "!"
                    let start = isEmbed ? line.index(before: index) : index
                    let written = String(line[start..<close.upperBound])
                    if let link = parse(inner, isEmbed: isEmbed, written: written, line: number) {
                        found(link, start..<close.upperBound)
                    }
                    index = close.upperBound
                    continue
                }
            }
            index = line.index(after: index)
        }
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return String(text)
    }
}
