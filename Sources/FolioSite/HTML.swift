import FolioCore
import Foundation

/// The one door user text goes through on its way into a page.
///
/// Pages are ``SafeHTML``: every piece of text that comes from a record, the vault or the user
/// (titles, tags, field values, file names, paths) is escaped as it is interpolated (text and
/// attribute values alike, always written between double quotes), and every URL goes through
/// ``pathURL(_:)`` or ``fragment(_:)``. The only markup not built here is cmark's rendering of a
/// body, in its safe mode, after ``SiteLinks`` decided what each link may point at, and the charts
/// drawn by ``SVGChart``: each enters through ``SafeHTML/trusted(_:)``.
public enum HTML {
    /// `text` with `& < > " '` as character references, safe between tags and inside a
    /// double-quoted attribute. Control characters other than tab and line breaks are dropped.
    public static func escape(_ text: String) -> SafeHTML { .trusted(escapedText(text)) }

    /// ``escape(_:)``'s characters, as a plain string.
    static func escapedText(_ text: String) -> String {
        // Most text has nothing to escape: it is returned as it is, after one pass over its bytes.
        let plain = text.utf8.allSatisfy { byte in
            byte >= 0x20 && byte != 0x7F && byte != UInt8(ascii: "&") && byte != UInt8(ascii: "<") && byte != UInt8(ascii: ">")
                && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "'") && byte != 0xC2
        }
        if plain { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value) { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A relative URL made of `components` (already split at `/`): each percent-encoded, so a
    /// name with `#`, `?`, `%`, spaces or quotes still names the file. `..` stays as it is.
    public static func pathURL(_ components: [String]) -> String {
        components.map { $0 == ".." || $0 == "." ? $0 : percentEncoded($0) }.joined(separator: "/")
    }

    /// A vault- or site-relative path (`media/ab/ab12.jpg`) as a URL path.
    public static func pathURL(_ path: String) -> String {
        pathURL(path.split(separator: "/", omittingEmptySubsequences: false).map(String.init))
    }

    /// A value for the part after `#` (`tag=旅行`): percent-encoded like a path component.
    public static func fragment(_ text: String) -> String { percentEncoded(text) }

    /// Unreserved characters stay; everything else, UTF-8 encoded and percent-escaped.
    static func percentEncoded(_ text: String) -> String {
        if text.utf8.allSatisfy(isUnreserved) { return text }
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out.append("%")
                out.unicodeScalars.append(Unicode.Scalar(hexDigits[Int(byte >> 4)]))
                out.unicodeScalars.append(Unicode.Scalar(hexDigits[Int(byte & 0xF)]))
            }
        }
        return out
    }

    private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
            true
        default: false
        }
    }

    /// `text` as a JavaScript string literal in double quotes, safe inside a `.js` file: quotes,
    /// backslashes, controls, `<` (no `</script>`) and the two JavaScript line separators escaped.
    public static func javaScriptString(_ text: String) -> String { JSONValue.quoted(text, forScript: true) }

    /// The Content-Security-Policy every page carries: nothing remote, no inline script or style,
    /// no plug-ins, no frames, no form posts (frame-ancestors cannot be set from a meta element); scripts, styles, images and media only from local
    /// files (`'self'` and `file:`, which is what a page opened from disk can reach).
    public static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self' file:; style-src 'self' file:; img-src 'self' file:; media-src 'self' file:; base-uri 'none'; form-action 'none'"
}

/// Markup folio made, with every piece of text in it escaped on the way in: interpolating a
/// `String` escapes it, interpolating `SafeHTML` keeps it, so a page is escaped by default and
/// markup that is not folio's own enters only through ``trusted(_:)``, where a reader sees it.
public struct SafeHTML: Sendable, Equatable, ExpressibleByStringInterpolation, CustomStringConvertible, TextOutputStreamable {
    /// The markup, as it goes into a page.
    public private(set) var text: String

    public init() { text = "" }

    /// A literal: folio's own markup.
    public init(stringLiteral value: String) { text = value }

    public init(stringInterpolation: StringInterpolation) { text = stringInterpolation.text }

    private init(markup: String) { text = markup }

    /// Markup that is safe by how it was made (cmark's safe rendering, a chart drawn here from
    /// numbers and escaped labels): kept as it is.
    public static func trusted(_ markup: String) -> SafeHTML { SafeHTML(markup: markup) }

    public var isEmpty: Bool { text.isEmpty }
    public var description: String { text }

    public static func += (left: inout SafeHTML, right: SafeHTML) { left.text += right.text }
    public static func + (left: SafeHTML, right: SafeHTML) -> SafeHTML { SafeHTML(markup: left.text + right.text) }

    public func write<Target: TextOutputStream>(to target: inout Target) { target.write(text) }

    public struct StringInterpolation: StringInterpolationProtocol {
        var text = ""

        public init(literalCapacity: Int, interpolationCount: Int) { text.reserveCapacity(literalCapacity + 16 * interpolationCount) }

        public mutating func appendLiteral(_ literal: String) { text += literal }

        /// Text: escaped.
        public mutating func appendInterpolation(_ value: String) { text += HTML.escapedText(value) }

        /// Markup: kept.
        public mutating func appendInterpolation(_ value: SafeHTML) { text += value.text }

        public mutating func appendInterpolation(_ value: Int) { text += String(value) }
    }
}

extension Sequence<SafeHTML> {
    /// The pieces one after another, `separator` between them.
    public func joined(separator: SafeHTML = "") -> SafeHTML {
        var out = SafeHTML()
        for (index, piece) in enumerated() {
            if index > 0 { out += separator }
            out += piece
        }
        return out
    }
}

extension TextOutputStream {
    /// Writes markup: a page written as it is made (the index) goes through this, never through
    /// `write(_:)` with a string, so what it interpolates is escaped.
    public mutating func write(markup: SafeHTML) { write(markup.text) }
}
