import FolioCore
import Foundation

/// Finds the `id` of a JSON-RPC message in its bytes as they are read, keeping none of them but
/// the id's own few: a message too large (or too deeply nested) to parse is still answered with
/// an error naming its request, which is how a client tells which of its calls failed.
///
/// Only the top-level `id` counts, wherever it stands among the other members (before or after a
/// 5 MB argument); an id that is not a string or an integer, or is longer than ``maxIDBytes``, is
/// none (the error then answers `null`, as JSON-RPC asks).
struct RequestIDScanner {
    /// The longest id text kept, quotes and escapes included.
    static let maxIDBytes = 256

    private enum Expecting {
        /// A member name of the top-level object.
        case name
        /// The value of the member just named, up to the next `,`.
        case value
    }

    private var depth = 0
    private var strings = JSONStringBounds()
    private var expecting = Expecting.name
    /// The top-level member name being read or just read: its first three bytes, enough to tell `id`.
    private var name: [UInt8] = []
    private var readingName = false
    /// The id's text being read: a string with its quotes, or a number's characters.
    private var idText: [UInt8]?
    private var idIsString = false
    /// The id, once read whole; nil before (and when the message has none).
    private(set) var id: JSONValue?
    /// Whether the id was read, or can no longer be (not an object, an id of another kind, the end).
    private(set) var settled = false

    /// Reads the next bytes of the message.
    mutating func feed<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
        for byte in bytes {
            if settled { return }
            take(byte)
        }
    }

    private mutating func take(_ byte: UInt8) {
        switch strings.place(of: byte) {
        case .inside:
            if idText != nil { keep(byte) }
            if readingName, name.count < 3 { name.append(byte) }
            return
        case .closing:
            if idText != nil { keep(byte) }
            readingName = false
            if idText != nil { finishID() }
            return
        case .opening:
            guard depth == 1 else { return }
            if expecting == .name {
                (readingName, name) = (true, [])
            } else if isIDName {
                (idText, idIsString) = ([byte], true)
            }
            return
        case .outside:
            break
        }
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
            if idText != nil { finishID() }
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            // A batch has no one id; an id that is an object or an array is none JSON-RPC allows.
            if depth == 0, byte == UInt8(ascii: "[") { settled = true }
            if depth == 1, expecting == .value, isIDName { settled = true }
            depth += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
            if idText != nil { finishID() }
            depth -= 1
            if depth <= 0 { settled = true }
        case UInt8(ascii: ":") where depth == 1:
            expecting = .value
        case UInt8(ascii: ",") where depth == 1:
            if idText != nil { finishID() }
            expecting = .name
        default:
            guard depth == 1, expecting == .value, isIDName else { return }
            if idText == nil { (idText, idIsString) = ([], false) }
            keep(byte)
        }
    }

    /// Whether the member just named is `id`.
    private var isIDName: Bool { name == Array("id".utf8) }

    private mutating func keep(_ byte: UInt8) {
        guard var text = idText else { return }
        guard text.count < Self.maxIDBytes else {
            settled = true
            return
        }
        text.append(byte)
        idText = text
    }

    private mutating func finishID() {
        defer { settled = true }
        guard let text = idText else { return }
        if idIsString {
            // try?: an id whose escapes do not decode is no id; the error answers null.
            id = (try? JSONDecoder().decode(String.self, from: Data(text))).map { .string($0) }
        } else if let number = Int(String(decoding: text, as: UTF8.self)) {
            id = .int(number)
        }
    }
}
