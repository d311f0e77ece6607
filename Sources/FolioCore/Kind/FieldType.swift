import Foundation
import YAML

/// The type of a kind's key, as declared in its template.
public enum FieldType: String, Sendable, CaseIterable {
    case string, text, int, number, bool, date, datetime, list, map

    /// Words for the type in error messages, in the vault's language.
    public var names: (String, String) {
        let chinese =
            switch self {
            case .string, .text: "文字"
            case .int: "整數"
            case .number: "數字"
            case .bool: "「true」或「false」"
            case .date: "日期（YYYY-MM-DD）"
            case .datetime: "日期和時間（YYYY-MM-DDTHH:MM[:SS]±HH:MM）"
            case .list: "清單（a, b, c）"
            case .map: "對照表（{鍵: 值}）"
            }
        return (chinese, displayName)
    }

    /// Words for the type in English error messages.
    public var displayName: String {
        switch self {
        case .string, .text: "text"
        case .int: "a whole number"
        case .number: "a number"
        case .bool: "true or false"
        case .date: "a date (YYYY-MM-DD)"
        case .datetime: "a date and time (YYYY-MM-DDTHH:MM[:SS]±HH:MM)"
        case .list: "a list (a, b, c)"
        case .map: "a map ({key: value})"
        }
    }

    /// Turns text typed on the command line into a node of this type.
    /// - Returns: nil when the text is not a value of this type.
    public func node(from text: String, zone: TimeZone) -> Node? {
        switch self {
        case .string, .text:
            return .string(text)
        case .int:
            guard let value = Int(text.trimmingCharacters(in: .whitespaces)) else { return nil }
            return .raw(String(value))
        case .number:
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            guard Double(trimmed) != nil, Value.resolvePlain(trimmed) != .string(trimmed) else { return nil }
            return .raw(trimmed)
        case .bool:
            switch text.lowercased() {
            case "true", "yes", "y", "1", "on": return .raw("true")
            case "false", "no", "n", "0", "off": return .raw("false")
            default: return nil
            }
        case .date:
            guard text.utf8.count == 10, Timestamp(text) != nil else { return nil }
            return .raw(text)
        case .datetime:
            guard let stamp = Timestamp(text) else { return nil }
            if text.utf8.count == 10 { return nil }
            if stamp.text.contains(" ") || !Self.hasOffset(text) {
                // A local time without an offset gets the writer's offset, so it sorts correctly everywhere.
                let seconds = stamp.epochSeconds - zone.secondsFromGMT(for: stamp.date)
                return .raw(Timestamp(date: Date(timeIntervalSince1970: TimeInterval(seconds)), zone: zone).text)
            }
            return .raw(text)
        case .list:
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            // try?: typed text that is not a YAML list is taken as one item, as the kind's type says.
            if trimmed.hasPrefix("["), let node = try? Parser.parse(trimmed), case .sequence = node.content {
                return node.withoutSpans
            }
            let items = trimmed.isEmpty ? [] : trimmed.split(separator: ",").map { Node.string($0.trimmingCharacters(in: .whitespaces)) }
            return .sequence(items)
        case .map:
            // try?: text that is not a mapping is not a value of this type: nil, and the caller names the key.
            guard let node = try? Parser.parse(text), case .mapping = node.content else { return nil }
            return node.withoutSpans
        }
    }

    /// Whether a value read from a file fits this type.
    public func accepts(_ value: Value, text: String?) -> Bool {
        switch (self, value) {
        case (_, .null): return true
        case (.string, .string), (.text, .string): return true
        case (.string, _), (.text, _): return text != nil
        case (.int, .int): return true
        case (.number, .int), (.number, .double): return true
        case (.bool, .bool): return true
        case (.date, .string(let s)): return s.utf8.count == 10 && Timestamp(s) != nil
        case (.datetime, .string(let s)): return Timestamp(s) != nil
        case (.list, .list): return true
        case (.map, .map): return true
        default: return false
        }
    }

    private static func hasOffset(_ text: String) -> Bool {
        guard text.utf8.count > 16 else { return false }
        let tail = text.dropFirst(16)
        return tail.contains("Z") || tail.contains("z") || tail.contains("+") || tail.contains("-")
    }
}

extension Node {
    /// The same tree without source positions, for nodes that will be written elsewhere.
    public var withoutSpans: Node {
        var copy = self
        copy.span = nil
        switch content {
        case .scalar, .alias: break
        case .sequence(let items, let style): copy.content = .sequence(items.map(\.withoutSpans), style)
        case .mapping(let pairs, let style):
            copy.content = .mapping(pairs.map { Node.Pair(key: $0.key.withoutSpans, value: $0.value.withoutSpans) }, style)
        }
        return copy
    }
}
