import Foundation

/// What a Mustache template holds that folio must know before the template library reads it: tags
/// that would pull in another template (`{{> name}}`, a partial, and `{{< name}}`, a parent), and
/// how deep its sections nest, following `{{=<% %>=}}` changes of delimiters. One pass, linear in
/// the template's bytes.
///
/// folio renders a body with no template files, so an including tag could only ever render
/// nothing, and a template dropped into a vault by someone else must never read a file; it is
/// refused up front instead of quietly rendering empty. The template library reads each section
/// by calling itself once more, so a synced template of thousands of nested sections would
/// exhaust the stack of every command on every device; the nesting is measured here first.
struct MustacheShape {
    /// The first including tag: its name and the byte offset of its opening delimiter.
    var include: (name: String, offset: Int)?
    /// The first section opened deeper than the limit given to ``scan(_:depthLimit:)``: the
    /// byte offset of its opening delimiter.
    var tooDeepAt: Int?
    /// How many times the body holds the first character of the opening delimiter then in effect
    /// (`{`, or `<` after `{{=<% %>=}}`): the template library measures the rest of the body
    /// again at each one, so its work grows with this count times the body's length.
    var delimiterStarts = DelimiterStarts()

    struct DelimiterStarts {
        var count = 0
        /// The character last counted: `{` unless the template set other delimiters.
        var character = "{"
    }

    /// The longest delimiter a `{{=… …=}}` tag may set; a longer one ends the scan, since the
    /// template library refuses it too and matching it would cost its length at every byte.
    static let longestDelimiter = 16

    static func scan(_ text: String, depthLimit: Int) -> MustacheShape {
        var shape = MustacheShape()
        let bytes = Array(text.utf8)
        var open = Array("{{".utf8)
        var close = Array("}}".utf8)
        var depth = 0
        var index = 0
        // Where the count of delimiter starts has reached (the opening delimiter changes on the way).
        var counted = 0
        var openCharacter = "{"
        func countStarts(upTo end: Int) {
            guard let first = open.first, counted < end else { return }
            let found = bytes[counted..<end].reduce(0) { $0 + ($1 == first ? 1 : 0) }
            if found > 0 {
                shape.delimiterStarts.count += found
                shape.delimiterStarts.character = openCharacter
            }
            counted = end
        }
        scanning: while let start = find(open, in: bytes, from: index) {
            var cursor = start + open.count
            // A triple mustache `{{{name}}}` ends at `}` + the closing delimiter.
            if open == Array("{{".utf8), cursor < bytes.count, bytes[cursor] == UInt8(ascii: "{") {
                guard let end = find(Array("}".utf8) + close, in: bytes, from: cursor) else { break }
                index = end + 1 + close.count
                continue
            }
            guard let end = find(close, in: bytes, from: cursor) else { break }
            while cursor < end, bytes[cursor] == 0x20 || bytes[cursor] == 0x09 { cursor += 1 }
            let sigil = cursor < end ? bytes[cursor] : 0
            switch sigil {
            case UInt8(ascii: ">"), UInt8(ascii: "<"):
                if shape.include == nil {
                    let content = String(decoding: bytes[min(cursor + 1, end)..<end], as: UTF8.self)
                    shape.include = (content.trimmingCharacters(in: .whitespaces), start)
                }
                if sigil == UInt8(ascii: "<") { depth += 1 }
            case UInt8(ascii: "#"), UInt8(ascii: "^"), UInt8(ascii: "$"):
                depth += 1
            case UInt8(ascii: "/"):
                depth = max(0, depth - 1)
            case UInt8(ascii: "="):
                let content = String(decoding: bytes[min(cursor + 1, end)..<end], as: UTF8.self)
                let delimiters = content.dropLast(content.hasSuffix("=") ? 1 : 0).split(whereSeparator: { $0 == " " || $0 == "\t" })
                if delimiters.count == 2, let first = delimiters.first, let last = delimiters.last {
                    guard first.utf8.count <= longestDelimiter, last.utf8.count <= longestDelimiter else { break scanning }
                    countStarts(upTo: end + close.count)
                    openCharacter = String(first.prefix(1))
                    open = Array(first.utf8)
                    close = Array(last.utf8)
                }
            default:
                break
            }
            if depth > depthLimit, shape.tooDeepAt == nil { shape.tooDeepAt = start }
            index = end + close.count
        }
        countStarts(upTo: bytes.count)
        return shape
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
