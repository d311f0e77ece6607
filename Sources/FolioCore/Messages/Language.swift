/// The language of messages and generated text: the vault's `language` setting or `--lang`.
public enum Language: String, Sendable, CaseIterable {
    case zhHant = "zh-Hant"
    case en

    /// Accepts the spellings people type: `zh-Hant`, `zh_TW`, `zh`, `en`, `en_US.UTF-8`.
    public init?(loose text: String) {
        let lowered = text.lowercased().replacingOccurrences(of: "_", with: "-")
        if lowered.hasPrefix("zh") { self = .zhHant } else if lowered.hasPrefix("en") { self = .en } else { return nil }
    }

    /// The language this computer's locale asks for, read as POSIX programs read it: the first of
    /// `LC_ALL`, `LC_MESSAGES`, `LANG` that is set. Chinese (`zh_TW`, `zh_HK`, `zh_CN`) is zh-Hant,
    /// any other language English; nil for the C or POSIX locale, or none: no one chose, and a new
    /// vault takes zh-Hant, the first language of the people folio is made for.
    public static func ofLocale(_ environment: [String: String]) -> Language? {
        guard let value = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap({ environment[$0] }).first(where: { !$0.isEmpty }) else {
            return nil
        }
        let name = value.split(separator: ".").first.map(String.init) ?? value
        if ["C", "POSIX"].contains(name.uppercased()) { return nil }
        return name.lowercased().hasPrefix("zh") ? .zhHant : .en
    }
}
