import Foundation
import YAML

// try? in this file: a decoded value is tried as each kind in turn (list, object, bool, int,
// double, string); the last try throws.

/// folio's one JSON value: what it writes (`--json`, exports, the site's scripts, MCP answers) with
/// keys in the order a file has them and strings escaped in this one place, and what it reads
/// (Day One, jrnl and folio exports, a test's look at what a client sent) through `JSONDecoder`.
///
/// Objects keep their pairs in order; a decoded object has its keys sorted (JSON gives them no
/// order). A decoded number that is whole and fits an `Int` stays an integer, so an id of 20201231
/// does not come back as 20201231.0.
public indirect enum JSONValue: Sendable, Equatable, Decodable, CustomStringConvertible {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// A front matter value as JSON: maps keep their order.
    public init(_ value: Value) {
        switch value {
        case .null: self = .null
        case .bool(let b): self = .bool(b)
        case .int(let i): self = .int(i)
        case .double(let d): self = .double(d)
        case .string(let s): self = .string(s)
        case .list(let items): self = .array(items.map(JSONValue.init))
        case .map(let pairs): self = .object(pairs.map { ($0.0, JSONValue($0.1)) })
        }
    }

    /// An object of `pairs`, its keys sorted.
    public static func sortedObject(_ pairs: [String: JSONValue]) -> JSONValue {
        .object(pairs.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    }

    public init(from decoder: any Decoder) throws {
        if var list = try? decoder.unkeyedContainer() {
            var items: [JSONValue] = []
            while !list.isAtEnd { items.append(try list.decode(JSONValue.self)) }
            self = .array(items)
            return
        }
        if let object = try? decoder.container(keyedBy: AnyKey.self) {
            var pairs: [String: JSONValue] = [:]
            for key in object.allKeys { pairs[key.stringValue] = try object.decode(JSONValue.self, forKey: key) }
            self = .sortedObject(pairs)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let value = try? single.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? single.decode(Int.self) {
            self = .int(value)
        } else if let value = try? single.decode(Double.self) {
            self = .double(value)
        } else {
            self = .string(try single.decode(String.self))
        }
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public static func == (left: JSONValue, right: JSONValue) -> Bool {
        switch (left, right) {
        case (.string(let a), .string(let b)): a == b
        case (.int(let a), .int(let b)): a == b
        case (.double(let a), .double(let b)): a == b
        case (.bool(let a), .bool(let b)): a == b
        case (.null, .null): true
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    /// The value of `key` in an object (the first pair of that key).
    public subscript(key: String) -> JSONValue? {
        if case .object(let pairs) = self { return pairs.first { $0.0 == key }?.1 }
        return nil
    }

    /// The item at `index` of a list.
    public subscript(index: Int) -> JSONValue? {
        if case .array(let items) = self, items.indices.contains(index) { return items[index] }
        return nil
    }

    public var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    public var array: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    /// An object's pairs by key (the first of a repeated key).
    public var object: [String: JSONValue]? {
        if case .object(let pairs) = self { return Dictionary(pairs, uniquingKeysWith: { first, _ in first }) }
        return nil
    }

    /// An object's keys, sorted.
    public var keys: [String]? {
        if case .object(let pairs) = self { return pairs.map(\.0).sorted() }
        return nil
    }

    public var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    public var number: Double? {
        switch self {
        case .int(let value): Double(value)
        case .double(let value): value
        default: nil
        }
    }

    public var description: String { text }

    public var text: String {
        var out = ""
        write(into: &out)
        return out
    }

    public func write(into out: inout String) {
        switch self {
        case .string(let s): Self.quote(s, into: &out)
        case .int(let i): out += String(i)
        case .double(let d): out += d.isFinite ? (d == d.rounded() && abs(d) < 1e15 ? String(format: "%.1f", d) : String(d)) : "null"
        case .bool(let b): out += b ? "true" : "false"
        case .null: out += "null"
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.write(into: &out)
            }
            out += "]"
        case .object(let pairs):
            out += "{"
            for (i, pair) in pairs.enumerated() {
                if i > 0 { out += "," }
                Self.quote(pair.0, into: &out)
                out += ":"
                pair.1.write(into: &out)
            }
            out += "}"
        }
    }

    /// `text` as a JSON string. `forScript` also escapes `<`, `>`, `&`, U+2028 and U+2029, so the
    /// string is safe inside a `.js` file a page loads (no `</script>`, no line break in a literal).
    public static func quoted(_ text: String, forScript: Bool = false) -> String {
        var out = ""
        quote(text, forScript: forScript, into: &out)
        return out
    }

    /// Whether `utf8` holds a bidirectional control (``Swift/Unicode/Scalar/isBidiControl``), by
    /// its bytes: U+200E, U+200F and U+202A–U+202E are E2 80 xx, U+2066–U+2069 E2 81 xx, U+061C D8 9C.
    static func holdsBidiControl(_ utf8: String.UTF8View) -> Bool {
        var previous: (UInt8, UInt8) = (0, 0)
        for byte in utf8 {
            switch previous {
            case (0xE2, 0x80) where byte == 0x8E || byte == 0x8F || (0xAA...0xAE).contains(byte): return true
            case (0xE2, 0x81) where (0xA6...0xA9).contains(byte): return true
            case (_, 0xD8) where byte == 0x9C: return true
            default: previous = (previous.1, byte)
            }
        }
        return false
    }

    public static func quote(_ text: String, forScript: Bool = false, into out: inout String) {
        // Most text has nothing to escape (E2 starts U+2028 and U+2029 in UTF-8, C2 the C1 controls);
        // the bidirectional controls are told by their three bytes, so text with dashes, quotes
        // and ellipses (E2 too) stays on this path.
        let plain =
            text.utf8.allSatisfy { byte in
                byte >= 0x20 && byte != 0x7F && byte != 0xC2 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
                    && (!forScript || (byte != UInt8(ascii: "<") && byte != UInt8(ascii: ">") && byte != UInt8(ascii: "&") && byte != 0xE2))
            } && !holdsBidiControl(text.utf8)
        out += "\""
        if plain {
            out += text
            out += "\""
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "<" where forScript: out += "\\u003C"
            case ">" where forScript: out += "\\u003E"
            case "&" where forScript: out += "\\u0026"
            case "\u{2028}" where forScript: out += "\\u2028"
            case "\u{2029}" where forScript: out += "\\u2029"
            default:
                // C0, DEL and C1: JSON needs only C0 escaped, but a raw C1 (CSI, OSC) would reach
                // a terminal that shows the JSON.
                // A bidirectional control is escaped too: the JSON means the same, and a terminal
                // showing it is not turned around.
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.isBidiControl {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
