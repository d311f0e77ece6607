import Foundation

/// A YAML value resolved with the YAML 1.2 core schema: `yes` is a string, `true` a Bool.
public enum Value: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case list([Value])
    case map([(String, Value)])

    public static func == (lhs: Value, rhs: Value) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.int(let a), .int(let b)): a == b
        case (.double(let a), .double(let b)): a == b || (a.isNaN && b.isNaN)
        case (.string(let a), .string(let b)): a == b
        case (.list(let a), .list(let b)): a == b
        case (.map(let a), .map(let b)): a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let b): hasher.combine(b)
        case .int(let i): hasher.combine(i)
        case .double(let d): hasher.combine(d)
        case .string(let s): hasher.combine(s)
        case .list(let l): hasher.combine(l)
        case .map(let m):
            for (k, v) in m {
                hasher.combine(k)
                hasher.combine(v)
            }
        }
    }

    init(resolving node: Node) {
        switch node.content {
        case .alias:
            self = .null
        case .sequence(let items, _):
            self = .list(items.map(Value.init(resolving:)))
        case .mapping(let pairs, _):
            self = .map(pairs.map { ($0.key.scalarText ?? Value(resolving: $0.key).plainText, Value(resolving: $0.value)) })
        case .scalar(let text, let style):
            if let tag = node.tag, tag != "!" {
                self = Value.resolve(text, tag: tag)
            } else if style != .plain {
                self = .string(text)
            } else {
                self = Value.resolvePlain(text)
            }
        }
    }

    /// Resolves a plain scalar by the core schema's rules.
    public static func resolvePlain(_ text: String) -> Value {
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .double(.infinity)
        case "-.inf", "-.Inf", "-.INF": return .double(-.infinity)
        case ".nan", ".NaN", ".NAN": return .double(.nan)
        default: break
        }
        guard let first = text.utf8.first,
            first == UInt8(ascii: "-") || first == UInt8(ascii: "+")
                || first == UInt8(ascii: ".") || (first >= 0x30 && first <= 0x39)
        else { return .string(text) }
        if let int = parseInt(text) { return .int(int) }
        if isCoreFloat(text), let double = Double(text) { return .double(double) }
        return .string(text)
    }

    static func resolve(_ text: String, tag: String) -> Value {
        switch tag {
        case "tag:yaml.org,2002:str": return .string(text)
        case "tag:yaml.org,2002:int": return parseInt(text).map(Value.int) ?? .string(text)
        case "tag:yaml.org,2002:float": return Double(text).map(Value.double) ?? .string(text)
        case "tag:yaml.org,2002:bool": return resolvePlain(text)
        case "tag:yaml.org,2002:null": return .null
        default: return resolvePlain(text)
        }
    }

    static func parseInt(_ text: String) -> Int? {
        var body = Substring(text)
        var sign = 1
        if body.hasPrefix("-") {
            sign = -1
            body = body.dropFirst()
        } else if body.hasPrefix("+") {
            body = body.dropFirst()
        }
        guard !body.isEmpty else { return nil }
        if body.hasPrefix("0o") { return Int(body.dropFirst(2), radix: 8).map { $0 * sign } }
        if body.hasPrefix("0x") { return Int(body.dropFirst(2), radix: 16).map { $0 * sign } }
        guard body.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Int(body).map { $0 * sign }
    }

    /// `[-+]? ( \. [0-9]+ | [0-9]+ ( \. [0-9]* )? ) ( [eE] [-+]? [0-9]+ )?`
    static func isCoreFloat(_ text: String) -> Bool {
        var bytes = Array(text.utf8)[...]
        if let f = bytes.first, f == UInt8(ascii: "-") || f == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
        func digits() -> Int {
            var n = 0
            while let c = bytes.first, c >= 0x30 && c <= 0x39 {
                bytes = bytes.dropFirst()
                n += 1
            }
            return n
        }
        let whole = digits()
        var fraction = 0
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            fraction = digits()
            if whole == 0 && fraction == 0 { return false }
        } else if whole == 0 {
            return false
        }
        if let e = bytes.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if let s = bytes.first, s == UInt8(ascii: "-") || s == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
            if digits() == 0 { return false }
        }
        return bytes.isEmpty
    }

    /// Text of a scalar value as a person would write it.
    public var plainText: String {
        switch self {
        case .null: ""
        case .bool(let b): b ? "true" : "false"
        case .int(let i): String(i)
        case .double(let d): d.isNaN ? ".nan" : d.isInfinite ? (d < 0 ? "-.inf" : ".inf") : String(d)
        case .string(let s): s
        case .list(let l): l.map(\.plainText).joined(separator: ", ")
        case .map(let m): m.map { "\($0.0): \($0.1.plainText)" }.joined(separator: ", ")
        }
    }

    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// Whether a plain scalar with this text would be read back as something other than this string,
    /// under the core schema or by an older YAML 1.1 reader (yes/no/on/off).
    public static func plainTextIsAmbiguous(_ text: String) -> Bool {
        if resolvePlain(text) != .string(text) { return true }
        switch text.lowercased() {
        case "yes", "no", "on", "off", "y", "n": return true
        default: break
        }
        // 1.1 readers take 1_000 and 0b1 as numbers, and 12:30 as sexagesimal.
        if let first = text.unicodeScalars.first, ("0"..."9").contains(first) || first == "." || first == "-" || first == "+" {
            let rest = text.unicodeScalars.dropFirst()
            if rest.allSatisfy({ ("0"..."9").contains($0) || "_.:eEbBxXoO+-".unicodeScalars.contains($0) })
                && !text.contains("-") || text.hasPrefix("-") && Double(text.replacingOccurrences(of: "_", with: "")) != nil
            {
                return true
            }
        }
        return false
    }
}
