import Foundation
import FolioCore
import FolioStore

/// The provider that never leaves the device. It cannot judge a question, so it leaves answering
/// to the magic 8 ball or to a network provider after it in the chain.
public struct BuiltinProvider: AIProvider {
    public let configuration: AIConfiguration
    public var label: String { "builtin" }
    public var endpoint: String? { nil }

    public init(configuration: AIConfiguration) {
        self.configuration = configuration
    }

    public func answer(question: String) async throws(AIProblem) -> QAAnswer {
        throw .needsNetworkProvider
    }

    /// The user's own sentences as the page, keywords of their words as the tags, the first
    /// sentence as the title.
    public func summarize(_ request: SummaryRequest) async throws(AIProblem) -> PageSummary {
        let words = request.usersWords
        guard !words.isEmpty else { throw .nothingToSummarize }
        let tags = try PageSummary.checkedTags(
            KeywordTags.tags(from: words.joined(separator: "\n"), existing: request.existingTags), existing: request.existingTags)
        let page = ExtractiveSummary.page(from: words, keywords: tags)
        guard !page.isEmpty else { throw .nothingToSummarize }
        let first = ExtractiveSummary.sentences(in: page).first ?? page
        return PageSummary(page: page, tags: tags, title: Self.title(from: first))
    }

    /// Conversation needs a model; builtin says so, and the user's message is already saved.
    public func chat(_ request: ChatTurnRequest, onDelta: @escaping @Sendable (String) -> Void) async throws(AIProblem) -> String {
        throw .needsNetworkProvider
    }

    /// A sentence as a title: without its closing punctuation, at most 30 characters.
    static func title(from sentence: String) -> String {
        var title = sentence
        while let last = title.last, "。！？!?.…；;，,".contains(last) { title.removeLast() }
        return title.count > 30 ? String(title.prefix(30)) + "…" : title
    }
}
