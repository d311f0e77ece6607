/// Every failure a user can see: what went wrong (a catalog message), where, and what to do.
public struct FolioError: Error, Sendable, Equatable {
    public var message: Message
    /// The file concerned, relative to the vault where possible.
    public var file: String?
    public var line: Int?
    public var column: Int?
    /// The source line at fault, shown with a caret under ``column``.
    public var sourceLine: String?

    public init(_ message: Message, file: String? = nil, line: Int? = nil, column: Int? = nil, sourceLine: String? = nil) {
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.sourceLine = sourceLine
    }

    /// `file:line:column: error: message`, then the line and a caret, in `language`;
    /// `asWarning` says `warning:` for problems that do not stop the command.
    public func rendered(in language: Language, asWarning: Bool = false) -> String {
        var location = ""
        if let file {
            location = file.quotedPath
            if let line { location += ":\(line)" + (column.map { ":\($0)" } ?? "") }
            location += ": "
        }
        let severity = (asWarning ? Message.warningWord : Message.errorWord).text(language)
        var text = location + severity + ": " + message.text(language)
        if let sourceLine, let column {
            let (shown, caretIndex) = Self.excerpt(of: sourceLine, around: column - 1)
            // As wide as what precedes the column on a terminal, so the caret sits under a CJK character too.
            let caretPad = shown.prefix(caretIndex).map { scalar in
                scalar == "\t" ? "\t" : String(repeating: " ", count: scalar.displayWidth)
            }.joined()
            text += "\n    " + String(String.UnicodeScalarView(shown)) + "\n    " + caretPad + "^"
        }
        return text
    }
}

extension FolioError {
    /// Scalars either side of the fault that a message shows of a long line (a hostile file may hold
    /// a line of megabytes).
    static let excerptRadius = 40

    /// The part of `line` shown under an error, and where the fault is in it: the whole line when it
    /// is short, else a window around `index` marked with `…`. Control characters show as their
    /// pictures (`␛`) and bidirectional controls as `<U+202E>`, so a file can neither send escape
    /// sequences to the user's terminal nor turn the line around the caret.
    static func excerpt(of line: String, around index: Int) -> (scalars: [Unicode.Scalar], caret: Int) {
        let scalars = Array(line.unicodeScalars)
        let at = min(max(0, index), scalars.count)
        var lower = 0
        var upper = scalars.count
        if scalars.count > 2 * excerptRadius + 20 {
            lower = max(0, at - excerptRadius)
            upper = min(scalars.count, at + excerptRadius)
        }
        var shown: [Unicode.Scalar] = lower > 0 ? ["…"] : []
        var caret = shown.count
        for (offset, scalar) in scalars[lower..<upper].enumerated() {
            if offset == at - lower { caret = shown.count }
            var visible = String.UnicodeScalarView()
            // A tab stays (the caret line repeats it); a bidirectional control shows as `<U+202E>`.
            if scalar == "\t" { visible.append(scalar) } else { scalar.appendVisibly(to: &visible) }
            shown += visible
        }
        if at >= upper { caret = shown.count }
        if upper < scalars.count { shown.append("…") }
        return (shown, caret)
    }

    /// Line `number` (1-based) of `text` without its line break, found without splitting the whole
    /// text (a hostile file may have millions of lines after the one at fault).
    static func line(_ number: Int, of text: String) -> String? {
        let utf8 = text.utf8
        var start = utf8.startIndex
        var line = 1
        while line < number {
            guard let newline = utf8[start...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
            start = utf8.index(after: newline)
            line += 1
        }
        let end = utf8[start...].firstIndex(of: UInt8(ascii: "\n")) ?? utf8.endIndex
        return String(Substring(utf8[start..<end]).trimmingSuffix("\r"))
    }

    /// The error for a record file whose front matter could not be read.
    public init(_ error: FrontMatterError, file: String, text: String?) {
        let message: Message =
            switch error.kind {
            case .missing: .noFrontMatter
            case .unclosed: .frontMatterUnclosed
            case .syntax(let problem): .frontMatterSyntax(problem)
            case .duplicateKey(let key): .duplicateKey(key)
            case .notMapping: .frontMatterNotMapping
            case .notUTF8: .notUTF8
            case .unsupportedLayout(let key): .unsupportedLayout(key)
            case .tooLarge(let bytes, let limit): .recordLimit(.frontMatterTooLarge(bytes: bytes, limit: limit))
            case .tooDeep(let limit): .recordLimit(.frontMatterTooDeep(limit: limit))
            case .tooManyNodes(let limit): .recordLimit(.frontMatterTooManyNodes(limit: limit))
            case .undefinedAlias(let name): .recordLimit(.undefinedAlias(name))
            case .anchorUsedElsewhere(let key, let anchor): .recordLimit(.anchorUsedElsewhere(key: key, anchor: anchor))
            }
        var source: String?
        if let text, error.line >= 1 { source = Self.line(error.line, of: text) }
        self.init(message, file: file, line: error.line, column: error.column, sourceLine: source)
    }
}

extension Substring {
    func trimmingSuffix(_ suffix: String) -> Substring {
        hasSuffix(suffix) ? dropLast(suffix.count) : self
    }
}
