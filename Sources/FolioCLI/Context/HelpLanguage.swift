import ArgumentParser
import FolioCore
import FolioStore
import Foundation

/// A text of the help in the language help is shown in: zh-Hant or English.
///
/// swift-argument-parser builds help from the commands' configurations and the options' help
/// texts, as plain strings. folio's are chosen when they are read: every `configuration` is
/// computed, and an option's help is made each time a command is made, so they follow
/// ``MessageLanguage`` — which ``HelpLanguage/choose(for:)`` sets before help or a usage error is
/// printed. Both texts are written where the option is declared, so a command reads like its help
/// in both languages; a test renders every command's help in zh-Hant and fails on English left in it.
func bilingual(_ english: String, _ chinese: String) -> String {
    MessageLanguage.shared.current == .zhHant ? chinese : english
}

/// The same, as an option's help.
func bilingual(_ english: String, _ chinese: String) -> ArgumentHelp {
    ArgumentHelp(bilingual(english, chinese) as String)
}

/// The language help and usage errors are shown in, chosen before any command runs.
enum HelpLanguage {
    /// `--lang` when given; else the language of the vault the command would use (`-C`,
    /// `--vault`, `FOLIO_VAULT`, the nearest folder with `.folio/`); else the locale's.
    static func choose(for arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment) -> Language {
        var explicit: String?
        var directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            if word == "--" { break }
            let next = index + 1 < arguments.count ? arguments[index + 1] : nil
            switch word {
            case "--lang": if let next, let language = Language(loose: next) { return language }
            case "--vault": explicit = next
            case "-C": if let next { directory = URL(fileURLWithPath: next, relativeTo: directory).standardizedFileURL }
            default:
                if word.hasPrefix("--lang="), let language = Language(loose: String(word.dropFirst(7))) { return language }
                if word.hasPrefix("--vault=") { explicit = String(word.dropFirst(8)) }
                if word.hasPrefix("-C"), word.count > 2 {
                    directory = URL(fileURLWithPath: String(word.dropFirst(2)), relativeTo: directory).standardizedFileURL
                }
            }
            index += 1
        }
        // try?: no vault: help in the locale's language.
        if let root = try? VaultLocation.find(explicit: explicit, environment: environment, workingDirectory: directory) {
            let text = Vault.readControlText(root.appendingPathComponent(".folio/config.yaml"))
            return Settings(text: text, file: ".folio/config.yaml").language
        }
        return MessageLanguage.shared.current
    }

}
