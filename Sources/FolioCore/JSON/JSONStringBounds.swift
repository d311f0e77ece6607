/// Where JSON's strings begin and end in its bytes, read one byte at a time: a `"` opens one, a
/// backslash inside one takes the byte after it as text, and a `"` not so taken closes it. The
/// one copy of the rule for every scanner that measures or skips JSON before a parser sees it
/// (a message's depth, a request's id, an export's entry sizes).
public struct JSONStringBounds: Sendable {
    public enum Place: Sendable, Equatable {
        /// Outside any string: structure, numbers, white space.
        case outside
        /// The `"` that opens a string.
        case opening
        /// A byte of a string's text as written (a backslash and the byte it escapes included).
        case inside
        /// The `"` that closes a string.
        case closing
    }

    private var inString = false
    private var escaped = false

    public init() {}

    public mutating func place(of byte: UInt8) -> Place {
        guard inString else {
            guard byte == UInt8(ascii: "\"") else { return .outside }
            inString = true
            return .opening
        }
        if escaped {
            escaped = false
        } else if byte == UInt8(ascii: "\\") {
            escaped = true
        } else if byte == UInt8(ascii: "\"") {
            inString = false
            return .closing
        }
        return .inside
    }
}
