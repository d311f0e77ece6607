import Foundation
import FolioCore
import FolioStore
import YAML

/// The AI's view of a diary record: what the user typed, what the AI saw, the conversation.
public struct DiaryEntry: Sendable {
    public let record: Record
    public let text: String?
    public let analysis: String?
    public let conversation: [ConversationMessage]

    /// - Throws: ``FolioError`` `.ai(.failed)` with ``AIProblem/notADiary(kind:)`` for another kind.
    public init(_ record: Record) throws(FolioError) {
        guard record.kind == "diary" else {
            throw FolioError(.ai(.failed(provider: "folio", problem: .notADiary(kind: record.kind ?? "?"))), file: record.path)
        }
        self.record = record
        text = record.document.string("text").flatMap { $0.isEmpty ? nil : $0 }
        analysis = record.document.string("analysis").flatMap { $0.isEmpty ? nil : $0 }
        conversation = Conversation.parse(record.document.body)
    }

    public func summaryRequest(existingTags: [String]) -> SummaryRequest {
        SummaryRequest(text: text, analysis: analysis, conversation: conversation, existingTags: existingTags)
    }
}

/// The body of a diary page: the page in the user's voice, the media links, then the conversation.
public enum PageBody {
    /// The body with its page part replaced by `page`. Paragraphs that are only links to media stay,
    /// after the new page; the conversation and anything after it stay as they were.
    public static func replacingPage(in body: String, with page: String) -> String {
        let parts = Conversation.split(body)
        let paragraphs = parts.before.components(separatedBy: "\n\n")
        let media = paragraphs.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter(isMediaLinks)
        var out = page.trimmingCharacters(in: .whitespacesAndNewlines) + "\n"
        for paragraph in media { out += "\n" + paragraph + "\n" }
        guard parts.hasSection else { return out }
        let rest = Conversation.replacing(in: "", with: parts.messages) + (parts.after.isEmpty ? "" : "\n" + parts.after)
        return out + "\n" + rest
    }

    /// A paragraph whose every line is one Markdown link or image pointing into `media/`.
    static func isMediaLinks(_ paragraph: String) -> Bool {
        let lines = paragraph.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        return !lines.isEmpty && lines.allSatisfy { line in
            (line.hasPrefix("[") || line.hasPrefix("![")) && line.hasSuffix(")") && line.contains("](") && line.contains("media/")
        }
    }
}

extension Vault {
    /// Writes a summary into a diary record: the page part of the body, the tags, the title when
    /// `ai.auto_title` allows, and who wrote it and when (`summarized_by`, `summarized_at`), so a
    /// reader of the file or of `git log -p` knows the text came from an AI. One commit.
    @discardableResult
    public func applySummary(_ summary: PageSummary, to record: Record, provider: String, configuration: AIConfiguration) throws(FolioError) -> Record {
        var keys: [(String, Node?)] = []
        if configuration.autoTags { keys.append(("tags", .sequence(summary.tags.map { .string($0) }, style: .flow))) }
        if configuration.autoTitle, let title = summary.title { keys.append(("title", .string(title))) }
        keys.append(("summarized_by", .string(provider)))
        keys.append(("summarized_at", .raw(clock.timestamp.text)))
        let page = summary.page
        return try update(record, keys: keys, body: { PageBody.replacingPage(in: $0, with: page) }, verb: "summarize")
    }
}
