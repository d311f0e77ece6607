import FolioCore
import FolioStore
import Foundation
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
        text = PageWords.writers(record)
        analysis = record.document.string("analysis").flatMap { $0.isEmpty ? nil : $0 }
        conversation = Conversation.parse(record.document.body)
    }

    /// Whether the user has written anything of their own here yet (text or messages).
    public var hasUsersWords: Bool {
        !SummaryRequest(text: text, analysis: analysis, conversation: conversation, existingTags: []).usersWords.isEmpty
    }

    /// Whether a page can be written from the entry: the user's words, or media to say something about.
    public var hasSomethingToSummarize: Bool {
        hasUsersWords || !media.isEmpty
    }

    /// - Parameter existingTags: the vault's tags, most used first.
    public func summaryRequest(existingTags: [String], configuration: AIConfiguration) -> SummaryRequest {
        SummaryRequest(
            text: text, analysis: analysis, conversation: conversation, existingTags: existingTags, moment: moment(configuration))
    }

    /// When the page was made (the first media's time taken, else its creation), its media, and the
    /// place only when `privacy.share_location` allows.
    public func moment(_ configuration: AIConfiguration) -> PageMoment {
        let media = self.media
        let taken = media.first?.taken.flatMap(Timestamp.init)
        return PageMoment(
            time: taken ?? record.created, media: media.compactMap(\.type),
            place: configuration.shareLocation ? configuration.location : nil, language: configuration.language)
    }
}

/// The body of a diary page: the page in the user's voice, the media links, then the conversation.
public enum PageBody {
    /// The body with its page part replaced by `page`. Paragraphs whose every line is one link
    /// into `media/` stay, after the new page; the conversation and anything after it stay as they were.
    public static func replacingPage(in body: String, with page: String, recordPath: String) -> String {
        let parts = Conversation.split(body)
        let kept = MediaLinks.splitPage(parts.before, recordPath: recordPath).mediaParagraphs
        var out = pagePart(page.trimmingCharacters(in: .whitespacesAndNewlines), recordPath: recordPath) + "\n"
        for links in kept { out += "\n" + links + "\n" }
        guard parts.hasSection else { return out }
        return out + "\n" + Conversation.render(parts.messages, language: parts.language ?? .en)
            + (parts.after.isEmpty ? "" : "\n" + parts.after)
    }

    /// A page folio did not write (an AI's summary) as it may stand above the media links: no line
    /// reads as the conversation's heading in any language, as a link into `media/` (which the
    /// next summary would keep as the page's own media), or as a tag or a fence left open
    /// (``InlineTags/neutralised(_:)``). Each such line keeps its words, behind a backslash.
    public static func pagePart(_ page: String, recordPath: String) -> String {
        let text = InlineTags.neutralised(Conversation.escapingHeadings(page))
        let linkLines = MediaLinks.mediaLinkLines(in: text, recordPath: recordPath)
        guard !linkLines.isEmpty else { return text }
        // Lines split on scalars, as ``MediaLinks/splitPage(_:recordPath:)`` reads them (a Swift
        // String holds CRLF as one Character, which "\n" never matches).
        return text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { index, scalars in
            let line = String(String.UnicodeScalarView(scalars))
            let bare = line.trimmingCharacters(in: .whitespacesAndNewlines)
            let readsAsMedia = linkLines.contains(index + 1) && (bare.hasPrefix("[") || bare.hasPrefix("!["))
            return readsAsMedia ? "\\" + line : line
        }.joined(separator: "\n")
    }

    /// A message folio did not write (a reply, a greeting, a transcription) as it may go into the
    /// conversation, which escapes speaker lines and headings itself: no tag, no fence left open.
    public static func messagePart(_ text: String) -> String {
        InlineTags.neutralised(text)
    }
}

/// What an AI's reply changes in a diary page, the same for the vault's write and for the
/// `ai-page` fuzz harness: the reply is checked as typed text is (``CheckedReply``), then set into
/// the keys it may set and the part of the body it may replace; the conversation and every other
/// key stay as they were.
public enum AIPageChange {
    /// A summary: the page part of the body, the tags (`ai.auto_tags`), the title
    /// (`ai.auto_title`), and who wrote it and when (`summarized_by`, `summarized_at`), so a reader
    /// of the file or of `git log -p` knows the text came from an AI.
    /// - Throws: ``AIProblem/refusedReply(part:problem:)`` for a summary that breaks a rule.
    public static func summary(
        _ summary: PageSummary, on record: Record, provider: String, configuration: AIConfiguration, at now: Timestamp
    ) throws(AIProblem) -> (keys: [(String, Node?)], body: @Sendable (String) -> String) {
        let summary = try summary.checked(configuration)
        var keys: [(String, Node?)] = []
        if configuration.autoTags {
            // Completed and kept tags too, not only the model's: every tag written follows Obsidian's rules.
            let tags = RecordRules.normalisedTags(Vault.summaryTags(summary.tags, replacing: record))
            keys.append(("tags", .sequence(tags.map { .string($0) })))
        }
        if configuration.autoTitle, let title = summary.title { keys.append(("title", .string(title))) }
        // Tags folio completed after a model's short list are said beside the model's name.
        let writers = summary.completedTags.isEmpty || provider == "builtin" ? provider : provider + " + builtin"
        // The writer's words leave the body for the AI's page: kept, as what the page was written from.
        if !PageWords.isWrittenByAI(record), let words = PageWords.writers(record) { keys.append(("text", .string(words))) }
        keys.append(("summarized_by", .string(writers)))
        keys.append(("summarized_at", .raw(now.text)))
        let page = summary.page
        return (keys, { [path = record.path] in PageBody.replacingPage(in: $0, with: page, recordPath: path) })
    }

    /// An analysis of the page's media: `analysis`, who saw it and when (`analyzed_by`, `analyzed_at`).
    /// - Throws: ``AIProblem/refusedReply(part:problem:)`` for an analysis that breaks a rule.
    public static func analysis(_ analysis: MediaAnalysis, provider: String, at now: Timestamp) throws(AIProblem) -> [(String, Node?)] {
        try AIReplyPart.analysis.check(text: analysis.text)
        let by = analysis.sawMedia ? provider : "\(provider) (metadata)"
        return [("analysis", .string(analysis.text)), ("analyzed_by", .string(by)), ("analyzed_at", .raw(now.text))]
    }

    /// A message of the companion (a reply, a greeting) after the page's conversation: the body
    /// with the conversation's messages and this one, the text around the section as it was.
    /// - Throws: ``AIProblem/refusedReply(part:problem:)`` for a message that breaks a rule.
    /// A page without a conversation gets the section in `language` (the vault's: `## 對話` in zh-Hant).
    public static func companionLine(_ text: String, part: AIReplyPart, at now: Timestamp, language: Language = .en) throws(AIProblem)
        -> @Sendable (String) -> String
    {
        try part.check(text: text)
        let message = ConversationMessage(speaker: .folio, time: ConversationClock.text(now), text: PageBody.messagePart(text))
        return { body in Conversation.replacing(in: body, with: Conversation.parse(body) + [message], language: language) }
    }
}

extension Vault {
    /// Writes a summary into a diary record (``AIPageChange/summary(_:on:provider:configuration:at:)``). One commit.
    /// - Throws: ``FolioError`` `.ai(.failed)` for a summary that breaks a rule of typed text; nothing is written then.
    @discardableResult
    public func applySummary(_ summary: PageSummary, to record: Record, provider: String, configuration: AIConfiguration) throws(FolioError)
        -> Record
    {
        let change: (keys: [(String, Node?)], body: @Sendable (String) -> String)
        do {
            change = try AIPageChange.summary(summary, on: record, provider: provider, configuration: configuration, at: clock.timestamp)
        } catch {
            throw FolioError(.ai(.failed(provider: provider, problem: error)), file: record.path)
        }
        return try update(record, keys: change.keys, body: change.body, verb: "summarize")
    }
}

extension Vault {
    /// The tags a summary leaves on a page. The first summary keeps the tags the user gave the
    /// draft (`--tag`) ahead of its own; a later one replaces the tags, as it replaces the page.
    /// At most 8, unless the user's own are more.
    public static func summaryTags(_ tags: [String], replacing record: Record) -> [String] {
        let own = record.document.string("summarized_by") == nil ? record.tags : []
        var seen = Set<String>()
        let merged = (own + tags).filter { seen.insert($0.lowercased()).inserted }
        return Array(merged.prefix(max(8, own.count)))
    }
}

extension DiaryEntry {
    /// What the companion knows of the moment: the local time always; the place and the weather
    /// only when `privacy.share_location` allows (and the weather only when it could be read).
    /// The place (a synced setting) and the weather (a server's text) are one line each, without
    /// control characters: they cannot add lines of their own to what the companion is told.
    public static func environment(now: Timestamp, zone: TimeZone, configuration: AIConfiguration, weather: String? = nil) -> [String] {
        var lines = ["Local time: \(ConversationClock.text(now)) (\(zone.identifier))"]
        guard configuration.shareLocation else { return lines }
        if let place = configuration.location { lines.append("Place: \(UserInput.oneLine(place))") }
        if let weather { lines.append("Weather: \(UserInput.oneLine(weather))") }
        return lines
    }

    public var media: [MediaEntry] { MediaEntry.entries(of: record.document) }

    public func analysisRequest(views: [MediaView]) -> AnalysisRequest {
        AnalysisRequest(media: views, text: text)
    }

    public func greetingRequest(localTime: String, environment: [String]) -> GreetingRequest {
        GreetingRequest(localTime: localTime, environment: environment, analysis: analysis, text: text, mediaType: media.first?.type)
    }

    public func chatRequest(environment: [String]) -> ChatTurnRequest {
        ChatTurnRequest(text: text, analysis: analysis, environment: environment, history: conversation)
    }
}

/// Times in the conversation as DESIGN writes them: the writer's local time to the minute.
public enum ConversationClock {
    public static func text(_ stamp: Timestamp) -> String {
        String(stamp.text.prefix(16)).replacingOccurrences(of: "T", with: " ")
    }
}

extension Vault {
    /// Writes what the AI saw into a diary record (``AIPageChange/analysis(_:provider:at:)``). One commit.
    /// - Throws: ``FolioError`` `.ai(.failed)` for an analysis that breaks a rule of typed text.
    @discardableResult
    public func applyAnalysis(_ analysis: MediaAnalysis, to record: Record, provider: String) throws(FolioError) -> Record {
        let keys: [(String, Node?)]
        do {
            keys = try AIPageChange.analysis(analysis, provider: provider, at: clock.timestamp)
        } catch {
            throw FolioError(.ai(.failed(provider: provider, problem: error)), file: record.path)
        }
        return try update(record, keys: keys, verb: "analyze")
    }

    /// Adds a message to a diary page's conversation and commits it, re-reading the file first.
    @discardableResult
    public func appendMessage(_ message: ConversationMessage, to record: Record) throws(FolioError) -> Record {
        // The user's words are checked before anything is written; a reply goes through the write's own checks.
        if message.speaker == .me { try checkInput([(.message, message.text)]) }
        // A page's first message opens the section in the vault's language (`## 對話`); a page
        // that has one keeps it as it is.
        let language = settings.language
        return try update(
            record, keys: [],
            body: { body in
                Conversation.replacing(in: body, with: Conversation.parse(body) + [message], language: language)
            }, verb: "chat")
    }

    /// Sets a diary page's conversation back to `messages` (the chat's `/cancel`), leaving the rest of the body.
    @discardableResult
    public func resetConversation(of record: Record, to messages: [ConversationMessage]) throws(FolioError) -> Record {
        let language = settings.language
        return try update(
            record, keys: [],
            body: { body in
                let parts = Conversation.split(body)
                guard messages.isEmpty else { return Conversation.replacing(in: body, with: messages, language: language) }
                guard parts.hasSection else { return body }
                // No conversation to keep: the section goes, the text around it stays.
                var before = parts.before
                while before.hasSuffix("\n\n") { before.removeLast() }
                return before + (parts.after.isEmpty ? "" : "\n" + parts.after)
            }, verb: "chat")
    }
}
