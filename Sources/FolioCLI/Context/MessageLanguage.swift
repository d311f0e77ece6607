import FolioCore
import Foundation
import Synchronization

/// The language errors are shown in, once known: `--lang`, else the vault's, else the locale's.
final class MessageLanguage: Sendable {
    static let shared = MessageLanguage()
    private let chosen = Mutex<Language?>(nil)

    var current: Language {
        if let value = chosen.withLock({ $0 }) { return value }
        let env = ProcessInfo.processInfo.environment
        let locale = env["LC_ALL"] ?? env["LC_MESSAGES"] ?? env["LANG"] ?? ""
        return locale.lowercased().hasPrefix("zh") ? .zhHant : .en
    }

    func set(_ language: Language) {
        chosen.withLock { $0 = language }
    }

    /// Whether a language was chosen (`--lang`, the vault's, or for help) rather than guessed from the locale.
    var isChosen: Bool {
        chosen.withLock { $0 != nil }
    }
}
