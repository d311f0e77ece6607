import FolioCore
import FolioStore
import Foundation
import YAML

// try? in this file: a JSON value is tried as each kind in turn (list, object, bool, int, double, string);
// the last try throws.

/// A JSON value as an export holds it, read with Foundation's JSONDecoder.
///
/// Objects keep their keys sorted (JSON gives them no order); numbers that are whole and fit an
/// `Int` stay integers, so an id of 20201231 does not come back as 20201231.0.
public indirect enum JSONValue: Sendable, Equatable, Decodable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

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
            self = .object(pairs)
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

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public subscript(key: String) -> JSONValue? {
        if case .object(let pairs) = self { return pairs[key] }
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

    public var object: [String: JSONValue]? {
        if case .object(let pairs) = self { return pairs }
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

    /// The value as YAML front matter: strings quoted where YAML would read them otherwise, keys sorted.
    public var node: Node {
        switch self {
        case .null: .null
        case .bool(let value): .raw(value ? "true" : "false")
        case .int(let value): .raw(String(value))
        case .double(let value): value.isFinite ? .raw(String(value)) : .null
        case .string(let text): .string(text)
        case .array(let items): .sequence(items.map(\.node))
        case .object(let pairs):
            .mapping(pairs.sorted { $0.key < $1.key }.map { ($0.key, $0.value.node) })
        }
    }
}

/// Reads an export file from disk, refusing what is not there, too large, or not JSON.
enum JSONInput {
    /// The most folio reads of one JSON export (1 GiB): far above any journal's text.
    static let maxBytes: UInt64 = 1 << 30

    /// - Parameter maxString: when set, a string longer than this (an entry's text) is refused
    ///   while the file streams past (``EntrySizeScan``), before the file is read whole.
    static func read(_ url: URL, displayName: String, maxBytes: UInt64 = maxBytes, maxString: Int? = nil) throws(FolioError)
        -> JSONValue
    {
        if let maxString { try EntrySizeScan.jsonStrings(url, displayName: displayName, limit: maxString) }
        let data = try FileInput.read(url, displayName: displayName, maxBytes: maxBytes)
        return try parse(data, displayName: displayName)
    }

    static func parse(_ data: Data, displayName: String) throws(FolioError) -> JSONValue {
        do {
            return try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            // JSONDecoder says only that the data is not JSON; JSONSerialization says where.
            throw FolioError(.exchange(.badJSON(file: displayName, reason: whereWrong(data) ?? reason(error))))
        }
    }

    /// Where JSONSerialization finds the text stops being JSON (`Invalid value around character 14.`).
    static func whereWrong(_ data: Data) -> String? {
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return nil
        } catch {
            return (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
        }
    }

    /// What the decoder says, as short as it says it.
    static func reason(_ error: any Error) -> String {
        if case DecodingError.dataCorrupted(let context) = error {
            if let underlying = context.underlyingError as NSError?,
                let detail = underlying.userInfo[NSDebugDescriptionErrorKey] as? String
            {
                return detail
            }
            return context.debugDescription
        }
        return String(describing: error)
    }
}

/// Whole files a source is read from.
enum FileInput {
    /// The bytes of a regular file of at most `maxBytes`.
    static func read(_ url: URL, displayName: String, maxBytes: UInt64) throws(FolioError) -> Data {
        var info = stat()
        guard stat(url.path, &info) == 0 else { throw FolioError(.exchange(.sourceMissing(displayName))) }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw FolioError(.fileUnreadable(displayName))
        }
        let size = UInt64(max(0, info.st_size))
        guard size <= maxBytes else { throw FolioError(.exchange(.sourceTooLarge(file: displayName, bytes: size, limit: maxBytes))) }
        // Read through the descriptor whose type is checked: a pipe swapped in since the check above
        // is never waited on.
        guard let bytes = Vault.readFile(url.path, atMost: Int(clamping: min(maxBytes, UInt64(Int.max - 1))) + 1, followingLinks: true)
        else {
            throw FolioError(.fileUnreadable(displayName))
        }
        guard bytes.count <= maxBytes else {
            throw FolioError(.exchange(.sourceTooLarge(file: displayName, bytes: UInt64(bytes.count), limit: maxBytes)))
        }
        return Data(bytes)
    }
}
