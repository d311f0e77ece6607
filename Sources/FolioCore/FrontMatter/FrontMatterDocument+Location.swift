import Foundation
import YAML

/// Where a top-level key's value stands in the file, and how it is written there.
public struct ValueLocation: Sendable, Equatable {
    /// 1-based line in the whole file (the opening `---` is line 1).
    public var line: Int
    /// 1-based column, in Unicode scalars.
    public var column: Int
    /// The value as written: a scalar's text, else the YAML source of the value.
    public var text: String
    /// The whole line the value starts on, for a caret under it.
    public var sourceLine: String

    public init(line: Int, column: Int, text: String, sourceLine: String) {
        self.line = line
        self.column = column
        self.text = text
        self.sourceLine = sourceLine
    }
}

extension FrontMatterDocument {
    /// The line, column and text of the value of the top-level `key` as written; nil when the key is absent.
    public func location(of key: String) -> ValueLocation? {
        guard let pair = root.pairs?.first(where: { $0.key.scalarText == key }) else { return nil }
        guard let mark = pair.value.span?.start ?? pair.key.span?.start else { return nil }
        let line = mark.line + Self.lineNumber(of: yamlStart, in: text.utf8) - 1
        let written: String
        if let scalar = pair.value.scalarText {
            written = scalar
        } else if let span = pair.value.span {
            let bytes = Array(text.utf8)
            let lower = min(max(0, yamlStart + span.start.offset), bytes.count)
            let upper = min(max(lower, yamlStart + span.end.offset), min(yamlEnd, bytes.count))
            written = String(decoding: bytes[lower..<upper], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        } else {
            written = ""
        }
        return ValueLocation(line: line, column: mark.column, text: written, sourceLine: FolioError.line(line, of: text) ?? "")
    }
}
