import Foundation
import FolioCore

/// The line of a record the list shows under its title: the first line of its page with text in
/// it (media links, headings' marks and emphasis left out), else its `text`, question or answer.
enum FirstLine {
    static let maxCharacters = 140

    static func of(_ record: Record) -> String {
        let page = Conversation.split(record.document.body).before
        var inFence = false
        for raw in page.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            var line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("```") || line.hasPrefix("~~~") {
                inFence.toggle()
                continue
            }
            if inFence || line.isEmpty || line.hasPrefix("![") || line.hasPrefix("<") || line.hasPrefix("---") { continue }
            while let first = line.first, "#>-*+ ".contains(first) { line.removeFirst() }
            line = withoutLinkTargets(line).replacingOccurrences(of: "**", with: "").replacingOccurrences(of: "__", with: "")
                .replacingOccurrences(of: "`", with: "")
            if line.isEmpty { continue }
            return clipped(line)
        }
        for key in ["text", "question", "answer"] {
            if let value = record.document.string(key)?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty {
                return clipped(value.split(whereSeparator: \.isNewline).first.map(String.init) ?? value)
            }
        }
        return ""
    }

    /// `[text](target)` and `![text](target)` as `text`.
    static func withoutLinkTargets(_ text: String) -> String {
        guard text.contains("](") else { return text }
        return text.replacingOccurrences(of: #"!?\[([^\]]*)\]\([^)]*\)"#, with: "$1", options: .regularExpression)
    }

    private static func clipped(_ line: String) -> String {
        line.count > maxCharacters ? String(line.prefix(maxCharacters)) + "…" : line
    }
}
