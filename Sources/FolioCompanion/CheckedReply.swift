import FolioCore
import FolioStore

/// An AI's answer is untrusted input. Before anything of it is written into a page or shown as
/// folio's words, it meets the rules typed text meets (``TextRule``): no NUL byte and no control
/// character in any text; a title on one line, not blank, within `record.max_title_length`; tags
/// on one line (a comma separates tags, as everywhere). A reply that breaks one is that
/// provider's failure (``AIProblem/refusedReply(part:problem:)``): the next provider is asked,
/// nothing of it is written, and the failure is kept for `show` like any other.
///
/// What a reply cannot break is the page's structure: the page part of a summary can never read
/// as the conversation (``PageBody``), and a message's lines never read as a speaker or a heading
/// (``Conversation``).
public protocol CheckedReply: Sendable {
    /// The reply as it may be written.
    /// - Throws: ``AIProblem/refusedReply(part:problem:)`` naming the part and what breaks the rule.
    func checked(_ configuration: AIConfiguration) throws(AIProblem) -> Self
}

extension AIReplyPart {
    /// Refuses `text` when it breaks the rule of several lines of text.
    func check(text: String) throws(AIProblem) {
        if let problem = TextRule.text(text) { throw .refusedReply(part: self, problem: problem) }
    }
}

/// A chat reply, a greeting or a transcription: several lines of text.
public struct ReplyText: CheckedReply, Equatable {
    public var text: String
    public var part: AIReplyPart

    public init(_ text: String, part: AIReplyPart) {
        self.text = text
        self.part = part
    }

    public func checked(_ configuration: AIConfiguration) throws(AIProblem) -> ReplyText {
        try part.check(text: text)
        return self
    }
}

extension PageSummary: CheckedReply {
    public func checked(_ configuration: AIConfiguration) throws(AIProblem) -> PageSummary {
        try AIReplyPart.page.check(text: page)
        if let title, let problem = TextRule.title(title, limit: configuration.maxTitleLength) {
            throw .refusedReply(part: .title, problem: problem)
        }
        for tag in tags + completedTags {
            if let problem = TextRule.tag(tag) { throw .refusedReply(part: .tag, problem: problem) }
        }
        return self
    }
}

extension MediaAnalysis: CheckedReply {
    public func checked(_ configuration: AIConfiguration) throws(AIProblem) -> MediaAnalysis {
        try AIReplyPart.analysis.check(text: text)
        return self
    }
}

extension QAAnswer: CheckedReply {
    public func checked(_ configuration: AIConfiguration) throws(AIProblem) -> QAAnswer {
        try AIReplyPart.answer.check(text: text)
        try AIReplyPart.answer.check(text: english)
        return self
    }
}
