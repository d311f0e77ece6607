import FolioCore
import FolioCrypt
import FolioLFS
import FolioStore
import Foundation
import Git
import LFSStore

#if canImport(Glibc)
    import Glibc
#endif

/// What `folio crypt init` did.
public struct CryptInitReport: Sendable {
    /// Files committed encrypted that the last commit held in the clear.
    public var encrypted: Int
    /// Whether a key was made (else the one this device had was kept).
    public var newKey: Bool
    /// Nothing was left to do: the vault was encrypted throughout.
    public var alreadyEncrypted: Bool
    /// Hand edits committed first, and those left out (files that do not parse).
    public var handCommit: History.HandCommit
}

/// One file of the last commit as `folio crypt status` lists it.
public struct CryptFileState: Sendable, Hashable {
    public var path: String
    /// Whether git's object holds it encrypted.
    public var encrypted: Bool
    /// Whether it should be: its attributes give it git-crypt's filter, or it is a record or a
    /// media file of an encrypted vault.
    public var shouldBeEncrypted: Bool
}

/// What `folio crypt status` reports.
public struct CryptStatus: Sendable {
    public var encryption: Encryption
    /// Every regular file of the last commit, by path.
    public var files: [CryptFileState]
}

extension History {
    // MARK: - Turning encryption on

    /// Encrypts the vault: commits hand edits first (as `sync` does), makes a key unless this
    /// device has one, configures git's own command for git-crypt, adds ``cryptAttributes`` to
    /// `.gitattributes`, sets `crypt.encrypted` in the settings, and commits again, encrypted,
    /// every file the last commit holds in the clear that should be encrypted, in one commit.
    ///
    /// Running it again finishes what a crash left, and re-encrypts a file committed in the clear
    /// since (by a device whose git was not set up for git-crypt).
    /// - Throws: ``FolioError`` `.crypt(.locked)` on a device without the key of an encrypted vault.
    public func cryptInit(vault: Vault) throws(FolioError) -> CryptInitReport {
        try vault.withLock { () throws(FolioError) -> CryptInitReport in
            if try encryption(of: vault) == .locked { throw FolioError(.crypt(.locked)) }
            let hand = try commitHandChanges(in: vault, during: .crypt)
            let prepared = try prepareEncryption(vault)
            var paths = prepared.changed
            let newKey = prepared.newKey
            let plain = try gitStep("git") { () throws -> [String] in
                guard let head = try repository.head() else { return [] }
                return try fileStates(in: head, encrypted: true).filter { $0.shouldBeEncrypted && !$0.encrypted }.map(\.path)
            }
            let present = plain.filter { FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path) }
            paths += present
            guard !paths.isEmpty else {
                return CryptInitReport(encrypted: 0, newKey: newKey, alreadyEncrypted: true, handCommit: hand)
            }
            try commit(paths: paths, summary: "crypt: init", vault: vault)
            return CryptInitReport(encrypted: present.count, newKey: newKey, alreadyEncrypted: false, handCommit: hand)
        }
    }

    /// Everything but the commit: the key (made unless this device has one) and git's configuration
    /// for git-crypt, ``cryptAttributes`` in `.gitattributes`, `crypt.encrypted` in the settings.
    /// From then on every file committed goes through the filter. Returns the files it changed.
    func prepareEncryption(_ vault: Vault) throws(FolioError) -> (changed: [String], newKey: Bool) {
        // Media kept through LFS are committed again through git-crypt's clean chained before
        // LFS's, so each must be here: a pointer cannot be encrypted (docs/lfs.md).
        let withLFS = usesLFS(vault)
        if withLFS {
            let missing = try mediaNotDownloaded(vault)
            if !missing.isEmpty { throw FolioError(.lfs(.fetchBeforeEncrypting(count: missing.count))) }
        }
        var newKey = false
        if let key = try installedKey() {
            try Self.install(key, in: repository)
        } else {
            try Self.install(GitCryptKey.generate(), in: repository)
            newKey = true
        }
        var changed: [String] = []
        var attributesChanged = try addCryptAttributes()
        if withLFS { attributesChanged = try encryptLFSLines() || attributesChanged }
        if attributesChanged { changed.append(".gitattributes") }
        if try markEncrypted(vault) { changed.append(".folio/config.yaml") }
        try configureStockGit(vault, during: .crypt)
        return (changed, newKey)
    }

    /// Moves `.gitattributes`' LFS lines (`git lfs track`'s) after git-crypt's, as the encrypted
    /// filter's: a later line wins, and media must go through git-crypt's clean before LFS's.
    /// Whether the file changed.
    private func encryptLFSLines() throws(FolioError) -> Bool {
        let file = root.appendingPathComponent(".gitattributes")
        guard let (bytes, version) = AtomicFile.read(file), let text = String(validating: bytes, as: UTF8.self) else { return false }
        let suffix = " " + LFSAttributes.suffix
        var kept: [Substring] = []
        var moved: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasSuffix(suffix) {
                moved.append(String(trimmed.dropLast(suffix.count)) + " " + LFSAttributes.encryptedSuffix)
            } else {
                kept.append(line)
            }
        }
        if !moved.isEmpty {
            // Written only if no one saved the file since it was read.
            try AtomicFile.write(kept.joined(separator: "\n"), to: file, expecting: .version(version))
        }
        return try Vault.appendMissingLines(moved, to: file) || !moved.isEmpty
    }

    /// Appends the lines of ``cryptAttributes`` that `.gitattributes` lacks; whether it changed.
    private func addCryptAttributes() throws(FolioError) -> Bool {
        try Vault.appendMissingLines(Self.cryptAttributes, to: root.appendingPathComponent(".gitattributes"))
    }

    /// Sets `crypt.encrypted: true` in the settings unless it is; whether the file changed.
    private func markEncrypted(_ vault: Vault) throws(FolioError) -> Bool {
        guard vault.settings.value("crypt.encrypted") != .bool(true) else { return false }
        try vault.changeSettings { (settings: inout Settings) throws(FolioError) in try settings.set("crypt.encrypted", to: "true") }
        return true
    }

    // MARK: - Keys

    /// The key in the file the user names: a git-crypt key file or its text form.
    /// - Throws: ``FolioError`` naming the file when it cannot be read or is not a default key.
    public static func readKey(_ url: URL) throws(FolioError) -> GitCryptKey {
        var info = stat()
        guard stat(url.path, &info) == 0 else {
            throw FolioError(.crypt(.keyUnreadable(keyFile: url.path, reason: String(cString: strerror(errno)))))
        }
        guard info.st_mode & S_IFMT == S_IFREG, info.st_size <= 64 * 1024, let bytes = Vault.readFile(url.path, atMost: 64 * 1024) else {
            throw FolioError(.crypt(.keyMalformed(keyFile: url.path)))
        }
        return try parseKey(bytes, keyFile: url.path)
    }

    /// The key in `bytes` (a key file or its text form) that `keyFile` names.
    public static func parseKey(_ bytes: [UInt8], keyFile: String) throws(FolioError) -> GitCryptKey {
        let key: GitCryptKey
        do {
            key = try GitCryptKey(reading: bytes)
        } catch {
            throw FolioError(error.message(keyFile: keyFile))
        }
        if let name = key.name { throw FolioError(.crypt(.namedKey(keyFile: keyFile, name: name))) }
        guard key.entry(0) != nil else { throw FolioError(.crypt(.keyMalformed(keyFile: keyFile))) }
        return key
    }

    /// Checks `key` against the encrypted files of `commit` before anything is written: up to 16
    /// of them of at most 1 MiB in path order (else the first encrypted file, whatever its size),
    /// each decrypted and compared with its nonce.
    /// - Throws: ``FolioError`` `.crypt(.wrongKey)` naming the first file it does not decrypt.
    static func verify(
        _ key: GitCryptKey, keyFile: String, against commit: OID, in repository: Repository, during operation: GitOperation
    ) throws(FolioError) {
        do {
            let files = try repository.regularFiles(in: commit).sorted { $0.key < $1.key }
            var checked = 0
            var large: (String, OID)?
            for (path, blob) in files where checked < 16 {
                guard try repository.objectSize(blob) <= 1 << 20 else {
                    if large == nil { large = (path, blob) }
                    continue
                }
                let stored = [UInt8](try repository.storedBlob(blob))
                guard GitCryptCipher.isEncrypted(stored) else { continue }
                _ = try GitCryptCipher.decrypt(stored, key: key, path: path)
                checked += 1
            }
            if checked == 0, let (path, blob) = large {
                let stored = [UInt8](try repository.storedBlob(blob))
                if GitCryptCipher.isEncrypted(stored) { _ = try GitCryptCipher.decrypt(stored, key: key, path: path) }
            }
        } catch let problem as CryptProblem {
            throw FolioError(problem.message(keyFile: keyFile))
        } catch {
            throw FolioError.git(error, during: operation)
        }
    }

    /// Installs `key` where git-crypt keeps it; git's own command is configured for it by
    /// ``configureStockGit(_:during:)``, which every caller runs once the vault is open.
    static func install(_ key: GitCryptKey, in repository: Repository) throws(FolioError) {
        let target = GitCryptKeyStore.url(gitDirectory: repository.gitDirectory)
        do {
            // try?: a key file that cannot be read is written again with the key being unlocked.
            if (try? GitCryptKeyStore.installed(gitDirectory: repository.gitDirectory)) != key {
                try GitCryptKeyStore.install(key, gitDirectory: repository.gitDirectory)
            }
        } catch {
            throw FolioError(.crypt(.keyNotWritten(path: target.path, reason: error.gitReason)))
        }
    }

    /// Installs the vault's key on this device, after checking it against the last commit, and
    /// writes plain every file the disk holds as stored (the ciphertext of a clone made without
    /// the key, or of a `git-crypt lock`). Each file is replaced whole and its index entry
    /// updated, so a crash leaves every file either plain or as it was; running it again finishes.
    /// - Returns: how many files were decrypted.
    /// - Throws: ``FolioError`` `.crypt(.wrongKey)` before anything is written.
    public func unlock(_ key: GitCryptKey, keyFile: String, vault: Vault) throws(FolioError) -> Int {
        try vault.withLock { () throws(FolioError) -> Int in
            let head = try gitStep("git") { try repository.head() }
            if let head { try Self.verify(key, keyFile: keyFile, against: head, in: repository, during: .crypt) }
            try Self.install(key, in: repository)
            try configureStockGit(vault, during: .crypt)
            guard let head else { return 0 }
            return try gitStep("checkout") { () throws -> Int in
                var known: [String: (OID, FileMode)] = [:]
                var decrypted = 0
                let files = try repository.regularFiles(in: head).sorted(by: { $0.key < $1.key })
                // An unlock killed midway left its temporary files beside files this run may find
                // already plain, and so never write next to again.
                for folder in Set(files.map { ($0.key as NSString).deletingLastPathComponent }) {
                    AtomicFile.removeAbandonedTemporaries(in: folder.isEmpty ? root : root.appendingPathComponent(folder))
                }
                for (path, blob) in files {
                    if let mode = try decryptInPlace(path, blob: blob) {
                        known[path] = (blob, mode)
                        decrypted += 1
                    } else if let mode = try plainOnDisk(path, blob: blob) {
                        // Written plain by an unlock a crash stopped before it staged them: their
                        // index entries still describe the ciphertext.
                        known[path] = (blob, mode)
                    }
                }
                if !known.isEmpty { try repository.stage(paths: known.keys.sorted(), known: known) }
                return decrypted
            }
        }
    }

    /// Writes the plain file of `blob` over `path` when the disk holds it exactly as stored
    /// (encrypted); the file's mode, or nil when there was nothing to do.
    private func decryptInPlace(_ path: String, blob: OID) throws -> FileMode? {
        let url = root.appendingPathComponent(path)
        var info = stat()
        guard lstat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
            UInt64(info.st_size) == (try repository.objectSize(blob)),
            let head = Vault.readFile(url.path, atMost: GitCryptCipher.header.count + 12), GitCryptCipher.isEncrypted(head)
        else { return nil }
        let stored = try repository.storedBlob(blob)
        guard stored.starts(with: head), let (disk, version) = AtomicFile.read(url), Data(disk) == stored else { return nil }
        let plain = try repository.blob(blob, path: path)
        let executable = info.st_mode & 0o111 != 0
        // A save landing meanwhile is plain text the user wrote: it stays, and the unlock says so.
        try AtomicFile.write([UInt8](plain), to: url, mode: executable ? 0o755 : 0o644, expecting: .version(version))
        return executable ? .executable : .regular
    }

    /// The file's mode when the disk holds `blob`'s plain text already, nil otherwise.
    private func plainOnDisk(_ path: String, blob: OID) throws -> FileMode? {
        let url = root.appendingPathComponent(path)
        var info = stat()
        guard lstat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, let disk = Vault.readFile(url.path) else { return nil }
        guard Data(disk) == (try repository.blob(blob, path: path)) else { return nil }
        return info.st_mode & 0o111 != 0 ? .executable : .regular
    }

    /// Writes the key to `url` (mode 0600) as `git-crypt export-key` does; never over an existing file.
    public func exportKey(to url: URL, vault: Vault) throws(FolioError) {
        let key = try exportableKey(vault)
        // try?: a dangling link counts as something there, so it is never written through.
        if FileManager.default.fileExists(atPath: url.path) || (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) != nil
        {
            throw FolioError(.crypt(.keyFileExists(url.path)))
        }
        do {
            try GitCryptKeyStore.writePrivately(key.fileBytes, to: url)
        } catch {
            throw FolioError(.crypt(.keyNotWritten(path: url.path, reason: error.gitReason)))
        }
    }

    /// The key's text form (``GitCryptKey/text``), to copy by hand or through a QR code.
    public func keyText(vault: Vault) throws(FolioError) -> String {
        try exportableKey(vault).text
    }

    private func exportableKey(_ vault: Vault) throws(FolioError) -> GitCryptKey {
        switch try encryption(of: vault) {
        case .locked: throw FolioError(.crypt(.locked))
        case .off: throw FolioError(.crypt(.notEncrypted))
        case .unlocked:
            guard let key = try installedKey() else { throw FolioError(.crypt(.locked)) }
            return key
        }
    }

    // MARK: - What is encrypted

    /// Which files of the last commit are encrypted and which should be.
    public func cryptStatus(vault: Vault) throws(FolioError) -> CryptStatus {
        let encryption = try encryption(of: vault)
        let files = try gitStep("git") { () throws -> [CryptFileState] in
            guard let head = try repository.head() else { return [] }
            return try fileStates(in: head, encrypted: encryption != .off)
        }
        return CryptStatus(encryption: encryption, files: files)
    }

    /// The records and media files the last commit holds in the clear although the vault is
    /// encrypted (and any other file its attributes encrypt): what `check` reports.
    public func storedUnencrypted(vault: Vault) throws(FolioError) -> [String] {
        guard try encryption(of: vault) != .off else { return [] }
        return try cryptStatus(vault: vault).files.filter { $0.shouldBeEncrypted && !$0.encrypted }.map(\.path)
    }

    /// Every regular file of `commit`: whether its stored bytes are encrypted, and whether they
    /// should be (its attributes, or being a record or media in a vault that is `encrypted`).
    ///
    /// A media file kept through LFS is stored as a pointer: it is encrypted when its object is
    /// git-crypt's ciphertext, which is looked at when the object is on this device; when it is not,
    /// the attributes say (a pointer made by ``EncryptedLFSFilter`` points at ciphertext).
    func fileStates(in commit: OID, encrypted: Bool) throws -> [CryptFileState] {
        let files = try repository.regularFiles(in: commit).sorted { $0.key < $1.key }
        let filtered = try repository.filterNames(of: files.map(\.key))
        let encryptingFilters: Set<String> = [GitCryptFilter.name, EncryptedLFSFilter.name]
        let chained = EncryptedLFSFilter(key: nil, store: lfsStore)
        return try files.map { path, blob in
            let stored = try repository.storedBlob(blob)
            var isEncrypted = GitCryptCipher.isEncrypted(stored)
            if !isEncrypted, let pointer = LFSPointer(parsing: stored) {
                isEncrypted =
                    lfsStore.contains(pointer) ? try chained.isEncryptedObject(pointer) : filtered[path] == EncryptedLFSFilter.name
            }
            return CryptFileState(
                path: path, encrypted: isEncrypted,
                shouldBeEncrypted: filtered[path].map(encryptingFilters.contains) == true || (encrypted && Self.isRecordOrMedia(path)))
        }
    }
}
