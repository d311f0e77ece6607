import CUTF8
import YAML

#if canImport(Glibc)
    import Glibc
#endif

/// The catalog's fast reader: a record's ``RecordSummary`` read in one pass over the file's bytes,
/// without libyaml, for the front matter as folio and most people write it.
///
/// It knows a small part of YAML and declines everything else: top-level `key: value` lines with
/// plain-word keys; plain, single- and double-quoted scalars on one line; flow sequences and flow
/// mappings on one line (`[a, "b"]`, `{place: Taipei}`); block sequences and block mappings nested
/// under keys (the `media` list); literal and folded block scalars under keys the summary does not
/// read; a mapping's plain value wrapped over the lines after it, as people wrap a long title by
/// hand; comments and blank lines. Anchors, aliases, tags, other values over several lines (but block
/// collections and skipped block scalars), tabs, explicit keys, duplicate keys, text libyaml would
/// refuse, and anything past the ``FrontMatterLimits`` are declined, and the caller reads the file
/// with ``FrontMatterDocument`` instead.
public enum CatalogFrontMatter {
    /// The summary of the record in `bytes`, or nil when this reader cannot vouch for it.
    ///
    /// The contract: a non-nil answer is exactly
    /// `RecordSummary(Record(path: path, document: try FrontMatterDocument(parsing: text, limits: limits)))`
    /// where `text` is `bytes` as a string. nil means "use the full parser": the file is not valid
    /// UTF-8, has no front matter or one that does not close within `bytes`, is damaged, or is written
    /// in YAML this reader does not read. The full parser then gives the record or the precise error.
    ///
    /// `bytes` may be a prefix of the file (the catalog reads only as far as it searches); the body's
    /// inline tags are then those of the prefix, as they are for the full parser given the same text.
    public static func summary(path: String, bytes: UnsafeBufferPointer<UInt8>, limits: FrontMatterLimits) -> RecordSummary? {
        fields(bytes: bytes, limits: limits)?.summary(path: path, bytes: bytes)
    }

    /// The same answer with its texts left where they lie in `bytes` (``Fields``): what the catalog
    /// writes into its rows without making a string of each id, title and time.
    public static func fields(bytes: UnsafeBufferPointer<UInt8>, limits: FrontMatterLimits) -> Fields? {
        // The open keys live on the stack: no allocation a record for them.
        withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: Reader.maxOpenKeys) { openKeys in
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: Reader.maxLines) { lineStarts in
                summaryFields(bytes: bytes, limits: limits, openKeys: openKeys, lineStarts: lineStarts)
            }
        }
    }

    /// ``fields(bytes:limits:)`` with its reader's room on the stack.
    private static func summaryFields(
        bytes: UnsafeBufferPointer<UInt8>, limits: FrontMatterLimits, openKeys: UnsafeMutableBufferPointer<Range<Int>>,
        lineStarts: UnsafeMutableBufferPointer<Int32>
    ) -> Fields? {
        var reader = Reader(bytes: bytes, limits: limits, openKeys: openKeys, lineStarts: lineStarts)
        do throws(Declined) {
            // Every byte is checked to be UTF-8 at once, front matter and body (one call of
            // simdjson); the front matter's lines then need only look for what YAML refuses.
            guard isValidUTF8(bytes) else { return nil }
            let bodyStart = try reader.locate()
            try reader.readRoot()
            let bodyBytes = UnsafeBufferPointer(rebasing: bytes[bodyStart...])
            // The body's tags are read from its bytes in place: only a line that may hold one
            // (a conversation's `## 對話` cannot) is read scalar by scalar.
            let inlineTags = InlineTags.extract(utf8: bodyBytes)
            return reader.captured.fields(inlineTags: inlineTags, bytes: bytes)
        } catch {
            return nil
        }
    }

    /// A text of the front matter: where it lies in the bytes read, or its bytes once quotes and
    /// escapes are undone.
    public enum Text: Sendable, Hashable {
        case span(Range<Int>)
        case decoded([UInt8])

        /// `body` with the text's bytes (`bytes`: those the text was read from).
        public func withBytes<R>(in bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
            switch self {
            case .span(let range): body(UnsafeBufferPointer(rebasing: bytes[range]))
            case .decoded(let decoded): decoded.withUnsafeBufferPointer(body)
            }
        }

        public func string(in bytes: UnsafeBufferPointer<UInt8>) -> String {
            withBytes(in: bytes) { String(decoding: $0, as: UTF8.self) }
        }
    }

    /// A record's summary with its longer texts (id, title, parent, time) as ``Text``; the rest as
    /// ``RecordSummary`` has it.
    public struct Fields: Sendable {
        public var id: Text?
        public var kind: String?
        /// nil when the record has none: its title is then its file's stem.
        public var title: Text?
        public var parent: Text?
        /// `created`, else `modified`: as written, and what it says.
        public var sortTime: (text: Text, parts: Timestamp.Parts)?
        public var tags: [String]
        public var allTags: [String]
        public var aliases: [String]
        public var completion: RecordSummary.Completion

        /// The summary these fields are of, `bytes` being what they were read from.
        public func summary(path: String, bytes: UnsafeBufferPointer<UInt8>) -> RecordSummary {
            var summary = RecordSummary(
                path: path, id: id?.string(in: bytes), kind: kind, title: "", parent: parent?.string(in: bytes), tags: tags,
                allTags: allTags, sortTime: sortTime.map { Timestamp(text: $0.text.string(in: bytes), parts: $0.parts) },
                completion: completion, aliases: aliases)
            summary.title = title?.string(in: bytes) ?? summary.fileStem
            return summary
        }
    }

    /// Whether `bytes` are well-formed UTF-8 (what `String(validating:)` accepts), without making
    /// a string: simdjson's validator (`CUTF8`), some sixteen bytes an instruction. The table-driven
    /// automaton it replaced read 0.45 ns a byte, simdjson 0.08, and a first run checks every byte
    /// of every record. `String(validating:)` is its oracle (`CatalogFrontMatterTests`, the
    /// `front-matter` fuzz harness).
    public static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        return folio_utf8_is_valid(base, bytes.count)
    }

    /// Whether the eight bytes at `index` hold `byte`.
    @inline(__always)
    static func holds(_ byte: UInt8, _ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        firstOf(byte, or: byte, bytes, at: index) != nil
    }

    /// Where the first of the eight bytes at `index` that is `a` or `b` lies, from `index`; nil
    /// when none is. The lowest flagged byte is exact: a borrow only runs upwards, past a byte
    /// that matched.
    @inline(__always)
    static func firstOf(_ a: UInt8, or b: UInt8, _ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let word = UInt64(littleEndian: UnsafeRawPointer(base).loadUnaligned(fromByteOffset: index, as: UInt64.self))
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let x = word ^ (ones &* UInt64(a))
        let y = word ^ (ones &* UInt64(b))
        let flagged = ((x &- ones) & ~x | (y &- ones) & ~y) & highs
        return flagged == 0 ? nil : flagged.trailingZeroBitCount >> 3
    }

    /// The first offset from `start` whose byte may begin a character the front matter's reader
    /// refuses, in well-formed UTF-8: a control or DEL, or the lead byte of U+0080–U+00BF (C1
    /// controls), U+2000–U+2FFF (LS, PS) or U+F000–U+FFFF (the byte order mark, U+FFFE, U+FFFF);
    /// `bytes.count` when there is none. Sixteen bytes at a time: Han, kana and fullwidth text is
    /// passed over as fast as ASCII (a line's `\n` is a control, so it is flagged too).
    @inline(__always)
    static func flaggedByte(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = bytes.baseAddress else { return start }
        let raw = UnsafeRawPointer(base)
        // Compared with whole vectors, never a scalar: only that form compiles to SSE2 compares.
        let space = SIMD16<UInt8>(repeating: 0x20)
        let delete = SIMD16<UInt8>(repeating: 0x7F)
        let leads = (SIMD16<UInt8>(repeating: 0xC2), SIMD16<UInt8>(repeating: 0xE2), SIMD16<UInt8>(repeating: 0xEF))
        var index = start
        while bytes.count - index >= 16 {
            let v = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
            let flagged = (v .< space) .| (v .== delete) .| (v .== leads.0) .| (v .== leads.1) .| (v .== leads.2)
            if any(flagged) {
                // A flagged lane is all ones: the first is the lowest set byte of the two halves.
                let halves = unsafeBitCast(flagged, to: SIMD2<UInt64>.self)
                let low = UInt64(littleEndian: halves[0])
                let high = UInt64(littleEndian: halves[1])
                return index + (low != 0 ? low.trailingZeroBitCount >> 3 : 8 + high.trailingZeroBitCount >> 3)
            }
            index += 16
        }
        while index < bytes.count, !isFlagged(bytes[index]) { index += 1 }
        return index
    }

    @inline(__always)
    static func isFlagged(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xE2 || byte == 0xEF
    }
}

/// Why the fast reader stopped: always "ask the full parser", so it carries nothing.
private struct Declined: Error {}

/// What the summary needs of one top-level value.
private enum Captured {
    /// A scalar's text; `plain` when written without quotes (a plain `null` or `~` reads as no value).
    case scalar(CatalogFrontMatter.Text, plain: Bool)
    /// The texts of a sequence's scalar items, in order; nested collections left out, as `Record.tags` does.
    case sequence([CatalogFrontMatter.Text])
    /// A mapping: no text, no tags.
    case mapping
}

/// A top-level key the summary reads.
private enum Field {
    case id, kind, title, parent, created, modified, tags, done, aliases

    /// Which of the summary's keys `key` is, if any.
    init?(_ key: Slice<UnsafeBufferPointer<UInt8>>) {
        let key = UnsafeBufferPointer(rebasing: key)
        // By length, then bytes compared with memcmp: a generic comparison of each key the
        // reader meets with each name was a tenth of its time.
        switch key.count {
        case 2 where bytesEqual(key, "id"): self = .id
        case 4 where bytesEqual(key, "kind"): self = .kind
        case 4 where bytesEqual(key, "tags"): self = .tags
        case 4 where bytesEqual(key, "done"): self = .done
        case 5 where bytesEqual(key, "title"): self = .title
        case 6 where bytesEqual(key, "parent"): self = .parent
        case 7 where bytesEqual(key, "created"): self = .created
        case 7 where bytesEqual(key, "aliases"): self = .aliases  // Aliases.key
        case 8 where bytesEqual(key, "modified"): self = .modified
        default: return nil
        }
    }
}

/// Whether `bytes` are those of `word`.
private func bytesEqual(_ bytes: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
    guard bytes.count == word.utf8CodeUnitCount, let base = bytes.baseAddress else { return bytes.count == word.utf8CodeUnitCount }
    return memcmp(base, word.utf8Start, bytes.count) == 0
}

/// Whether two runs of `bytes` hold the same bytes.
private func bytesEqual(_ bytes: UnsafeBufferPointer<UInt8>, _ a: Range<Int>, _ b: Range<Int>) -> Bool {
    guard a.count == b.count, let base = bytes.baseAddress else { return a.count == b.count }
    return a.isEmpty || memcmp(base + a.lowerBound, base + b.lowerBound, a.count) == 0
}

/// The top-level keys the summary reads, as written.
private struct CapturedFields {
    var id: Captured?
    var kind: Captured?
    var title: Captured?
    var parent: Captured?
    var created: Captured?
    var modified: Captured?
    var tags: Captured?
    var done: Captured?
    var aliases: Captured?

    mutating func set(_ field: Field, _ value: Captured?) {
        switch field {
        case .id: id = value
        case .kind: kind = value
        case .title: title = value
        case .parent: parent = value
        case .created: created = value
        case .modified: modified = value
        case .tags: tags = value
        case .done: done = value
        case .aliases: aliases = value
        }
    }

    /// The same answers `Record` and `RecordSummary.init(_:)` give from a parsed document whose
    /// body holds `inlineTags` (``InlineTags/extract(from:)``).
    func fields(inlineTags: [String], bytes: UnsafeBufferPointer<UInt8>) -> CatalogFrontMatter.Fields {
        func string(_ text: CatalogFrontMatter.Text) -> String { text.string(in: bytes) }
        func isEmpty(_ text: CatalogFrontMatter.Text) -> Bool { text.withBytes(in: bytes) { $0.isEmpty } }
        let kind = Self.text(kind, bytes).map(string)
        let tags: [String] =
            switch tags {
            case .sequence(let items)?: Self.strings(items, bytes)
            case .scalar(let text, _)?: isEmpty(text) ? [] : TextRule.splitTags(string(text))
            default: []
            }
        let aliases: [String] =
            switch aliases {
            case .sequence(let items)?: Aliases.names(items: items.map(string))
            case .scalar?: Self.text(aliases, bytes).map { Aliases.names(text: string($0)) } ?? []
            default: []
            }
        let completion: RecordSummary.Completion
        if kind == "idea" || done != nil {
            completion =
                if case .scalar(let text, plain: true)? = done, text.withBytes(in: bytes, Self.isTrue) { .done } else { .open }
        } else {
            completion = .none
        }
        func time(_ value: Captured?) -> (text: CatalogFrontMatter.Text, parts: Timestamp.Parts)? {
            guard let text = Self.text(value, bytes),
                let parts = text.withBytes(in: bytes, { Timestamp.parts(of: UnsafeRawBufferPointer($0)) })
            else { return nil }
            return (text, parts)
        }
        let sortTime = time(created) ?? time(modified)
        return CatalogFrontMatter.Fields(
            id: Self.text(id, bytes), kind: kind, title: Self.text(title, bytes), parent: Self.text(parent, bytes),
            sortTime: sortTime, tags: tags, allTags: InlineTags.merge(tags, inlineTags), aliases: aliases, completion: completion)
    }

    /// The non-empty texts of `items` as strings, in one array made once.
    private static func strings(_ items: [CatalogFrontMatter.Text], _ bytes: UnsafeBufferPointer<UInt8>) -> [String] {
        var strings: [String] = []
        strings.reserveCapacity(items.count)
        for item in items {
            item.withBytes(in: bytes) { text in
                if !text.isEmpty { strings.append(String(decoding: text, as: UTF8.self)) }
            }
        }
        return strings
    }

    /// `FrontMatterDocument.string(_:)`: a scalar's text, unless it is a plain scalar that reads as null.
    private static func text(_ value: Captured?, _ bytes: UnsafeBufferPointer<UInt8>) -> CatalogFrontMatter.Text? {
        guard case .scalar(let text, let plain)? = value else { return nil }
        if plain && text.withBytes(in: bytes, isNull) { return nil }
        return text
    }

    /// The core schema's nulls (`Value.resolvePlain`).
    private static func isNull(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        text.isEmpty || bytesEqual(text, "~") || bytesEqual(text, "null") || bytesEqual(text, "Null") || bytesEqual(text, "NULL")
    }

    /// The core schema's `true` (`Value.resolvePlain`).
    private static func isTrue(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        bytesEqual(text, "true") || bytesEqual(text, "True") || bytesEqual(text, "TRUE")
    }
}

/// One line of the front matter.
private struct Line {
    /// Offset of its first byte.
    var start: Int
    /// Leading spaces.
    var indent: Int
    /// Offset just past its last character, before `\r\n` or `\n`.
    var end: Int
    /// Offset of the next line.
    var next: Int

    var content: Int { start + indent }
    var isBlank: Bool { content == end }
}

// Its helpers that only look at the bytes are static: as methods of this struct of some 300
// bytes, each call of one from a mutating method copied the reader whole (a tenth of its time).
private struct Reader {
    let bytes: UnsafeBufferPointer<UInt8>
    let limits: FrontMatterLimits
    /// Where the YAML text between the delimiter lines ends (`FrontMatterDocument.yamlEnd`); it
    /// starts where `cursor` starts.
    var yamlEnd = 0
    /// Start of the next line not read yet.
    var cursor = 0
    /// The line ``peek()`` found last (none at first).
    private var peeked = Line(start: -1, indent: 0, end: 0, next: 0)
    var nodes = 0
    /// Keys of the mappings open, outermost first, to find a duplicate key as libyaml's composer
    /// does: the first ``openKeyCount`` of room for ``maxOpenKeys`` (more open at once declines).
    let openKeys: UnsafeMutableBufferPointer<Range<Int>>
    var openKeyCount = 0
    static let maxOpenKeys = 512
    /// Where each of the YAML's first lines starts, and last where the closing delimiter's does:
    /// found once, by ``locate()``, which checks every character of every line on its way there.
    /// ``line(at:)`` then needs no search for a line's end. A longer front matter's later lines
    /// are looked for as they are read.
    let lineStarts: UnsafeMutableBufferPointer<Int32>
    var lineCount = 0
    /// The line ``line(at:)`` found last: the next one asked for is nearly always it or the one after.
    var lineHint = 0
    static let maxLines = 256
    var captured = CapturedFields()

    init(
        bytes: UnsafeBufferPointer<UInt8>, limits: FrontMatterLimits, openKeys: UnsafeMutableBufferPointer<Range<Int>>,
        lineStarts: UnsafeMutableBufferPointer<Int32>
    ) {
        self.bytes = bytes
        self.limits = limits
        self.openKeys = openKeys
        self.lineStarts = lineStarts
    }

    // MARK: - Delimiters and characters

    /// Finds the delimiter lines as `FrontMatterDocument.locate` does, checking every character of the
    /// YAML between them on the way; returns where the body starts.
    mutating func locate() throws(Declined) -> Int {
        var start = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
        guard let opening = Self.delimiterLine(bytes, at: start, dotsToo: false) else { throw Declined() }
        var lineStart = opening
        while lineStart < bytes.count {
            // Past the limit the full parser reports the size; the rest need not be read.
            guard lineStart - opening <= limits.maxBytes else { throw Declined() }
            // A line past what an Int32 holds (a limit raised past 2 GiB) is looked for as it is read.
            if lineCount < lineStarts.count, let recorded = Int32(exactly: lineStart) {
                lineStarts[lineCount] = recorded
                lineCount += 1
            }
            // A delimiter line starts with `-` or `.`; nearly every line is known not to be one by its first byte.
            let first = bytes[lineStart]
            if first == UInt8(ascii: "-") || first == UInt8(ascii: "."),
                let bodyStart = Self.delimiterLine(bytes, at: lineStart, dotsToo: true)
            {
                yamlEnd = lineStart
                cursor = opening
                return bodyStart
            }
            lineStart = try Self.checkedLine(bytes, from: lineStart)
        }
        throw Declined()  // not closed within the bytes given
    }

    /// The byte after a delimiter line (`---`, or `...` when `dotsToo`, then spaces, tabs or CRs) at `start`.
    private static func delimiterLine(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, dotsToo: Bool) -> Int? {
        guard start + 3 <= bytes.count else { return nil }
        let first = bytes[start]
        guard first == UInt8(ascii: "-") || (dotsToo && first == UInt8(ascii: ".")),
            bytes[start + 1] == first, bytes[start + 2] == first
        else { return nil }
        var index = start + 3
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0D { index += 1 }
        if index == bytes.count { return index }
        return bytes[index] == UInt8(ascii: "\n") ? index + 1 : nil
    }

    /// Checks the characters of the line at `start` and returns where the next begins.
    ///
    /// Declines what is not UTF-8, what libyaml's reader refuses (C0 and C1 controls, DEL, U+FFFE,
    /// U+FFFF), the line breaks libyaml knows and folio's line splitting does not (a lone CR, NEL,
    /// LS, PS), a byte order mark (skipped by libyaml at a line start), and tabs, whose place in
    /// YAML's indentation and separation rules this reader does not follow.
    private static func checkedLine(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) throws(Declined) -> Int {
        // The bytes are well-formed UTF-8 (``CatalogFrontMatter/fields(bytes:limits:)`` checked them
        // first): a sequence is whole, and its continuation bytes are never flagged.
        var index = start
        let count = bytes.count
        while true {
            index = CatalogFrontMatter.flaggedByte(bytes, from: index)
            guard index < count else { return count }
            switch bytes[index] {
            case 0x0A:
                return index + 1
            case 0x0D:
                guard index + 1 < count, bytes[index + 1] == 0x0A else { throw Declined() }
                return index + 2
            case 0xC2:
                guard bytes[index + 1] >= 0xA0 else { throw Declined() }  // C1 controls, NEL among them
            case 0xE2:
                let third = bytes[index + 2]
                guard !(bytes[index + 1] == 0x80 && (third == 0xA8 || third == 0xA9)) else { throw Declined() }  // LS, PS
            case 0xEF:
                let second = bytes[index + 1]
                let third = bytes[index + 2]
                // U+FEFF, then U+FFFE and U+FFFF.
                guard !(second == 0xBB && third == 0xBF), !(second == 0xBF && third >= 0xBE) else { throw Declined() }
            default:
                throw Declined()  // another control, a tab, DEL
            }
            index += 1
        }
    }

    // MARK: - Lines

    /// The line at `start` (inside the YAML, whose every line ends with `\n`).
    private mutating func line(at start: Int) -> Line {
        var index = start
        while index < yamlEnd, bytes[index] == 0x20 { index += 1 }
        let indent = index - start
        if let next = recordedLineStart(after: start) {
            // The `\n` just before the next line: at or past the indentation, which is only spaces.
            let newline = next - 1
            let end = newline > index && bytes[newline - 1] == 0x0D ? newline - 1 : newline
            return Line(start: start, indent: indent, end: end, next: next)
        }
        while yamlEnd - index >= 8, !CatalogFrontMatter.holds(0x0A, bytes, at: index) { index += 8 }
        while index < yamlEnd, bytes[index] != 0x0A { index += 1 }
        let next = min(index + 1, yamlEnd)
        let end = index > start + indent && bytes[index - 1] == 0x0D ? index - 1 : index
        return Line(start: start, indent: indent, end: end, next: next)
    }

    /// Where the line after the one at `start` starts, when ``locate()`` recorded both; nil when
    /// `start` is not a line it recorded, or its last.
    @inline(__always)
    private mutating func recordedLineStart(after start: Int) -> Int? {
        var i = lineHint
        if i >= lineCount || Int(lineStarts[i]) > start { i = 0 }
        while i < lineCount, Int(lineStarts[i]) < start { i += 1 }
        guard i + 1 < lineCount, Int(lineStarts[i]) == start else { return nil }
        lineHint = i
        return Int(lineStarts[i + 1])
    }

    /// The next line that holds more than spaces or a comment, without reading it; nil at the end.
    private mutating func peek() -> Line? {
        // A collection's loop and the value before it look at the same line: found once.
        if peeked.start == cursor { return peeked }
        while cursor < yamlEnd {
            let line = self.line(at: cursor)
            if line.isBlank || bytes[line.content] == UInt8(ascii: "#") {
                cursor = line.next
                continue
            }
            peeked = line
            return line
        }
        return nil
    }

    // MARK: - Block structure

    /// The root: nothing at all, or a block mapping whose keys start at the first column.
    mutating func readRoot() throws(Declined) {
        guard let first = peek() else { return }  // only comments: an empty mapping
        guard first.indent == 0 else { throw Declined() }
        try mapping(column: 0, depth: 1, firstEntry: nil, isRoot: true)
        guard peek() == nil else { throw Declined() }
    }

    /// A new collection: one more node, one level deeper.
    private mutating func enterCollection(depth: Int) throws(Declined) {
        nodes += 1
        guard nodes <= limits.maxNodes, depth <= limits.maxDepth else { throw Declined() }
    }

    private mutating func countScalar() throws(Declined) {
        nodes += 1
        guard nodes <= limits.maxNodes else { throw Declined() }
    }

    /// A block mapping whose keys start at `column`; `firstEntry` is a key already on the line of
    /// a sequence's `- `.
    private mutating func mapping(column: Int, depth: Int, firstEntry: (Line, Int)?, isRoot: Bool = false) throws(Declined) {
        try enterCollection(depth: depth)
        let outerKeys = openKeyCount
        var keyMarks: UInt64 = 0
        if let (line, start) = firstEntry {
            try entry(line, at: start, column: column, depth: depth, keysFrom: outerKeys, keyMarks: &keyMarks, isRoot: isRoot)
        }
        while let line = peek(), line.indent >= column {
            guard line.indent == column else { throw Declined() }
            try entry(line, at: line.content, column: column, depth: depth, keysFrom: outerKeys, keyMarks: &keyMarks, isRoot: isRoot)
        }
        openKeyCount = outerKeys
    }

    /// Adds `key` to the keys of the mapping whose keys start at `keysFrom` in ``openKeys``,
    /// declining a key met before in it, as libyaml's composer refuses it. `marks` holds a bit per
    /// key met (by its length and its first and last bytes): only a key whose bit is already set
    /// is compared with the others.
    private mutating func add(key: Range<Int>, keysFrom: Int, marks: inout UInt64) throws(Declined) {
        let mark: UInt64 = 1 << UInt64((key.count &* 7 &+ Int(bytes[key.lowerBound]) &* 3 &+ Int(bytes[key.upperBound - 1])) & 63)
        if marks & mark != 0 {
            for seen in keysFrom..<openKeyCount where bytesEqual(bytes, openKeys[seen], key) { throw Declined() }
        }
        guard openKeyCount < openKeys.count else { throw Declined() }
        marks |= mark
        openKeys.initializeElement(at: openKeyCount, to: key)
        openKeyCount += 1
    }

    /// One `key: value` entry of a block mapping whose keys start at `column`.
    private mutating func entry(
        _ line: Line, at start: Int, column: Int, depth: Int, keysFrom: Int, keyMarks: inout UInt64, isRoot: Bool
    ) throws(Declined) {
        guard let (key, valueStart) = Self.keyAt(bytes, start, in: line) else { throw Declined() }
        try add(key: key, keysFrom: keysFrom, marks: &keyMarks)
        try countScalar()
        let field = isRoot ? Field(bytes[key]) : nil
        let value = try value(
            line, at: valueStart, column: column, depth: depth + 1, indentlessSequence: true,
            capture: field != nil)
        guard let field else { return }
        captured.set(field, value)
    }

    /// `key:` at `start` followed by a space or the line's end: the key's bytes and where its value
    /// starts. Keys are plain words (letters, digits, `_`, `-`, `.`), short enough to be a simple key.
    private static func keyAt(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, in line: Line) -> (Range<Int>, Int)? {
        guard start < line.end, Self.isWordStart(bytes[start]) else { return nil }
        var index = start + 1
        while index < line.end, Self.isWordByte(bytes[index]) { index += 1 }
        let keyEnd = index
        while index < line.end, bytes[index] == 0x20 { index += 1 }
        guard index < line.end, bytes[index] == UInt8(ascii: ":"), index - start < 1_000 else { return nil }
        index += 1
        guard index == line.end || bytes[index] == 0x20 else { return nil }
        while index < line.end, bytes[index] == 0x20 { index += 1 }
        return (start..<keyEnd, index)
    }

    /// The value of a mapping entry or a sequence item whose text starts at `start` on `line` (past the
    /// key's `:` or the item's `-` and the spaces after it). `column` is the owning collection's.
    private mutating func value(
        _ line: Line, at start: Int, column: Int, depth: Int, indentlessSequence: Bool, capture: Bool
    ) throws(Declined) -> Captured? {
        if start == line.end || bytes[start] == UInt8(ascii: "#") {
            cursor = line.next
            return try blockValue(column: column, depth: depth, indentlessSequence: indentlessSequence, capture: capture)
        }
        switch bytes[start] {
        case UInt8(ascii: "|"), UInt8(ascii: ">"):
            // A block scalar's text is not read here: only skipped, under keys the summary ignores.
            guard !capture else { throw Declined() }
            try skipBlockScalar(line, at: start, column: column)
            return nil
        case UInt8(ascii: "["):
            let (items, after) = try flowSequence(line, at: start, depth: depth, capture: capture)
            try endOfLine(line, at: after)
            return capture ? .sequence(items) : nil
        case UInt8(ascii: "{"):
            try endOfLine(line, at: try flowMapping(line, at: start, depth: depth))
            return capture ? .mapping : nil
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            let (text, after) = try quoted(line, at: start, capture: capture)
            try endOfLine(line, at: after)
            return capture ? .scalar(text, plain: false) : nil
        default:
            let (text, commented) = try plain(line, at: start, capture: capture)
            cursor = line.next
            if indentlessSequence, !commented, let folded = try continuedPlain(text, column: column, capture: capture) {
                return capture ? .scalar(folded, plain: true) : nil
            }
            return capture ? .scalar(text, plain: true) : nil
        }
    }

    /// A mapping's plain value that goes on over the lines after it (`title: coffee 散步` then
    /// `  family 咖啡`), as people wrap a long title by hand: the lines deeper than `column` right
    /// after the first, each folded into one space. nil when the value ends on its line.
    ///
    /// Only the common layout: no blank or comment line inside, no comment, and each line starting
    /// as a plain scalar may (``startsPlain(_:at:end:)``); anything else declines.
    private mutating func continuedPlain(
        _ first: CatalogFrontMatter.Text, column: Int, capture: Bool
    ) throws(Declined) -> CatalogFrontMatter.Text? {
        var folded: [UInt8]?
        while cursor < yamlEnd {
            // Nearly always the next line starts no deeper than `column` and holds text: the value
            // has ended, known from its first bytes without reading the line.
            var content = cursor
            while content < yamlEnd, content - cursor <= column, bytes[content] == 0x20 { content += 1 }
            if content - cursor <= column, content < yamlEnd, bytes[content] != 0x0A, bytes[content] != 0x0D { break }
            let next = self.line(at: cursor)
            if next.isBlank {
                // Blank lines end the value unless more of it follows them (a line break kept in it).
                var after = next.next
                while after < yamlEnd {
                    let further = self.line(at: after)
                    if !further.isBlank {
                        guard further.indent <= column else { throw Declined() }
                        break
                    }
                    after = further.next
                }
                break
            }
            guard next.indent > column else { break }
            guard bytes[next.content] != UInt8(ascii: "#"), Self.startsPlain(bytes, at: next.content, end: next.end) else {
                throw Declined()
            }
            let (more, commented) = try plain(next, at: next.content, capture: capture, counted: false)
            guard !commented else { throw Declined() }
            if capture {
                if folded == nil { folded = first.withBytes(in: bytes) { Array($0) } }
                folded?.append(0x20)
                more.withBytes(in: bytes) { folded?.append(contentsOf: $0) }
            }
            cursor = next.next
        }
        guard let folded else { return nil }
        return .decoded(folded)
    }

    /// The value on the lines after a `key:` or `-` with nothing after it: a block collection indented
    /// deeper than `column`, a sequence at `column` itself under a key, or else an empty (null) scalar.
    private mutating func blockValue(column: Int, depth: Int, indentlessSequence: Bool, capture: Bool) throws(Declined) -> Captured? {
        if let line = peek() {
            if line.indent > column {
                if Self.isItem(bytes, line, at: line.content) {
                    return try sequence(column: line.indent, depth: depth, indentless: false, capture: capture)
                }
                try mapping(column: line.indent, depth: depth, firstEntry: nil)
                return capture ? .mapping : nil
            }
            if indentlessSequence && line.indent == column && Self.isItem(bytes, line, at: line.content) {
                return try sequence(column: column, depth: depth, indentless: true, capture: capture)
            }
        }
        try countScalar()
        return capture ? .scalar(.span(0..<0), plain: true) : nil
    }

    /// Whether `start` holds a block sequence's `-` (followed by a space or the line's end).
    private static func isItem(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Line, at start: Int) -> Bool {
        bytes[start] == UInt8(ascii: "-") && (start + 1 == line.end || bytes[start + 1] == 0x20)
    }

    /// A block sequence whose `-` stand at `column`; `indentless` when it is a key's value at the key's
    /// own column, where the next key ends it.
    private mutating func sequence(column: Int, depth: Int, indentless: Bool, capture: Bool) throws(Declined) -> Captured? {
        try enterCollection(depth: depth)
        var items: [CatalogFrontMatter.Text] = []
        if capture { items.reserveCapacity(4) }
        while let line = peek(), line.indent >= column {
            guard line.indent == column else { throw Declined() }
            guard Self.isItem(bytes, line, at: line.content) else {
                if indentless { break }
                throw Declined()
            }
            var start = line.content + 1
            while start < line.end, bytes[start] == 0x20 { start += 1 }
            if start < line.end, bytes[start] != UInt8(ascii: "#") {
                if Self.isItem(bytes, line, at: start) { throw Declined() }  // `- - x`: not read here
                if Self.keyAt(bytes, start, in: line) != nil {
                    try mapping(column: start - line.start, depth: depth + 1, firstEntry: (line, start))
                    continue
                }
            }
            let item = try value(line, at: start, column: column, depth: depth + 1, indentlessSequence: false, capture: capture)
            if case .scalar(let text, _)? = item { items.append(text) }
        }
        return capture ? .sequence(items) : nil
    }

    /// Skips a literal or folded block scalar whose header (`|`, `>`, with `-` or `+`) is at `start`.
    ///
    /// Only the common layout: no indentation indicator and no comment on the header line, and a
    /// first line of text deeper than `column` and at least as deep as any blank line before it (or
    /// none: an empty scalar). The text then runs while lines are blank or indented at least as
    /// deep; the owning collection judges the first line that is not.
    private mutating func skipBlockScalar(_ line: Line, at start: Int, column: Int) throws(Declined) {
        var index = start + 1
        if index < line.end, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
        while index < line.end, bytes[index] == 0x20 { index += 1 }
        guard index == line.end else { throw Declined() }
        try countScalar()
        cursor = line.next
        var deepestBlank = 0
        var textIndent: Int?
        while cursor < yamlEnd {
            let next = self.line(at: cursor)
            if let textIndent {
                guard next.isBlank || next.indent >= textIndent else { break }
            } else if next.isBlank {
                deepestBlank = max(deepestBlank, next.indent)
            } else {
                if next.indent <= column { break }  // no text at all: the line belongs to what follows
                guard next.indent >= deepestBlank else { throw Declined() }
                textIndent = next.indent
            }
            cursor = next.next
        }
    }

    /// After a value that ends on its line: only spaces, then a comment or the line's end.
    private mutating func endOfLine(_ line: Line, at start: Int) throws(Declined) {
        var index = start
        while index < line.end, bytes[index] == 0x20 { index += 1 }
        guard index == line.end || (index > start && bytes[index] == UInt8(ascii: "#")) else { throw Declined() }
        cursor = line.next
    }

    // MARK: - Scalars

    /// A plain scalar in block context, up to a comment or the line's end (spaces before either are
    /// not part of it). Declines `: ` inside (a nested mapping, an error) and a first character that
    /// YAML reads as an indicator.
    /// `commented`: a comment ends the line. `counted`: the scalar is a new node (not a later line of one).
    private mutating func plain(
        _ line: Line, at start: Int, capture: Bool, counted: Bool = true
    ) throws(Declined) -> (text: CatalogFrontMatter.Text, commented: Bool) {
        guard Self.startsPlain(bytes, at: start, end: line.end) else { throw Declined() }
        // Only a `:` or a `#` can end the scalar or decline it: eight bytes without either are
        // passed at once.
        var index = start
        var stop = line.end
        var commented = false
        while index < line.end {
            if line.end - index >= 8 {
                // Straight to the first `:` or `#` of the eight, if any: the bytes before it decide nothing.
                guard let offset = CatalogFrontMatter.firstOf(UInt8(ascii: ":"), or: UInt8(ascii: "#"), bytes, at: index) else {
                    index += 8
                    continue
                }
                index += offset
            }
            let byte = bytes[index]
            if byte == UInt8(ascii: "#"), index > start, bytes[index - 1] == 0x20 {
                commented = true
                stop = index - 1
                break
            }
            if byte == UInt8(ascii: ":"), index + 1 == line.end || bytes[index + 1] == 0x20 { throw Declined() }
            index += 1
        }
        // Spaces before a comment or the line's end are not part of it.
        var textEnd = stop
        while textEnd > start, bytes[textEnd - 1] == 0x20 { textEnd -= 1 }
        if counted { try countScalar() }
        return (.span(start..<textEnd), commented)
    }

    /// Whether a plain scalar may start at `start`: not an indicator, a `-` only before a letter or
    /// digit (`-5`, never `- x` or `---`).
    private static func startsPlain(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, end: Int) -> Bool {
        let byte = bytes[start]
        if byte >= 0x80 { return true }
        switch byte {
        case UInt8(ascii: "-"):
            return start + 1 < end && isAlphanumeric(bytes[start + 1])
        case UInt8(ascii: "?"), UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"),
            UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "#"), UInt8(ascii: "&"), UInt8(ascii: "*"),
            UInt8(ascii: "!"), UInt8(ascii: "|"), UInt8(ascii: ">"), UInt8(ascii: "'"), UInt8(ascii: "\""),
            UInt8(ascii: "%"), UInt8(ascii: "@"), UInt8(ascii: "`"), 0x20:
            return false
        default:
            return byte > 0x20
        }
    }

    /// A single- or double-quoted scalar that closes on its line: its text and the offset after it.
    private mutating func quoted(_ line: Line, at start: Int, capture: Bool) throws(Declined) -> (CatalogFrontMatter.Text, Int) {
        let result =
            bytes[start] == UInt8(ascii: "'")
            ? try Self.singleQuoted(bytes, line, at: start, capture: capture)
            : try Self.doubleQuoted(bytes, line, at: start, capture: capture)
        try countScalar()
        return result
    }

    private static func singleQuoted(
        _ bytes: UnsafeBufferPointer<UInt8>, _ line: Line, at start: Int, capture: Bool
    ) throws(Declined) -> (CatalogFrontMatter.Text, Int) {
        var index = start + 1
        var doubled = false
        while true {
            guard index < line.end else { throw Declined() }  // goes on to another line
            if bytes[index] == UInt8(ascii: "'") {
                guard index + 1 < line.end, bytes[index + 1] == UInt8(ascii: "'") else { break }
                doubled = true
                index += 2
                continue
            }
            index += 1
        }
        let text = (start + 1)..<index
        guard capture, doubled else { return (.span(text), index + 1) }
        var out: [UInt8] = []
        out.reserveCapacity(text.count)
        var position = text.lowerBound
        while position < text.upperBound {
            out.append(bytes[position])
            position += bytes[position] == UInt8(ascii: "'") ? 2 : 1
        }
        return (.decoded(out), index + 1)
    }

    /// A double-quoted scalar with libyaml's escapes (JSON's among them); an escape libyaml refuses,
    /// a surrogate (`\ud83d`) included, declines, as does a line-continuing `\`.
    private static func doubleQuoted(
        _ bytes: UnsafeBufferPointer<UInt8>, _ line: Line, at start: Int, capture: Bool
    ) throws(Declined) -> (CatalogFrontMatter.Text, Int) {
        var index = start + 1
        var out: [UInt8]?
        while true {
            guard index < line.end else { throw Declined() }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { break }
            guard byte == UInt8(ascii: "\\") else {
                out?.append(byte)
                index += 1
                continue
            }
            guard index + 1 < line.end else { throw Declined() }
            if capture && out == nil {
                out = Array(bytes[(start + 1)..<index])
            }
            let escape = bytes[index + 1]
            index += 2
            var code: UInt32
            switch escape {
            case UInt8(ascii: "x"), UInt8(ascii: "u"), UInt8(ascii: "U"):
                let digits = escape == UInt8(ascii: "x") ? 2 : escape == UInt8(ascii: "u") ? 4 : 8
                guard index + digits <= line.end else { throw Declined() }
                code = 0
                for offset in 0..<digits {
                    guard let digit = Self.hexValue(bytes[index + offset]) else { throw Declined() }
                    code = code << 4 | digit
                }
                index += digits
                guard code < 0xD800 || (code > 0xDFFF && code <= 0x10FFFF) else { throw Declined() }
            default:
                guard let simple = Self.simpleEscape(escape) else { throw Declined() }
                code = simple
            }
            if out != nil, let scalar = Unicode.Scalar(code) {
                out?.append(contentsOf: scalar.utf8)
            }
        }
        if capture, let out { return (.decoded(out), index + 1) }
        return (.span((start + 1)..<index), index + 1)
    }

    /// libyaml's one-character escapes, but `\` before a tab (tabs are declined).
    private static func simpleEscape(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0"): 0
        case UInt8(ascii: "a"): 0x07
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "t"): 0x09
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "v"): 0x0B
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "e"): 0x1B
        case UInt8(ascii: " "): 0x20
        case UInt8(ascii: "\""): 0x22
        case UInt8(ascii: "/"): 0x2F
        case UInt8(ascii: "\\"): 0x5C
        case UInt8(ascii: "N"): 0x85
        case UInt8(ascii: "_"): 0xA0
        case UInt8(ascii: "L"): 0x2028
        case UInt8(ascii: "P"): 0x2029
        default: nil
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    // MARK: - Flow collections

    /// A flow sequence that closes on its line: `[]`, `[a, "b", 'c']`, nested `[[a]]`, `[{a: 1}]`.
    /// Its scalar items' texts (nested collections left out) and the offset after the `]`. Declines
    /// `:` in a plain item (a pair, or an error), a trailing comma and a comment inside.
    private mutating func flowSequence(
        _ line: Line, at start: Int, depth: Int, capture: Bool
    ) throws(Declined) -> ([CatalogFrontMatter.Text], Int) {
        try enterCollection(depth: depth)
        var items: [CatalogFrontMatter.Text] = []
        if capture { items.reserveCapacity(4) }
        var index = Self.skipSpaces(bytes, from: start + 1, in: line)
        if index < line.end, bytes[index] == UInt8(ascii: "]") { return (items, index + 1) }
        while true {
            let (text, after) = try flowItem(line, at: index, depth: depth, capture: capture)
            if capture, let text { items.append(text) }
            let (next, closed) = try Self.flowSeparator(bytes, line, at: after, closer: UInt8(ascii: "]"))
            if closed { return (items, next) }
            index = next
        }
    }

    /// A flow mapping that closes on its line, with plain-word keys: `{}`, `{place: Taipei, wind: [3, 4]}`.
    /// The offset after the `}`. Declines `{a}`, `{a: }`, `{a:1}` and what a flow sequence declines.
    private mutating func flowMapping(_ line: Line, at start: Int, depth: Int) throws(Declined) -> Int {
        try enterCollection(depth: depth)
        let outerKeys = openKeyCount
        var keyMarks: UInt64 = 0
        var index = Self.skipSpaces(bytes, from: start + 1, in: line)
        if index < line.end, bytes[index] == UInt8(ascii: "}") { return index + 1 }
        while true {
            guard let (key, valueStart) = Self.keyAt(bytes, index, in: line), valueStart < line.end else { throw Declined() }
            try add(key: key, keysFrom: outerKeys, marks: &keyMarks)
            try countScalar()
            let (next, closed) = try Self.flowSeparator(
                bytes,
                line, at: try flowItem(line, at: valueStart, depth: depth, capture: false).1,
                closer: UInt8(ascii: "}"))
            if closed {
                openKeyCount = outerKeys
                return next
            }
            index = next
        }
    }

    /// One value inside a flow collection at `start`: its text when a scalar (nil when not captured),
    /// and the offset after it; a nested collection gives no text.
    private mutating func flowItem(
        _ line: Line, at start: Int, depth: Int, capture: Bool
    ) throws(Declined) -> (CatalogFrontMatter.Text?, Int) {
        guard start < line.end else { throw Declined() }
        switch bytes[start] {
        case UInt8(ascii: "["):
            return (nil, try flowSequence(line, at: start, depth: depth + 1, capture: false).1)
        case UInt8(ascii: "{"):
            return (nil, try flowMapping(line, at: start, depth: depth + 1))
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            let (text, after) = try quoted(line, at: start, capture: capture)
            return (text, after)
        default:
            let (text, after) = try flowPlain(line, at: start, capture: capture)
            return (text, after)
        }
    }

    /// After a flow item: spaces, then `,` and the next item, or `closer`. The offset of the next
    /// item, or the offset after the closer and `closed`.
    private static func flowSeparator(
        _ bytes: UnsafeBufferPointer<UInt8>, _ line: Line, at start: Int, closer: UInt8
    ) throws(Declined) -> (Int, closed: Bool) {
        var index = Self.skipSpaces(bytes, from: start, in: line)
        guard index < line.end else { throw Declined() }
        if bytes[index] == closer { return (index + 1, true) }
        guard bytes[index] == UInt8(ascii: ",") else { throw Declined() }
        index = Self.skipSpaces(bytes, from: index + 1, in: line)
        // A trailing comma (`[a, ]`) and an empty item (`[a, , b]`) are not read here.
        guard index < line.end, bytes[index] != closer, bytes[index] != UInt8(ascii: ",") else { throw Declined() }
        return (index, false)
    }

    /// A plain scalar inside a flow collection: up to one of `,[]{}`, spaces before it not part of it.
    private mutating func flowPlain(_ line: Line, at start: Int, capture: Bool) throws(Declined) -> (CatalogFrontMatter.Text, Int) {
        guard Self.startsPlain(bytes, at: start, end: line.end) else { throw Declined() }
        var index = start
        var textEnd = start
        scan: while index < line.end {
            switch bytes[index] {
            case UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"):
                break scan
            case 0x20:
                if index + 1 < line.end, bytes[index + 1] == UInt8(ascii: "#") { throw Declined() }
            case UInt8(ascii: ":"):
                // `18:04:11` inside `{local_time: 2026-11-22T18:04:11+08:00}` is part of the
                // scalar since libyaml 0.2.2; a `:` before a space or the line's end is a key's,
                // libyaml refuses one before `,`, `?`, `[`, `]`, `{` or `}` ("found unexpected
                // ':'"), and older libyaml refused any: those are the full parser's.
                guard Self.colonsInFlowScalars, index + 1 < line.end else { throw Declined() }
                switch bytes[index + 1] {
                case 0x20, UInt8(ascii: ","), UInt8(ascii: "?"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"),
                    UInt8(ascii: "}"):
                    throw Declined()
                default: textEnd = index + 1
                }
            default:
                textEnd = index + 1
            }
            index += 1
        }
        try countScalar()
        return (.span(start..<textEnd), index)
    }

    /// Whether the libyaml folio runs with reads a `:` inside a flow plain scalar as part of it
    /// (0.2.2 and later), as this reader then does.
    static let colonsInFlowScalars = LibYAML.version >= (0, 2, 2)

    private static func skipSpaces(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, in line: Line) -> Int {
        var index = start
        while index < line.end, bytes[index] == 0x20 { index += 1 }
        return index
    }

    // MARK: - Words

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    private static func isWordStart(_ byte: UInt8) -> Bool {
        isAlphanumeric(byte) || byte == UInt8(ascii: "_")
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        isWordStart(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }
}
