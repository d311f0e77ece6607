import FolioCore
import Foundation

/// The one door user text goes through on its way into a page.
///
/// Pages are built as Swift strings: every piece of text that comes from a record, the vault or
/// the user (titles, tags, field values, file names, paths) passes through ``escape(_:)`` (text and
/// attribute values alike, always written between double quotes), and every URL through
/// ``pathURL(_:)`` or ``fragment(_:)``. The only HTML that is not built here is cmark's rendering
/// of a body, in its safe mode, after ``SiteLinks`` decided what each link may point at.
public enum HTML {
    /// `text` with `& < > " '` as character references, safe between tags and inside a
    /// double-quoted attribute. Control characters other than tab and line breaks are dropped.
    public static func escape(_ text: String) -> String {
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
