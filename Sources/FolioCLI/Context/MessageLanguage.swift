import FolioCore
import Foundation

/// The language errors are shown in, once known: `--lang`, else the vault's, else the locale's.
final class MessageLanguage: @unchecked Sendable {
    static let shared = MessageLanguage()
    private let lock = NSLock()
    private var value: Language?

    var current: Language {
        lock.lock()
        defer { lock.unlock() }
        if let value { return value }
        let env = ProcessInfo.processInfo.environment
        let locale = env["LC_ALL"] ?? env["LC_MESSAGES"] ?? env["LANG"] ?? ""
        return locale.lowercased().hasPrefix("zh") ? .zhHant : .en
    }

    func set(_ language: Language) {
        lock.lock()
        value = language
        lock.unlock()
    }

    /// Whether a language was chosen (`--lang`, the vault's, or for help) rather than guessed from the locale.
    var isChosen: Bool {
        lock.lock()
        defer { lock.unlock() }
        return value != nil
    }
}
