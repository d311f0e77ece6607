import FolioCore
import FolioCrypt
import FolioLFS
import FolioStore
import Foundation
import Git

/// Whether a vault's files are encrypted in git's objects, and whether this device can read them.
public enum Encryption: Sendable, Equatable {
    /// Nothing is encrypted.
    case off
    /// Encrypted, and this device has the key: files are plain on disk, encrypted in commits.
    case unlocked
    /// Encrypted, and this device has no key: the files on disk are ciphertext.
    case locked
}

extension History {
    /// The lines `folio crypt init` adds to `.gitattributes`: every file is encrypted (as git-crypt
    /// does it, `-text` so no line-ending conversion ever touches the ciphertext) but the files
    /// that say how to read the vault: `.gitattributes`, `.gitignore` and `.folio/` (settings and
    /// templates), which another device must read before it has the key.
    static let cryptAttributes = [
        "# folio crypt: every file but these settings is encrypted in git's objects (git-crypt's format).",
        "* filter=git-crypt diff=git-crypt -text",
        ".gitattributes !filter !diff",
        ".gitignore !filter !diff",
        ".folio/** !filter !diff",
    ]

    /// What git's own command needs to read and write this vault with git-crypt installed, as
    /// `git-crypt unlock` configures it.
    static let gitCryptConfig: [(name: String, value: String)] = [
        ("filter.git-crypt.smudge", "\"git-crypt\" smudge"),
        ("filter.git-crypt.clean", "\"git-crypt\" clean"),
        ("filter.git-crypt.required", "true"),
        ("diff.git-crypt.textconv", "\"git-crypt\" diff"),
    ]

    /// Where this device keeps the vault's key (git-crypt's place, inside `.git`).
    public var keyURL: URL { GitCryptKeyStore.url(gitDirectory: repository.gitDirectory) }

    /// Whether `vault` is encrypted (its settings or `.gitattributes` say so) and whether this
    /// device has a key for it.
    /// - Throws: when the last commit or the key file cannot be read: a guess either way would
    ///   commit titles, or files, in the clear, or make a second key.
    public func encryption(of vault: Vault) throws(FolioError) -> Encryption {
        guard try isEncrypted(settings: vault.settings) else { return .off }
        return try installedKey() == nil ? .locked : .unlocked
    }

    /// For a command that only reads the vault's files: refuses an encrypted vault this device has
    /// no key for, as ``open(_:environment:whenLocked:)`` does, without starting libgit2 when the
    /// settings or `.gitattributes` on disk answer (libgit2's start reads every CA certificate of
    /// the system, a sixth of a search's time at 10,000 records). Else, or when `.git` is not a
    /// plain folder, the history is opened to look at the last commit.
    public static func refuseIfLocked(_ vault: Vault, environment: [String: String]) throws(FolioError) {
        var isFolder: ObjCBool = false
        let gitDirectory = vault.root.appendingPathComponent(".git")
        guard FileManager.default.fileExists(atPath: gitDirectory.path, isDirectory: &isFolder) else { return }
        guard isFolder.boolValue, let encrypted = declaredOnDisk(root: vault.root, settings: vault.settings) else {
            _ = try open(vault, environment: environment)
            return
        }
        guard encrypted else { return }
        let key: GitCryptKey?
        do {
            key = try GitCryptKeyStore.installed(gitDirectory: gitDirectory)
        } catch {
            // A damaged key is named as such: "locked" would send the user to unlock over it.
            throw FolioError(error.message(keyFile: GitCryptKeyStore.relativePath))
        }
        if key == nil { throw FolioError(.crypt(.locked)) }
    }

    /// Whether the settings say the vault is encrypted, or `.gitattributes` (on disk, else in the
    /// last commit) gives files git-crypt's filter.
    /// - Throws: when the last commit cannot be read (a missing object): taking that for "not
    ///   encrypted" would put record titles in the clear in the next commit message.
    func isEncrypted(settings: Settings) throws(FolioError) -> Bool {
        if let declared = Self.declaredOnDisk(root: root, settings: settings) { return declared }
        guard let head = try gitStep("git", { try repository.head() }) else { return false }
        return try declaresEncryption(in: head)
    }

    /// What the settings or `.gitattributes` on disk say of encryption; nil when neither is there
    /// to say, and only the last commit can.
    static func declaredOnDisk(root: URL, settings: Settings) -> Bool? {
        if settings.value("crypt.encrypted") == .bool(true) { return true }
        guard let text = Vault.readFile(root.appendingPathComponent(".gitattributes").path) else { return nil }
        return attributesEncrypt(String(decoding: text, as: UTF8.self))
    }

    /// Whether the commit's own `.gitattributes` or settings say its files are encrypted.
    func declaresEncryption(in commit: OID) throws(FolioError) -> Bool {
        try gitStep("git") { try Self.declaresEncryption(in: commit, of: repository) }
    }

    /// - Throws: git's error when the commit's files cannot be read; a file it does not hold says nothing.
    static func declaresEncryption(in commit: OID, of repository: Repository) throws -> Bool {
        if let data = try repository.storedBlob(at: ".gitattributes", in: commit),
            Self.attributesEncrypt(String(decoding: data, as: UTF8.self))
        {
            return true
        }
        guard let data = try repository.storedBlob(at: ".folio/config.yaml", in: commit) else { return false }
        return Settings(text: String(data: data, encoding: .utf8), file: ".folio/config.yaml").value("crypt.encrypted") == .bool(true)
    }

    /// Whether any line of a `.gitattributes` text gives files git-crypt's filter.
    static func attributesEncrypt(_ text: String) -> Bool {
        text.split(whereSeparator: \.isNewline).contains { line in
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let pattern = words.first, !pattern.hasPrefix("#") else { return false }
            return words.dropFirst().contains { $0 == "filter=\(GitCryptFilter.name)" }
        }
    }

    /// The key installed on this device, nil when there is none.
    /// - Throws: when the key file is there but damaged or unreadable: never taken for no key,
    ///   which would make a new one over it, or send the user to unlock over it.
    func installedKey() throws(FolioError) -> GitCryptKey? {
        do {
            return try GitCryptKeyStore.installed(gitDirectory: repository.gitDirectory)
        } catch {
            throw FolioError(error.message(keyFile: GitCryptKeyStore.relativePath))
        }
    }

    /// A record or a media file: what must never be stored in the clear in an encrypted vault.
    static func isRecordOrMedia(_ path: String) -> Bool {
        (path.hasSuffix(".md") && !path.hasPrefix(".folio/")) || path.hasPrefix("media/")
    }

    /// A commit summary without what a record's title would tell the remote: `idea: add "測試"`
    /// becomes `idea: add`, `undo: diary: set title "…"` becomes `undo: diary: set`. Summaries
    /// without a quoted title (`sync: merge from laptop`, `edit: 3 files by hand`) stay as they are.
    static func withoutTitles(_ summary: String) -> String {
        if summary.hasPrefix("undo: ") { return "undo: " + withoutTitles(String(summary.dropFirst(6))) }
        guard summary.contains("\""), let colon = summary.range(of: ": ") else { return summary }
        let kind = summary[..<colon.lowerBound]
        let verb = summary[colon.upperBound...].split(separator: " ").first.map { $0.filter { $0 != "\"" } } ?? ""
        return verb.isEmpty ? String(kind) : "\(kind): \(verb)"
    }

    /// Registers git-crypt's filter with libgit2 for this process.
    /// - Throws: ``FolioError`` when libgit2 refuses it: nothing can then be encrypted.
    static func registerFilter() throws(FolioError) {
        do {
            try GitCryptFilter.register()
            // LFS's clean and smudge too (docs/lfs.md): libgit2 runs no filter command.
            try LFSFilter.register()
            // Media of an encrypted vault kept through LFS: git-crypt's clean, then LFS's.
            try EncryptedLFSFilter.register()
        } catch {
            throw FolioError(.crypt(.filterUnavailable(reason: error.gitReason)))
        }
    }
}

extension CryptProblem {
    /// The user's words for this problem; `keyFile` names the key file it came from, if any.
    func message(keyFile: String = "") -> Message {
        switch self {
        case .malformedKey: .crypt(.keyMalformed(keyFile: keyFile))
        case .incompatibleKey: .crypt(.keyIncompatible(keyFile: keyFile))
        case .namedKey(let name): .crypt(.namedKey(keyFile: keyFile, name: name))
        case .keyVersionMissing: .crypt(.keyMalformed(keyFile: keyFile))
        case .locked: .crypt(.locked)
        case .wrongKey(let path): keyFile.isEmpty ? .crypt(.fileUnreadable(path: path)) : .crypt(.wrongKey(keyFile: keyFile, file: path))
        case .tooLarge(let path): .crypt(.tooLarge(path: path))
        }
    }
}
