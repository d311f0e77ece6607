import Foundation

/// Finds the tags by which a Mustache template would pull in another template (`{{> name}}`, a
/// partial, and `{{< name}}`, a parent), following `{{=<% %>=}}` changes of delimiters.
///
/// folio renders a body with no template library, so such a tag can only ever render nothing, and
/// a template dropped into a vault by someone else must never read a file; it is refused up front
/// instead of quietly rendering empty.
enum MustacheIncludes {
    /// The first including tag: its name and the byte offset of its opening delimiter.
    static func first(in text: String) -> (name: String, offset: Int)? {
        let bytes = Array(text.utf8)
        var open = Array("{{".utf8)
        var close = Array("}}".utf8)
        var index = 0
        while let start = find(open, in: bytes, from: index) {
            var cursor = start + open.count
            // A triple mustache `{{{name}}}` ends at `}` + the closing delimiter.
            if open == Array("{{".utf8), cursor < bytes.count, bytes[cursor] == UInt8(ascii: "{") {
                guard let end = find(Array("}".utf8) + close, in: bytes, from: cursor) else { return nil }
                index = end + 1 + close.count
                continue
            }
            guard let end = find(close, in: bytes, from: cursor) else { return nil }
            while cursor < end, bytes[cursor] == 0x20 || bytes[cursor] == 0x09 { cursor += 1 }
            let sigil = cursor < end ? bytes[cursor] : 0
            let content = String(decoding: bytes[min(cursor + 1, end)..<end], as: UTF8.self)
            switch sigil {
            case UInt8(ascii: ">"), UInt8(ascii: "<"):
                return (content.trimmingCharacters(in: .whitespaces), start)
            case UInt8(ascii: "="):
                let delimiters = content.dropLast(content.hasSuffix("=") ? 1 : 0).split(whereSeparator: { $0 == " " || $0 == "\t" })
                if delimiters.count == 2, let first = delimiters.first, let last = delimiters.last {
                    open = Array(first.utf8)
                    close = Array(last.utf8)
                }
            default:
                break
            }
            index = end + close.count
        }
        return nil
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard let head = needle.first, needle.count <= bytes.count else { return nil }
        var index = max(0, start)
        while index + needle.count <= bytes.count {
            if bytes[index] == head, bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
