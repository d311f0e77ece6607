#if canImport(Glibc)
    import Glibc
#endif

/// Finds the `#tags` written in a record's body, the way Obsidian, Bear and Weibo users write them.
///
/// The rules, in the order they are applied:
///
/// - **Code is not text.** Lines inside a fenced code block (opened by three or more backticks
///   or tildes after at most three spaces, closed by the same character repeated at least as
///   often) and inline code spans (`` `…` ``, a run of backticks closed by a run of the same
///   length on the same line) never hold tags. Indented code blocks are not recognised: four
///   spaces also indent list items, and telling them apart needs a full Markdown parser.
/// - **Where a tag starts.** A `#` starts a tag at the start of a line, after whitespace, after
///   CJK text or CJK punctuation (`今天#工作`, `，#工作`), or after an opening bracket or quote
///   (`(#work)`, `「#工作」`) — but not after `](`, which is a Markdown link to an anchor. So a
///   URL fragment (`https://x.com/a#b`), an HTML entity (`&#123;`), `C#` and `\#escaped` are not tags.
/// - **What a tag holds.** Letters of any script, combining marks, digits, `_`, `-` and `/`
///   (nested tags such as `#project/folio`). It ends at whitespace, at any other punctuation or
///   symbol, ASCII or CJK (`，。！？、；：「」『』（）` …), or at the end of the line. A trailing
///   `-` or `/` is not part of it.
/// - **The paired form.** A `#` right after the tag closes it, so `#標籤#` works inside
///   unspaced Chinese: `今天#工作#很累` gives `工作`, and the closing `#` never starts another tag.
/// - **What is never a tag.** Markdown headings (`# Title`, `## x`: a `#` followed by a space or
///   by another `#`), a bare `#`, and names without a single letter: `#123` is a GitHub-style
///   issue reference and `#2026-11` a date, so a tag needs at least one letter.
public enum InlineTags {
    /// The inline tags of `body`, in the order they first appear, without `#`, each once
    /// (compared without case; the first spelling is kept).
    public static func extract(from body: String) -> [String] {
        var body = body
        return body.withUTF8 { extract(utf8: $0) }
    }

    /// The same for a body's UTF-8 bytes, which must be well formed. Lines are found byte by byte
    /// (a `\n` is never part of another character), fences by their ASCII marks; only a line that
    /// may hold a tag (``mayHoldTags(_:)``) is read scalar by scalar. ``extractReadingEveryLine(from:)``
    /// is its oracle.
    public static func extract(utf8 bytes: UnsafeBufferPointer<UInt8>) -> [String] {
        guard mayHoldTags(bytes), let base = bytes.baseAddress else { return [] }
        var found: [String] = []
        var fence: (marker: UInt8, length: Int)?
        var start = 0
        while true {
            let newline = memchr(base + start, 0x0A, bytes.count - start).map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) }
            let end = newline ?? bytes.count
            // A CRLF line without its CR, as a page written on Windows has them.
            let lineEnd = end > start && bytes[end - 1] == 0x0D ? end - 1 : end
            let line = UnsafeBufferPointer(rebasing: bytes[start..<lineEnd])
            if let open = fence {
                if let close = fenceRun(line), close.marker == open.marker, close.length >= open.length,
                    String(decoding: UnsafeBufferPointer(rebasing: line[close.end...]), as: UTF8.self).unicodeScalars.allSatisfy(
                        \.properties.isWhitespace)
                {
                    fence = nil
                }
            } else if let open = fenceRun(line), open.marker == UInt8(ascii: "~") || !line[open.end...].contains(UInt8(ascii: "`")) {
                fence = (open.marker, open.length)
            } else if mayHoldTags(line) {
                // A line without a backtick has no code span: its tags are read at each `#`, not
                // scalar by scalar over the whole line (a diary's paragraph is one long line).
                if let lineStart = line.baseAddress, memchr(lineStart, Int32(UInt8(ascii: "`")), line.count) == nil {
                    scan(bytes: line, into: &found)
                } else {
                    scan(Array(String(decoding: line, as: UTF8.self).unicodeScalars), into: &found)
                }
            }
            guard let newline else { break }
            start = newline + 1
        }
        return deduplicated(found)
    }

    /// ``extract(from:)`` reading every line scalar by scalar: the plain form of the rules, kept as
    /// the oracle of the byte-wise line pass (`InlineTagsTests`, the `inline-tags` fuzz harness).
    public static func extractReadingEveryLine(from body: String) -> [String] {
        guard body.utf8.contains(UInt8(ascii: "#")) else { return [] }
        var found: [String] = []
        // Lines split on scalars, a CRLF line without its CR: a Swift String holds CRLF as one
        // Character, which "\n" never matches, so a page written on Windows would be one line.
        var lines = body.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).makeIterator()
        var fence: (marker: UInt8, length: Int)?
        while let rawLine = lines.next() {
            let line = Array(rawLine.last == "\r" ? rawLine.dropLast() : rawLine)
            if let open = fence {
                if let close = fenceRun(line), close.marker == open.marker, close.length >= open.length,
                    line[close.end...].allSatisfy(\.properties.isWhitespace)
                {
                    fence = nil
                }
                continue
            }
            if let open = fenceRun(line), open.marker == UInt8(ascii: "~") || !line[open.end...].contains("`") {
                fence = (open.marker, open.length)
                continue
            }
            scan(line, into: &found)
        }
        return deduplicated(found)
    }

    /// Whether the UTF-8 `bytes` may hold a tag: a `#` followed by a byte that can begin a tag's
    /// name (a letter or digit, `_`, `-`, `/`, or any non-ASCII byte). A heading's `## Conversation`,
    /// a bare `#` and `#` before punctuation cannot: such a body has no tags, known without the
    /// scalar-by-scalar reading ``extract(from:)`` does. `false` always means ``extract(from:)``
    /// finds none (its fuzz harness and tests hold it to that).
    public static func mayHoldTags(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        var start = 0
        while start < bytes.count, let found = memchr(base + start, Int32(UInt8(ascii: "#")), bytes.count - start) {
            let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            guard index + 1 < bytes.count else { return false }
            if canBeginName(bytes[index + 1]) { return true }
            start = index + 1
        }
        return false
    }

    /// Whether a tag's name may begin with this byte (see ``isTagScalar(_:)``; every non-ASCII
    /// byte may lead a letter of another script).
    private static func canBeginName(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x80...: true
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        case UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "/"): true
        default: false
        }
    }

    /// `first` then `second`, each tag once, compared without case; the first spelling wins.
    public static func merge(_ first: [String], _ second: [String]) -> [String] {
        // Most records have no inline tag: their front matter's list is the answer, no copy made.
        second.isEmpty ? deduplicated(first) : deduplicated(first + second)
    }

    // MARK: - Scanning one line

    private static func scan(_ line: [Unicode.Scalar], into found: inout [String]) {
        for tag in tags(in: line) {
            var text = String.UnicodeScalarView()
            text.append(contentsOf: line[tag.name])
            found.append(String(text))
        }
    }

    /// Where each tag of a line outside a fence is: the index of its `#` and the range of its name.
    private static func tags(in line: [Unicode.Scalar]) -> [(hash: Int, name: Range<Int>)] {
        let code = codeMask(line)
        var found: [(hash: Int, name: Range<Int>)] = []
        var i = 0
        while i < line.count {
            guard line[i] == "#", !code[i], startsTag(line, at: i) else {
                i += 1
                continue
            }
            var end = i + 1
            while end < line.count, !code[end], isTagScalar(line[end]) { end += 1 }
            var last = end
            while last > i + 1, line[last - 1] == "-" || line[last - 1] == "/" { last -= 1 }
            guard line[(i + 1)..<last].contains(where: isNameLetter) else {
                i = max(end, i + 1)
                continue
            }
            found.append((i, (i + 1)..<last))
            // The paired form `#標籤#`: the closing `#` belongs to this tag.
            i = last == end && end < line.count && line[end] == "#" && !code[end] ? end + 1 : end
        }
        return found
    }

    // MARK: - Text folio did not write

    /// `text` (an AI's reply, before it goes into a page) made unable to change the page's tags:
    /// a backslash before every `#` that would start a tag (`\#beach` reads as the words, in folio
    /// and in Obsidian alike), and a closing fence after a fence the text leaves open, which would
    /// otherwise hide the tags of everything written after it. Lines and line breaks stay as they
    /// are; ``extract(from:)`` finds no tag in the result.
    public static func neutralised(_ text: String) -> String {
        guard text.contains("#") || text.contains("```") || text.contains("~~~") else { return text }
        var fence: (marker: UInt8, length: Int)?
        var lines: [String] = []
        for rawLine in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false) {
            let hasCR = rawLine.last == "\r"
            var line = Array(hasCR ? rawLine.dropLast() : rawLine)
            if let open = fence {
                if let close = fenceRun(line), close.marker == open.marker, close.length >= open.length,
                    line[close.end...].allSatisfy(\.properties.isWhitespace)
                {
                    fence = nil
                }
            } else if let open = fenceRun(line), open.marker == UInt8(ascii: "~") || !line[open.end...].contains("`") {
                fence = (open.marker, open.length)
            } else {
                // Escaping one `#` can turn the next into a tag's start (`#標籤#很累`): again until none is.
                var found = tags(in: line)
                while !found.isEmpty {
                    for tag in found.reversed() { line.insert("\\", at: tag.hash) }
                    found = tags(in: line)
                }
            }
            var view = String.UnicodeScalarView()
            view.append(contentsOf: line)
            if hasCR { view.append("\r") }
            lines.append(String(view))
        }
        if let open = fence {
            let closing = String(repeating: Character(Unicode.Scalar(open.marker)), count: open.length)
            // Before the text's last line break when it ends with one, as the line's own.
            if lines.last == "" {
                lines.insert(closing + (text.hasSuffix("\r\n") ? "\r" : ""), at: lines.count - 1)
            } else {
                lines.append(closing)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// ``scan(_:into:)`` for a line of well-formed UTF-8 without a backtick (so without code),
    /// reading only around each `#`: the scalar before it, and the name after it.
    private static func scan(bytes line: UnsafeBufferPointer<UInt8>, into found: inout [String]) {
        guard let base = line.baseAddress else { return }
        var i = 0
        while i < line.count, let hash = memchr(base + i, Int32(UInt8(ascii: "#")), line.count - i) {
            let index = base.distance(to: hash.assumingMemoryBound(to: UInt8.self))
            guard startsTag(bytes: line, at: index) else {
                i = index + 1
                continue
            }
            var end = index + 1
            var hasLetter = false
            while end < line.count {
                let (scalar, length) = scalarAt(line, end)
                guard isTagScalar(scalar) else { break }
                end += length
            }
            var last = end
            while last > index + 1, line[last - 1] == UInt8(ascii: "-") || line[last - 1] == UInt8(ascii: "/") { last -= 1 }
            var at = index + 1
            while at < last, !hasLetter {
                let (scalar, length) = scalarAt(line, at)
                hasLetter = isNameLetter(scalar)
                at += length
            }
            guard hasLetter else {
                i = max(end, index + 1)
                continue
            }
            found.append(String(decoding: UnsafeBufferPointer(rebasing: line[(index + 1)..<last]), as: UTF8.self))
            i = last == end && end < line.count && line[end] == UInt8(ascii: "#") ? end + 1 : end
        }
    }

    /// The scalar whose first byte is at `index` of well-formed UTF-8, and its length.
    private static func scalarAt(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> (Unicode.Scalar, Int) {
        let lead = bytes[index]
        let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        var value = length == 1 ? UInt32(lead) : UInt32(lead) & (0xFF >> (length + 1))
        for offset in 1..<max(1, length) where index + offset < bytes.count {
            value = value << 6 | UInt32(bytes[index + offset] & 0x3F)
        }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }

    /// ``startsTag(_:at:)`` on the bytes of a line without code.
    private static func startsTag(bytes line: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        guard index > 0 else { return true }
        var start = index - 1
        while start > 0, line[start] & 0xC0 == 0x80 { start -= 1 }
        // A `(` is one byte: the character before it ends at `index - 2`, and is `]` only as that byte.
        return startsTag(after: scalarAt(line, start).0, afterBracket: index >= 2 && line[index - 2] == UInt8(ascii: "]"))
    }

    /// Whether the `#` at `index` may start a tag, judged by the character before it.
    private static func startsTag(_ line: [Unicode.Scalar], at index: Int) -> Bool {
        guard index > 0 else { return true }
        return startsTag(after: line[index - 1], afterBracket: index >= 2 && line[index - 2] == "]")
    }

    /// Whether a `#` after `before` may start a tag; `afterBracket`: the character before
    /// `before` is `]` (so `[text](#anchor)` is a link to a heading, not a tag).
    static func startsTag(after before: Unicode.Scalar, afterBracket: Bool) -> Bool {
        // ASCII, most of what is read, without Unicode's tables: whitespace, or `(`, `[`, `{`.
        guard before.isASCII else { return startsTagByProperties(after: before, afterBracket: afterBracket) }
        switch before {
        case " ", "\t", "\n", "\u{0B}", "\u{0C}", "\r", "[", "{": return true
        case "(": return !afterBracket
        default: return false
        }
    }

    /// ``startsTag(after:afterBracket:)`` by Unicode's properties alone: the rule, and the oracle
    /// of its ASCII answers (`InlineTagsTests`).
    static func startsTagByProperties(after before: Unicode.Scalar, afterBracket: Bool) -> Bool {
        if before.properties.isWhitespace || CJK.contains(before) { return true }
        switch before.properties.generalCategory {
        case .openPunctuation, .initialPunctuation: return !(before == "(" && afterBracket)
        default: return false
        }
    }

    /// A letter, not a combining mark that Unicode also calls alphabetic (`#-\u{1DE5}`): a tag's
    /// name holds at least one.
    static func isNameLetter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? isASCIILetter(scalar.value) : isNameLetterByProperties(scalar)
    }

    /// ``isNameLetter(_:)`` by Unicode's properties alone (its oracle for ASCII).
    static func isNameLetterByProperties(_ scalar: Unicode.Scalar) -> Bool {
        let category = scalar.properties.generalCategory
        return scalar.properties.isAlphabetic && !isDigit(scalar)
            && category != .nonspacingMark && category != .spacingMark && category != .enclosingMark
    }

    /// Letters, marks and digits of any script, and `_`, `-`, `/`.
    static func isTagScalar(_ scalar: Unicode.Scalar) -> Bool {
        // ASCII's letters are Lu and Ll, its digits Nd, and nothing else of it is a letter, mark or number.
        guard scalar.isASCII else { return isTagScalarByProperties(scalar) }
        return isASCIILetter(scalar.value) || (0x30...0x39).contains(scalar.value) || scalar == "_" || scalar == "-" || scalar == "/"
    }

    /// ``isTagScalar(_:)`` by Unicode's properties alone (its oracle for ASCII).
    static func isTagScalarByProperties(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == "_" || scalar == "-" || scalar == "/" { return true }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber:
            return true
        default:
            return false
        }
    }

    private static func isASCIILetter(_ value: UInt32) -> Bool {
        (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value)
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .decimalNumber
    }

    // MARK: - Code

    /// A line that opens or closes a fence: at most three spaces, then three or more ` or ~. The
    /// line as bytes or as scalars (`ascii` gives an element's ASCII byte, 0 for any other): the
    /// marks are ASCII, so both count to `end` alike.
    private static func fenceRun<Line: RandomAccessCollection<Element>, Element>(_ line: Line, ascii: (Element) -> UInt8)
        -> (marker: UInt8, length: Int, end: Int)? where Line.Index == Int
    {
        var i = line.startIndex
        while i < line.endIndex, i - line.startIndex < 3, ascii(line[i]) == 0x20 { i += 1 }
        guard i < line.endIndex, ascii(line[i]) == UInt8(ascii: "`") || ascii(line[i]) == UInt8(ascii: "~") else { return nil }
        let marker = ascii(line[i])
        var end = i
        while end < line.endIndex, ascii(line[end]) == marker { end += 1 }
        return end - i >= 3 ? (marker, end - i, end) : nil
    }

    private static func fenceRun(_ line: UnsafeBufferPointer<UInt8>) -> (marker: UInt8, length: Int, end: Int)? {
        fenceRun(line) { $0 }
    }

    private static func fenceRun(_ line: [Unicode.Scalar]) -> (marker: UInt8, length: Int, end: Int)? {
        fenceRun(line) { $0.isASCII ? UInt8(truncatingIfNeeded: $0.value) : 0 }
    }

    /// Which scalars of `line` are inside an inline code span, backticks included.
    private static func codeMask(_ line: [Unicode.Scalar]) -> [Bool] {
        var mask = [Bool](repeating: false, count: line.count)
        guard line.contains("`") else { return mask }
        var i = 0
        while i < line.count {
            guard line[i] == "`" else {
                i += 1
                continue
            }
            var openEnd = i
            while openEnd < line.count, line[openEnd] == "`" { openEnd += 1 }
            let length = openEnd - i
            // The closing run has exactly the same length; without one the backticks are plain text.
            var j = openEnd
            var closeEnd: Int?
            while j < line.count {
                guard line[j] == "`" else {
                    j += 1
                    continue
                }
                var runEnd = j
                while runEnd < line.count, line[runEnd] == "`" { runEnd += 1 }
                if runEnd - j == length {
                    closeEnd = runEnd
                    break
                }
                j = runEnd
            }
            if let closeEnd {
                for k in i..<closeEnd { mask[k] = true }
                i = closeEnd
            } else {
                i = openEnd
            }
        }
        return mask
    }

    /// `tags` without empty names and without a name met before, compared without case.
    ///
    /// A record has a handful of tags: each is compared with those before it, and when none is
    /// dropped the same array is given back. ``deduplicatedBySet(_:)`` is its oracle (`InlineTagsTests`).
    static func deduplicated(_ tags: [String]) -> [String] {
        if tags.count < 2 { return tags.first?.isEmpty == true ? [] : tags }
        guard tags.count <= 16 else { return deduplicatedBySet(tags) }
        var dropped: UInt16 = 0
        for i in tags.indices {
            if tags[i].isEmpty || (0..<i).contains(where: { !tags[$0].isEmpty && sameIgnoringCase(tags[$0], tags[i]) }) {
                dropped |= 1 << i
            }
        }
        if dropped == 0 { return tags }
        return tags.indices.compactMap { dropped & (1 << $0) == 0 ? tags[$0] : nil }
    }

    /// `a.lowercased() == b.lowercased()`, without making either while both are ASCII (lowercasing
    /// keeps ASCII's length, and nothing else lowercases to nothing): at the first byte past ASCII
    /// the rule itself decides (the Kelvin sign lowercases to `k`).
    static func sameIgnoringCase(_ a: String, _ b: String) -> Bool {
        var a = a
        var b = b
        let asASCII = a.withUTF8 { left in b.withUTF8 { right in sameIgnoringASCIICase(left, right) } }
        return asASCII ?? (a.lowercased() == b.lowercased())
    }

    /// Whether two names are the same without case while both are ASCII; nil at the first byte past
    /// ASCII in either, where only Unicode's lower-casing can tell.
    private static func sameIgnoringASCIICase(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool? {
        let shared = min(left.count, right.count)
        for i in 0..<shared {
            let x = left[i]
            let y = right[i]
            guard x < 0x80, y < 0x80 else { return nil }
            // ASCII letters differ from their capitals in bit 5 alone.
            if x != y && !(x | 0x20 == y | 0x20 && (0x61...0x7A).contains(x | 0x20)) { return false }
        }
        if left.count == right.count { return true }
        // The longer one's next byte: ASCII lowercases to one byte, so they differ; past ASCII, ask Unicode.
        let next = left.count > right.count ? left[shared] : right[shared]
        return next < 0x80 ? false : nil
    }

    /// ``deduplicated(_:)`` by a set of lower-cased names: its oracle, and its way past sixteen tags.
    static func deduplicatedBySet(_ tags: [String]) -> [String] {
        var seen = Set<String>()
        var out: [String] = []
        for tag in tags where !tag.isEmpty && seen.insert(tag.lowercased()).inserted {
            out.append(tag)
        }
        return out
    }
}

extension Record {
    /// The front matter `tags`, then the body's inline `#tags` (``InlineTags``), each once:
    /// compared without case, the first spelling kept.
    public var allTags: [String] {
        InlineTags.merge(tags, InlineTags.extract(from: document.body))
    }
}
