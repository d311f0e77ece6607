import FolioCore
import FolioStore
import Foundation

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

    /// The user's own sentences as the page (with a sentence about the media when they are few),
    /// keywords of their words as the tags, completed from the page's moment when they give fewer
    /// than three, the first sentence as the title. Never fails: any page gets a page and its tags.
    public func summarize(_ request: SummaryRequest) async throws(AIProblem) -> PageSummary {
        let words = request.usersWords
        let keywords = KeywordTags.tags(from: words.joined(separator: "\n"), existing: request.existingTags)
        var page = ExtractiveSummary.page(from: words, keywords: keywords)
        if page.count < Self.shortPage, let sentence = request.moment?.mediaSentence ?? (page.isEmpty ? request.moment?.whenSentence : nil)
        {
            page = ExtractiveSummary.page(from: [page, sentence].filter { !$0.isEmpty }, keywords: [])
        }
        guard !page.isEmpty else { throw .nothingToSummarize }
        let first = ExtractiveSummary.sentences(in: page).first ?? page
        let summary = PageSummary(page: page, tags: keywords, title: first.isEmpty ? nil : Self.title(from: first))
        return summary.completed(for: request)
    }

    /// Below this many characters, the page's own words are a line rather than a page: a sentence
    /// about the media follows them.
    static let shortPage = 40

    /// Conversation needs a model; builtin says so, and the user's message is already saved.
    public func chat(_ request: ChatTurnRequest, onDelta: @escaping @Sendable (String) -> Void) async throws(AIProblem) -> String {
        throw .needsNetworkProvider
    }

    /// The media's metadata, as the builtin provider cannot look at pictures.
    public func analyze(_ request: AnalysisRequest) async throws(AIProblem) -> MediaAnalysis {
        MediaAnalysis(text: request.media.map(\.facts).joined(separator: "\n"), sawMedia: false)
    }

    /// A fixed greeting with the local time; it never mentions weather or place.
    public func greet(_ request: GreetingRequest) async throws(AIProblem) -> String {
        BuiltinGreeting.text(localTime: request.localTime, mediaType: request.mediaType, language: configuration.language)
    }

    public func transcribe(_ clip: AudioClip) async throws(AIProblem) -> String {
        throw .needsNetworkProvider
    }

    /// A sentence as a title: without its closing punctuation, at most 30 characters.
    static func title(from sentence: String) -> String {
        // As a reader sees the words: a link is its text (``TitleText``).
        var title = TitleText.shownText(sentence)
        while let last = title.last, "。！？!?.…；;，,".contains(last) { title.removeLast() }
        return title.count > 30 ? String(title.prefix(30)) + "…" : title
    }
}

/// The greeting of a page when no model writes one: the generic greeting of the companion diary's
/// F-016, by the time of day.
public enum BuiltinGreeting {
    /// - Parameter localTime: `YYYY-MM-DD HH:MM`.
    public static func text(localTime: String, mediaType: String?, language: Language) -> String {
        let clock = String(localTime.suffix(5))
        let hour = Int(clock.prefix(2)) ?? 12
        switch language {
        case .zhHant:
            let hello =
                switch hour {
                case 5..<11: "早安"
                case 11..<14: "午安"
                case 14..<18: "下午好"
                case 18..<23: "晚上好"
                default: "夜深了"
                }
            let question =
                switch mediaType {
                case "photo": "這張照片背後有什麼故事？"
                case "video": "這段影片背後有什麼故事？"
                case "audio": "想說說這段錄音嗎？"
                default: "今天發生了什麼事？"
                }
            return "\(hello)，現在是 \(clock)。" + question
        case .en:
            let hello =
                switch hour {
                case 5..<12: "Good morning"
                case 12..<18: "Good afternoon"
                case 18..<23: "Good evening"
                default: "Still up"
                }
            let question =
                switch mediaType {
                case "photo": "What's the story behind this photo?"
                case "video": "What's the story behind this video?"
                case "audio": "Would you like to tell me about this recording?"
                default: "What happened today?"
                }
            return "\(hello), it's \(clock). " + question
        }
    }
}
