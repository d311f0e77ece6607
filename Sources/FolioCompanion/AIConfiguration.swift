import FolioAI
import FolioCore
import FolioStore
import Foundation

/// The AI settings of a vault (`ai.*`, `privacy.*`, `location`, `language` in `.folio/config.yaml`),
/// read once per command. They live in the vault, so every device follows a change at its next sync.
public struct AIConfiguration: Sendable, Equatable {
    /// `ai.provider` then `ai.fallback`, each once, in the order they are tried.
    public var providers: [String]
    public var baseURL: String
    public var model: String?
    public var visionModel: String?
    public var transcriptionModel: String?
    public var tone: String
    public var autoTitle: Bool
    public var autoTags: Bool
    public var timeoutSeconds: Int
    /// `ai.deadline`: how long one request may take in all.
    public var deadlineSeconds: Int
    /// `ai.max_reply_bytes`: the most a server's reply may hold before folio stops reading it.
    public var maxReplyBytes: Int
    public var sendMedia: Bool
    public var shareLocation: Bool
    /// `privacy.send_past_pages`: whether the companion is reminded of a few related earlier pages
    /// (their text only: never their media or place).
    public var sendPastPages: Bool
    public var location: String?
    /// `weather.url`: where the current weather is read from, as one line of text; `{place}` is
    /// replaced by `location`. Read only when `privacy.share_location` is on.
    public var weatherURL: String?
    public var language: Language
    /// `record.max_title_length`: the longest title an AI's summary may give, as for a typed one.
    public var maxTitleLength: Int
    /// True when `.folio/config.yaml` could not be read: only `builtin` is used then (F-014).
    public var settingsUnreadable: Bool

    /// ChatGPT's API, used when `ai.base_url` is not set.
    public static let openAIBaseURL = "https://api.openai.com/v1"
    public static let knownProviders = ["builtin", "openai"]

    /// The settings of `vault`, its limits never above this device's ceilings (``DeviceLimits``).
    public init(vault: Vault, language: Language) {
        self.init(settings: vault.settings, language: language, limits: vault.deviceLimits)
    }

    public init(settings: Settings, language: Language, limits: DeviceLimits = DeviceLimits()) {
        func text(_ key: String) -> String? {
            settings.string(key).flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
        }
        func flag(_ key: String, _ fallback: Bool) -> Bool {
            if case .bool(let value)? = settings.value(key) { return value }
            return fallback
        }
        settingsUnreadable = settings.problem != nil
        var chain: [String] = []
        if !settingsUnreadable {
            chain.append(text("ai.provider") ?? "builtin")
            if case .list(let items)? = settings.value("ai.fallback") {
                chain += items.map(\.plainText).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            }
        }
        var seen = Set<String>()
        providers = chain.filter { seen.insert($0).inserted }
        if providers.isEmpty { providers = ["builtin"] }
        baseURL = text("ai.base_url") ?? Self.openAIBaseURL
        model = text("ai.model")
        visionModel = text("ai.vision_model")
        transcriptionModel = text("ai.transcription_model")
        tone = text("ai.tone") ?? "warm"
        autoTitle = flag("ai.auto_title", true)
        autoTags = flag("ai.auto_tags", true)
        timeoutSeconds = limits.bounded("ai.timeout", in: settings) ?? 60
        deadlineSeconds = limits.bounded("ai.deadline", in: settings) ?? 600
        if let bytes = limits.bounded("ai.max_reply_bytes", in: settings), bytes > 0 {
            maxReplyBytes = bytes
        } else {
            maxReplyBytes = OpenAIConfiguration.defaultMaxReplyBytes
        }
        sendMedia = flag("privacy.send_media", true)
        shareLocation = flag("privacy.share_location", false)
        sendPastPages = flag("privacy.send_past_pages", true)
        location = text("location")
        weatherURL = text("weather.url")
        maxTitleLength = limits.bounded("record.max_title_length", in: settings) ?? 200
        self.language = language
    }

    /// Whether any provider tried sends data over the network.
    public var usesNetwork: Bool { providers.contains { $0 != "builtin" } }

    /// Whether ``baseURL`` may be used on this device (the `localDirectory` of its vault): folio's
    /// own default, or an endpoint confirmed here (``EndpointTrust``). `ai.base_url` syncs, so a
    /// value set on another device waits for this device's confirmation before the key and the
    /// pages go to it.
    public func isConfirmed(localDirectory: URL) -> Bool {
        baseURL == Self.openAIBaseURL || EndpointTrust.isTrusted(baseURL, for: "ai.base_url", localDirectory: localDirectory)
    }
}
