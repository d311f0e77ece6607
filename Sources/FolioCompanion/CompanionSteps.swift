import FolioCore
import FolioStore
import Foundation

extension Vault {
    /// Saves the user's message in a diary page's conversation (committed) at the vault clock's
    /// time, and returns the page as written.
    /// - Throws: ``FolioError`` for a message with no words, or words that must not be stored.
    public func appendUserMessage(_ text: String, to record: Record) throws(FolioError) -> Record {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw FolioError(.ai(.emptyMessage)) }
        return try appendMessage(
            ConversationMessage(speaker: .me, time: ConversationClock.text(clock.timestamp), text: trimmed), to: record)
    }

    /// Saves a line of the companion in the page: a reply, or the greeting that opened it
    /// (``AIPageChange/companionLine(_:part:at:)``).
    /// - Throws: ``FolioError`` `.ai(.failed)` for a line that breaks a rule of typed text; nothing is written then.
    public func appendCompanionLine(_ text: String, to record: Record, part: AIReplyPart = .reply) throws(FolioError) -> Record {
        let body: @Sendable (String) -> String
        do {
            body = try AIPageChange.companionLine(text, part: part, at: clock.timestamp, language: settings.language)
        } catch {
            throw FolioError(.ai(.failed(provider: "folio", problem: error)), file: record.path)
        }
        return try update(record, keys: [], body: body, verb: "chat")
    }

    /// Keeps (or clears, with nil) a record's last AI failure on this device, for `show` and
    /// `status`; the file is written only when that changes.
    public func rememberAIFailure(_ message: String?, step: String, for record: Record) {
        guard let id = record.id else { return }
        var state = AIState(localDirectory: localDirectory)
        let failure = message.map { AIState.Failure(step: step, message: $0, at: clock.timestamp.text) }
        guard state.failures[id] != failure else { return }
        state.set(failure, for: id)
    }
}

extension ProviderChain {
    /// Whether any provider can chat: only offline providers set up cannot, so a diary page keeps
    /// the user's lines without asking (a provider that failed to set up is asked, to say why).
    public var canReply: Bool {
        providers.contains { $0.endpoint != nil } || !setupFailures.isEmpty
    }

    /// Whether the moment told to the companion includes the weather: only where the place is shared.
    public var wantsWeather: Bool {
        configuration.shareLocation && configuration.weatherURL != nil
    }
}

extension AudioClip {
    /// The API takes recordings up to 25 MB.
    public static let maxBytes: UInt64 = 25 * 1024 * 1024

    static let mediaTypes = [
        "m4a": "audio/mp4", "mp4": "audio/mp4", "mp3": "audio/mpeg", "mpga": "audio/mpeg", "mpeg": "audio/mpeg",
        "wav": "audio/wav", "ogg": "audio/ogg", "oga": "audio/ogg", "opus": "audio/ogg", "webm": "audio/webm",
        "flac": "audio/flac", "aac": "audio/aac",
    ]

    /// A recording read from a file for transcription, its media type from its extension.
    /// - Throws: ``FolioError`` for a file that cannot be read or is over ``maxBytes``.
    public static func read(_ url: URL, displayName: String) throws(FolioError) -> AudioClip {
        let data = try MediaImporter.readWhole(url, displayName: displayName, maxBytes: maxBytes)
        return AudioClip(
            data: data, filename: url.lastPathComponent, mediaType: mediaTypes[url.pathExtension.lowercased()] ?? "application/octet-stream"
        )
    }
}
