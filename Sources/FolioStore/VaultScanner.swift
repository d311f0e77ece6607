import FolioCore
import Foundation
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

/// Every record of a vault, read from the files in one pass, in parallel.
public struct RecordSet: Sendable {
    public var records: [Record]
    /// Files that look like records but could not be read, each with file:line:column.
    public var problems: [FolioError]
    /// Markdown files with no front matter: notes, READMEs; not records, never rewritten.
    public var plainFiles: [String]
    /// Symbolic links that lead outside the vault; never followed.
    public var escapingLinks: [String]

    /// No records, no problems.
    public static let empty = RecordSet(records: [], problems: [], plainFiles: [], escapingLinks: [])
}

extension Vault {
    /// Folders that never hold records. `inbox/` holds files other apps dropped, which become
    /// records only when adopted (`folio inbox`, `sync`).
    static let skippedDirectories: Set<String> = [".git", ".folio", "media", "node_modules", "inbox"]

    /// Reads every `.md` file of the vault (but `.folio/`, `.git/`, `media/`, `inbox/`), one read per file.
    /// Holds every record at once: a command that looks at each record once reads them with
    /// ``forEachRecordBatch(_:)`` instead.
    public func loadRecords() -> RecordSet {
        var set = RecordSet.empty
        forEachRecordBatch { batch in
            set.records += batch.records
            set.problems += batch.problems
            set.plainFiles += batch.plainFiles
            set.escapingLinks += batch.escapingLinks
        }
        return set
    }

    /// How many records a command reading the whole vault holds at once. A parsed record is about
    /// ten times its file (its text, its front matter's nodes, its body): at 100,000 records of
    /// the benchmark vault a batch of 512 took 35 MB at its peak and one of 2,048 130 MB, and
    /// `list --json` ran faster with the smaller (2.8 s against 4.2 s: the batch stays in the
    /// caches). Two cores still share each batch's reading.
    public static let recordsPerBatch = 512

    /// The runs of indexes `count` files are read in, ``recordsPerBatch`` each (none for none).
    public static func batchRuns(_ count: Int) -> [Range<Int>] {
        stride(from: 0, to: count, by: recordsPerBatch).map { $0..<Swift.min($0 + recordsPerBatch, count) }
    }

    /// Every file ``loadRecords()`` reads, in the same order, given to `body` ``recordsPerBatch`` at
    /// a time: each batch's records, plain files and problems; the first batch also carries the
    /// names the walk could not read and the links leading outside. What `body` does not keep is
    /// gone before the next batch is read, so memory does not grow with the vault.
    public func forEachRecordBatch<Failure: Error>(_ body: (RecordSet) throws(Failure) -> Void) throws(Failure) {
        var paths: [String] = []
        var escaping: [String] = []
        var badNames: [FolioError] = []
        collect(into: &paths, escaping: &escaping, badNames: &badNames)
        // An empty vault is one empty batch, which still carries what the walk found.
        let runs = Self.batchRuns(paths.count)
        for run in runs.isEmpty ? [0..<0] : runs {
            let results = Self.parseAll(Array(paths[run]), root: root, limits: frontMatterLimits)
            var batch = RecordSet(records: [], problems: badNames, plainFiles: [], escapingLinks: escaping)
            badNames = []
            escaping = []
            batch.records.reserveCapacity(results.count)
            for result in results {
                switch result {
                case .record(let record): batch.records.append(record)
                case .plain(let path): batch.plainFiles.append(path)
                case .problem(let error): batch.problems.append(error)
                case .none: break
                }
            }
            try body(batch)
        }
    }

    /// The records at `paths` (vault-relative), read ``recordsPerBatch`` at a time as a sequence
    /// of batches, in order; files gone or no longer records are left out. For the commands that
    /// write out a selection of records one after another (`export`, `list --json`).
    public func recordBatches(at paths: [String]) -> RecordBatches {
        RecordBatches(vault: self, paths: paths)
    }

    /// The vault's candidate record files (vault-relative), and the symbolic links leading outside it.
    func collect(into paths: inout [String], escaping: inout [String]) {
        var badNames: [FolioError] = []
        collect(into: &paths, escaping: &escaping, badNames: &badNames)
    }

    /// The same walk the catalog makes (``CatalogWalk``), without a cache. `badNames`: files and
    /// folders whose names are not UTF-8, which no other device, git host or editor could be
    /// trusted to name the same way; never read, named in a warning.
    func collect(into paths: inout [String], escaping: inout [String], badNames: inout [FolioError]) {
        var walk = CatalogWalk(rootPath: root.path, cache: nil, settled: Int64.max)
        walk.walk()
        walk.close()
        for file in walk.files {
            let folder = walk.folders[Int(file.folder)].path
            let name = walk.name(of: file) ?? ""
            paths.append(folder.isEmpty ? name : folder + "/" + name)
        }
        escaping += walk.escaping
        badNames += walk.badNames
    }

    /// Whether the catalog takes a file so named for a record: a `.md` file, not hidden, not a conflict copy.
    /// Its bytes are compared, as the file system, git and `ls` see a name (and a `String`'s
    /// `hasSuffix` walks it back Character by Character: 1 % of a first run).
    static func isRecordName(_ name: some StringProtocol) -> Bool {
        var name = String(name)
        return name.withUTF8(isRecordName(bytes:))
    }

    /// The same for a name's bytes (a file's name, without its folder).
    static func isRecordName(bytes name: UnsafeBufferPointer<UInt8>) -> Bool {
        isVisibleMarkdownName(bytes: name) && !isConflictCopy(name: name)
    }

    /// Whether a file's name (without its folder) ends in the bytes `.md` and its first byte is
    /// not a dot: the walk's record names, and the templates folder's kinds.
    static func isVisibleMarkdownName(bytes name: UnsafeBufferPointer<UInt8>) -> Bool {
        name.count > 3 && name[0] != UInt8(ascii: ".") && name[name.count - 3] == UInt8(ascii: ".")
            && name[name.count - 2] == UInt8(ascii: "m") && name[name.count - 1] == UInt8(ascii: "d")
    }

    /// Whether the catalog walks into a folder so named: not hidden (a name whose first byte is a
    /// dot), and at the vault's root none folio skips (`.git`, `.folio`, `media`, `inbox`, `node_modules`).
    static func walksFolder(named name: some StringProtocol, atRoot: Bool) -> Bool {
        name.utf8.first != UInt8(ascii: ".") && !(atRoot && skippedDirectories.contains(String(name)))
    }

    /// Whether the catalog reads the file at `path` (vault-relative) as a record: the same rules as
    /// its walk, for a path git names.
    public static func isRecordPath(_ path: String) -> Bool {
        let parts = pathParts(path)
        guard let name = parts.last, isRecordName(name) else { return false }
        return parts.dropLast().enumerated().allSatisfy { position, part in !part.isEmpty && walksFolder(named: part, atRoot: position == 0)
        }
    }

    /// Whether the catalog walks the folder at `path` (vault-relative), by the same rules.
    public static func mayHoldRecords(folder path: String) -> Bool {
        pathParts(path).enumerated().allSatisfy { position, part in !part.isEmpty && walksFolder(named: part, atRoot: position == 0) }
    }

    /// A path's parts, split at each `/` byte (a `String` split on the Character `/` would not split
    /// where a combining mark follows one, and the file system does).
    static func pathParts(_ path: String) -> [String] {
        path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether a file is a copy kept beside a record by a sync conflict (`x.conflict-<device>-<time>.md`);
    /// given a path, its last part is looked at.
    public static func isConflictCopy(_ name: String) -> Bool {
        var name = name
        return name.withUTF8 { isConflictCopy(name: $0) }
    }

    /// The same for a path's bytes: whether its last part (after the last `/`) is a conflict copy's name.
    public static func isConflictCopy(name path: UnsafeBufferPointer<UInt8>) -> Bool {
        let marker: StaticString = ".conflict-"
        var start = path.count
        while start > 0, path[start - 1] != UInt8(ascii: "/") { start -= 1 }
        return marker.withUTF8Buffer { marker in
            guard path.count - start >= marker.count, let base = path.baseAddress, let wanted = marker.baseAddress else { return false }
            // From dot to dot (a name has one or two): memchr finds each, memcmp compares there.
            var offset = start
            let last = path.count - marker.count
            while offset <= last, let dot = memchr(base + offset, Int32(marker[0]), last - offset + 1) {
                let found = base.distance(to: dot.assumingMemoryBound(to: UInt8.self))
                if memcmp(base + found, wanted, marker.count) == 0 { return true }
                offset = found + 1
            }
            return false
        }
    }

    /// The same for a path's bytes in an array.
    public static func isConflictCopy(name path: ArraySlice<UInt8>) -> Bool {
        path.withUnsafeBufferPointer { isConflictCopy(name: $0) }
    }

    /// The stamps of `paths` (vault-relative), read on all cores; a file that cannot be stamped gets an
    /// empty stamp, which never matches a cached one, so it is read again.
    func stamps(of paths: [String]) -> [FileStamp] {
        let rootPath = root.path
        // Files of one folder come together: stat them relative to an open folder, which saves
        // walking the whole path for every file.
        return parallelMap(paths.count, state: { FolderHandle(root: rootPath) }) { folder, i in
            let path = paths[i]
            let slash = path.lastIndex(of: "/")
            let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
            var info = stat()
            let fd = folder.open(slash.map { path[..<$0] } ?? "")
            if fd < 0 || fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) != 0 { info = stat() }
            return FileStamp(info)
        }
    }

    enum ScanResult: Sendable {
        case record(Record)
        case plain(String)
        case problem(FolioError)
        case none
    }

    static func parseAll(_ paths: [String], root: URL, limits: FrontMatterLimits) -> [ScanResult] {
        let rootPath = root.path
        return parallelMap(paths.count) { parse(path: paths[$0], rootPath: rootPath, limits: limits) }
    }

    /// Reads and parses one file. With `prefix`, only the file's first `prefix` bytes are read (cut
    /// back to a whole character): enough for its front matter and the part of its body that is
    /// searched, so a 50 MB record costs what a large one does. A front matter that does not close
    /// within them is read whole, so it is reported exactly as it would be without the cut.
    static func parse(path: String, rootPath: String, limits: FrontMatterLimits, prefix: Int? = nil) -> ScanResult {
        var stamp: FileStamp?
        return parse(path: path, rootPath: rootPath, limits: limits, prefix: prefix, stamp: &stamp)
    }

    /// The same, with the file's stamp as it was when it was opened, before it was read (what the
    /// catalog remembers of a file it reads for the first time, without a stat of its own).
    static func parse(path: String, rootPath: String, limits: FrontMatterLimits, prefix: Int?, stamp: inout FileStamp?) -> ScanResult {
        guard let bytes = readFile(rootPath + "/" + path, atMost: prefix, stamp: &stamp) else {
            return .problem(FolioError(.fileUnreadable(String(cString: strerror(errno))), file: path))
        }
        return parse(read: bytes, path: path, rootPath: rootPath, limits: limits, prefix: prefix)
    }

    /// The same, for `bytes` already read: the file's first `prefix` bytes, or all of it.
    static func parse(read bytes: [UInt8], path: String, rootPath: String, limits: FrontMatterLimits, prefix: Int?) -> ScanResult {
        var bytes = bytes
        if let prefix, bytes.count >= prefix {
            dropPartialScalar(&bytes)
            // Only a front matter not closed within the cut could read otherwise whole; any other
            // problem is the file's as read, and a damaged 50 MB file is not read twice.
            let cut = parse(bytes: bytes, path: path, limits: limits)
            if case .problem(let error) = cut, case .frontMatterUnclosed = error.message {
                return parse(path: path, rootPath: rootPath, limits: limits)
            }
            return cut
        }
        return parse(bytes: bytes, path: path, limits: limits)
    }

    private static func parse(bytes: [UInt8], path: String, limits: FrontMatterLimits) -> ScanResult {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            let offset = firstInvalidUTF8(bytes)
            let line = bytes[0..<offset].reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
            let lineStart = bytes[0..<offset].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
            return .problem(FolioError(.notUTF8, file: path, line: line, column: offset - lineStart + 1))
        }
        do {
            return .record(Record(path: path, document: try FrontMatterDocument(parsing: text, limits: limits)))
        } catch {
            // Conflict markers another git client committed break the front matter (or hide it):
            // said as what they are, with the command that merges them, not as a YAML problem.
            if let markers = ConflictMarkers.find(in: text) { return .problem(Vault.markersError(markers, path: path)) }
            if error.kind == .missing { return .plain(path) }
            return .problem(FolioError(error, file: path, text: text))
        }
    }

    /// The file's bytes, or its first `atMost` bytes; nil when it is missing, is not a regular file
    /// (`errno` EINVAL: a pipe is never waited on, a device never read) or cannot be read. A link is
    /// read through only with `followingLinks` (a file the user named, a settings file that may be
    /// a link inside the vault); the type is checked on the descriptor that is then read.
    public static func readFile(_ path: String, atMost: Int? = nil, followingLinks: Bool = false) -> [UInt8]? {
        var stamp: FileStamp?
        return readFile(path, atMost: atMost, followingLinks: followingLinks, stamp: &stamp)
    }

    /// The same, with the open file's stamp.
    static func readFile(_ path: String, atMost: Int?, followingLinks: Bool = false, stamp: inout FileStamp?) -> [UInt8]? {
        guard let (fd, info) = Descriptor.openRegular(path, followingLinks: followingLinks) else { return nil }
        defer { close(fd) }
        stamp = FileStamp(info)
        let cap = atMost ?? Int.max
        // One byte more than the file holds, so the read that finds its end needs no room of its
        // own: growing the array for it copied the whole file (55 MB for a large site's manifest).
        let size = max(0, Int(clamping: info.st_size))
        var bytes = [UInt8](repeating: 0, count: size < cap ? size + 1 : cap)
        var filled = 0
        while filled < cap {
            if filled == bytes.count { bytes.append(contentsOf: [UInt8](repeating: 0, count: min(4096, cap - filled))) }
            guard let n = bytes.withUnsafeMutableBytes({ readSome(fd, $0.baseAddress?.advanced(by: filled), $0.count - filled) }) else {
                return nil
            }
            if n == 0 { break }
            filled += n
        }
        bytes.removeLast(bytes.count - filled)
        return bytes
    }

    /// One `read` of at most `count` bytes into `buffer`, again when a signal interrupted it: the
    /// count read, 0 at the end of the file, nil on an error (in `errno`).
    static func readSome(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int? {
        while true {
            let n = read(fd, buffer, count)
            if n >= 0 { return n }
            if errno != EINTR { return nil }
        }
    }

    /// Drops the bytes of a character cut off at the end.
    static func dropPartialScalar(_ bytes: inout [UInt8]) {
        var start = bytes.count
        while start > 0, bytes.count - start < 4, bytes[start - 1] & 0xC0 == 0x80 { start -= 1 }
        guard start > 0 else { return }
        let lead = bytes[start - 1]
        let width = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        if bytes.count - (start - 1) < width { bytes.removeSubrange((start - 1)...) }
    }

    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int {
        var offset = 0
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while case .scalarValue(let scalar) = decoder.decode(&iterator) { offset += UTF8.width(scalar) }
        return offset
    }
}

/// The stamp the catalog compares files by: SystemIO's, the one git's index is compared by too.
public typealias FileStamp = SystemIO.FileStamp

/// The last folder a worker opened, closed when the worker moves on or finishes.
final class FolderHandle {
    private let root: String
    private var folder: Substring?
    private var fd: Int32 = -1

    init(root: String) { self.root = root }

    /// A descriptor of the vault-relative `folder` (empty: the root), or -1.
    func open(_ folder: Substring) -> Int32 {
        if folder == self.folder { return fd }
        if fd >= 0 { close(fd) }
        fd = Descriptor.open(folder.isEmpty ? root : root + "/" + folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        self.folder = folder
        return fd
    }

    deinit { if fd >= 0 { close(fd) } }
}

/// What one file of the vault holds, for checks before committing it.
public enum FileState: Sendable {
    case record(Record)
    /// A Markdown file without front matter: a plain note, welcome in a vault.
    case plain
    case problem(FolioError)
    case missing
}

/// The records at some paths, read a batch at a time (see ``Vault/recordBatches(at:)``).
public struct RecordBatches: Sequence, IteratorProtocol {
    let vault: Vault
    let paths: [String]
    private var runs: IndexingIterator<[Range<Int>]>

    init(vault: Vault, paths: [String]) {
        self.vault = vault
        self.paths = paths
        runs = Vault.batchRuns(paths.count).makeIterator()
    }

    public mutating func next() -> [Record]? {
        runs.next().map { vault.records(at: Array(paths[$0])).compactMap { $0 } }
    }
}

extension Vault {
    /// Reads and parses the files at `paths` (vault-relative) in parallel; nil where a file is gone or
    /// is no longer a readable record.
    /// `searchedPartOnly` reads each file only as far as search looks (its front matter and
    /// ``searchedBytesLimit`` of its body), for showing hits.
    public func records(at paths: [String], searchedPartOnly: Bool = false) -> [Record?] {
        let limits = frontMatterLimits
        let prefix = searchedPartOnly ? limits.maxBytes + searchedBytesLimit + 4_096 : nil
        let rootPath = root.path
        return parallelMap(paths.count) { Self.parse(path: paths[$0], rootPath: rootPath, limits: limits, prefix: prefix) }.map { result in
            if case .record(let record) = result { return record }
            return nil
        }
    }

    /// Reads and parses one vault-relative file.
    public func inspect(_ path: String) -> FileState {
        var info = stat()
        if lstat(url(path).path, &info) != 0 { return .missing }
        // A link is committed as the link, not as what it points at: nothing to parse (links that
        // lead out of the vault are held back on their own, see `publishablePaths`).
        if info.st_mode & S_IFMT == S_IFLNK { return .plain }
        switch Self.parse(path: path, rootPath: root.path, limits: frontMatterLimits) {
        case .record(let record): return .record(record)
        case .plain: return .plain
        case .problem(let error): return .problem(error)
        case .none: return .missing
        }
    }
}
