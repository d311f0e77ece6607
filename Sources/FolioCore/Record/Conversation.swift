import Foundation

/// One message of a diary page's conversation with the AI companion.
public struct ConversationMessage: Sendable, Equatable {
    public enum Speaker: Sendable, Equatable {
        /// The owner: `**me**`, `**我**` on a page in zh-Hant.
        case me
        /// The companion: `**folio**`.
        case folio
        /// Any other name a person wrote by hand; kept as written.
        case other(String)

        /// The name as a page in English writes it.
        public var name: String { name(.en) }

        /// The name as a page in `language` writes it: `我` for the owner on a zh-Hant page.
        public func name(_ language: Language) -> String {
            switch self {
            case .me: language == .zhHant ? "我" : "me"
            case .folio: "folio"
            case .other(let name): name
            }
        }

        /// Both spellings of the owner are read on every page, whatever its language.
        public init(name: String) {
            switch name {
            case "me", "我": self = .me
            case "folio": self = .folio
            default: self = .other(name)
            }
        }
    }

    public var speaker: Speaker
    /// The speaker's name as the file writes it (`me` or `我`), kept so a message already on a
    /// page is written back exactly so; nil for a new message, named in the page's language.
    public var spelledAs: String?
    /// As written: `2026-11-22 18:05`, the writer's local time to the minute.
    public var time: String
    /// The message, Markdown allowed, several lines allowed; no blank lines at either end.
    public var text: String

    /// Blank lines at either end of `text` are dropped: they could not be told apart from the
    /// blank line between messages.
    /// A message; `text` keeps its lines but not the blank ones around them, and its line breaks
    /// (LF, CRLF or a lone CR, as Markdown reads them) become LF.
    public init(speaker: Speaker, time: String, text: String, spelledAs: String? = nil) {
        self.speaker = speaker
        self.spelledAs = spelledAs
        self.time = time
        let all = text.lines(at: .anyLineBreak)
        // Trimmed by index, not by removing the first line again and again (a cost per line).
        var lines = all[...]
        while lines.count > 1, lines.last?.allSatisfy(\.isWhitespace) == true { lines = lines.dropLast() }
        while lines.count > 1, lines.first?.allSatisfy(\.isWhitespace) == true { lines = lines.dropFirst() }
        let only = lines.first
        self.text = lines.count == 1 && (only?.allSatisfy(\.isWhitespace) ?? true) ? "" : lines.joined(separator: "\n")
    }

    /// Two messages are the same when the same speaker said the same at the same time, however
    /// the file spells the speaker.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.speaker == rhs.speaker && lhs.time == rhs.time && lhs.text == rhs.text
    }
}

/// The `## Conversation` section of a diary page (`## 對話` with `**我**` on a page written in
/// zh-Hant), in the form of DESIGN §2:
///
/// ```
/// ## Conversation
///
/// **me** · 2026-11-22 18:05
/// 這張照片是我下班路上拍的。
///
/// **folio** · 2026-11-22 18:05
/// 下雨的傍晚，這張照片看起來好寧靜……
/// ```
///
/// A person reads it as a chat; ``parse(_:)`` reads back exactly the messages ``render(_:)`` wrote,
/// whatever they contain. A message line that would read as a speaker line or as a level-two
/// heading (which would end the section) gets one more leading backslash when written, and loses
/// one when read, so Markdown renders it as the text it was.
///
/// A page with CRLF line breaks (written on Windows) is read the same, and a section written into
/// it uses CRLF too.
public enum Conversation {
    /// The heading of a page in English; ``heading(_:)`` gives it per language.
    public static let heading = "## Conversation"

    /// The section's heading on a page written in `language`: `## 對話` in zh-Hant. Both are read
    /// on every page, forever, and a page keeps the heading it has.
    public static func heading(_ language: Language) -> String {
        language == .zhHant ? "## 對話" : heading
    }

    /// Whether a line (trailing blanks aside) is the heading, in either language; the language it is in.
    public static func headingLanguage(_ line: String) -> Language? {
        let bare = line.trimmingTrailingWhitespace
        return Language.allCases.first { heading($0) == bare }
    }

    /// The body split around its conversation: the text before the heading, the messages, and the
    /// text after the section (a later `## ` heading and what follows), each kept as it was.
    public struct Split: Sendable, Equatable {
        public var before: String
        public var messages: [ConversationMessage]
        public var after: String
        public var hasSection: Bool
        /// The language the section's heading is in; nil without a section.
        public var language: Language? = nil
    }

    /// Finds the conversation in a body. A body without the heading has no messages; all of it is `before`.
    public static func split(_ body: String) -> Split {
        // Lines as written (a CRLF line keeps its CR, so `before` and `after` come back byte for
        // byte), and the same lines without that CR for reading.
        let lines = body.lines(at: .lineFeed)
        let bare = lines.map { $0.hasSuffix("\r") ? String($0.unicodeScalars.dropLast()) : $0 }
        guard let start = bare.firstIndex(where: { headingLanguage($0) != nil }) else {
            return Split(before: body, messages: [], after: "", hasSection: false)
        }
        var end = lines.count
        for index in (start + 1)..<lines.count where isSectionEnd(bare[index]) {
            end = index
            break
        }
        // The line break that ends the last line before the heading belongs to `before`.
        let before = lines[..<start].joined(separator: "\n") + (start > 0 ? "\n" : "")
        let after = end < lines.count ? lines[end...].joined(separator: "\n") : ""
        return Split(
            before: before, messages: messages(in: Array(bare[(start + 1)..<end])), after: after, hasSection: true,
            language: headingLanguage(bare[start]))
    }

    /// The messages of a body's conversation, in order.
    public static func parse(_ body: String) -> [ConversationMessage] {
        split(body).messages
    }

    /// The section's text in `language`: the heading, a blank line, then each message and a blank
    /// line between. A message read from a page keeps its speaker's spelling.
    public static func render(_ messages: [ConversationMessage], language: Language = .en) -> String {
        render(messages, lineBreak: "\n", language: language)
    }

    static func render(_ messages: [ConversationMessage], lineBreak: String, language: Language) -> String {
        var out = heading(language) + lineBreak
        for message in messages {
            out += lineBreak + speakerLine(message, language: language) + lineBreak
            for line in message.text.lines(at: .anyLineBreak) { out += escape(line) + lineBreak }
        }
        return out
    }

    /// The body with its conversation replaced by `messages`: the section is rewritten in place (in
    /// the language its heading is in), or added at the end in `language`; the text around it is
    /// left as it was.
    public static func replacing(in body: String, with messages: [ConversationMessage], language: Language = .en) -> String {
        let parts = split(body)
        let crlf =
            body.utf8.firstIndex(of: 0x0A).map { $0 > body.utf8.startIndex && body.utf8[body.utf8.index(before: $0)] == 0x0D } ?? false
        let lineBreak = crlf ? "\r\n" : "\n"
        let section = render(messages, lineBreak: lineBreak, language: parts.language ?? language)
        guard parts.hasSection else {
            if body.isEmpty { return section }
            // Checked on bytes: a Swift String holds CRLF as one Character, which "\n" never matches.
            let trimmed = body.utf8.last == 0x0A ? body : body + lineBreak
            let blankLine = Array((lineBreak + lineBreak).utf8)
            let endsBlank = trimmed.utf8.suffix(blankLine.count).elementsEqual(blankLine)
            return trimmed + (endsBlank ? "" : lineBreak) + section
        }
        return parts.before + section + (parts.after.isEmpty ? "" : lineBreak + parts.after)
    }

    // MARK: - Lines

    static func speakerLine(_ message: ConversationMessage, language: Language = .en) -> String {
        "**\(message.spelledAs ?? message.speaker.name(language))** · \(message.time)"
    }

    /// `**name** · time`: the name without `*` or line breaks, the time without line breaks.
    static func parseSpeakerLine(_ line: String) -> (name: String, time: String)? {
        guard line.hasPrefix("**"), let close = line.range(of: "** · ", range: line.index(line.startIndex, offsetBy: 2)..<line.endIndex)
        else { return nil }
        let name = String(line[line.index(line.startIndex, offsetBy: 2)..<close.lowerBound])
        let time = String(line[close.upperBound...])
        guard !name.isEmpty, !name.contains("*"), !name.contains(where: \.isNewline), !time.isEmpty,
            !time.contains(where: \.isNewline), time.trimmingCharacters(in: .whitespaces) == time
        else { return nil }
        return (name, time)
    }

    /// `text` (a page written above the conversation) with one backslash before every line that
    /// would read as the conversation's heading in any language folio writes (``split(_:)`` reads
    /// both), so no text can open a conversation of its own (Markdown shows `\## 對話` as the words).
    public static func escapingHeadings(_ text: String) -> String {
        guard Language.allCases.contains(where: { text.contains(heading($0)) }) else { return text }
        return text.lines(at: .lineFeed).map { line in
            let bare = line.hasSuffix("\r") ? String(line.unicodeScalars.dropLast()) : line
            return headingLanguage(bare) != nil ? "\\" + line : line
        }.joined(separator: "\n")
    }

    static func isSectionEnd(_ line: String) -> Bool {
        line.hasPrefix("## ") || line == "##"
    }

    /// Whether a line, read as it stands, would be taken for structure rather than message text.
    private static func isStructural(_ line: String) -> Bool {
        parseSpeakerLine(line) != nil || isSectionEnd(line)
    }

    /// A message line as written: one more backslash in front of a line that, without its leading
    /// backslashes, would be structure.
    static func escape(_ line: String) -> String {
        let bare = String(line.drop { $0 == "\\" })
        return isStructural(bare) ? "\\" + line : line
    }

    static func unescape(_ line: String) -> String {
        guard line.hasPrefix("\\") else { return line }
        let bare = String(line.drop { $0 == "\\" })
        return isStructural(bare) ? String(line.dropFirst()) : line
    }

    private static func messages(in lines: [String]) -> [ConversationMessage] {
        var messages: [ConversationMessage] = []
        var current: (name: String, time: String)?
        var text: [String] = []
        func flush() {
            guard let speaker = current else { return }
            var kept = text[...]
            while kept.last?.isBlankLine == true { kept = kept.dropLast() }
            while kept.first?.isBlankLine == true { kept = kept.dropFirst() }
            messages.append(
                ConversationMessage(
                    speaker: .init(name: speaker.name), time: speaker.time, text: kept.joined(separator: "\n"), spelledAs: speaker.name))
            text = []
        }
        for line in lines {
            if let speaker = parseSpeakerLine(line) {
                flush()
                current = speaker
            } else if current != nil {
                text.append(unescape(line))
            }
        }
        flush()
        return messages
    }
}

extension String {
    enum LineBreaks {
        /// LF only; a CRLF line keeps its CR.
        case lineFeed
        /// LF, CRLF or a lone CR, as Markdown reads them.
        case anyLineBreak
    }

    /// The text's lines (a Swift String holds CRLF as one Character, so
    /// `components(separatedBy: "\n")` would never split one). Split on the bytes of the breaks,
    /// which never occur inside another character's UTF-8.
    func lines(at breaks: LineBreaks) -> [String] {
        var text = self
        return text.withUTF8 { bytes in
            var lines: [String] = []
            var start = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                guard byte == 0x0A || (breaks == .anyLineBreak && byte == 0x0D) else {
                    index += 1
                    continue
                }
                lines.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
                // A CRLF is one break when any break counts.
                index += byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1
                start = index
            }
            lines.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self))
            return lines
        }
    }

    /// Whether the text is only spaces and tabs (what `trimmingCharacters(in: .whitespaces)`
    /// empties: tabs and Unicode's space separators), or empty.
    var isBlankLine: Bool {
        unicodeScalars.allSatisfy { $0 == "\t" || $0.properties.generalCategory == .spaceSeparator }
    }

    var trimmingTrailingWhitespace: String {
        var copy = self
        while copy.last?.isWhitespace == true { copy.removeLast() }
        return copy
    }
}
