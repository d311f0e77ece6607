import FolioCore
import Foundation
import SystemIO
import YAML

#if canImport(Glibc)
    import Glibc
#endif

/// A record file an import writes: the path it would like and its whole text.
public struct NewRecordFile: Sendable {
    /// Vault-relative; when a file is already there, `-2`, `-3` … is added to the name.
    public var path: String
    public var text: String
    /// How messages name where it came from (`entry 3 (2013-04-09 15:39)`).
    public var source: String

    public init(path: String, text: String, source: String) {
        self.path = path
        self.text = text
        self.source = source
    }
}

/// A file a record links that is not a photo, video or audio (a PDF beside a note): copied to
/// `path` as it is, so the link keeps working.
public struct NewAttachment: Sendable, Hashable {
    /// Vault-relative.
    public var path: String
    public var source: URL

    public init(path: String, source: URL) {
        self.path = path
        self.source = source
    }
}

extension Vault {
    /// The folder a new record of `kind` made at `created` is filed in: `diary/2026/11`.
    public func folder(for kind: Kind, created: Timestamp) -> String {
        "\(kind.directory)/\(String(format: "%04d/%02d", created.year, created.month))"
    }

    /// The ids the vault's records carry now, read through the catalog.
    public func existingIDs() -> Set<String> {
        Set(catalog().summaries.compactMap { $0.id?.lowercased() })
    }

    /// Whether a vault-relative path a source proposes stays inside the vault and names a record
    /// file folio may write: no `..`, not absolute, no NUL or control character, not in `.folio/`,
    /// `.git/` or `media/`, a `.md` name another device can write too.
    public static func isSafeRecordPath(_ path: String) -> Bool {
        guard !path.isEmpty, !path.hasPrefix("/"), path.hasSuffix(".md"), !path.contains("\\"),
            !path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
        else { return false }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard !parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }),
            let first = parts.first, ![".folio", ".git", "media"].contains(first),
            !parts.contains(where: { $0.hasPrefix(".") })
        else { return false }
        return PortablePath.problem(path) == nil
    }

    /// The same for a file beside the records, of any name but `.md`, or for a file kept by its
    /// content in `media/` (``contentAddressedPath(of:)``).
    public static func isSafeAttachmentPath(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count == 3, parts[0] == "media", let sha = MediaNaming.sha(ofStoredName: String(parts[2])), sha.hasPrefix(parts[1]),
            parts[1].utf8.count == 2
        {
            return true
        }
        return !path.lowercased().hasSuffix(".md") && isSafeRecordPath(path + ".md")
    }

    /// Copies media files into `media/`, several at once (each is read once and hashed as it is
    /// copied); the same bytes are stored once. Either all are imported or none of the new ones stays.
    /// - Throws: ``FolioError`` `.media(.unreadable)` for the first file (in order) that failed.
    /// - Parameter progress: told of each file stored (done, total), from any thread.
    public func importMediaConcurrently(_ sources: [MediaSource], progress: (@Sendable (Int, Int) -> Void)? = nil) throws(FolioError)
        -> [ImportedMedia]
    {
        guard !sources.isEmpty else { return [] }
        try requireInside(folderOf: "media/file")
        return try withLock { () throws(FolioError) -> [ImportedMedia] in
            let results = LockedState([Result<ImportedMedia, FolioError>?](repeating: nil, count: sources.count))
            let directory = mediaDirectory
            let limit = maxMediaBytes
            let lfs = lfsPolicy
            let root = root
            let stamp = Self.keptStamp(clock)
            DispatchQueue.concurrentPerform(iterations: sources.count) { index in
                let source = sources[index]
                let result: Result<ImportedMedia, FolioError>
                do throws(FolioError) {
                    result = .success(
                        try MediaImporter.importFile(
                            source.url, displayName: source.displayName, into: directory, maxBytes: limit, flush: false, lfs: lfs,
                            keepAside: { (path: String) throws(FolioError) in _ = try Vault.keepAside(path, root: root, stamp: stamp) }))
                } catch {
                    result = .failure(error)
                }
                let done = results.withValue { results -> Int in
                    results[index] = result
                    return results.count { $0 != nil }
                }
                progress?(done, sources.count)
            }
            var imported: [ImportedMedia] = []
            var firstError: FolioError?
            for result in results.current {
                switch result {
                case .success(let item): imported.append(item)
                case .failure(let error): if firstError == nil { firstError = error }
                case nil: if firstError == nil { firstError = FolioError(.mediaImportUnfinished) }
                }
            }
            if let firstError {
                discardNewMedia(imported)
                throw firstError
            }
            rememberVerified(imported)
            return imported
        }
    }

    /// Removes media files an import stored that no record came to use.
    public func discardImportedMedia(_ media: [ImportedMedia]) {
        discardNewMedia(media)
    }

    /// Writes new record files and commits them with `newMedia` as one commit.
    ///
    /// Each file is written whole beside its place and renamed into it, as every write is; they are
    /// all flushed to disk in one pass at the end (not one by one), before the commit. Every file
    /// is checked before the first is written: it must parse as a record, stay inside
    /// the vault, and hold no key or token (unless ``allowSecrets``). When a write fails, the files
    /// this call wrote and `newMedia` are removed again, so nothing of the import stays.
    /// - Returns: the paths written, in order.
    /// - Throws: ``FolioError`` naming the file.
    /// Every refusal ``writeNewRecords(_:attachments:newMedia:message:progress:)`` makes before it
    /// writes: a path leaving its folder, front matter past this vault's limits, a secret. A dry
    /// run makes them too.
    public func checkNewRecords(_ files: [NewRecordFile], attachments: [NewAttachment] = []) throws(FolioError) {
        let limits = frontMatterLimits
        for file in files {
            guard Self.isSafeRecordPath(file.path) else {
                throw FolioError(.exchange(.badEntry(file: file.source, entry: .named(file.path), problem: .nameLeavesFolder(file.path))))
            }
            do throws(FrontMatterError) {
                _ = try FrontMatterDocument(parsing: file.text, limits: limits)
            } catch {
                throw FolioError(error, file: file.source, text: file.text)
            }
            try requireInside(folderOf: file.path)
            try checkSecrets(file.text, at: file.path)
        }
        for attachment in attachments {
            guard Self.isSafeAttachmentPath(attachment.path) else {
                throw FolioError(
                    .exchange(
                        .badEntry(file: attachment.source.path, entry: .named(attachment.path), problem: .nameLeavesFolder(attachment.path))
                    ))
            }
            try requireInside(folderOf: attachment.path)
        }
    }

    /// - Parameter removing: vault-relative files removed in the same commit once every record is
    ///   on disk (the inbox files the records were made from).
    public func writeNewRecords(
        _ files: [NewRecordFile], attachments: [NewAttachment] = [], newMedia: [ImportedMedia], message: String,
        removing: [String] = [], progress: ((Int, Int) -> Void)? = nil
    ) throws(FolioError) -> [String] {
        try withLock { () throws(FolioError) -> [String] in
            do throws(FolioError) {
                try checkNewRecords(files, attachments: attachments)
            } catch {
                discardNewMedia(newMedia)
                throw error
            }
            // Where each file goes, decided before the first is written, so the journal names them all.
            var taken = Set<String>()
            let paths = files.map { freeName($0.path, besides: &taken) }
            let mediaPaths = newMedia.map(\.path)
            let pending = PendingCommit(message: message, paths: paths + attachments.map(\.path) + mediaPaths + removing)
            var written: [String] = []
            do throws(FolioError) {
                try pending.save(localDirectory)
                for (index, file) in files.enumerated() {
                    let path = paths[index]
                    try makeFolders(for: path)
                    try requireInside(folderOf: path)
                    // A file another program makes at the chosen name meanwhile is never replaced.
                    try AtomicFile.write(file.text, to: url(path), flush: false, expecting: .absent)
                    written.append(path)
                    progress?(index + 1, files.count)
                }
                for attachment in attachments where !FileManager.default.fileExists(atPath: url(attachment.path).path) {
                    let data = try MediaImporter.readRegularFile(attachment.source, maxBytes: maxMediaBytes) { problem in
                        FolioError(.media(.unreadable(file: attachment.source.path, noun: nil, problem: problem)))
                    }
                    try makeFolders(for: attachment.path)
                    try AtomicFile.write(Array(data), to: url(attachment.path), flush: false, expecting: .absent)
                    written.append(attachment.path)
                }
                // Everything reaches the disk in one pass, before the commit names it.
                try AtomicFile.flush((written + newMedia.filter(\.needsCommit).map(\.path)).map(url))
            } catch {
                for path in written { unlink(url(path).path) }
                discardNewMedia(newMedia)
                PendingCommit.clear(localDirectory)
                throw error
            }
            let attributes: [String]
            do throws(FolioError) {
                attributes = try trackInLFS(newMedia)
            } catch {
                for path in written { unlink(url(path).path) }
                discardNewMedia(newMedia)
                PendingCommit.clear(localDirectory)
                throw error
            }
            // The records are on disk: only now do the files they were made from go.
            var removed: [String] = []
            for path in removing where unlink(url(path).path) == 0 || errno == ENOENT { removed.append(path) }
            // Media a killed import stored before is committed with this one (a path the last
            // commit already holds as it is changes nothing).
            recordChange(written + mediaPaths + attributes + removed, message)
            if recordingProblems.isEmpty { PendingCommit.clear(localDirectory) }
            return written.filter { $0.hasSuffix(".md") }
        }
    }

    /// `path`, or `name-2.md`, `name-3.md` … when a file is already there or `taken` by an
    /// earlier file of the same batch (which the name is added to). Names are written in NFC, and
    /// never one another device would take for a name already there.
    func freeName(_ path: String, besides taken: inout Set<String>) -> String {
        let path = PortablePath.composed(path)
        func free(_ candidate: String) -> Bool { !taken.contains(candidate) && !nameTaken(candidate) }
        var name = path
        if !free(path) {
            let stem = String(path.dropLast(3))
            var counter = 2
            while !free("\(stem)-\(counter).md") { counter += 1 }
            name = "\(stem)-\(counter).md"
        }
        taken.insert(name)
        return name
    }
}

extension Vault {
    /// The `media` list item for a file an import stored, named as its source named it.
    public func mediaNode(_ imported: ImportedMedia, name: String) -> Node {
        var entry = MediaEntry(imported, taken: takenTime(imported.facts))
        entry.name = name
        return entry.node
    }
}
