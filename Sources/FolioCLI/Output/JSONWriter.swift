import Foundation
import FolioCore
import YAML

/// JSON for `--json`, keeping the order keys have in the file.
enum JSONWriter {
    enum JSON {
        case string(String), int(Int), double(Double), bool(Bool), null
        case array([JSON])
        case object([(String, JSON)])
    }

    static func render(_ value: JSON) -> String {
        var out = ""
        write(value, into: &out)
        return out
    }

    static func write(_ value: JSON, into out: inout String) {
        switch value {
        case .string(let s): quote(s, into: &out)
        case .int(let i): out += String(i)
        case .double(let d): out += d.isFinite ? (d == d.rounded() && abs(d) < 1e15 ? String(format: "%.1f", d) : String(d)) : "null"
        case .bool(let b): out += b ? "true" : "false"
        case .null: out += "null"
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                write(item, into: &out)
            }
            out += "]"
        case .object(let pairs):
            out += "{"
            for (i, pair) in pairs.enumerated() {
                if i > 0 { out += "," }
                quote(pair.0, into: &out)
                out += ":"
                write(pair.1, into: &out)
            }
            out += "}"
        }
    }

    static func quote(_ s: String, into out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 { out += String(format: "\\u%04x", scalar.value) } else { out.unicodeScalars.append(scalar) }
            }
        }
        out += "\""
    }

    static func json(_ value: Value) -> JSON {
        switch value {
        case .null: .null
        case .bool(let b): .bool(b)
        case .int(let i): .int(i)
        case .double(let d): .double(d)
        case .string(let s): .string(s)
        case .list(let items): .array(items.map(json))
        case .map(let pairs): .object(pairs.map { ($0.0, json($0.1)) })
        }
    }

    /// A record as JSON: its front matter keys as written, then `path`, and `body` when asked.
    /// A record's children as `show --json` gives them: nothing when its kind has no child kind.
    static func children(_ children: [RecordSummary]?) -> [(String, JSON)] {
        guard let children else { return [] }
        return [("children", .array(children.map { child in
            .object([
                ("id", child.id.map(JSON.string) ?? .null), ("kind", child.kind.map(JSON.string) ?? .null),
                ("title", .string(child.title)), ("created", child.sortTime.map { .string($0.text) } ?? .null),
                ("path", .string(child.path)),
            ])
        }))]
    }

    static func record(_ record: Record, body: Bool, extra: [(String, JSON)] = []) -> JSON {
        var pairs: [(String, JSON)] = []
        if case .map(let fields) = record.document.root.resolved {
            pairs = fields.map { ($0.0, json($0.1)) }
        }
        pairs.append(("path", .string(record.path)))
        if body { pairs.append(("body", .string(record.document.body))) }
        return .object(pairs + extra)
    }
}
