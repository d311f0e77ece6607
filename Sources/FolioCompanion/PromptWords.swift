import FolioCore

/// Words every prompt uses for the vault's language and the companion's tone (`ai.tone`).
enum PromptWords {
    static func language(_ language: Language) -> String {
        language == .zhHant ? "Traditional Chinese (zh-Hant, as written in Taiwan)" : "English"
    }

    static func tone(_ tone: String) -> String {
        switch tone {
        case "minimal": "brief and plain"
        case "humorous": "light, with a touch of humour"
        case "empathetic": "gentle and understanding"
        default: "warm and friendly"
        }
    }
}
