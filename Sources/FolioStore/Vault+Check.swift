import FolioCore
import FolioSecrets
import Foundation
import SystemIO
import YAML

#if canImport(Glibc)
    import Glibc
#endif

/// One thing `folio check` found.
public enum CheckFinding: Sendable, Equatable {
    case unreadable(FolioError)
    case orphan(path: String, parent: String, rule: DeleteRule)
    case duplicateID(id: String, paths: [String])
    case unknownKind(path: String, kind: String)
    case missingID(path: String)
    case missingRequired(path: String, key: String)
    /// A key the kind declares, holding a value of another type, where it is written.
    case wrongType(path: String, key: String, type: String, at: ValueLocation?)
    /// `created` or `modified` that is not a date, where it is written.
    case notADate(path: String, key: String, at: ValueLocation)
    /// `tags` that is not a list, where it is written.
    case notAList(path: String, key: String, at: ValueLocation)
    case escapingLink(String)
    case strayTemporaryFile(String)
    case mediaMissing(file: String, record: String)
    case mediaCorrupt(file: String, records: [String])
    case mediaSizeMismatch(file: String, expected: UInt64, found: UInt64)
    case brokenLink(BrokenLink)
    /// A wikilink to a file (`[[manual.pdf]]`, `![[scan.png|200]]`) no file of the vault answers to.
    case danglingWikilink(BrokenLink)
    case strayMediaFile(String)
    /// A file folio would commit holds what looks like a key or a token.
    case secret(path: String, finding: SecretFinding)
    /// A copy sync kept beside `record` when both devices changed it.
    case conflictCopy(path: String, record: String, recordExists: Bool)
    /// A record file holding conflict markers another git client committed.
    case conflictMarkers(MarkedFile)
    /// A file that also has names outside the vault.
    case hardLink(path: String, otherNames: Int)
    /// A name another device could not write; left out of commits until renamed.
    case nameNotPortable(path: String, problem: PortablePath.NameProblem)
    /// A record or media file the last commit holds unencrypted although the vault is encrypted.
    case storedUnencrypted(path: String)
    /// An object of the LFS store whose bytes no longer hash to its id, and the media files using it.
    case lfsObjectCorrupt(oid: String, files: [String])
    /// A media pointer whose object is neither on this device nor on the LFS server.
    case lfsObjectLost(path: String)
    /// The LFS server could not be asked which objects it holds (offline): a warning, nothing is known lost.
    case lfsServerNotAsked(LFSReason)
    /// A name another device would take for one beside it; left out of commits until renamed.
    case nameCollision(NameCollision)
    /// A name another device would see differently with no twin beside it (NFD, or one Windows
    /// cannot hold), with the free name `--fix` gives it.
    case nameSeenDifferently(NameRename)
    /// A record, template or the settings file that git ignores: never committed nor synced.
    case ignoredByGit(String)
    /// A `.gitignore` or `.gitattributes` (or git's own exclude file) that is not a regular file.
    case gitFileNotRegular(String)
    /// An object the history needs that the repository lacks (as `git fsck --connectivity-only` finds it).
    case objectMissing(id: String, kind: String, neededBy: String)
    /// The history is shallow: cut at these commits (a clone made with `--depth`).
    case shallowHistory(cutAt: [String])
    /// A part of the check that could not be done, and why: never taken for nothing found.
    case notChecked(CheckPart, FolioError)
    /// A key the template writes into the body (the diary's `text`) kept beside the body's words:
    /// the same words, or older ones the body was edited from since (``PageWords``).
    case keptTwice(path: String, key: String, copy: PageWords.Copy)
    /// A value of `.folio/config.yaml` its setting does not take, or the file itself unreadable:
    /// the default applies meanwhile, so a warning.
    case setting(FolioError)

    /// Findings that point at something to look at rather than damage: shown as warnings.
    public var isWarning: Bool {
        switch self {
        case .secret, .conflictCopy, .hardLink, .nameNotPortable, .lfsServerNotAsked, .nameCollision, .nameSeenDifferently, .ignoredByGit,
            .danglingWikilink, .notChecked(.secrets, _), .setting, .keptTwice:
            true
        default: false
        }
    }

    public var message: FolioError {
        switch self {
        case .unreadable(let error): error
        case .orphan(let path, let parent, _): FolioError(.checkOrphan(path: path, parent: parent))
        case .duplicateID(let id, let paths): FolioError(.checkDuplicateID(id: id, paths: paths))
        case .unknownKind(let path, let kind): FolioError(.checkUnknownKind(path: path, kind: kind))
        case .missingID(let path): FolioError(.checkMissingID(path))
        case .missingRequired(let path, let key): FolioError(.missingRequired(key: key, kind: ""), file: path)
        case .wrongType(let path, let key, let type, let at):
            FolioError(
                .check(.wrongType(key: key, type: type, value: at?.text ?? "")), file: path, line: at?.line, column: at?.column,
                sourceLine: at?.sourceLine)
        case .notADate(let path, let key, let at):
            FolioError(.check(.notADate(key: key, value: at.text)), file: path, line: at.line, column: at.column, sourceLine: at.sourceLine)
        case .notAList(let path, let key, let at):
            FolioError(.check(.notAList(key: key, value: at.text)), file: path, line: at.line, column: at.column, sourceLine: at.sourceLine)
        case .escapingLink(let path): FolioError(.symlinkOutsideVault(path))
        case .strayTemporaryFile(let path): FolioError(.strayTemporaryFile(path))
        case .mediaMissing(let file, let record): FolioError(.media(.missing(file: file, record: record)))
        case .mediaCorrupt(let file, let records): FolioError(.media(.corrupt(file: file, records: records)))
        case .mediaSizeMismatch(let file, let expected, let found):
            FolioError(.media(.sizeMismatch(file: file, expected: expected, found: found)))
        case .brokenLink(let link): FolioError(.media(.brokenLink(target: link.destination)), file: link.record, line: link.line)
        case .danglingWikilink(let link): FolioError(.media(.brokenLink(target: link.destination)), file: link.record, line: link.line)
        case .strayMediaFile(let path): FolioError(.media(.strayFile(path)))
        case .secret(let path, let finding):
            FolioError(
                .guarded(.secretFound(kind: finding.kind, masked: finding.masked)), file: path, line: finding.line, column: finding.column)
        case .conflictCopy(let path, let record, let exists):
            FolioError(.guarded(.conflictCopy(record: record, recordExists: exists)), file: path)
        case .conflictMarkers(let file): file.error
        case .hardLink(let path, let names): FolioError(.guarded(.hardLinkOutside(otherNames: names)), file: path)
        case .nameNotPortable(let path, let problem): FolioError(.nameNotPortable(problem), file: path)
        case .storedUnencrypted(let path): FolioError(.crypt(.storedUnencrypted), file: path)
        case .lfsObjectCorrupt(let oid, let files): FolioError(.lfs(.objectCorrupt(oid: oid, files: files)))
        case .lfsObjectLost(let path): FolioError(.lfs(.objectLost(path: path)), file: path)
        case .lfsServerNotAsked(let reason): FolioError(.lfs(.serverNotAsked(reason: reason)))
        case .nameCollision(let collision): collision.error
        case .nameSeenDifferently(let name): name.error
        case .ignoredByGit(let path): FolioError(.file(.ignoredByGit), file: path)
        case .gitFileNotRegular(let path): FolioError(.file(.gitFileNotRegular), file: path)
        case .objectMissing(let id, let kind, let neededBy):
            FolioError(.check(.objectMissing(id: id, kind: kind, neededBy: neededBy)), file: ".git")
        case .shallowHistory(let roots): FolioError(.check(.shallowHistory(cutAt: roots)), file: ".git")
        case .notChecked(let part, let error): FolioError(.check(.notChecked(part, because: error.message)), file: error.file)
        case .setting(let error): error
        case .keptTwice(let path, let key, let copy): FolioError(.check(.keptTwice(key: key, older: copy == .older)), file: path)
        }
    }
}

extension Vault {
    /// Everything hand edits and crashes can leave behind, in the records of `set`.
    public func check(_ set: RecordSet) -> [CheckFinding] {
        var checks = RecordChecks(vault: self)
        checks.add(set)
        return checks.findings()
    }

    static func isMarkers(_ problem: FolioError) -> Bool {
        if case .conflict(.markers) = problem.message { true } else { false }
    }

    /// `created` and `modified` that are not dates, and `tags` that is not a list (an empty value is
    /// no problem: the key is simply not set).
    static func commonKeyProblems(_ record: Record) -> [CheckFinding] {
        var found: [CheckFinding] = []
        for key in ["created", "modified"] {
            guard let node = record.document[key], node.resolved != .null, let at = record.document.location(of: key) else { continue }
            if node.scalarText.flatMap(Timestamp.init) == nil { found.append(.notADate(path: record.path, key: key, at: at)) }
        }
        if let node = record.document["tags"], node.resolved != .null, node.items == nil, let at = record.document.location(of: "tags") {
            found.append(.notAList(path: record.path, key: "tags", at: at))
        }
        return found
    }

    /// Names another device could not write (see ``PortablePath``) or would spell differently (NFD),
    /// each with its rename; a name that is not UTF-8 has none to offer. A record file whose name
    /// is not UTF-8 is already named as unreadable by the scan.
    public func namesNotPortable(_ paths: [String]) -> [CheckFinding] {
        let notUTF8 = paths.compactMap { path -> CheckFinding? in
            guard PortablePath.problem(path) == .notUTF8, !path.hasSuffix(".md") else { return nil }
            return .nameNotPortable(path: path, problem: .notUTF8)
        }
        return notUTF8 + namesSeenDifferently(paths).map(CheckFinding.nameSeenDifferently)
    }

    /// Temporary files an interrupted write left beside records.
    func strayTemporaryFiles() -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: root.path) else { return [] }
        var found: [String] = []
        while let path = enumerator.nextObject() as? String {
            if path.hasPrefix(".git/") || path == ".git" || path.hasPrefix(".folio/local") {
                enumerator.skipDescendants()
                continue
            }
            let name = (path as NSString).lastPathComponent
            if AtomicFile.isTemporary(name) { found.append(path) }
        }
        // An import still running is not stray; one whose process is gone is.
        return (found + abandonedMediaTemporaries()).sorted()
    }

    /// Removes temporary files left by interrupted writes.
    public func removeStrayTemporaryFiles(_ paths: [String]) throws(FolioError) {
        try withLock { () throws(FolioError) in
            for path in paths { unlink(url(path).path) }
        }
    }
}

// MARK: - What would be published

extension Vault {
    /// Every file of the vault but git's and this device's own (`.git/`, `.folio/local/`), links
    /// included: what a vault without git history would commit.
    public func allFiles() -> [String] {
        var found: [String] = []
        walk(directory: "", into: &found)
        return found.sorted()
    }

    private func walk(directory: String, into found: inout [String]) {
        let absolute = directory.isEmpty ? root.path : root.path + "/" + directory
        guard let handle = opendir(absolute) else { return }
        defer { closedir(handle) }
        while let entry = readdir(handle) {
            let name = DirectoryEntry.name(entry)
            if name == "." || name == ".." { continue }
            let relative = directory.isEmpty ? name : directory + "/" + name
            if relative == ".git" || relative == ".folio/local" { continue }
            var info = stat()
            guard lstat(absolute + "/" + name, &info) == 0 else { continue }
            if info.st_mode & S_IFMT == S_IFDIR {
                walk(directory: relative, into: &found)
            } else {
                found.append(relative)
            }
        }
    }

    /// Symbolic links among `paths` that lead outside the vault, besides those the record scan
    /// reported (`reported`; those in `.folio/`, `media/` or hidden folders): never committed.
    public func linksLeadingOutside(_ paths: [String], besides reported: [String]) -> [CheckFinding] {
        let known = Set(reported)
        return paths.filter { path in
            var info = stat()
            return !known.contains(path) && lstat(url(path).path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
                && !isInside(url(path).path)
        }.map(CheckFinding.escapingLink)
    }

    /// Every conflict copy in `paths`, with the file it was kept beside.
    public func conflictCopies(_ paths: [String]) -> [CheckFinding] {
        paths.filter { Self.isConflictCopy($0) }.map { path in
            let record = Self.conflictOriginal(path)
            return .conflictCopy(path: path, record: record, recordExists: FileManager.default.fileExists(atPath: url(record).path))
        }
    }

    /// The file a conflict copy was kept beside: `a/b.conflict-laptop-20261122-100000.md` → `a/b.md`.
    static func conflictOriginal(_ path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        guard let marker = name.range(of: ".conflict-", options: .backwards) else { return path }
        let stem = String(name[..<marker.lowerBound])
        let rest = Array(name[marker.upperBound...].unicodeScalars)
        // `<device>-YYYYMMDD-HHMMSS<ext>`: the extension follows the last stamp.
        var ext = name.hasSuffix(".md") ? ".md" : ""
        if rest.count >= 15 {
            for start in stride(from: rest.count - 15, through: 0, by: -1) {
                let stamp = rest[start..<(start + 15)]
                let digits = stamp.enumerated().allSatisfy { offset, scalar in
                    offset == 8 ? scalar == "-" : ("0"..."9").contains(scalar)
                }
                if digits {
                    ext = String(String.UnicodeScalarView(rest[(start + 15)...]))
                    break
                }
            }
        }
        return (folder.isEmpty ? "" : folder + "/") + stem + ext
    }

    /// Files among `paths` that also have names outside the vault: more hard links than names here.
    public func hardLinksOutside(_ paths: [String]) -> [CheckFinding] {
        struct Inode: Hashable { var device: UInt64, inode: UInt64 }
        var names: [Inode: [String]] = [:]
        var links: [Inode: Int] = [:]
        for path in paths {
            var info = stat()
            guard lstat(url(path).path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_nlink > 1 else { continue }
            let key = Inode(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
            names[key, default: []].append(path)
            links[key] = Int(clamping: info.st_nlink)
        }
        return names.flatMap { key, paths in
            let outside = (links[key] ?? 0) - paths.count
            return outside > 0 ? paths.map { CheckFinding.hardLink(path: $0, otherNames: outside) } : []
        }.sorted { ($0.message.file ?? "") < ($1.message.file ?? "") }
    }

    /// Gives each file its own copy (the same bytes, written atomically), so it no longer shares its
    /// contents with a name outside the vault. Nothing to commit: the bytes do not change.
    public func separateHardLinks(_ paths: [String]) throws(FolioError) {
        try withLock { () throws(FolioError) in
            for path in paths {
                guard let (bytes, version) = AtomicFile.read(url(path)) else {
                    throw FolioError(.fileUnreadable(String(cString: strerror(errno))), file: path)
                }
                var info = stat()
                let mode = lstat(url(path).path, &info) == 0 ? info.st_mode & 0o777 : 0o644
                try requireInside(folderOf: path)
                // Written through the other name meanwhile: the file is left as it is (check names it again).
                try AtomicFile.write(bytes, to: url(path), mode: mode, expecting: .version(version))
            }
        }
    }
}

/// `check`'s findings about the records themselves, gathered a batch of records at a time
/// (``Vault/forEachRecordBatch(_:)``) and given in the order `check` reports them. What a record
/// says alone is found as its batch is read; what needs every record (duplicate ids, a parent
/// that is gone) is decided at the end from the little kept of each: its id and path, and the
/// parent a child names.
public struct RecordChecks {
    private let vault: Vault
    private let kinds: [String: Kind]
    private var unreadable: [CheckFinding] = []
    private var marked: [MarkedFile] = []
    private var missingIDs: [CheckFinding] = []
    private var pathsByID: [String: [String]] = [:]
    private var againstKinds: [AgainstKind] = []
    private var commonKeys: [CheckFinding] = []
    private var escapingLinks: [CheckFinding] = []
    private var keptTwice: [CheckFinding] = []
    /// How many records were added.
    public private(set) var recordCount = 0

    /// A record's finding against its kind, in the order of the records; whether a child is an
    /// orphan is known only once every id is.
    private enum AgainstKind {
        case found(CheckFinding)
        case child(path: String, parent: String, rule: DeleteRule)
    }

    public init(vault: Vault) {
        self.vault = vault
        kinds = vault.kinds
    }

    /// Checks the records, problems and links of one batch.
    public mutating func add(_ set: RecordSet) {
        recordCount += set.records.count
        // A file whose front matter conflict markers broke is named as holding markers (the scan
        // says so), with the one that reads but holds them in its body.
        unreadable += set.problems.filter { !Vault.isMarkers($0) }.map(CheckFinding.unreadable)
        marked += vault.filesWithConflictMarkers(in: set)
        for record in set.records {
            guard let id = record.id else {
                missingIDs.append(.missingID(path: record.path))
                continue
            }
            pathsByID[id, default: []].append(record.path)
        }
        for record in set.records {
            guard let kindName = record.kind, let kind = kinds[kindName] else {
                againstKinds.append(.found(.unknownKind(path: record.path, kind: record.kind ?? "")))
                continue
            }
            if let parent = record.parent { againstKinds.append(.child(path: record.path, parent: parent, rule: kind.onParentDelete)) }
            for spec in kind.fields {
                let node = record.document[spec.name]
                if node == nil || node?.resolved == .null {
                    if spec.required { againstKinds.append(.found(.missingRequired(path: record.path, key: spec.name))) }
                } else if let node, !spec.type.accepts(node.resolved, text: node.scalarText) {
                    againstKinds.append(
                        .found(
                            .wrongType(
                                path: record.path, key: spec.name, type: spec.type.rawValue, at: record.document.location(of: spec.name))))
                }
            }
        }
        for record in set.records { commonKeys += Vault.commonKeyProblems(record) }
        for record in set.records {
            guard let kindName = record.kind, let kind = kinds[kindName] else { continue }
            for key in kind.bodyFallbackKeys {
                if let copy = PageWords.copy(of: key, in: record) { keptTwice.append(.keptTwice(path: record.path, key: key, copy: copy)) }
            }
        }
        escapingLinks += set.escapingLinks.map(CheckFinding.escapingLink)
    }

    /// Everything found, with what needed every record, and the temporary files interrupted
    /// writes left beside records.
    public func findings() -> [CheckFinding] {
        var findings = unreadable + marked.sorted { $0.path < $1.path }.map(CheckFinding.conflictMarkers) + missingIDs
        for (id, paths) in pathsByID.sorted(by: { $0.key < $1.key }) where paths.count > 1 {
            findings.append(.duplicateID(id: id, paths: paths.sorted()))
        }
        for finding in againstKinds {
            switch finding {
            case .found(let found): findings.append(found)
            case .child(let path, let parent, let rule):
                if pathsByID[parent] == nil { findings.append(.orphan(path: path, parent: parent, rule: rule)) }
            }
        }
        findings += commonKeys + keptTwice + escapingLinks
        findings += vault.strayTemporaryFiles().map(CheckFinding.strayTemporaryFile)
        return findings
    }
}

/// `check`'s look for keys and tokens in what a commit would hold, a batch of records at a time
/// (``Vault/forEachRecordBatch(_:)``): a record's text is scanned as its batch is read and only
/// what was found is kept; the other text files are read from disk at the end.
public struct SecretChecks {
    private let vault: Vault
    private let paths: [String]
    /// Each path's place in `paths` (the first, should one come twice).
    private let positions: [String: Int]
    /// Whether the file at each place was read as a record (its text scanned with its batch).
    private var readAsRecord: [Bool]
    private var inRecords: [Int: [CheckFinding]] = [:]

    /// `paths`: the files to look in, vault-relative (what a commit would hold).
    public init(vault: Vault, paths: [String]) {
        self.vault = vault
        self.paths = paths
        // By place, not by path: a set of every record's path beside these took 40 MB at
        // 300,000 records.
        positions = Dictionary(paths.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        readAsRecord = Array(repeating: false, count: paths.count)
    }

    /// Scans the records of `set` that are among the paths.
    public mutating func add(_ set: RecordSet) {
        let records = set.records.compactMap { record in positions[record.path].map { (record, $0) } }
        for (_, position) in records { readAsRecord[position] = true }
        let found = parallelMap(records.count, minimumChunk: 64) { i in
            SecretScanner.scan(records[i].0.document.text).map { CheckFinding.secret(path: records[i].0.path, finding: $0) }
        }
        for ((_, position), findings) in zip(records, found) where !findings.isEmpty { inRecords[position] = findings }
    }

    /// What was found, in the order of the paths: the records' from their texts, the other files'
    /// read now; media and binary files are skipped.
    public func findings() -> [CheckFinding] {
        let rootPath = vault.root.path
        let paths = paths
        let positions = positions
        let readAsRecord = readAsRecord
        let inRecords = inRecords
        let perPath = parallelMap(paths.count, minimumChunk: 64) { i -> [CheckFinding] in
            let path = paths[i]
            // A path that comes twice is answered as its first place is.
            let place = positions[path] ?? i
            if readAsRecord[place] { return inRecords[place] ?? [] }
            guard !path.hasPrefix("media/") else { return [] }
            switch Vault.secretScanInput(rootPath + "/" + path) {
            case .none: return []
            case .text(let bytes): return SecretScanner.scan(bytes).map { .secret(path: path, finding: $0) }
            case .tooLarge(let bytes):
                return [.notChecked(.secrets, FolioError(.fileTooLarge(bytes: bytes, limit: Vault.secretScanLimit), file: path))]
            }
        }
        return perPath.flatMap { $0 }
    }
}

extension Vault {
    /// The most of a text file (not a record) that is read to look for keys and tokens in it.
    public static let secretScanLimit = 64 << 20

    /// What a look for keys and tokens reads of a file.
    public enum SecretScanInput {
        /// Not a regular file, binary (a NUL in its first 8,000 bytes, as git decides), or unreadable.
        case none
        case text([UInt8])
        /// A text file over ``secretScanLimit``, of this many bytes: not read.
        case tooLarge(Int)
    }

    /// The file at `path` (absolute) for a secret scan: its first 8,000 bytes decide whether it is
    /// text before the rest is read, so a video or a sparse file of any size costs one small read.
    public static func secretScanInput(_ path: String) -> SecretScanInput {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, let head = readFile(path, atMost: 8_000),
            !SecretScanner.isBinary(head)
        else { return .none }
        guard head.count == 8_000 else { return .text(head) }
        guard info.st_size <= secretScanLimit else { return .tooLarge(Int(clamping: info.st_size)) }
        guard let bytes = readFile(path, atMost: secretScanLimit + 1) else { return .none }
        guard bytes.count <= secretScanLimit else { return .tooLarge(max(Int(clamping: info.st_size), bytes.count)) }
        return SecretScanner.isBinary(bytes) ? .none : .text(bytes)
    }
}
