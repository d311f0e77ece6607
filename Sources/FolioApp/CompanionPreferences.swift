import FolioCompanion
import FolioCore
import FolioStore
import Foundation

/// What a person may choose about the companion from any face, the web app's settings page
/// first: its tone, whether it titles and tags pages, and what it is sent. The provider itself is
/// shown, never chosen here: a new destination for the journal's words is agreed to on a terminal
/// (`folio config set ai.provider`, then its confirmation). These are the vault's settings
/// (`.folio/config.yaml`): a change reaches every device at its next sync.
public struct CompanionPreferences: Sendable, Equatable {
    public var tone: String
    public var autoTitle: Bool
    public var autoTags: Bool
    public var sendMedia: Bool
    public var shareLocation: Bool
    public var sendPastPages: Bool

    /// The tones the companion speaks in: `ai.tone`'s choices, as the settings' schema lists them.
    public static var tones: [String] {
        guard case .choice(let choices)? = SettingKey.named("ai.tone")?.type else { return [] }
        return choices
    }

    public init(tone: String, autoTitle: Bool, autoTags: Bool, sendMedia: Bool, shareLocation: Bool, sendPastPages: Bool) {
        self.tone = tone
        self.autoTitle = autoTitle
        self.autoTags = autoTags
        self.sendMedia = sendMedia
        self.shareLocation = shareLocation
        self.sendPastPages = sendPastPages
    }

    /// The preferences as the vault's settings say now.
    public init(_ configuration: AIConfiguration) {
        self.init(
            tone: configuration.tone, autoTitle: configuration.autoTitle, autoTags: configuration.autoTags,
            sendMedia: configuration.sendMedia, shareLocation: configuration.shareLocation, sendPastPages: configuration.sendPastPages)
    }

    /// Each preference as its setting's key and value.
    var settings: [(key: String, value: String)] {
        [
            ("ai.tone", tone), ("ai.auto_title", String(autoTitle)), ("ai.auto_tags", String(autoTags)),
            ("privacy.send_media", String(sendMedia)), ("privacy.share_location", String(shareLocation)),
            ("privacy.send_past_pages", String(sendPastPages)),
        ]
    }
}

/// Who answers as the companion, as a page shows it (read-only).
public struct CompanionProvider: Sendable, Equatable {
    /// `builtin` (offline) or `openai`, then the fallbacks.
    public var providers: [String]
    public var model: String?
    /// The server's host only (never a path, a query or a key).
    public var host: String?
}

extension JournalService {
    /// The companion's preferences and provider as the vault's settings say now.
    public func companionSettings() -> (preferences: CompanionPreferences, provider: CompanionProvider) {
        let configuration = AIConfiguration(vault: vault, language: vault.language)
        let host = configuration.usesNetwork ? URLComponents(string: configuration.baseURL)?.host : nil
        let provider = CompanionProvider(providers: configuration.providers, model: configuration.model, host: host)
        return (CompanionPreferences(configuration), provider)
    }

    /// Saves the preferences that differ from the settings, in one write and one commit
    /// (`config: set ai.tone, privacy.share_location`); nothing is written when none differ.
    /// - Throws: ``FolioError`` for a tone folio does not know, or a settings file it cannot write.
    /// - Returns: the keys changed.
    @discardableResult
    public func setCompanionPreferences(_ wanted: CompanionPreferences) throws(FolioError) -> [String] {
        try beginRequest()
        // A tone folio does not know is refused by the settings themselves (`Settings.set`), before anything is written.
        let now = companionSettings().preferences.settings
        let changes = zip(wanted.settings, now).filter { $0.0.value != $0.1.value }.map(\.0)
        guard !changes.isEmpty else { return [] }
        try committing { (vault: Vault) throws(FolioError) in
            try vault.changeSettings(message: "config: set " + changes.map(\.key).joined(separator: ", ")) {
                (settings: inout Settings) throws(FolioError) in
                for change in changes { try settings.set(change.key, to: change.value) }
            }
        }
        return changes.map(\.key)
    }
}
