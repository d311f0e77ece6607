import YAML

/// A record's front matter as written, able to change one key without touching any other byte.
///
/// The original text is kept whole. Every edit splices new text over the byte span of the one
/// entry it changes and parses the result again, so comments, blank lines, key order, unknown
/// keys and the body come out exactly as they went in.
public struct FrontMatterDocument: Sendable, Hashable {
    /// The whole file as text.
    public private(set) var text: String
    /// The parsed front matter; spans are relative to ``yamlStart``.
    public private(set) var root: Node
    /// Byte offset where the YAML text begins (after the opening `---` line).
    public private(set) var yamlStart: Int
    /// Byte offset just past the YAML text (the start of the closing `---` line).
    public private(set) var yamlEnd: Int
    /// Byte offset where the body begins.
    public private(set) var bodyStart: Int
    /// The file line the body begins on (1-based): where a passage's lines in the body are counted from.
    public var bodyFirstLine: Int { text.utf8.prefix(bodyStart).reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 } }
    /// What the front matter may ask of the reader; edits parse again under the same limits.
    public let limits: FrontMatterLimits

    /// Reads a file's text.
    /// - Throws: ``FrontMatterError`` with the file line and column of the problem.
    public init(parsing text: String, limits: FrontMatterLimits = .standard) throws(FrontMatterError) {
        var text = text
        text.makeContiguousUTF8()
        // The delimiters are found in the string's own bytes; only the YAML between them is copied,
        // so a record of many megabytes is not copied whole to be read.
        let located = text.utf8.withContiguousStorageIfAvailable { bytes in Self.locate(in: bytes, limits: limits) }
        guard let located else { throw FrontMatterError(kind: .notUTF8, line: 1, column: 1) }
        let found = try located.get()
        self.limits = limits
        self.text = text
        self.yamlStart = found.yamlStart
        self.yamlEnd = found.yamlEnd
        self.bodyStart = found.bodyStart
        self.root = Node(.mapping([], .block))
        self.root = try Self.parseYAML(found.yaml[...], lineOffset: found.openingLine - 1, limits: limits)
    }

    private struct Located {
        var yamlStart: Int
        var yamlEnd: Int
        var bodyStart: Int
        var openingLine: Int
        var yaml: [UInt8]
    }

    private static func locate(in bytes: UnsafeBufferPointer<UInt8>, limits: FrontMatterLimits) -> Result<Located, FrontMatterError> {
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        guard let opening = delimiterLine(bytes, at: start, markers: ["---"]) else {
            return .failure(FrontMatterError(kind: .missing, line: 1, column: 1))
        }
        var lineStart = opening
        var closing: (start: Int, end: Int)?
        while lineStart < bytes.count {
            if let end = delimiterLine(bytes, at: lineStart, markers: ["---", "..."]) {
                closing = (lineStart, end)
                break
            }
            guard let newline = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) else { break }
            lineStart = newline + 1
        }
        guard let closing else { return .failure(FrontMatterError(kind: .unclosed, line: 1, column: 1)) }
        let openingLine = lineNumber(of: opening, in: bytes)
        let size = closing.start - opening
        guard size <= limits.maxBytes else {
            return .failure(FrontMatterError(kind: .tooLarge(size, limits.maxBytes), line: openingLine, column: 1))
        }
        return .success(
            Located(
                yamlStart: opening, yamlEnd: closing.start, bodyStart: closing.end, openingLine: openingLine,
                yaml: Array(bytes[opening..<closing.start])))
    }

    /// A new file with `fields` in the order given and `body` after the closing `---`.
    public static func make(fields: [(String, Node)], body: String) throws(FrontMatterError) -> FrontMatterDocument {
        // Written as Obsidian's property editor writes front matter (``BlockWriter``), so that its
        // first edit of a property changes that property's lines only.
        let yaml =
            fields.isEmpty ? "" : BlockWriter.document(Node(.mapping(fields.map { Node.Pair(key: .string($0.0), value: $0.1) }, .block)))
        return try FrontMatterDocument(parsing: "---\n" + yaml + "---\n" + body)
    }

    // MARK: - Reading

    public var body: String {
        String(decoding: text.utf8.dropFirst(bodyStart), as: UTF8.self)
    }

    /// The YAML text between the delimiters, exactly as written.
    public var yamlText: String {
        String(decoding: Array(text.utf8)[yamlStart..<yamlEnd], as: UTF8.self)
    }

    public var keys: [String] {
        (root.pairs ?? []).compactMap { $0.key.scalarText }
    }

    public subscript(key: String) -> Node? { root[key] }

    public func value(_ key: String) -> Value? { root[key]?.resolved }

    /// The scalar text of a key as written (a date stays exactly as typed).
    public func string(_ key: String) -> String? {
        guard let node = root[key], case .scalar(let text, let style) = node.content else { return nil }
        if style == .plain && Value.resolvePlain(text) == .null { return nil }
        return text
    }

    // MARK: - Editing

    /// Sets `key` to `value`, rewriting only that entry.
    ///
    /// A missing key is inserted after the last of `preceding` that the file has (or after
    /// the last entry), so keys land in their usual order without moving any other key.
    /// - Throws: ``FrontMatterError`` when the entry is laid out in a way that cannot be spliced.
    public mutating func set(_ key: String, _ value: Node, preceding: [String] = []) throws(FrontMatterError) {
        try set(path: [key], value, preceding: preceding)
    }

    /// Sets the value at a path of nested keys (`["ai", "model"]`), creating missing mappings.
    /// A key that already holds the value keeps its bytes (its quoting, its style, a comment after
    /// it): setting what is there is no change, to write or to commit.
    public mutating func set(path: [String], _ value: Node, preceding: [String] = []) throws(FrontMatterError) {
        var current: Node? = root
        for component in path { current = current?[component] }
        if let current, current.resolved == value.resolved { return }
        try faithfully(path, expecting: value.resolved) { document throws(FrontMatterError) in
            try document.splice(path: path, value, preceding: preceding)
        }
    }

    private mutating func splice(path: [String], _ value: Node, preceding: [String]) throws(FrontMatterError) {
        guard let key = path.last else { return }
        var bytes = Array(text.utf8)
        try guardLineBreaks(bytes, key: path.first ?? key)
        var mapping = root
        var indent = 0
        for (depth, component) in path.dropLast().enumerated() {
            guard let pair = mapping.pairs?.first(where: { $0.key.scalarText == component }),
                case .mapping(let inner, .block) = pair.value.content, let first = inner.first?.key.span
            else {
                // The rest of the path does not exist as a block mapping: write it as one value.
                var existing = mapping.pairs?.first(where: { $0.key.scalarText == component })?.value.withoutSpans
                if existing?.pairs == nil { existing = nil }
                let nested = Self.nest(Array(path.dropFirst(depth + 1)), value, into: existing)
                try splice(key: component, value: nested, in: mapping, indent: indent, preceding: [], bytes: &bytes)
                try reparse(bytes)
                return
            }
            mapping = pair.value
            indent = first.start.column - 1
        }
        try splice(key: key, value: value, in: mapping, indent: indent, preceding: preceding, bytes: &bytes)
        try reparse(bytes)
    }

    /// Removes `key` and its value; a missing key is not an error.
    public mutating func remove(_ key: String) throws(FrontMatterError) {
        try remove(path: [key])
    }

    /// Removes the value at a path of nested keys; a missing key is not an error.
    public mutating func remove(path: [String]) throws(FrontMatterError) {
        try faithfully(path, expecting: nil) { document throws(FrontMatterError) in
            try document.cut(path: path)
        }
    }

    private mutating func cut(path: [String]) throws(FrontMatterError) {
        var bytes = Array(text.utf8)
        try guardLineBreaks(bytes, key: path.first ?? "")
        var mapping = root
        var indent = 0
        for component in path.dropLast() {
            guard let pair = mapping.pairs?.first(where: { $0.key.scalarText == component }),
                case .mapping(let inner, .block) = pair.value.content, let first = inner.first?.key.span
            else { return }
            mapping = pair.value
            indent = first.start.column - 1
        }
        guard let pair = mapping.pairs?.first(where: { $0.key.scalarText == path.last }) else { return }
        let extent = try entryExtent(pair, indent: indent, in: bytes)
        try guardAnchors(of: pair, extent: extent)
        bytes.removeSubrange(extent)
        try reparse(bytes)
    }

    private func splice(
        key: String, value: Node, in mapping: Node, indent: Int, preceding: [String], bytes: inout [UInt8]
    ) throws(FrontMatterError) {
        let pairs = mapping.pairs ?? []
        let pad = [UInt8](repeating: 0x20, count: indent)
        if let pair = pairs.first(where: { $0.key.scalarText == key }) {
            let extent = try entryExtent(pair, indent: indent, in: bytes)
            try guardAnchors(of: pair, extent: extent)
            // A changed value is written as a new one is (``BlockWriter``): the way Obsidian would write it.
            var styled = value
            if indentedLineFollows(extent.upperBound, deeperThan: indent, in: bytes) { styled = Self.withoutBlockScalar(styled) }
            let entry = Self.emitEntry(key: key, value: styled)
            if let inline = Self.inlineValue(of: entry, key: key), Self.isSingleLineInline(pair.value),
                let span = pair.value.span
            {
                bytes.replaceSubrange((yamlStart + span.start.offset)..<(yamlStart + span.end.offset), with: Array(inline.utf8))
            } else {
                let keyText = bytes[extent.lowerBound..<(yamlStart + (pair.key.span?.end.offset ?? 0))]
                var rest = Array(entry.utf8.dropFirst(Self.placeholderKey.utf8.count))
                // A comment after a one-line value (`tags: [a] # read by…`) stays on the key's line
                // when the new value is a block below it.
                if rest.starts(with: Array(":\n".utf8)), Self.isSingleLineInline(pair.value), let span = pair.value.span {
                    rest.insert(contentsOf: trailingComment(after: yamlStart + span.end.offset, in: bytes), at: 1)
                }
                rest = Self.reindent(rest, by: indent)
                bytes.replaceSubrange(extent, with: Array(keyText) + withLineBreaks(rest))
            }
        } else {
            var insertAt = yamlEnd
            let anchor = pairs.last { pair in pair.key.scalarText.map(preceding.contains) ?? false } ?? pairs.last
            if let anchor {
                insertAt = try entryExtent(anchor, indent: indent, in: bytes).upperBound
            } else if indent > 0, let span = mapping.span {
                insertAt = yamlStart + span.start.offset
            }
            let styled = indentedLineFollows(insertAt, deeperThan: indent, in: bytes) ? Self.withoutBlockScalar(value) : value
            var entry = pad + Self.reindent(Array(Self.emitEntry(key: key, value: styled, asWritten: true).utf8), by: indent)
            if insertAt > yamlStart, bytes[insertAt - 1] != UInt8(ascii: "\n") { entry.insert(UInt8(ascii: "\n"), at: 0) }
            bytes.insert(contentsOf: withLineBreaks(entry), at: insertAt)
        }
    }

    /// The spaces and comment after `offset` to the end of its line (`  # note`), or nothing.
    private func trailingComment(after offset: Int, in bytes: [UInt8]) -> [UInt8] {
        var end = offset
        while end < yamlEnd, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        if end > offset, bytes[end - 1] == 0x0D { end -= 1 }
        let tail = bytes[offset..<end]
        guard let mark = tail.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }), bytes[mark] == UInt8(ascii: "#"), mark > offset else {
            return []
        }
        return Array(tail)
    }

    /// `value` under the keys of `path`, merged into `existing` when it is a mapping.
    private static func nest(_ path: [String], _ value: Node, into existing: Node?) -> Node {
        guard let first = path.first else { return value }
        var pairs = existing?.pairs ?? []
        let inner = nest(Array(path.dropFirst()), value, into: pairs.first { $0.key.scalarText == first }?.value)
        if let index = pairs.firstIndex(where: { $0.key.scalarText == first }) {
            pairs[index].value = inner
        } else {
            pairs.append(Node.Pair(key: .string(first), value: inner))
        }
        return Node(.mapping(pairs, .block))
    }

    /// Replaces everything after the closing `---`.
    public mutating func replaceBody(_ body: String) throws(FrontMatterError) {
        var bytes = Array(text.utf8)
        bytes.replaceSubrange(bodyStart..<bytes.count, with: Array(body.utf8))
        try reparse(bytes)
    }

    // MARK: - Private

    private mutating func reparse(_ bytes: [UInt8]) throws(FrontMatterError) {
        self = try FrontMatterDocument(parsing: String(decoding: bytes, as: UTF8.self), limits: limits)
    }

    /// Runs a splice edit of `path` and checks what it did: the text parses, the value at `path` is
    /// `expected` (nil: gone), every other top-level key holds the value it held, in the same order,
    /// and the body is untouched. An edit that cannot keep those promises (a layout the splice
    /// misjudges; `make fuzz` keeps finding new ones) is refused as an unsupported layout and
    /// the document left as it was: an edit is exact or it does not happen.
    private mutating func faithfully(
        _ path: [String], expecting expected: Value?, _ edit: (inout FrontMatterDocument) throws(FrontMatterError) -> Void
    ) throws(FrontMatterError) {
        let before = self
        let key = path.first ?? ""
        let mark = before.root.pairs?.first { $0.key.scalarText == key }?.key.span?.start
        let refusal = FrontMatterError(
            kind: .unsupportedLayout(key), line: (mark?.line ?? 1) + before.lineOffset,
            column: mark?.column ?? 1)
        do {
            try edit(&self)
        } catch {
            self = before
            switch error.kind {
            case .unsupportedLayout, .anchorUsedElsewhere, .tooLarge, .tooDeep, .tooManyNodes: throw error
            default: throw refusal  // the spliced text did not parse: the splice misjudged the layout
            }
        }
        let after = root.resolved
        guard path.count > 0,
            text.utf8.dropFirst(bodyStart).elementsEqual(before.text.utf8.dropFirst(before.bodyStart)),
            Self.entries(of: after, without: key).elementsEqual(
                Self.entries(of: before.root.resolved, without: key), by: { $0.0 == $1.0 && $0.1 == $1.1 }),
            Self.value(at: path, in: after) == expected
        else {
            self = before
            throw refusal
        }
    }

    private static func entries(of root: Value, without key: String) -> [(String, Value)] {
        guard case .map(let pairs) = root else { return [] }
        return pairs.filter { $0.0 != key }
    }

    private static func value(at path: [String], in value: Value) -> Value? {
        guard let first = path.first else { return value }
        guard case .map(let pairs) = value, let found = pairs.first(where: { $0.0 == first }) else { return nil }
        return Self.value(at: Array(path.dropFirst()), in: found.1)
    }

    /// Refuses to edit front matter that breaks lines where folio does not: an edit finds an entry's
    /// end at LF (or CRLF), but libyaml also ends a line at a lone CR, NEL, LS or PS, so the next
    /// entry could sit on the same "line" and go with it. Such a file is read, never edited in place.
    private func guardLineBreaks(_ bytes: [UInt8], key: String) throws(FrontMatterError) {
        var index = yamlStart
        while index < yamlEnd {
            let byte = bytes[index]
            let breaks =
                (byte == 0x0D && (index + 1 >= bytes.count || bytes[index + 1] != 0x0A))
                || (byte == 0xC2 && index + 1 < bytes.count && bytes[index + 1] == 0x85)
                || (byte == 0xE2 && index + 2 < bytes.count && bytes[index + 1] == 0x80
                    && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9))
            if breaks {
                let lineStart = bytes[..<index].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
                let column = String(decoding: bytes[lineStart..<index], as: UTF8.self).unicodeScalars.count + 1
                throw FrontMatterError(kind: .unsupportedLayout(key), line: Self.lineNumber(of: index, in: bytes), column: column)
            }
            index += 1
        }
    }

    /// Refuses to replace or remove `pair` (whose text is `extent`) when it defines an anchor that an
    /// alias outside it repeats: splicing the anchor away would leave that alias undefined.
    private func guardAnchors(of pair: Node.Pair, extent: Range<Int>) throws(FrontMatterError) {
        var defined: [String] = []
        for node in [pair.key, pair.value] {
            Self.visit(node) { if $0.alias == nil, let anchor = $0.anchor { defined.append(anchor) } }
        }
        guard !defined.isEmpty else { return }
        var used: [(name: String, offset: Int)] = []
        Self.visit(root) { if let name = $0.alias { used.append((name, $0.span?.start.offset ?? 0)) } }
        for alias in used where defined.contains(alias.name) && !extent.contains(yamlStart + alias.offset) {
            let mark = pair.key.span?.start
            throw FrontMatterError(
                kind: .anchorUsedElsewhere(pair.key.scalarText ?? "?", alias.name),
                line: (mark?.line ?? 1) + lineOffset, column: mark?.column ?? 1)
        }
    }

    /// Calls `body` on `node` and every node inside it, in document order; what an alias repeats
    /// is not visited again (it is a copy of nodes visited where their anchor stands).
    private static func visit(_ node: Node, _ body: (Node) -> Void) {
        body(node)
        guard node.alias == nil else { return }
        switch node.content {
        case .sequence(let items, _):
            for item in items { visit(item, body) }
        case .mapping(let pairs, _):
            for pair in pairs {
                visit(pair.key, body)
                visit(pair.value, body)
            }
        case .scalar, .alias:
            break
        }
    }

    /// The bytes of one top-level entry: from the start of its key's line to the end of the
    /// line holding the last character of its value.
    private func entryExtent(_ pair: Node.Pair, indent: Int, in bytes: [UInt8]) throws(FrontMatterError) -> Range<Int> {
        guard let keySpan = pair.key.span, keySpan.start.column == indent + 1, pair.key.scalarText != nil,
            bytes[(yamlStart + keySpan.start.offset - indent)..<(yamlStart + keySpan.start.offset)].allSatisfy({ $0 == 0x20 })
        else {
            let mark = pair.key.span?.start
            throw FrontMatterError(
                kind: .unsupportedLayout(pair.key.scalarText ?? "?"),
                line: (mark?.line ?? 1) + lineOffset, column: mark?.column ?? 1)
        }
        let start = yamlStart + keySpan.start.offset - indent
        let contentEnd =
            yamlStart + max(Self.contentEnd(of: pair.value, in: bytes, base: yamlStart) ?? keySpan.end.offset, keySpan.end.offset)
        var end = max(contentEnd - 1, start)
        while end < yamlEnd, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        return start..<min(end + 1, yamlEnd)
    }

    /// Whether the front matter's lines end in CRLF (read from the opening `---` line): a file
    /// written on Windows stays CRLF through an edit.
    private var usesCRLF: Bool {
        let bytes = text.utf8
        guard yamlStart >= 2 else { return false }
        return bytes[bytes.index(bytes.startIndex, offsetBy: yamlStart - 2)] == 0x0D
    }

    /// Emitted text (LF only) with the document's own line breaks.
    private func withLineBreaks(_ emitted: [UInt8]) -> [UInt8] {
        guard usesCRLF else { return emitted }
        var out: [UInt8] = []
        out.reserveCapacity(emitted.count + 8)
        for byte in emitted {
            if byte == 0x0A, out.last != 0x0D { out.append(0x0D) }
            out.append(byte)
        }
        return out
    }

    private var lineOffset: Int { Self.lineNumber(of: yamlStart, in: text.utf8) - 1 }

    /// Where the value's own text ends (relative offset), leaving out trailing blank lines
    /// and comments that libyaml counts into a block's span.
    private static func contentEnd(of node: Node, in bytes: [UInt8], base: Int) -> Int? {
        guard let span = node.span else { return nil }
        switch node.content {
        case .scalar(let text, let style):
            switch style {
            case .plain:
                return text.isEmpty && node.tag == nil && node.anchor == nil ? nil : span.end.offset
            case .singleQuoted, .doubleQuoted:
                return span.end.offset
            case .literal, .folded:
                var end = span.end.offset
                while end > span.start.offset, isSpace(bytes[base + end - 1]) { end -= 1 }
                return end
            }
        case .sequence(let items, let style):
            if style == .flow { return span.end.offset }
            return items.last.flatMap { contentEnd(of: $0, in: bytes, base: base) } ?? span.start.offset + 1
        case .mapping(let pairs, let style):
            if style == .flow { return span.end.offset }
            guard let last = pairs.last else { return span.start.offset }
            return contentEnd(of: last.value, in: bytes, base: base) ?? last.key.span?.end.offset
        case .alias:
            return span.end.offset
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    private static func isSingleLineInline(_ node: Node) -> Bool {
        guard let span = node.span, span.start.line == span.end.line else { return false }
        switch node.content {
        case .scalar(let text, let style):
            return (style == .plain && !text.isEmpty) || style == .singleQuoted || style == .doubleQuoted
        case .sequence(_, let style), .mapping(_, let style):
            return style == .flow
        case .alias:
            return false
        }
    }

    /// Whether the first line from `offset` that is not blank is indented deeper than `indent`
    /// (a comment under the entry): a block scalar written before it would take it in as text.
    private func indentedLineFollows(_ offset: Int, deeperThan indent: Int, in bytes: [UInt8]) -> Bool {
        var index = offset
        while index < yamlEnd {
            var spaces = 0
            while index < yamlEnd, bytes[index] == 0x20 {
                spaces += 1
                index += 1
            }
            guard index < yamlEnd else { return false }
            if bytes[index] == 0x0A || bytes[index] == 0x0D {
                index += 1  // a blank line: look at the next one
                continue
            }
            return spaces > indent
        }
        return false
    }

    /// A multi-line string written double-quoted (`"a\nb"`) instead of as a literal block.
    private static func withoutBlockScalar(_ value: Node) -> Node {
        guard case .scalar(let text, let style) = value.content, text.contains("\n"),
            style == .plain || style == .literal || style == .folded
        else { return value }
        var quoted = value
        quoted.content = .scalar(text, .doubleQuoted)
        return quoted
    }

    private static func emitEntry(key: String, value: Node, asWritten: Bool = false) -> String {
        BlockWriter.entry(key: asWritten ? key : placeholderKey, value: value)
    }

    // The entry is emitted under a fixed key so the original key's text can be kept as written.
    private static let placeholderKey = "k"

    /// The value part of a one-line `k: value\n` emission.
    private static func inlineValue(of entry: String, key: String) -> String? {
        let prefix = placeholderKey + ": "
        guard entry.hasPrefix(prefix), entry.hasSuffix("\n") else { return nil }
        let value = entry.dropFirst(prefix.count).dropLast()
        guard !value.contains("\n"), !value.hasPrefix("|"), !value.hasPrefix(">") else { return nil }
        return String(value)
    }

    private static func reindent(_ rest: [UInt8], by spaces: Int) -> [UInt8] {
        guard spaces > 0 else { return rest }
        var out: [UInt8] = []
        out.reserveCapacity(rest.count + 16)
        let pad = [UInt8](repeating: 0x20, count: spaces)
        for (index, byte) in rest.enumerated() {
            out.append(byte)
            if byte == UInt8(ascii: "\n"), index + 1 < rest.count { out.append(contentsOf: pad) }
        }
        return out
    }

    private static func parseYAML(_ slice: ArraySlice<UInt8>, lineOffset: Int, limits: FrontMatterLimits) throws(FrontMatterError) -> Node {
        let root: Node
        do {
            root = try Parser.parse(utf8: slice, limits: Parser.Limits(maxDepth: limits.maxDepth, maxNodes: limits.maxNodes))
        } catch {
            let kind: FrontMatterError.Kind =
                switch error.kind {
                case .duplicateKey(let key): .duplicateKey(key)
                case .tooDeep(let limit): .tooDeep(limit)
                case .tooManyNodes(let limit): .tooManyNodes(limit)
                case .undefinedAlias(let name): .undefinedAlias(name)
                default: .syntax(error.context.map { "\($0), \(error.problem)" } ?? error.problem)
                }
            throw FrontMatterError(kind: kind, line: error.mark.line + lineOffset, column: error.mark.column)
        }
        guard case .mapping(_, .block) = root.content else {
            if case .scalar(let text, .plain) = root.content, text.isEmpty { return Node(.mapping([], .block), span: root.span) }
            if case .mapping = root.content { return root }
            throw FrontMatterError(kind: .notMapping, line: (root.span?.start.line ?? 1) + lineOffset, column: root.span?.start.column ?? 1)
        }
        return root
    }

    /// The byte just past a delimiter line (`---` and optional trailing spaces) at `start`.
    private static func delimiterLine(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, markers: [String]) -> Int? {
        guard start + 3 <= bytes.count else { return nil }
        let first = bytes[start]
        guard first == UInt8(ascii: "-") || first == UInt8(ascii: "."), bytes[start + 1] == first, bytes[start + 2] == first else {
            return nil
        }
        for marker in markers where marker.utf8.first == first {
            var index = start + 3
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0D { index += 1 }
            if index == bytes.count { return index }
            if bytes[index] == UInt8(ascii: "\n") { return index + 1 }
        }
        return nil
    }

    static func lineNumber<Bytes: Collection<UInt8>>(of offset: Int, in bytes: Bytes) -> Int {
        var line = 1
        for byte in bytes.prefix(max(0, offset)) where byte == UInt8(ascii: "\n") { line += 1 }
        return line
    }
}
