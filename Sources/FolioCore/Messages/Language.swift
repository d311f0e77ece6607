/// The language of messages and generated text: the vault's `language` setting or `--lang`.
public enum Language: String, Sendable, CaseIterable {
    case zhHant = "zh-Hant"
    case en

    /// Accepts the spellings people type: `zh-Hant`, `zh_TW`, `zh`, `en`, `en_US.UTF-8`.
    public init?(loose text: String) {
        let lowered = text.lowercased().replacingOccurrences(of: "_", with: "-")
        if lowered.hasPrefix("zh") { self = .zhHant } else if lowered.hasPrefix("en") { self = .en } else { return nil }
    }
}
