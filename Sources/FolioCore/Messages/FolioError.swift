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
            location = file
            if let line { location += ":\(line)" + (column.map { ":\($0)" } ?? "") }
            location += ": "
        }
        let severity = (asWarning ? Message.warningWord : Message.errorWord).text(language)
        var text = location + severity + ": " + message.text(language)
        if let sourceLine, let column {
            // As wide as what precedes the column on a terminal, so the caret sits under a CJK character too.
            let caretPad = sourceLine.unicodeScalars.prefix(max(0, column - 1)).map { scalar in
                scalar == "\t" ? "\t" : String(repeating: " ", count: scalar.displayWidth)
            }.joined()
            text += "\n    " + sourceLine + "\n    " + caretPad + "^"
        }
        return text
    }
}

extension FolioError {
    /// The error for a record file whose front matter could not be read.
    public init(_ error: FrontMatterError, file: String, text: String?) {
        let message: Message = switch error.kind {
        case .missing: .noFrontMatter
        case .unclosed: .frontMatterUnclosed
        case .syntax(let problem): .frontMatterSyntax(problem)
        case .duplicateKey(let key): .duplicateKey(key)
        case .notMapping: .frontMatterNotMapping
        case .notUTF8: .notUTF8
        case .unsupportedLayout(let key): .unsupportedLayout(key)
        }
        var source: String?
        if let text, error.line >= 1 {
            source = text.split(separator: "\n", omittingEmptySubsequences: false)
                .dropFirst(error.line - 1).first.map { String($0.trimmingSuffix("\r")) }
        }
        self.init(message, file: file, line: error.line, column: error.column, sourceLine: source)
    }
}

extension Substring {
    func trimmingSuffix(_ suffix: String) -> Substring {
        hasSuffix(suffix) ? dropLast(suffix.count) : self
    }
}
