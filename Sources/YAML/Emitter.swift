import Clibyaml

/// Writes ``Node`` trees as YAML text through libyaml's emitter.
///
/// Strings that a reader would take for another type (`true`, `12`, `null`, `yes`) are
/// quoted; multi-line strings become literal blocks; CJK text is written as is, never escaped.
public enum Emitter {
    /// The YAML text of a document whose root is `node`, without `---` or `...` markers.
    /// - Throws: ``YAMLError`` when libyaml refuses the tree.
    public static func emit(_ node: Node) throws(YAMLError) -> String {
        var emitter = yaml_emitter_t()
        guard yaml_emitter_initialize(&emitter) == 1 else {
            throw YAMLError(kind: .composer, problem: "out of memory", mark: Mark(line: 1, column: 1, offset: 0))
        }
        defer { yaml_emitter_delete(&emitter) }
        let sink = OutputSink()
        let box = Unmanaged.passRetained(sink)
        defer { box.release() }
        yaml_emitter_set_output(
            &emitter,
            { data, buffer, size in
                guard let data, let buffer else { return 0 }
                let sink = Unmanaged<OutputSink>.fromOpaque(data).takeUnretainedValue()
                sink.bytes.append(contentsOf: UnsafeBufferPointer(start: buffer, count: size))
                return 1
            }, box.toOpaque())
        yaml_emitter_set_unicode(&emitter, 1)
        yaml_emitter_set_width(&emitter, -1)
        yaml_emitter_set_indent(&emitter, 2)
        yaml_emitter_set_break(&emitter, YAML_LN_BREAK)

        var writer = EventWriter()
        try writer.emit(&emitter) { yaml_stream_start_event_initialize(&$0, YAML_UTF8_ENCODING) }
        try writer.emit(&emitter) { yaml_document_start_event_initialize(&$0, nil, nil, nil, 1) }
        try writer.write(node, to: &emitter)
        try writer.emit(&emitter) { yaml_document_end_event_initialize(&$0, 1) }
        try writer.emit(&emitter) { yaml_stream_end_event_initialize(&$0) }
        guard yaml_emitter_flush(&emitter) == 1 else { throw writer.error(of: &emitter) }
        var text = String(decoding: sink.bytes, as: UTF8.self)
        // A plain scalar root makes libyaml close the document with a "..." line (and only that
        // line: a value ending in "..." keeps its dots).
        if text.hasSuffix("\n...\n") { text.removeLast(4) }
        if text.hasPrefix("--- ") { text.removeFirst(4) }
        return text
    }

    /// The text of `key: value` as one block-mapping entry, ending with a newline.
    public static func entry(key: String, value: Node) throws(YAMLError) -> String {
        try emit(Node(.mapping([Node.Pair(key: .string(key), value: value)], .block)))
    }
}

private final class OutputSink {
    var bytes: [UInt8] = []
}

private struct EventWriter {
    /// Flow collections open around the node being written.
    var flowDepth = 0

    mutating func emit(_ emitter: inout yaml_emitter_t, _ make: (inout yaml_event_t) -> Int32) throws(YAMLError) {
        var event = yaml_event_t()
        guard make(&event) == 1 else {
            throw YAMLError(kind: .composer, problem: "could not build a YAML event", mark: Mark(line: 1, column: 1, offset: 0))
        }
        guard yaml_emitter_emit(&emitter, &event) == 1 else { throw error(of: &emitter) }
    }

    mutating func write(_ node: Node, to emitter: inout yaml_emitter_t, asKey: Bool = false) throws(YAMLError) {
        switch node.content {
        case .alias(let name):
            try withCString(name) { anchor throws(YAMLError) in
                try emit(&emitter) { yaml_alias_event_initialize(&$0, anchor) }
            }
        case .scalar(var text, let requested):
            // libyaml quotes an empty plain scalar inside a flow collection (`{a: ''}`), which reads
            // back as an empty string: a null value there is written as `null`.
            if text.isEmpty, requested == .plain, flowDepth > 0, !asKey, node.resolved == .null { text = "null" }
            let (style, plainImplicit) = Self.style(for: text, requested: requested, tag: node.tag)
            let tag = Self.explicitTag(node.tag)
            try withOptionalCString(tag) { tagPointer throws(YAMLError) in
                try withCString(text) { value throws(YAMLError) in
                    try emit(&emitter) {
                        yaml_scalar_event_initialize(
                            &$0, nil, tagPointer, value, Int32(text.utf8.count),
                            plainImplicit ? 1 : 0, 1, style)
                    }
                }
            }
        case .sequence(let items, let style):
            try emit(&emitter) {
                yaml_sequence_start_event_initialize(
                    &$0, nil, nil, 1, style == .flow ? YAML_FLOW_SEQUENCE_STYLE : YAML_BLOCK_SEQUENCE_STYLE)
            }
            if style == .flow { flowDepth += 1 }
            for item in items { try write(item, to: &emitter) }
            if style == .flow { flowDepth -= 1 }
            try emit(&emitter) { yaml_sequence_end_event_initialize(&$0) }
        case .mapping(let pairs, let style):
            try emit(&emitter) {
                yaml_mapping_start_event_initialize(&$0, nil, nil, 1, style == .flow ? YAML_FLOW_MAPPING_STYLE : YAML_BLOCK_MAPPING_STYLE)
            }
            if style == .flow { flowDepth += 1 }
            for pair in pairs {
                try write(pair.key, to: &emitter, asKey: true)
                try write(pair.value, to: &emitter)
            }
            if style == .flow { flowDepth -= 1 }
            try emit(&emitter) { yaml_mapping_end_event_initialize(&$0) }
        }
    }

    /// Chooses a style that reads back as the same value: strings that would resolve to
    /// another type are quoted; multi-line text is a literal block.
    static func style(for text: String, requested: Node.ScalarStyle, tag: String?) -> (yaml_scalar_style_t, Bool) {
        let isString = tag == Node.stringTag
        switch requested {
        case .singleQuoted: return (YAML_SINGLE_QUOTED_SCALAR_STYLE, false)
        case .doubleQuoted: return (YAML_DOUBLE_QUOTED_SCALAR_STYLE, false)
        case .literal: return (YAML_LITERAL_SCALAR_STYLE, false)
        case .folded: return (YAML_FOLDED_SCALAR_STYLE, false)
        case .plain:
            if isString && text.contains("\n") { return (YAML_LITERAL_SCALAR_STYLE, false) }
            if isString && Value.plainTextIsAmbiguous(text) { return (YAML_ANY_SCALAR_STYLE, false) }
            return (YAML_ANY_SCALAR_STYLE, true)
        }
    }

    static func explicitTag(_ tag: String?) -> String? {
        guard let tag, tag != Node.stringTag, tag != "!" else { return nil }
        return tag.hasPrefix("tag:yaml.org,2002:") ? nil : tag
    }

    func withCString(_ text: String, _ body: (UnsafeMutablePointer<yaml_char_t>) throws(YAMLError) -> Void) throws(YAMLError) {
        var bytes = Array(text.utf8) + [0]
        let result: YAMLError? = bytes.withUnsafeMutableBufferPointer { buffer -> YAMLError? in
            guard let base = buffer.baseAddress else { return nil }
            do throws(YAMLError) { try body(base) } catch { return error }
            return nil
        }
        if let result { throw result }
    }

    func withOptionalCString(_ text: String?, _ body: (UnsafeMutablePointer<yaml_char_t>?) throws(YAMLError) -> Void) throws(YAMLError) {
        guard let text else { return try body(nil) }
        try withCString(text) { pointer throws(YAMLError) in try body(pointer) }
    }

    func error(of emitter: inout yaml_emitter_t) -> YAMLError {
        let problem = emitter.problem.map { String(cString: $0) } ?? "could not write YAML"
        return YAMLError(kind: .composer, problem: problem, mark: Mark(line: 1, column: 1, offset: 0))
    }
}
