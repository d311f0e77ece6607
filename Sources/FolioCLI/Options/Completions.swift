import ArgumentParser
import FolioApp
import FolioCore
import FolioStore
import FolioSync
import Foundation

/// What the shell completions offer from the vault itself, not only flags: record references,
/// tags, kind names and conflict copies. Each runs inside `folio` when the shell asks (the
/// scripts `folio --generate-completion-script` writes call it back), finds the vault as the
/// command would (`--vault`, `-C`, `FOLIO_VAULT`, the current folder), and offers nothing at all
/// when there is none: completion must never print an error into the user's command line.
enum Completions {
    /// Each record's slug (its file name without the date), or its short id when another record
    /// has the same slug; and the titles and aliases that name one record (``Vault/recordNames()``).
    @Sendable static func records(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        guard let vault = vault(words) else { return [] }
        return matching(vault.recordNames(), prefix)
    }

    /// Every tag of the vault, inline `#tags` too.
    @Sendable static func tags(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        guard let vault = vault(words) else { return [] }
        return matching(vault.catalog().summaries.flatMap(\.allTags), prefix)
    }

    /// The vault's kinds, built-in and its own.
    @Sendable static func kinds(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        guard let vault = vault(words) else { return [] }
        return matching(Array(vault.kinds.keys), prefix)
    }

    /// The conflict copies, and the records that have one.
    @Sendable static func conflictCopies(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        guard let vault = vault(words) else { return [] }
        return matching(vault.listConflictCopies().map(\.path), prefix)
    }

    /// Sorted, without repeats, those that start with `prefix`.
    static func matching(_ names: [String], _ prefix: String) -> [String] {
        Array(Set(names.filter { !$0.isEmpty && $0.hasPrefix(prefix) })).sorted()
    }

    /// The vault the command line being completed would use.
    static func vault(_ words: [String]) -> Vault? {
        var explicit: String?
        var directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        var index = 0
        while index < words.count {
            let word = words[index]
            if word == "--" { break }
            if word == "--vault" || word == "-C", index + 1 < words.count {
                if word == "--vault" { explicit = words[index + 1] } else { directory = absoluteURL(words[index + 1], from: directory) }
                index += 2
                continue
            }
            if word.hasPrefix("--vault=") { explicit = String(word.dropFirst("--vault=".count)) }
            index += 1
        }
        let environment = ProcessInfo.processInfo.environment
        // try?: no vault: nothing to complete.
        guard let root = try? VaultLocation.find(explicit: explicit, environment: environment, workingDirectory: directory) else {
            return nil
        }
        // Read only (libgit2 never starts); an encrypted vault this device has no key for holds
        // ciphertext: nothing to offer.
        let journal = JournalService.open(JournalOptions(root: root, environment: environment, history: .readingOnly))
        guard journal.refusal == nil else { return nil }
        return journal.vault
    }
}
