import FolioCore
import FolioStore
import Foundation
import YAML

extension JSONValue {
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
            .mapping(pairs.sorted { $0.0 < $1.0 }.map { ($0.0, $0.1.node) })
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
