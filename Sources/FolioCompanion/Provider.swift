import FolioAI
import FolioCore
import FolioStore
import Foundation

/// What a provider needs to write a diary page: the user's words, the conversation, what the AI saw.
public struct SummaryRequest: Sendable, Equatable {
    /// What the user typed when starting the page.
    public var text: String?
    public var analysis: String?
    public var conversation: [ConversationMessage]
    /// Tags the vault already uses, most used first, so a new page joins them rather than spelling a new one.
    public var existingTags: [String]
    /// When and with what media the page was made, for tags and a sentence when words are few.
    public var moment: PageMoment?

    public init(text: String?, analysis: String?, conversation: [ConversationMessage], existingTags: [String], moment: PageMoment? = nil) {
        self.text = text
        self.analysis = analysis
        self.conversation = conversation
        self.existingTags = existingTags
        self.moment = moment
    }

    /// Everything the user wrote, their text first, then their messages.
    public var usersWords: [String] {
        ([text].compactMap { $0 } + conversation.filter { $0.speaker == .me }.map(\.text)).filter { !$0.isEmpty }
    }
}

/// A page written from a diary entry: the text in the user's voice, its tags, maybe a title.
public struct PageSummary: Sendable, Equatable {
    public var page: String
    /// 3 to 8 tags, lower case (or spelled as the vault already has them), each once.
    public var tags: [String]
    public var title: String?
    /// The tags folio added from the page's moment because the writer gave fewer than three.
    public var completedTags: [String]

    public init(page: String, tags: [String], title: String?, completedTags: [String] = []) {
        self.page = page
        self.tags = tags
        self.title = title
        self.completedTags = completedTags
    }

    /// Tags as folio stores them: trimmed, without `#`, lower case unless the vault already
    /// spells the tag otherwise, each once, a comma (`，`, `、`) separating two; at most 8.
    /// Possibly fewer than 3.
    public static func normalizedTags(_ raw: [String], existing: [String]) -> [String] {
        let spelled = Dictionary(existing.map { ($0.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        var seen = Set<String>()
        var tags: [String] = []
        // A comma separates tags wherever tags are given: "rain, walk" is two.
        // The one normalisation of every tag folio writes: Obsidian's tag rules (``TagName``).
        for tag in RecordRules.normalisedTags(raw) {
            guard seen.insert(tag.lowercased()).inserted else { continue }
            tags.append(spelled[tag.lowercased()] ?? tag.lowercased())
        }
        return Array(tags.prefix(8))
    }

    /// The summary with at least three tags: a writer's short list completed from the page's
    /// moment (see ``TagCompletion``), never a failure for lack of words.
    public func completed(for request: SummaryRequest) -> PageSummary {
        let completion = TagCompletion.complete(tags, moment: request.moment, analysis: request.analysis, existing: request.existingTags)
        return PageSummary(page: page, tags: completion.tags, title: title, completedTags: completedTags + completion.added)
    }
}

/// One turn of the conversation: what the companion knows, and the history so far (ending with
/// the user's new message).
public struct ChatTurnRequest: Sendable, Equatable {
    public var text: String?
    public var analysis: String?
    /// The local time always; place and weather only when `privacy.share_location` allows.
    public var environment: [String]
    public var history: [ConversationMessage]
    /// Passages of a few related earlier pages (``JournalRetrieval/related(to:in:limit:catalog:)``).
    public var related: [JournalPassage] = []

    public init(text: String?, analysis: String?, environment: [String], history: [ConversationMessage]) {
        self.text = text
        self.analysis = analysis
        self.environment = environment
        self.history = history
    }
}

/// An image a model may look at: a photo, or a frame of a video, without its metadata.
public struct AIImage: Sendable, Equatable {
    public var data: Data
    public var mediaType: String

    public init(data: Data, mediaType: String) {
        self.data = data
        self.mediaType = mediaType
    }
}

/// One media file of a page as the AI may see it: what its metadata says, and the images that
/// may leave the device (none when `privacy.send_media` is off).
public struct MediaView: Sendable, Equatable {
    /// `photo`, `video` or `audio`.
    public var type: String
    /// One line of metadata in the vault's language: name, time taken, camera, size, length.
    public var facts: String
    public var images: [AIImage]

    public init(type: String, facts: String, images: [AIImage]) {
        self.type = type
        self.facts = facts
        self.images = images
    }
}

public struct AnalysisRequest: Sendable, Equatable {
    public var media: [MediaView]
    public var text: String?

    public init(media: [MediaView], text: String?) {
        self.media = media
        self.text = text
    }
}

/// What the AI saw in a page's media: the chat's background (the companion diary's F-003).
public struct MediaAnalysis: Sendable, Equatable {
    public var text: String
    /// False when only the metadata was described (builtin, `send_media: false`, a video without ffmpeg).
    public var sawMedia: Bool

    public init(text: String, sawMedia: Bool) {
        self.text = text
        self.sawMedia = sawMedia
    }
}

/// What the companion knows when it opens a page (the companion diary's F-016 greeting).
public struct GreetingRequest: Sendable, Equatable {
    /// The local time, `YYYY-MM-DD HH:MM`.
    public var localTime: String
    /// The local time always; place and weather only when shared and known.
    public var environment: [String]
    public var analysis: String?
    public var text: String?
    /// The type of the page's first media file (`photo`, `video`, `audio`), if it has one.
    public var mediaType: String?
    /// Passages of a few related earlier pages (``JournalRetrieval/related(to:in:limit:catalog:)``).
    public var related: [JournalPassage] = []

    public init(localTime: String, environment: [String], analysis: String?, text: String?, mediaType: String?) {
        self.localTime = localTime
        self.environment = environment
        self.analysis = analysis
        self.text = text
        self.mediaType = mediaType
    }
}

/// A voice recording to turn into text.
public struct AudioClip: Sendable, Equatable {
    public var data: Data
    public var filename: String
    public var mediaType: String

    public init(data: Data, filename: String, mediaType: String) {
        self.data = data
        self.filename = filename
        self.mediaType = mediaType
    }
}

/// One AI provider. Each answers in the same types, so nothing above a provider knows which one
/// answered; a provider that cannot do a step throws ``AIProblem/needsNetworkProvider``.
public protocol AIProvider: Sendable {
    /// `builtin`, or `openai gpt-4o-mini`: how messages and records name it.
    var label: String { get }
    /// Where requests go, for the first-use notice; nil for a provider that stays on the device.
    var endpoint: String? { get }

    /// A yes-or-no question answered the magic 8 ball's way (`source: ai`).
    func answer(question: String) async throws(AIProblem) -> QAAnswer
    /// The page in the user's voice and language, with 3 to 8 tags.
    func summarize(_ request: SummaryRequest) async throws(AIProblem) -> PageSummary
    /// The companion's reply, streamed to `onDelta` as it comes, whole at the end.
    func chat(_ request: ChatTurnRequest, onDelta: @escaping @Sendable (String) -> Void) async throws(AIProblem) -> String
    /// What the page's photos and videos show, as the chat's background.
    func analyze(_ request: AnalysisRequest) async throws(AIProblem) -> MediaAnalysis
    /// The first line of the conversation when a page is started.
    func greet(_ request: GreetingRequest) async throws(AIProblem) -> String
    /// The words of a voice recording.
    func transcribe(_ clip: AudioClip) async throws(AIProblem) -> String
    /// A question answered from the journal's passages only, citing them.
    func answerFromJournal(_ question: JournalQuestion) async throws(AIProblem) -> JournalAnswer
}

/// The providers of `ai.provider` and `ai.fallback`, tried in order until one answers.
public struct ProviderChain: Sendable {
    public let providers: [any AIProvider]
    /// Providers that could not even be set up (an unknown name, an unreadable key file).
    public let setupFailures: [ProviderFailure]
    /// The settings the chain was made from.
    public let configuration: AIConfiguration

    public init(providers: [any AIProvider], setupFailures: [ProviderFailure] = [], configuration: AIConfiguration) {
        self.providers = providers
        self.setupFailures = setupFailures
        self.configuration = configuration
    }

    /// The providers a configuration names, with the key from the environment or the credentials
    /// file. `endpointConfirmed` false (``AIConfiguration/isConfirmed(localDirectory:)``) leaves the
    /// network provider out with ``AIProblem/endpointNotConfirmed(url:)``: nothing goes there.
    public init(configuration: AIConfiguration, environment: [String: String], home: URL, endpointConfirmed: Bool = true) {
        var providers: [any AIProvider] = []
        var failures: [ProviderFailure] = []
        for name in configuration.providers {
            switch name {
            case "builtin":
                providers.append(BuiltinProvider(configuration: configuration))
            case "openai" where !endpointConfirmed:
                failures.append(ProviderFailure(provider: "openai", problem: .endpointNotConfirmed(url: configuration.baseURL)))
            case "openai":
                do {
                    let key = try AIKey.lookup(environment: environment, home: home)
                    providers.append(try OpenAIProvider(configuration: configuration, key: key))
                } catch {
                    failures.append(ProviderFailure(provider: "openai", problem: error))
                }
            default:
                failures.append(ProviderFailure(provider: name, problem: .missingSetting("ai.provider (builtin or openai, not '\(name)')")))
            }
        }
        self.init(providers: providers, setupFailures: failures, configuration: configuration)
    }

    /// The network endpoints this chain may reach.
    public var endpoints: [(label: String, url: String)] {
        providers.compactMap { provider in provider.endpoint.map { (provider.label, $0) } }
    }

    /// Runs `step` on each provider in turn; the first answer that meets the rules of typed text
    /// (``CheckedReply``) wins: one that does not is that provider's failure, and the next is asked.
    /// - Throws: ``FolioError`` `.ai(.allFailed)` naming each provider's problem, when none answers.
    public func first<T: CheckedReply>(
        _ step: @Sendable (any AIProvider) async throws(AIProblem) -> T
    ) async throws(FolioError) -> (value: T, provider: String) {
        var failures = setupFailures
        for provider in providers {
            do {
                return (try await step(provider).checked(configuration), provider.label)
            } catch {
                failures.append(ProviderFailure(provider: provider.label, problem: error))
                if error == .cancelled { break }
            }
        }
        if failures.count == 1, let only = failures.first {
            throw FolioError(.ai(.failed(provider: only.provider, problem: only.problem)))
        }
        throw FolioError(.ai(.allFailed(failures)))
    }
}
