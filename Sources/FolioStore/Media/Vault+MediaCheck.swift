import Crypto
import FolioCore
import Foundation
import LFSStore
import Markdown
import Synchronization
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

/// A file in `media/`, as the folders hold it.
public struct StoredMedia: Sendable, Equatable {
    /// Vault-relative: `media/ab/ab12…ef.jpg`.
    public var path: String
    public var bytes: UInt64
    /// The hash the name promises; nil for a file not named by one.
    public var sha256: String?
}

/// A link in a record's body to a file that does not exist.
public struct BrokenLink: Sendable, Equatable {
    public var record: String
    public var line: Int
    public var destination: String
    /// The right destination when the link names a media file the vault has elsewhere.
    public var repair: String?
}

extension Vault {
    /// Every file under `media/`, sorted, and the temporary files of imports still running or abandoned.
    /// - Throws: when `media/` or a folder in it is there and cannot be listed.
    public func storedMedia() throws(FolioError) -> (files: [StoredMedia], temporaries: [String]) {
        var files: [StoredMedia] = []
        var temporaries: [String] = []
        let base = mediaDirectory.path
        let top = try Self.folderNames(at: base, shown: "media")
        for name in top.sorted() {
            let path = base + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            if info.st_mode & S_IFMT == S_IFDIR {
                let inner = try Self.folderNames(at: path, shown: "media/" + name)
                for file in inner.sorted() {
                    var fileInfo = stat()
                    guard lstat(path + "/" + file, &fileInfo) == 0 else { continue }
                    let relative = "media/\(name)/\(file)"
                    if file.hasPrefix(MediaImporter.temporaryPrefix) {
                        temporaries.append(relative)
                        continue
                    }
                    var sha = fileInfo.st_mode & S_IFMT == S_IFREG ? MediaNaming.sha(ofStoredName: file) : nil
                    if let hash = sha, !hash.hasPrefix(name) { sha = nil }
                    files.append(StoredMedia(path: relative, bytes: UInt64(max(0, fileInfo.st_size)), sha256: sha))
                }
            } else if name.hasPrefix(MediaImporter.temporaryPrefix) {
                temporaries.append("media/" + name)
            } else if name != ".gitkeep" {
                files.append(StoredMedia(path: "media/" + name, bytes: UInt64(max(0, info.st_size)), sha256: nil))
            }
        }
        return (files, temporaries)
    }

    /// Import temporaries whose process is gone: what a killed import leaves.
    func abandonedMediaTemporaries() -> [String] {
        MediaImporter.abandonedTemporaries(in: mediaDirectory).map { "media/" + $0 }
    }

    /// Checks media: every file a record lists exists (and, unless `quick`, hashes to its name),
    /// every file in `media/` is named by its content, every relative link in a body leads somewhere.
    ///
    /// `progress(done, total)` is called as files are hashed, from any thread.
    public func checkMedia(_ set: RecordSet, quick: Bool, progress: (@Sendable (Int, Int) -> Void)? = nil) -> [CheckFinding] {
        var checks = MediaChecks(vault: self)
        checks.add(set)
        return checks.findings(quick: quick, progress: progress)
    }

    /// Relative links in record bodies whose target does not exist.
    /// `bySha`: the stored media files by the hash their names promise, for the repair.
    func brokenLinks(in records: [Record], bySha: [String: String]) -> [BrokenLink] {
        var broken: [BrokenLink] = []
        for record in records {
            let body = record.document.body
            guard Self.mayHoldLinks(body) else { continue }
            let bodyLine = record.document.bodyFirstLine
            // One finding for a destination on a line, however often the line links it (a page of
            // 40,000 nested images was 40,000 findings alike).
            var seen = Set<String>()
            for link in MarkdownLinks.links(in: body) where seen.insert("\(link.line) \(link.destination)").inserted {
                let name = ((link.destination.components(separatedBy: "#").first ?? "") as NSString).lastPathComponent
                let namesMedia = MediaNaming.sha(ofStoredName: name) != nil
                if let target = MediaLinks.resolve(link.destination, fromRecord: record.path) {
                    if FileManager.default.fileExists(atPath: url(target).path) { continue }
                } else if !namesMedia || link.destination.contains(":") {
                    // A URL, an anchor, or a link out of the vault on purpose: not ours to judge.
                    continue
                }
                var repair: String?
                if let sha = MediaNaming.sha(ofStoredName: name), let found = bySha[sha] {
                    repair = MediaLinks.relativeTarget(fromRecord: record.path, to: found)
                }
                broken.append(
                    BrokenLink(record: record.path, line: bodyLine + link.line - 1, destination: link.destination, repair: repair))
            }
        }
        return broken
    }

    /// Wikilinks to files (`[[manual.pdf]]`, `![[scan.png|200]]`) that no file of the vault answers
    /// to as Obsidian finds one: by its path from the record's folder, else by its name (and the
    /// folders written before it) anywhere, in any case. A wikilink to a note (`[[Bob]]`) is
    /// Obsidian's way to a note not written yet, and is left alone.
    /// `names`: every file of the vault by its last name, lower-cased; made at the first wikilink
    /// to a file and kept for the next records.
    func danglingWikilinks(in records: [Record], names: inout [String: [String]]?) -> [BrokenLink] {
        var dangling: [BrokenLink] = []
        for record in records {
            let body = record.document.body
            guard Wikilinks.mayHold(body) else { continue }
            let links = Wikilinks.links(in: body).filter(\.namesFile)
            guard !links.isEmpty else { continue }
            if names == nil {
                var table: [String: [String]] = [:]
                for path in allFiles() { table[(path as NSString).lastPathComponent.lowercased(), default: []].append(path.lowercased()) }
                names = table
            }
            let bodyLine = record.document.bodyFirstLine
            for link in links {
                if let direct = MediaLinks.resolve(link.path, fromRecord: record.path),
                    FileManager.default.fileExists(atPath: url(direct).path)
                {
                    continue
                }
                let wanted = link.path.lowercased()
                let found = (names?[(wanted as NSString).lastPathComponent] ?? []).contains { $0 == wanted || $0.hasSuffix("/" + wanted) }
                if !found {
                    dangling.append(BrokenLink(record: record.path, line: bodyLine + link.line - 1, destination: link.written, repair: nil))
                }
            }
        }
        return dangling
    }

    /// Whether `body` has `](` or `]:` anywhere, read as bytes (Foundation's `contains` goes through
    /// UTF-16 and takes seconds over a pasted log of 50 MB).
    static func mayHoldLinks(_ body: String) -> Bool {
        var previous: UInt8 = 0
        for byte in body.utf8 {
            if previous == UInt8(ascii: "]") && (byte == UInt8(ascii: "(") || byte == UInt8(ascii: ":")) { return true }
            previous = byte
        }
        return false
    }

    /// Rewrites links that name a media file the vault has at another path (a record moved by hand).
    /// - Returns: the links repaired.
    public func repairLinks(_ links: [BrokenLink]) throws(FolioError) -> [BrokenLink] {
        let byRecord = Dictionary(grouping: links.filter { $0.repair != nil }, by: \.record)
        var repaired: [BrokenLink] = []
        try inOneCommit("media: relink \(byRecord.count) record\(byRecord.count == 1 ? "" : "s")") { () throws(FolioError) in
            for (path, fixes) in byRecord.sorted(by: { $0.key < $1.key }) {
                try withLock { () throws(FolioError) in
                    guard let (bytes, version) = AtomicFile.read(url(path)),
                        case .record(let record) = Self.parse(
                            read: bytes, path: path, rootPath: root.path, limits: frontMatterLimits, prefix: nil)
                    else { return }
                    var lines = record.document.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                    var changed: [BrokenLink] = []
                    for fix in fixes {
                        guard let repair = fix.repair, fix.line >= 1, fix.line <= lines.count else { continue }
                        let old = "](\(fix.destination)"
                        guard lines[fix.line - 1].contains(old) else { continue }
                        lines[fix.line - 1] = lines[fix.line - 1].replacingOccurrences(of: old, with: "](\(repair)")
                        changed.append(fix)
                    }
                    guard !changed.isEmpty else { return }
                    let text = lines.joined(separator: "\n")
                    // Only a file that still parses is written back.
                    // try?: a record that does not parse is reported by check's own record pass.
                    guard (try? FrontMatterDocument(parsing: text, limits: frontMatterLimits)) != nil else { return }
                    try writeFile(text, at: path, expecting: .version(version))
                    recordChange([path], "media: relink \(path)")
                    repaired += changed
                }
            }
        }
        return repaired
    }

    /// Where a file of any sort (a PDF, a spreadsheet) that a record links is kept by its content,
    /// as media are: `media/ab/ab12…ef.pdf`, its extension kept when it is 1–8 letters or digits
    /// (else `bin`); nil when the file cannot be read.
    public static func contentAddressedPath(of source: URL) -> String? {
        guard let sha = sha256(ofFile: source.path) else { return nil }
        let original = source.pathExtension.lowercased()
        let ext = MediaNaming.storedExtension(original: original, format: "bin")
        return "media/\(sha.prefix(2))/\(sha).\(ext)"
    }

    /// The sha256 of a file's bytes in lower-case hex, read in 1 MiB pieces; nil when it cannot be read.
    static func sha256(ofFile path: String) -> String? {
        // A pipe or a device is never read: nil, as for a file that cannot be read.
        guard let (fd, _) = Descriptor.openRegular(path) else { return nil }
        defer { close(fd) }
        var hasher = SHA256()
        var buffer = [UInt8](repeating: 0, count: MediaImporter.chunkSize)
        var offset: off_t = 0
        let ok = buffer.withUnsafeMutableBytes { chunk -> Bool in
            while true {
                let count = MediaImporter.readFully(fd, into: chunk, at: offset)
                if count < 0 { return false }
                if count == 0 { return true }
                hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: chunk[0..<count]))
                offset += off_t(count)
            }
        }
        guard ok else { return nil }
        return MediaNaming.hex(hasher.finalize())
    }
}

/// `check`'s media findings, gathered a batch of records at a time (``Vault/forEachRecordBatch(_:)``):
/// of each record only the media files it lists (their users and sizes) and its broken links are
/// kept; the files in `media/` are listed once, and hashed at the end.
public struct MediaChecks {
    private let vault: Vault
    private let stored: Result<(files: [StoredMedia], temporaries: [String]), FolioError>
    private let present: Set<String>
    private let bySha: [String: String]
    private var users: [String: [String]] = [:]
    private var expectedSize: [String: UInt64] = [:]
    private var missing: [CheckFinding] = []
    private var broken: [BrokenLink] = []
    private var dangling: [BrokenLink] = []
    private var names: [String: [String]]?

    public init(vault: Vault) {
        self.vault = vault
        stored = Result(catching: { () throws(FolioError) in try vault.storedMedia() })
        var files: [StoredMedia] = []
        if case .success(let listed) = stored { files = listed.files }
        present = Set(files.map(\.path))
        bySha = Dictionary(files.compactMap { file in file.sha256.map { ($0, file.path) } }, uniquingKeysWith: { a, _ in a })
    }

    /// Notes the media files the records of `set` list and the links in their bodies that lead nowhere.
    public mutating func add(_ set: RecordSet) {
        // Without the listing every listed file would look missing: nothing is judged (see findings).
        guard case .success = stored else { return }
        for record in set.records {
            for entry in MediaEntry.entries(of: record.document) {
                users[entry.file, default: []].append(record.path)
                if let bytes = entry.bytes { expectedSize[entry.file] = bytes }
                if !present.contains(entry.file) { missing.append(.mediaMissing(file: entry.file, record: record.path)) }
            }
        }
        broken += vault.brokenLinks(in: set.records, bySha: bySha)
        dangling += vault.danglingWikilinks(in: set.records, names: &names)
    }

    /// Everything found, with the files in `media/` not named by their content and, unless
    /// `quick`, those whose bytes no longer hash to their names (`progress(done, total)` as they
    /// are hashed, from any thread).
    public func findings(quick: Bool, progress: (@Sendable (Int, Int) -> Void)? = nil) -> [CheckFinding] {
        let stored: (files: [StoredMedia], temporaries: [String])
        switch self.stored {
        case .success(let listed): stored = listed
        case .failure(let error): return [.notChecked(.mediaFiles, error)]
        }
        var findings = missing + broken.map(CheckFinding.brokenLink) + dangling.map(CheckFinding.danglingWikilink)
        for file in stored.files where file.sha256 == nil {
            findings.append(.strayMediaFile(file.path))
        }
        // A pointer whose oid is the file's name is media not downloaded yet (LFS), not damage.
        let named = stored.files.filter { file in
            guard let sha = file.sha256 else { return false }
            return !(file.bytes <= UInt64(LFSPointer.maxBytes) && LFSPointerFile.pointer(in: vault.url(file.path))?.oid == sha)
        }
        if quick {
            for file in named {
                if let expected = expectedSize[file.path], expected != file.bytes {
                    findings.append(.mediaSizeMismatch(file: file.path, expected: expected, found: file.bytes))
                }
            }
        } else {
            let root = vault.root
            let done = Mutex(0)
            let total = named.count
            let paths = named.map(\.path)
            let hashes = parallelMap(total, minimumChunk: 1) { index in
                let hash = Vault.sha256(ofFile: root.appendingPathComponent(paths[index]).path)
                let count = done.withLock { value in
                    value += 1
                    return value
                }
                progress?(count, total)
                return hash
            }
            for (file, hash) in zip(named, hashes) where hash != file.sha256 {
                findings.append(.mediaCorrupt(file: file.path, records: (users[file.path] ?? []).sorted()))
            }
        }
        return findings
    }
}
