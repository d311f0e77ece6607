import FolioCore
import Foundation

/// How a chat model is asked to write the page, and how its JSON is read back.
enum SummaryPrompt {
    static func system(language: Language, tone: String) -> String {
        return """
            You turn a diary entry (what the user typed, what their photo or video shows, and their \
            conversation with a companion) into the diary page they would have written themselves. \
            Write in the first person, as the user, in \(PromptWords.language(language)), \(PromptWords.tone(tone)) in tone, in one to \
            three short paragraphs. Use only what the entry says; do not invent events. Do not mention \
            the companion or the conversation. Then give 3 to 8 short tags (single words or short \
            phrases, lower case, in the page's language), reusing the user's existing tags when they fit, \
            and a short title. Reply with one JSON object and nothing else: \
            {"title": "…", "page": "…", "tags": ["…", "…", "…"]}.
            """
    }

    /// The entry as one user message: text, analysis, existing tags, then the conversation.
    static func entry(_ request: SummaryRequest) -> String {
        var parts: [String] = []
        if let text = request.text, !text.isEmpty { parts.append("What I typed: \(text)") }
        if let analysis = request.analysis, !analysis.isEmpty { parts.append("What the photo or video shows: \(analysis)") }
        if !request.existingTags.isEmpty { parts.append("My existing tags: \(request.existingTags.prefix(100).joined(separator: ", "))") }
        if !request.conversation.isEmpty {
            let lines = request.conversation.map { message in
                "\(message.speaker == .me ? "me" : message.speaker == .folio ? "companion" : message.speaker.name) (\(message.time)): \(message.text)"
            }
            parts.append("Our conversation:\n" + lines.joined(separator: "\n"))
        }
        return parts.joined(separator: "\n\n")
    }

    static func parse(_ content: String, existingTags: [String]) throws(AIProblem) -> PageSummary {
        guard let object = JSONText.object(in: content) else {
            throw .malformed(.notAJSONObject, excerpt: JSONText.excerpt(content))
        }
        guard let page = (object["page"] as? String)?.trimmingCharacters(in: .whitespacesAndNewlines), !page.isEmpty else {
            throw .malformed(.missingKey("page"), excerpt: JSONText.excerpt(content))
        }
        let rawTags: [String] =
            switch object["tags"] {
            case let list as [Any]: list.compactMap { $0 as? String }
            case let text as String: text.split(whereSeparator: { $0 == "," || $0 == "、" || $0 == "，" }).map(String.init)
            default: []
            }
        // The reply's tags are checked as the model wrote them, before the tag rule tidies them:
        // an escape or a line break in a tag is a reply folio does not write, not a tag to mend.
        for tag in rawTags {
            if let problem = TextRule.line(tag) { throw .refusedReply(part: .tag, problem: problem) }
        }
        let tags = PageSummary.normalizedTags(rawTags, existing: existingTags)
        let title = (object["title"] as? String)?.trimmingCharacters(in: .whitespacesAndNewlines)
        return PageSummary(page: page, tags: tags, title: title.flatMap { $0.isEmpty ? nil : $0 })
    }
}
