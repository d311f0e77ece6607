import Foundation
import YAML

/// JSON as folio writes it — `--json`, exports, the site's scripts — with keys in the order a file
/// has them, and strings escaped in this one place.
public indirect enum JSONOutput: Sendable {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case null
    case array([JSONOutput])
    case object([(String, JSONOutput)])

    /// A front matter value as JSON: maps keep their order.
    public init(_ value: Value) {
        switch value {
        case .null: self = .null
        case .bool(let b): self = .bool(b)
        case .int(let i): self = .int(i)
        case .double(let d): self = .double(d)
        case .string(let s): self = .string(s)
        case .list(let items): self = .array(items.map(JSONOutput.init))
        case .map(let pairs): self = .object(pairs.map { ($0.0, JSONOutput($0.1)) })
        }
    }

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
