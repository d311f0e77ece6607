/// A place in a YAML text: 1-based line and column, and the UTF-8 byte offset.
public struct Mark: Sendable, Hashable, CustomStringConvertible {
    /// 1-based line number.
    public var line: Int
    /// 1-based column, counted in Unicode scalars (what a person counts in an editor).
    public var column: Int
    /// Offset in UTF-8 bytes from the start of the parsed text.
    public var offset: Int

    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    public var description: String { "\(line):\(column)" }
}

/// The stretch of text a node was parsed from, as half-open byte offsets.
public struct Span: Sendable, Hashable {
    public var start: Mark
    public var end: Mark

    public init(start: Mark, end: Mark) {
        self.start = start
        self.end = end
    }

    public var byteRange: Range<Int> { start.offset..<max(start.offset, end.offset) }
}

extension Mark {
    /// The line and column of a byte offset in `text`.
    public init(byteOffset: Int, in text: String) {
        var line = 1
        var lineStart = 0
        var index = 0
        for byte in text.utf8 {
            if index >= byteOffset { break }
            if byte == UInt8(ascii: "\n") {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        let prefix = text.utf8.dropFirst(lineStart).prefix(max(0, byteOffset - lineStart))
        let column = (String(prefix) ?? String(decoding: prefix, as: UTF8.self)).unicodeScalars.count + 1
        self.init(line: line, column: column, offset: byteOffset)
    }
}
