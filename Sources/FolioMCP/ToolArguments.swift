import FolioCore
import Foundation
import MCP

/// A tool's arguments as the client sent them, read only through checked accessors: a name the
/// tool does not take, a value of the wrong type, text over its limit or holding a NUL, a number
/// out of range, a record reference that climbs out of the vault are each refused with a message
/// the assistant can act on (and a JSON-RPC error, "invalid params").
struct ToolArguments {
    let tool: String
    let values: [String: Value]
    let limits: MCPLimits

    init(tool: ToolSpec, values: [String: Value]?, limits: MCPLimits) throws(ToolFailure) {
        self.tool = tool.name
        self.values = values ?? [:]
        self.limits = limits
        let known = tool.parameters.map(\.name)
        for name in self.values.keys.sorted() where !known.contains(name) {
            throw .arguments(.unknownArgument(tool: tool.name, name: String(name.prefix(100)), known: known))
        }
        for parameter in tool.parameters where parameter.required && self.values[parameter.name] == nil {
            throw .arguments(.missingArgument(tool: tool.name, name: parameter.name))
        }
    }

    /// Text of at most `limit` characters; `multiline` allows line breaks and tabs, never a NUL or
    /// another control character.
    func text(_ name: String, limit: Int? = nil, multiline: Bool = false) throws(ToolFailure) -> String? {
        guard let value = values[name], value != .null else { return nil }
        guard let text = Self.string(value) else { throw .arguments(.wrongArgumentType(name: name, expected: .text)) }
        let limit = limit ?? limits.maxShortText
        guard text.utf8.count <= limit * 4, text.count <= limit else { throw .arguments(.argumentTooLong(name: name, limit: limit)) }
        let allowed: Set<Unicode.Scalar> = multiline ? ["\n", "\r", "\t"] : []
        if text.unicodeScalars.contains(where: { $0.isControl && !allowed.contains($0) }) {
            throw .arguments(.argumentHasControl(name: name))
        }
        return text
    }

    /// A record named by id, id prefix, path in the vault, slug or title; never an absolute path or
    /// one that climbs out with `..`.
    func reference(_ name: String) throws(ToolFailure) -> String? {
        guard let text = try text(name) else { return nil }
        let parts = text.split(whereSeparator: { $0 == "/" || $0 == "\\" })
        if text.hasPrefix("/") || text.hasPrefix("\\") || text.hasPrefix("~") || parts.contains("..") {
            throw .arguments(.referenceOutsideVault(text))
        }
        return text
    }

    func integer(_ name: String, in range: ClosedRange<Int>) throws(ToolFailure) -> Int? {
        guard let value = values[name], value != .null else { return nil }
        let number: Int?
        switch value {
        case .int(let whole): number = whole
        case .double(let real) where real == real.rounded() && abs(real) < 1e15: number = Int(exactly: real)
        default: number = nil
        }
        guard let number else { throw .arguments(.wrongArgumentType(name: name, expected: .wholeNumber)) }
        guard range.contains(number) else {
            throw .arguments(.argumentOutOfRange(name: name, lowest: range.lowerBound, highest: range.upperBound))
        }
        return number
    }

    func flag(_ name: String) throws(ToolFailure) -> Bool? {
        guard let value = values[name], value != .null else { return nil }
        guard case .bool(let flag) = value else { throw .arguments(.wrongArgumentType(name: name, expected: .trueOrFalse)) }
        return flag
    }

    /// A list of short texts (tags, keys to remove).
    func texts(_ name: String) throws(ToolFailure) -> [String] {
        guard let value = values[name], value != .null else { return [] }
        guard case .array(let items) = value, items.count <= 100 else {
            throw .arguments(.wrongArgumentType(name: name, expected: .texts(atMost: 100)))
        }
        var out: [String] = []
        for (index, item) in items.enumerated() {
            let one = ToolArguments(tool: tool, values: ["\(name)[\(index)]": item], limits: limits)
            guard let text = try one.text("\(name)[\(index)]") else { continue }
            out.append(text)
        }
        return out
    }

    /// Keys and values to set: strings, numbers, booleans, and lists of strings (the shape every
    /// answer gives `tags` and a kind's list keys), written as the command line would take them:
    /// a list as its items joined by commas, so an item holding a comma is refused.
    func fields(_ name: String) throws(ToolFailure) -> [(String, String)] {
        guard let value = values[name], value != .null else { return [] }
        guard case .object(let pairs) = value, pairs.count <= 100 else {
            throw .arguments(.wrongArgumentType(name: name, expected: .keys(atMost: 100)))
        }
        var out: [(String, String)] = []
        for key in pairs.keys.sorted() {
            let label = "\(name).\(key.prefix(100))"
            let keyCheck = ToolArguments(tool: tool, values: [label: .string(key)], limits: limits)
            _ = try keyCheck.text(label, limit: 100)
            let text: String
            switch pairs[key] {
            case .int(let whole)?: text = String(whole)
            case .double(let real)?: text = String(real)
            case .bool(let flag)?: text = flag ? "true" : "false"
            case .array?:
                let items = try ToolArguments(tool: tool, values: [label: pairs[key] ?? .null], limits: limits).texts(label)
                guard !items.contains(where: { $0.contains(",") || $0.contains("，") || $0.contains("、") }) else {
                    throw .arguments(.wrongArgumentType(name: label, expected: .textsWithoutCommas))
                }
                text = items.joined(separator: ", ")
            case let item?:
                let one = ToolArguments(tool: tool, values: [label: item], limits: limits)
                guard let given = try one.text(label, limit: limits.maxLongText, multiline: true) else { continue }
                text = given
            case nil: continue
            }
            out.append((key, text))
        }
        return out
    }

    private init(tool: String, values: [String: Value], limits: MCPLimits) {
        self.tool = tool
        self.values = values
        self.limits = limits
    }

    /// The text of a JSON string; the SDK reads a string that looks like a `data:` URL as bytes,
    /// which is given back as the text it was.
    private static func string(_ value: Value) -> String? {
        switch value {
        case .string(let text): return text
        case .data:
            // try?: a value that is not a string is refused in the else, naming the argument.
            guard let encoded = try? JSONEncoder().encode(value), let text = try? JSONDecoder().decode(String.self, from: encoded) else {
                return nil
            }
            return text
        default: return nil
        }
    }
}
