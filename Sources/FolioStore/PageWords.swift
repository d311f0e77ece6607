import FolioCore
import Foundation

/// Where a page's own words live: once, in the body, above its media links and conversation.
///
/// A key the kind's template writes into the body (``Kind/bodyFallbackKeys``, the diary's `text`)
/// is not kept beside them. It stays on a page only while it says something the body does not:
/// on a page an AI wrote (`summarized_by`), where it keeps the words the page was written from,
/// and on a page whose body has no words of its own.
public enum PageWords {
    /// The key that marks a page written by an AI: its body's words are not the writer's.
    static let writtenByAI = "summarized_by"

    /// The words of the body's page part: before the conversation, without the paragraphs that are
    /// only media links; empty when there are none.
    public static func inBody(_ record: Record) -> String {
        let page = Conversation.split(record.document.body).before
        return MediaLinks.splitPage(page, recordPath: record.path).words.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The words the writer gave the page: on a page an AI wrote, `key` (what it was written
    /// from); else the body's, which every editor shows and changes; else `key`'s (an older page
    /// made without a body). Nil when there are none.
    public static func writers(_ record: Record, key: String = "text") -> String? {
        let kept = record.document.string(key).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? ""
        if isWrittenByAI(record) { return kept.isEmpty ? nil : kept }
        let body = inBody(record)
        if !body.isEmpty { return body }
        return kept.isEmpty ? nil : kept
    }

    public static func isWrittenByAI(_ record: Record) -> Bool {
        record.document.string(writtenByAI).map { !$0.isEmpty } ?? false
    }

    /// How `key` stands beside the body's words on a page where it should not be kept.
    public enum Copy: Sendable, Equatable {
        /// The same words as the body's (spacing aside).
        case same
        /// Other words: the body was edited since folio wrote both (editors change the body).
        case older
    }

    /// Whether `record` keeps `key` beside the body's words as a copy: nil when it does not (no
    /// such key, a page an AI wrote, a body with no words of its own).
    public static func copy(of key: String, in record: Record) -> Copy? {
        guard let kept = record.document.string(key), !normalised(kept).isEmpty, !isWrittenByAI(record) else { return nil }
        let body = inBody(record)
        guard !body.isEmpty else { return nil }
        return normalised(kept) == normalised(body) ? .same : .older
    }

    /// Words with every run of white space one space: a copy that differs only in line breaks
    /// (a voice note's words joined by one, the page's by a blank line) is the same words.
    static func normalised(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace || $0.isNewline }).joined(separator: " ")
    }
}
