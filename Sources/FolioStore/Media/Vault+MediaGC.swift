import FolioCore
import Foundation
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

extension Vault {
    /// Media files that no Markdown file of the vault names.
    ///
    /// A file counts as used when its hash appears anywhere in any `.md` file: front matter, body,
    /// a file that does not parse, a conflict copy, a template. Erring that way never removes
    /// media a record still needs.
    /// - Throws: when `media/`, the templates' folder or a Markdown file is there and cannot be
    ///   read: what it names is unknown, so nothing is called unused.
    public func unreferencedMedia() throws(FolioError) -> [StoredMedia] {
        let stored = try storedMedia().files.filter { $0.sha256 != nil }
        guard !stored.isEmpty else { return [] }
        var paths: [String] = []
        var escaping: [String] = []
        collect(into: &paths, escaping: &escaping)
        let templates = try Self.folderNames(at: templatesDirectory.path, shown: ".folio/templates")
        paths += templates.filter { $0.hasSuffix(".md") }.map { ".folio/templates/" + $0 }
        let root = root.path
        let files = paths
        let found = parallelMap(files.count) { index in Self.hashesMentioned(inFile: root + "/" + files[index], shown: files[index]) }
        var mentioned = Set<String>()
        for hashes in found { mentioned.formUnion(try hashes.get()) }
        return stored.filter { file in file.sha256.map { !mentioned.contains($0) } ?? false }
    }

    /// Every run of exactly 64 lower-case hex digits in a file; none in a file that went away or
    /// is not a regular file (a pipe names nothing).
    static func hashesMentioned(inFile path: String, shown: String) -> Result<Set<String>, FolioError> {
        guard let data = Vault.readFile(path, followingLinks: true) else {
            if errno == ENOENT || errno == EINVAL { return .success([]) }
            return .failure(FolioError(.fileUnreadable(String(cString: strerror(errno))), file: shown))
        }
        var hashes = Set<String>()
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var runStart = -1
            for index in 0...bytes.count {
                let isHex = index < bytes.count && ((48...57).contains(bytes[index]) || (97...102).contains(bytes[index]))
                if isHex {
                    if runStart < 0 { runStart = index }
                } else if runStart >= 0 {
                    if index - runStart == 64 {
                        hashes.insert(String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart..<index]), as: UTF8.self))
                    }
                    runStart = -1
                }
            }
        }
        return .success(hashes)
    }

    /// Removes media files, as one commit, so that history (and `folio undo`) can bring them back.
    ///
    /// The references are looked at again under the lock: a file a record came to use meanwhile stays.
    /// - Returns: the files removed.
    public func removeUnreferencedMedia(_ candidates: [StoredMedia]) throws(FolioError) -> [StoredMedia] {
        try withLock { () throws(FolioError) -> [StoredMedia] in
            let stillUnused = Set(try unreferencedMedia().map(\.path))
            let doomed = candidates.filter { stillUnused.contains($0.path) }
            guard !doomed.isEmpty else { return [] }
            let total = doomed.reduce(UInt64(0)) { $0 + $1.bytes }
            return try inOneCommit("media: remove \(doomed.count) unused file\(doomed.count == 1 ? "" : "s") (\(ByteCount.text(total)))") {
                () throws(FolioError) -> [StoredMedia] in
                var removed: [StoredMedia] = []
                defer { recordChange(removed.map(\.path), "") }
                for file in doomed {
                    if unlink(url(file.path).path) != 0 && errno != ENOENT {
                        throw FolioError(.writeFailed(SystemReason(errno: errno)), file: file.path)
                    }
                    removed.append(file)
                    // An emptied folder goes too; git does not keep folders.
                    rmdir(url((file.path as NSString).deletingLastPathComponent).path)
                }
                return removed
            }
        }
    }
}

extension Vault {
    /// Removes a draft that was never kept (the diary flow's `/cancel`): its file, and its media
    /// files that no other file names, in one commit, so `folio undo` can bring it all back.
    /// - Returns: how many media files went with it.
    @discardableResult
    public func discardDraft(_ record: Record) throws(FolioError) -> Int {
        let own = Set(MediaEntry.entries(of: record.document).compactMap(\.sha256))
        return try inOneCommit(Self.describe("cancel draft", record)) { () throws(FolioError) -> Int in
            try withLock { () throws(FolioError) in
                if unlink(url(record.path).path) != 0 && errno != ENOENT {
                    throw FolioError(.writeFailed(SystemReason(errno: errno)), file: record.path)
                }
                recordChange([record.path], "")
            }
            guard !own.isEmpty else { return 0 }
            let orphans = try unreferencedMedia().filter { $0.sha256.map(own.contains) ?? false }
            return try removeUnreferencedMedia(orphans).count
        }
    }
}
