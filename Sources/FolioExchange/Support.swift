import Crypto
import FolioCore
import Foundation
import Markdown
import YAML

enum SHA256Digest {
    static func of(_ data: Data) -> [UInt8] { Array(SHA256.hash(data: data)) }
}

enum LinkScan {
    /// Every link and image destination of a Markdown text (not those in code).
    static func destinations(_ markdown: String) -> [String] {
        MarkdownLinks.links(in: markdown).map(\.destination)
    }
}

/// JSON text written by hand, keeping the order keys have in a file.
enum JSONText {
    static func quote(_ s: String) -> String { JSONValue.quoted(s) }

    static func value(_ value: Value) -> String { JSONValue(value).text }

    /// A record: its front matter keys as JSON values (for `jq`), `path`, `body`, and the front
    /// matter exactly as written (`front_matter`), which the import writes back.
    static func record(_ record: Record) -> String {
        var parts: [String] = []
        if case .map(let fields) = record.document.root.resolved {
            for (key, value) in fields where !["path", "body", "front_matter"].contains(key) {
                parts.append(quote(key) + ":" + Self.value(value))
            }
        }
        let head = String(decoding: Array(record.document.text.utf8)[..<record.document.bodyStart], as: UTF8.self)
        parts.append("\"path\":" + quote(record.path))
        parts.append("\"body\":" + quote(record.document.body))
        parts.append("\"front_matter\":" + quote(head))
        return "{" + parts.joined(separator: ",") + "}"
    }
}
