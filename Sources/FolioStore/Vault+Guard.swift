import FolioCore
import FolioSecrets
import Foundation
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

extension Vault {
    // MARK: - What a user typed

    /// Refuses typed text a record must not keep: a NUL byte or a control character, and — unless
    /// ``allowSecrets`` (`--allow-secret`) — what looks like a key or a token. Call before writing anything.
    /// - Throws: ``FolioError`` `.guarded(…)` naming the input.
    public func checkInput(_ inputs: [(GuardMessage.InputName, String)]) throws(FolioError) {
        try UserInput.check(inputs, allowSecrets: allowSecrets)
    }

    /// The character checks of ``checkInput(_:)`` on the lines an edit of the file at `path` adds
    /// to `original` (as many times as `original` holds a line, it is kept). A key the edit brings
    /// in is refused where every write is checked (``writeFile(_:at:expecting:)``, against the
    /// committed version), so a page that already keeps one (`--allow-secret`) is edited on every
    /// face, the terminal's editor, a page of `folio serve` and an assistant's `edit_body`, alike.
    public func checkAdded(_ edited: String, to original: String, path: String) throws(FolioError) {
        var kept: [Substring: Int] = [:]
        for line in original.split(separator: "\n", omittingEmptySubsequences: false) { kept[line, default: 0] += 1 }
        var added: [Substring] = []
        for line in edited.split(separator: "\n", omittingEmptySubsequences: false) {
            if let count = kept[line], count > 0 {
                kept[line] = count - 1
            } else {
                added.append(line)
            }
        }
        do throws(FolioError) {
            try UserInput.checkCharacters(added.joined(separator: "\n"), .editedRecord)
        } catch {
            throw FolioError(error.message, file: path)
        }
    }

    /// The checks of ``checkInput(_:)`` on every text of a new record.
    func checkInput(_ request: NewRecord) throws(FolioError) {
        var inputs: [(GuardMessage.InputName, String)] = []
        if let title = request.title { inputs.append((.title, title)) }
        for (key, value) in request.fields {
            inputs.append((.field(UserInput.oneLine(key)), key))
            inputs.append((Self.inputName(key), value))
        }
        inputs += request.tags.map { (.tag, $0) }
        if let body = request.body { inputs.append((.body, body)) }
        if let parent = request.parent { inputs.append((.field("parent"), parent)) }
        if let date = request.date { inputs.append((.field("date"), date)) }
        try checkInput(inputs)
    }

    /// How a key's value is named in messages: `title`, `tag`, else the key.
    static func inputName(_ key: String) -> GuardMessage.InputName {
        switch key {
        case "title": .title
        case "tags": .tag
        case "text": .text
        case "question": .question
        case "name": .name
        default: .field(key)
        }
    }

    // MARK: - Writing a file folio commits

    /// Writes `text` to the vault-relative `path`, atomically, after the checks every file folio
    /// writes and then commits goes through: no folder on its way leads outside the vault, and it
    /// holds no key or token that the committed version does not already hold (unless ``allowSecrets``).
    /// - Throws: ``FolioError`` `.guarded(.folderLeadsOutside)`, `.guarded(.secretInFile)` at the
    ///   secret's line and column, or `.writeFailed`; the file is unchanged then.
    /// `expected`: what must stand at `path` for the text to take its place (see
    /// ``AtomicFile/write(_:to:mode:flush:expecting:)``); a change there throws
    /// `.file(.changedWhileWriting)` naming `path`.
    func writeFile(_ text: String, at path: String, expecting expected: FileReplacement.Expectation) throws(FolioError) {
        try requireInside(folderOf: path)
        try checkSecrets(text, at: path)
        if let rehearsal { return rehearsal.note(path, before: Self.readText(url(path)), after: text) }
        do throws(FolioError) {
            try AtomicFile.write(text, to: url(path), expecting: expected)
        } catch {
            // Named by its path in the vault, as every other message names a record.
            if case .file(.changedWhileWriting) = error.message { throw FolioError(error.message, file: path) }
            throw error
        }
    }

    /// Removes the vault-relative `path` when it is still as it is now, under the writers' lock: a
    /// save landing while it is removed stays (`.file(.changedWhileWriting)`, naming `path`). A file
    /// already gone is no error.
    func removeFile(at path: String) throws(FolioError) {
        guard let (_, version) = AtomicFile.read(url(path)) else {
            if errno == ENOENT { return }
            var info = stat()
            // A link or anything else that is not a regular file is removed as it is (never read).
            if lstat(url(path).path, &info) == 0, info.st_mode & S_IFMT != S_IFREG, info.st_mode & S_IFMT != S_IFDIR {
                if unlink(url(path).path) == 0 || errno == ENOENT { return }
            }
            throw FolioError(.writeFailed(SystemReason(errno: errno)), file: path)
        }
        do throws(FolioError) {
            try AtomicFile.remove(url(path), expecting: version)
        } catch {
            if case .file(.changedWhileWriting) = error.message { throw FolioError(error.message, file: path) }
            throw error
        }
    }

    /// Runs a read-modify-write (`attempt`: read the file, change it, write it expecting the version
    /// read) again when a save landed between its read and its write, a few times; then refuses.
    func redoingOnChange<T>(_ attempt: () throws(FolioError) -> T) throws(FolioError) -> T {
        var tries = 0
        while true {
            do throws(FolioError) {
                return try attempt()
            } catch {
                guard case .file(.changedWhileWriting(nil)) = error.message, tries < Self.writeAttempts - 1 else { throw error }
                tries += 1
            }
        }
    }

    /// How many times a read-modify-write is tried while other saves keep landing on its file.
    static let writeAttempts = 5

    /// Creates the folders of `path` (vault-relative) inside the vault, refusing when an existing one
    /// on the way is a symbolic link that leads outside it.
    func makeFolders(for path: String) throws(FolioError) {
        try requireInside(folderOf: path)
        if rehearsal != nil { return }
        try AtomicFile.makeDirectory(url(path).deletingLastPathComponent())
    }

    /// Refuses when the folder `path` lives in resolves (through symbolic links) outside the vault.
    /// The nearest folder that exists is what is resolved, so a link anywhere on the way is seen.
    func requireInside(folderOf path: String) throws(FolioError) {
        var folder = (path as NSString).deletingLastPathComponent
        while !folder.isEmpty {
            var info = stat()
            if lstat(url(folder).path, &info) == 0 { break }
            folder = (folder as NSString).deletingLastPathComponent
        }
        guard !folder.isEmpty else { return }
        if !isInside(url(folder).path) { throw FolioError(.guarded(.folderLeadsOutside(folder)), file: path) }
    }

    /// Whether `absolute`, every link in it followed, is the vault or inside it.
    public func isInside(_ absolute: String) -> Bool {
        Self.isInside(absolute, root: root.path)
    }

    static func isInside(_ absolute: String, root: String) -> Bool {
        let resolved = ResolvedPath.of(absolute)
        return resolved == root || resolved.hasPrefix(root + "/")
    }

    /// Whether `absolute` is a symbolic link whose target is outside the vault at `root`.
    static func isLinkLeadingOutside(_ absolute: String, root: String) -> Bool {
        var info = stat()
        return lstat(absolute, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK && !isInside(absolute, root: root)
    }

    /// Refuses `text` for `path` when it holds what looks like a key or a token that the committed
    /// version of the file does not already hold, unless ``allowSecrets``. A key the file on disk
    /// already holds (a hand edit) is named at its line and column there.
    /// The refusal a write of `text` would meet for a key or a token in it (none when the vault
    /// allows secrets), named at `file`'s line and column: for text that is not yet at the path it
    /// will be written to (a note in `inbox/`, checked before it is adopted).
    public func secretRefusal(in text: String, file: String) -> FolioError? {
        guard !allowSecrets, let finding = SecretScanner.scan(text).first else { return nil }
        return FolioError(
            .guarded(.secretInFile(kind: finding.kind, masked: finding.masked)), file: file, line: finding.line, column: finding.column)
    }

    func checkSecrets(_ text: String, at path: String) throws(FolioError) {
        guard !allowSecrets else { return }
        let findings = SecretScanner.scan(text)
        guard !findings.isEmpty else { return }
        let published = recorder?.committedText(of: path)
        guard let finding = findings.first(where: { !(published?.contains($0.secret) ?? false) }) else { return }
        let error = FolioError(.guarded(.secretInFile(kind: finding.kind, masked: finding.masked)), file: path)
        guard let current = Self.readText(url(path)),
            let onDisk = SecretScanner.scan(current).first(where: { $0.secret == finding.secret })
        else { throw error }
        throw FolioError(error.message, file: path, line: onDisk.line, column: onDisk.column)
    }
}
