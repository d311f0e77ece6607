import Foundation

/// The rules every text folio writes into a record meets, whoever wrote it: a person at the
/// keyboard, an editor, an AI's reply. Each rule answers the first thing that breaks it, or nil.
///
/// Typed text is refused with the rule's problem (``UserInput``, `Vault.checkTitle`); an AI's
/// reply that breaks one is a reply folio does not write (`CheckedReply` in FolioCompanion).
public enum TextRule {
    /// What breaks a rule.
    public enum Problem: Sendable, Equatable {
        /// A NUL byte: a text file cannot keep it (git would take the file for binary).
        case nul
        /// A C0 control but tab, line feed and carriage return; DEL; a C1 control.
        case control(UInt32)
        /// A line break, a tab, a line or paragraph separator or a control character where one line is wanted.
        case notOneLine(UInt32)
        case empty
        case tooLong(length: Int, limit: Int)
    }

    /// Text of several lines (a body, a message, a note, a value): no NUL, and no control
    /// character but tab, line feed and carriage return.
    public static func text(_ text: String) -> Problem? {
        for scalar in text.unicodeScalars where isForbidden(scalar) {
            return scalar.value == 0 ? .nul : .control(scalar.value)
        }
        return nil
    }

    /// One line of text (a title, a tag): besides ``text(_:)``, no line break, tab, or line or paragraph separator.
    public static func line(_ text: String) -> Problem? {
        for scalar in text.unicodeScalars {
            if scalar.value == 0 { return .nul }
            if breaksLine(scalar) { return .notOneLine(scalar.value) }
        }
        return nil
    }

    /// A title: one line, not blank, at most `limit` characters.
    public static func title(_ text: String, limit: Int) -> Problem? {
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { return .empty }
        if let problem = line(text) { return problem }
        let length = text.count
        return length > limit ? .tooLong(length: length, limit: limit) : nil
    }

    /// A tag, as ``splitTags(_:)`` gives it: one line, not blank.
    public static func tag(_ text: String) -> Problem? {
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { return .empty }
        return line(text)
    }

    /// The characters that separate tags wherever tags are given (`--tag a,b`, `set tags=a,b`, an
    /// AI's list): the comma, and the ideographic `，` and `、`. No tag holds one.
    public static let tagSeparators: Set<Character> = [",", "，", "、"]

    /// `text` cut at every tag separator, each piece trimmed, blank pieces dropped.
    public static func splitTags(_ text: String) -> [String] {
        text.split(whereSeparator: { tagSeparators.contains($0) }).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// NUL, C0 but tab, line feed and carriage return, DEL, C1.
    static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: false
        case 0x00..<0x20, 0x7F, 0x80..<0xA0: true
        default: false
        }
    }

    /// Any control character (tab and line breaks included), and the line and paragraph separators.
    static func breaksLine(_ scalar: Unicode.Scalar) -> Bool {
        let category = scalar.properties.generalCategory
        return category == .control || category == .lineSeparator || category == .paragraphSeparator
    }
}
