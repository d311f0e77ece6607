/// Writes ``Node`` trees as js-yaml's `dump` does with no line width (Obsidian's property editor
/// writes front matter this way): block mappings and block sequences, a sequence's items two
/// spaces right of its key, strings plain unless they must be quoted, then in single quotes (double
/// only for text that needs an escape), multi-line strings as literal blocks, lines never folded.
///
/// A scalar written without a tag whose plain text reads as something other than a string (a
/// number, `true`, `null`) is written as it is; so is a date, which this writer, like Obsidian's
/// properties, takes for a string. Every other string is written as js-yaml writes it, so js-yaml
/// (and the YAML 1.2 core schema, and YAML 1.1 readers) read back the same string.
public enum BlockWriter {
    /// The YAML text of a mapping or sequence (or a scalar) written as a document, ending with a newline.
    public static func document(_ node: Node) -> String {
        var writer = Writer()
        writer.write(node, level: 0, compact: true, isKey: false)
        return writer.dump + "\n"
    }

    /// The text of `key: value` as one block-mapping entry at the first column, ending with a newline.
    public static func entry(key: String, value: Node) -> String {
        document(Node(.mapping([Node.Pair(key: .string(key), value: value)], .block)))
    }

    /// How js-yaml writes a string scalar (a key when `isKey`) at `level`; `indent` spaces per level.
    static func scalar(_ text: String, level: Int, isKey: Bool) -> String {
        if text.isEmpty { return "''" }
        if compatibilityQuoted(text) { return "'" + text + "'" }
        switch style(of: text, singleLineOnly: isKey) {
        case .plain: return text
        case .single: return "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
        case .double: return "\"" + escaped(text) + "\""
        case .literal:
            let indent = String(repeating: " ", count: indentWidth * max(1, level))
            var body = ""
            for line in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if line.offset > 0 { body += "\n" }
                if !line.element.isEmpty { body += indent + line.element }
            }
            // js-yaml drops the text's own last line break: chomping says whether there was one.
            if body.hasSuffix("\n") && text.hasSuffix("\n") { body.removeLast() }
            return "|" + blockHeader(text) + body
        }
    }

    /// Whether a plain scalar with this text would read as something else than the string: to
    /// js-yaml's default schema (timestamps left out, as Obsidian's properties read them), to the
    /// YAML 1.2 core schema, or to a YAML 1.1 reader (`yes`, `on`, `12:30`).
    public static func isAmbiguous(_ text: String) -> Bool {
        if Value.resolvePlain(text) != .string(text) { return true }
        if text == "<<" || text == "=" { return true }
        return jsInteger(text) || jsFloat(text)
    }

    // MARK: - Private

    static let indentWidth = 2

    enum Style { case plain, single, double, literal }

    /// js-yaml's `chooseScalarStyle`, without folding (no line width).
    static func style(of text: String, singleLineOnly: Bool) -> Style {
        let scalars = Array(text.unicodeScalars)
        guard let first = scalars.first, let last = scalars.last else { return .single }
        var plain = isPlainSafeFirst(first) && isPlainSafeLast(last)
        var hasLineBreak = false
        var previous: Unicode.Scalar?
        for scalar in scalars {
            if scalar == "\n" && !singleLineOnly {
                hasLineBreak = true
            } else if !isPrintable(scalar) {
                return .double
            }
            plain = plain && isPlainSafe(scalar, after: previous)
            previous = scalar
        }
        if !hasLineBreak { return plain && !isAmbiguous(text) ? .plain : .single }
        return .literal
    }

    /// `y`, `yes`, `on`, `off`… and sexagesimal numbers (`12:30`), quoted by js-yaml before anything else.
    static func compatibilityQuoted(_ text: String) -> Bool {
        switch text {
        case "y", "Y", "yes", "Yes", "YES", "on", "On", "ON", "n", "N", "no", "No", "NO", "off", "Off", "OFF": return true
        default: break
        }
        // ^[-+]?[0-9_]+(?::[0-9_]+)+(?:\.[0-9_]*)?$
        var bytes = Array(text.utf8)[...]
        if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
        func run() -> Int {
            let count = bytes.prefix { ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: "_") }.count
            bytes = bytes.dropFirst(count)
            return count
        }
        guard run() > 0 else { return false }
        var groups = 0
        while bytes.first == UInt8(ascii: ":") {
            bytes = bytes.dropFirst()
            guard run() > 0 else { return false }
            groups += 1
        }
        guard groups > 0 else { return false }
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            _ = run()
        }
        return bytes.isEmpty
    }

    /// js-yaml's `resolveYamlInteger`: decimal, `0b`, `0x`, `0o`, with `_` between digits.
    static func jsInteger(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { return false }
        var index = 0
        if bytes[0] == UInt8(ascii: "-") || bytes[0] == UInt8(ascii: "+") { index += 1 }
        func digits(from start: Int, _ isDigit: (UInt8) -> Bool) -> Bool {
            var found = false
            for byte in bytes[start...] {
                if byte == UInt8(ascii: "_") { continue }
                guard isDigit(byte) else { return false }
                found = true
            }
            return found && bytes.last != UInt8(ascii: "_")
        }
        let isDecimal: (UInt8) -> Bool = { $0 >= 0x30 && $0 <= 0x39 }
        if index < bytes.count, bytes[index] == UInt8(ascii: "0") {
            if index + 1 == bytes.count { return true }
            switch bytes[index + 1] {
            case UInt8(ascii: "b"): return digits(from: index + 2) { $0 == 0x30 || $0 == 0x31 }
            case UInt8(ascii: "x"):
                return digits(from: index + 2) { isDecimal($0) || ($0 >= 0x61 && $0 <= 0x66) || ($0 >= 0x41 && $0 <= 0x46) }
            case UInt8(ascii: "o"): return digits(from: index + 2) { $0 >= 0x30 && $0 <= 0x37 }
            case UInt8(ascii: "_"): return false
            default: return digits(from: index + 1, isDecimal)
            }
        }
        guard index < bytes.count, bytes[index] != UInt8(ascii: "_") else { return false }
        return digits(from: index, isDecimal)
    }

    /// js-yaml's float pattern: `2.5e4`, `2.5`, `12`, `.2`, `.inf`, `.nan`, `_` among the digits.
    static func jsFloat(_ text: String) -> Bool {
        switch text {
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF", ".nan", ".NaN", ".NAN": return true
        default: break
        }
        guard text.utf8.last != UInt8(ascii: "_") else { return false }
        var bytes = Array(text.utf8)[...]
        func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
        func run(underscores: Bool) -> Int {
            let count = bytes.prefix { isDigit($0) || (underscores && $0 == UInt8(ascii: "_")) }.count
            bytes = bytes.dropFirst(count)
            return count
        }
        func exponent() -> Bool {
            guard let e = bytes.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") else { return true }
            bytes = bytes.dropFirst()
            if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
            return run(underscores: false) > 0
        }
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            guard run(underscores: true) > 0 else { return false }
            return exponent() && bytes.isEmpty
        }
        if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
        guard let first = bytes.first, isDigit(first) else { return false }
        _ = run(underscores: true)
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            _ = run(underscores: true)
        }
        return exponent() && bytes.isEmpty
    }

    /// js-yaml's `isPrintable`.
    static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        let c = scalar.value
        return (0x20...0x7E).contains(c) || ((0xA1...0xD7FF).contains(c) && c != 0x2028 && c != 0x2029)
            || ((0xE000...0xFFFD).contains(c) && c != 0xFEFF) || (0x10000...0x10FFFF).contains(c)
    }

    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool { scalar == " " || scalar == "\t" }

    /// js-yaml's `isNsCharOrWhitespace`: printable, not a byte order mark, not a line break.
    static func isNsCharOrWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        isPrintable(scalar) && scalar.value != 0xFEFF && scalar != "\r" && scalar != "\n"
    }

    /// js-yaml's `isPlainSafe` in block context.
    static func isPlainSafe(_ scalar: Unicode.Scalar, after previous: Unicode.Scalar?) -> Bool {
        let nsCharOrWhitespace = isNsCharOrWhitespace(scalar)
        let isNsChar = nsCharOrWhitespace && !isWhitespace(scalar)
        let previousIsNsChar = previous.map { isNsCharOrWhitespace($0) && !isWhitespace($0) } ?? false
        return (nsCharOrWhitespace && scalar != "#" && !(previous == ":" && !isNsChar))
            || (previousIsNsChar && scalar == "#") || (previous == ":" && isNsChar)
    }

    /// js-yaml's `isPlainSafeFirst`: no indicator, no space.
    static func isPlainSafeFirst(_ scalar: Unicode.Scalar) -> Bool {
        isPrintable(scalar) && scalar.value != 0xFEFF && !isWhitespace(scalar) && !"-?:,[]{}#&*!|=>'\"%@`".unicodeScalars.contains(scalar)
    }

    static func isPlainSafeLast(_ scalar: Unicode.Scalar) -> Bool {
        !isWhitespace(scalar) && scalar != ":"
    }

    /// A literal block's header after `|`: an indentation indicator when the text starts with a
    /// space or a line break, then `-` (no final line break) or `+` (more than one).
    static func blockHeader(_ text: String) -> String {
        let indicator = text.hasPrefix(" ") || text.hasPrefix("\n") ? String(indentWidth) : ""
        let scalars = Array(text.unicodeScalars)
        let clip = scalars.last == "\n"
        let keep = clip && (scalars.count == 1 || scalars[scalars.count - 2] == "\n")
        return indicator + (keep ? "+" : clip ? "" : "-") + "\n"
    }

    /// js-yaml's `escapeString` without folding.
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x00: out += "\\0"
            case 0x07: out += "\\a"
            case 0x08: out += "\\b"
            case 0x09: out += "\\t"
            case 0x0A: out += "\\n"
            case 0x0B: out += "\\v"
            case 0x0C: out += "\\f"
            case 0x0D: out += "\\r"
            case 0x1B: out += "\\e"
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x85: out += "\\N"
            case 0xA0: out += "\\_"
            case 0x2028: out += "\\L"
            case 0x2029: out += "\\P"
            default:
                if isPrintable(scalar) {
                    out.unicodeScalars.append(scalar)
                } else if scalar.value <= 0xFF {
                    out += "\\x" + hex(scalar.value, width: 2)
                } else if scalar.value <= 0xFFFF {
                    out += "\\u" + hex(scalar.value, width: 4)
                } else {
                    out += "\\U" + hex(scalar.value, width: 8)
                }
            }
        }
        return out
    }

    static func hex(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

/// js-yaml's `writeNode` for block output (`flowLevel` -1, `indent` 2, `noArrayIndent` false).
private struct Writer {
    var dump = ""

    mutating func write(_ node: Node, level: Int, compact: Bool, isKey: Bool) {
        switch node.content {
        case .alias(let name):
            dump = "*" + name
        case .scalar(let text, let style):
            dump = Self.scalar(node, text: text, style: style, level: level, isKey: isKey)
        case .sequence(let items, _):
            guard !items.isEmpty else {
                dump = "[]"
                return
            }
            var result = ""
            for item in items {
                write(item, level: level + 1, compact: true, isKey: false)
                if !compact || !result.isEmpty { result += nextLine(level) }
                result += dump.hasPrefix("\n") ? "-" : "- "
                result += dump
            }
            dump = result
        case .mapping(let pairs, _):
            guard !pairs.isEmpty else {
                dump = "{}"
                return
            }
            var result = ""
            for pair in pairs {
                var entry = ""
                if !compact || !result.isEmpty { entry += nextLine(level) }
                write(pair.key, level: level + 1, compact: true, isKey: true)
                // A key too long to be a simple key is written as an explicit one, `? key` then `: value`.
                let explicit = dump.utf8.count > 1024
                if explicit { entry += dump.hasPrefix("\n") ? "?" : "? " }
                entry += dump
                if explicit { entry += nextLine(level) }
                write(pair.value, level: level + 1, compact: explicit, isKey: false)
                entry += dump.hasPrefix("\n") ? ":" : dump.isEmpty ? ":" : ": "
                entry += dump
                result += entry
            }
            dump = result
        }
    }

    private func nextLine(_ level: Int) -> String {
        "\n" + String(repeating: " ", count: BlockWriter.indentWidth * level)
    }

    /// A scalar that reads as another type is written as it is; a string as js-yaml writes it.
    private static func scalar(_ node: Node, text: String, style: Node.ScalarStyle, level: Int, isKey: Bool) -> String {
        let tag = node.tag
        if let tag, tag != Node.stringTag, tag != "!" {
            // An explicit tag (`!!int "3"`, `!custom x`) is kept in front of the text as a string.
            let shown = tag.hasPrefix("tag:yaml.org,2002:") ? "!!" + tag.dropFirst("tag:yaml.org,2002:".count) : tag
            return shown + " " + BlockWriter.scalar(text, level: level, isKey: true)
        }
        if tag == nil, style == .plain, Value.resolvePlain(text) != .string(text), !text.contains("\n") {
            return text  // a number, a bool, a null, written as given
        }
        if style == .doubleQuoted, text.contains("\n") { return "\"" + BlockWriter.escaped(text) + "\"" }
        return BlockWriter.scalar(text, level: level, isKey: isKey)
    }
}
