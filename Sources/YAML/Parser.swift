import Clibyaml

/// Reads one YAML document into a ``Node`` tree whose every node knows its byte span.
///
/// libyaml reports positions as character indexes; they are turned into UTF-8 byte
/// offsets here so that callers can splice new text into the original bytes.
public enum Parser {
    /// How much a text may ask of the reader: it is refused past these, never followed into a
    /// stack overflow (deep nesting) or an exponential expansion (aliases of aliases).
    public struct Limits: Sendable, Hashable {
        /// Collections inside collections.
        public var maxDepth: Int
        /// Nodes, counting each alias as the nodes it stands for.
        public var maxNodes: Int

        public init(maxDepth: Int = 64, maxNodes: Int = 100_000) {
            self.maxDepth = maxDepth
            self.maxNodes = maxNodes
        }
    }

    /// Parses the one document of `text`. An empty text gives an empty block mapping. A second
    /// document (after a `---` line) is an error: nothing would ever read it, and an edit that
    /// emptied the first would bring it to light.
    /// - Throws: ``YAMLError`` with the line and column of the problem.
    public static func parse(_ text: String, limits: Limits = Limits()) throws(YAMLError) -> Node {
        try parse(utf8: Array(text.utf8)[...], limits: limits)
    }

    /// Parses UTF-8 bytes without a round trip through `String`; the hot path of a vault scan.
    public static func parse(utf8 slice: ArraySlice<UInt8>, limits: Limits = Limits()) throws(YAMLError) -> Node {
        let bytes = Array(slice)
        let offsets = OffsetTable(bytes: bytes)
        let text = offsets.isASCII ? "" : String(decoding: bytes, as: UTF8.self)
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw YAMLError(kind: .reader, problem: "out of memory", mark: Mark(line: 1, column: 1, offset: 0))
        }
        defer { yaml_parser_delete(&parser) }
        return try bytes.withUnsafeBufferPointer { buffer throws(YAMLError) -> Node in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            var composer = Composer(offsets: offsets, text: text, bytes: bytes, limits: limits)
            return try composer.run(&parser)
        }
    }
}

/// Maps libyaml's character index to a byte offset; free for ASCII-only text. Lines are
/// counted at LF, as editors and `grep -n` count them: libyaml also breaks a line at a lone CR,
/// U+0085, U+2028 and U+2029, so where the text holds one, lines and columns come from a table of
/// where each LF-delimited line starts instead of from libyaml.
struct OffsetTable {
    private let byteOffsets: [Int]?
    /// Where each line starts (its first byte, and its index in characters), when libyaml's count
    /// of lines would differ from the editor's.
    private let lineStarts: [(byte: Int, character: Int)]?
    var isASCII: Bool { byteOffsets == nil }

    init(bytes: [UInt8]) {
        if !bytes.contains(where: { $0 >= 0x80 }) {
            byteOffsets = nil
        } else {
            // One entry per character: the byte where it starts (continuation bytes are 10xxxxxx).
            var table: [Int] = []
            table.reserveCapacity(bytes.count + 1)
            for (offset, byte) in bytes.enumerated() where byte & 0xC0 != 0x80 { table.append(offset) }
            table.append(bytes.count)
            byteOffsets = table
        }
        lineStarts = Self.breaksOtherThanLineFeed(bytes) ? Self.lineStarts(bytes) : nil
    }

    /// Whether `bytes` hold a line break libyaml counts and an editor does not.
    static func breaksOtherThanLineFeed(_ bytes: [UInt8]) -> Bool {
        for index in bytes.indices {
            switch bytes[index] {
            case 0x0D where index + 1 == bytes.count || bytes[index + 1] != 0x0A: return true
            case 0xC2 where index + 1 < bytes.count && bytes[index + 1] == 0x85: return true
            case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                return true
            default: continue
            }
        }
        return false
    }

    static func lineStarts(_ bytes: [UInt8]) -> [(byte: Int, character: Int)] {
        var starts: [(byte: Int, character: Int)] = [(0, 0)]
        var characters = 0
        for (offset, byte) in bytes.enumerated() {
            if byte & 0xC0 != 0x80 { characters += 1 }
            if byte == 0x0A { starts.append((offset + 1, characters)) }
        }
        return starts
    }

    func mark(_ mark: yaml_mark_t) -> Mark {
        let index = Int(mark.index)
        let offset: Int
        if let byteOffsets {
            offset = byteOffsets[min(max(index, 0), byteOffsets.count - 1)]
        } else {
            offset = index
        }
        guard let lineStarts else { return Mark(line: Int(mark.line) + 1, column: Int(mark.column) + 1, offset: offset) }
        // The last line starting at or before the offset.
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle].byte <= offset { low = middle } else { high = middle - 1 }
        }
        return Mark(line: low + 1, column: max(0, index - lineStarts[low].character) + 1, offset: offset)
    }
}

private struct Composer {
    let offsets: OffsetTable
    let text: String
    let bytes: [UInt8]
    let limits: Parser.Limits
    var anchors: [String: Node] = [:]
    /// How many nodes each anchor stands for, so an alias counts as what it expands to.
    var anchorWeights: [String: Int] = [:]
    var nodeCount = 0
    var depth = 0

    init(offsets: OffsetTable, text: String, bytes: [UInt8], limits: Parser.Limits) {
        self.offsets = offsets
        self.text = text
        self.bytes = bytes
        self.limits = limits
    }

    /// Counts `weight` more nodes, refusing the text once it stands for more than the limit.
    mutating func count(_ weight: Int, at mark: Mark) throws(YAMLError) {
        nodeCount += weight
        guard nodeCount <= limits.maxNodes else {
            throw YAMLError(
                kind: .tooManyNodes(limits.maxNodes),
                problem: "more than \(limits.maxNodes) nodes, counting what aliases repeat", mark: mark)
        }
    }

    /// Goes one collection deeper, refusing the text past the depth limit.
    mutating func enter(at mark: Mark) throws(YAMLError) {
        depth += 1
        guard depth <= limits.maxDepth else {
            throw YAMLError(
                kind: .tooDeep(limits.maxDepth),
                problem: "collections nested more than \(limits.maxDepth) deep", mark: mark)
        }
    }

    var source: String { String(decoding: bytes, as: UTF8.self) }

    mutating func run(_ parser: inout yaml_parser_t) throws(YAMLError) -> Node {
        var root: Node?
        var streamEnd = Mark(line: 1, column: 1, offset: 0)
        while true {
            var event = yaml_event_t()
            guard yaml_parser_parse(&parser, &event) == 1 else { throw error(of: &parser) }
            let type = event.type
            let start = offsets.mark(event.start_mark)
            if type == YAML_STREAM_END_EVENT {
                streamEnd = start
                yaml_event_delete(&event)
                break
            }
            if type == YAML_DOCUMENT_START_EVENT, root != nil {
                yaml_event_delete(&event)
                throw YAMLError(kind: .composer, problem: "found a second document; only one is read", mark: start)
            }
            if type == YAML_STREAM_START_EVENT || type == YAML_DOCUMENT_START_EVENT || type == YAML_DOCUMENT_END_EVENT {
                yaml_event_delete(&event)
                continue
            }
            root = try node(from: &event, parser: &parser)
        }
        return root ?? Node(.mapping([], .block), span: Span(start: streamEnd, end: streamEnd))
    }

    /// Builds the node that starts with `event`, consuming the events of its children.
    mutating func node(from event: inout yaml_event_t, parser: inout yaml_parser_t) throws(YAMLError) -> Node {
        defer { yaml_event_delete(&event) }
        let start = offsets.mark(event.start_mark)
        let countBefore = nodeCount
        switch event.type {
        case YAML_ALIAS_EVENT:
            let name = string(event.data.alias.anchor) ?? ""
            guard var node = anchors[name] else {
                // Never read as null: the text means something the reader cannot see.
                throw YAMLError(kind: .undefinedAlias(name), problem: "found undefined alias *\(name)", mark: start)
            }
            try count(anchorWeights[name] ?? 1, at: start)
            node.span = Span(start: start, end: offsets.mark(event.end_mark))
            node.anchor = nil
            node.alias = name
            return node
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let text = scalar.value.map { String(decoding: UnsafeBufferPointer(start: $0, count: scalar.length), as: UTF8.self) } ?? ""
            let style: Node.ScalarStyle =
                switch scalar.style {
                case YAML_SINGLE_QUOTED_SCALAR_STYLE: .singleQuoted
                case YAML_DOUBLE_QUOTED_SCALAR_STYLE: .doubleQuoted
                case YAML_LITERAL_SCALAR_STYLE: .literal
                case YAML_FOLDED_SCALAR_STYLE: .folded
                default: .plain
                }
            try count(1, at: start)
            let node = Node(
                .scalar(text, style), tag: string(scalar.tag), anchor: string(scalar.anchor),
                span: Span(start: start, end: offsets.mark(event.end_mark)))
            if let anchor = node.anchor {
                anchors[anchor] = node
                anchorWeights[anchor] = 1
            }
            return node
        case YAML_SEQUENCE_START_EVENT:
            let data = event.data.sequence_start
            let style: Node.CollectionStyle = data.style == YAML_FLOW_SEQUENCE_STYLE ? .flow : .block
            let tag = string(data.tag)
            let anchor = string(data.anchor)
            try count(1, at: start)
            try enter(at: start)
            var items: [Node] = []
            while true {
                var child = yaml_event_t()
                guard yaml_parser_parse(&parser, &child) == 1 else { throw error(of: &parser) }
                if child.type == YAML_SEQUENCE_END_EVENT {
                    let end = offsets.mark(child.end_mark)
                    yaml_event_delete(&child)
                    let node = Node(.sequence(items, style), tag: tag, anchor: anchor, span: Span(start: start, end: end))
                    depth -= 1
                    if let anchor {
                        anchors[anchor] = node
                        anchorWeights[anchor] = nodeCount - countBefore
                    }
                    return node
                }
                items.append(try node(from: &child, parser: &parser))
            }
        case YAML_MAPPING_START_EVENT:
            let data = event.data.mapping_start
            let style: Node.CollectionStyle = data.style == YAML_FLOW_MAPPING_STYLE ? .flow : .block
            let tag = string(data.tag)
            let anchor = string(data.anchor)
            try count(1, at: start)
            try enter(at: start)
            var pairs: [Node.Pair] = []
            var seen: [String] = []
            while true {
                var keyEvent = yaml_event_t()
                guard yaml_parser_parse(&parser, &keyEvent) == 1 else { throw error(of: &parser) }
                if keyEvent.type == YAML_MAPPING_END_EVENT {
                    let end = offsets.mark(keyEvent.end_mark)
                    yaml_event_delete(&keyEvent)
                    let node = Node(.mapping(pairs, style), tag: tag, anchor: anchor, span: Span(start: start, end: end))
                    depth -= 1
                    if let anchor {
                        anchors[anchor] = node
                        anchorWeights[anchor] = nodeCount - countBefore
                    }
                    return node
                }
                let key = try node(from: &keyEvent, parser: &parser)
                // Keys are compared as text whatever their tag (`!!int 1` and `1` are one key to
                // `Node[key]` and to an emitter that drops core tags).
                if let text = key.scalarText {
                    // Front matter maps are small: a linear scan beats hashing every key.
                    guard !seen.contains(text) else {
                        throw YAMLError(
                            kind: .duplicateKey(text), problem: "found duplicate key \"\(text)\"",
                            mark: key.span?.start ?? start)
                    }
                    seen.append(text)
                }
                var valueEvent = yaml_event_t()
                guard yaml_parser_parse(&parser, &valueEvent) == 1 else { throw error(of: &parser) }
                let value = try node(from: &valueEvent, parser: &parser)
                pairs.append(Node.Pair(key: key, value: value))
            }
        default:
            throw YAMLError(kind: .composer, problem: "unexpected event", mark: start)
        }
    }

    func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        guard let pointer else { return nil }
        return String(cString: UnsafeRawPointer(pointer).assumingMemoryBound(to: CChar.self))
    }

    func error(of parser: inout yaml_parser_t) -> YAMLError {
        let kind: YAMLError.Kind =
            switch parser.error {
            case YAML_READER_ERROR: .reader
            case YAML_SCANNER_ERROR: .scanner
            case YAML_COMPOSER_ERROR: .composer
            default: .parser
            }
        let problem = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
        let context = parser.context.map { String(cString: $0) }
        if kind == .reader {
            // Reader errors carry a byte offset, not a mark.
            return YAMLError(
                kind: .reader, problem: problem, mark: Mark(byteOffset: Int(parser.problem_offset), in: text.isEmpty ? source : text))
        }
        // A scanner error's context mark is where the broken token began (an unclosed quote),
        // which is where a person has to look; the problem mark is often the end of the text.
        let atStart = context.map { kind == .scanner || $0.contains("flow") || $0.contains("quoted") } ?? false
        let mark = atStart ? parser.context_mark : parser.problem_mark
        return YAMLError(kind: kind, problem: problem, context: context, mark: offsets.mark(mark))
    }
}
