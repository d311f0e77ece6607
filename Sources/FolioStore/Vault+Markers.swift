import FolioCore
import Foundation
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

/// A record file holding conflict markers another git client committed (see ``ConflictMarkers``).
public struct MarkedFile: Sendable, Equatable {
    /// Vault-relative.
    public var path: String
    /// The line of the first `<<<<<<<`.
    public var line: Int
    public var hunks: Int

    public init(path: String, line: Int, hunks: Int) {
        self.path = path
        self.line = line
        self.hunks = hunks
    }

    /// What check, sync and every reader say about it: file, line, and the command that merges it.
    public var error: FolioError { FolioError(.conflict(.markers(path: path, hunks: hunks)), file: path, line: line) }
}

/// What merging a file's conflict markers made: the record's new text, and the other side's whole
/// version when a key differed on both sides (kept beside the record, as sync keeps one).
public struct MarkerMerge: Sendable, Equatable {
    public var text: String
    /// The keys both sides changed to different values.
    public var conflictingKeys: [String]
    /// The conflict copy's vault-relative path and text.
    public var copy: (path: String, text: String)?

    public init(text: String, conflictingKeys: [String] = [], copy: (path: String, text: String)? = nil) {
        self.text = text
        self.conflictingKeys = conflictingKeys
        self.copy = copy
    }

    public static func == (a: MarkerMerge, b: MarkerMerge) -> Bool {
        a.text == b.text && a.conflictingKeys == b.conflictingKeys && a.copy?.path == b.copy?.path && a.copy?.text == b.copy?.text
    }
}

extension Vault {
    static func markersError(_ markers: ConflictMarkers, path: String) -> FolioError {
        MarkedFile(path: path, line: markers.firstLine, hunks: markers.hunks.count).error
    }

    /// The file at `path` when it holds conflict markers.
    static func marked(_ text: String, path: String) -> MarkedFile? {
        ConflictMarkers.find(in: text).map { MarkedFile(path: path, line: $0.firstLine, hunks: $0.hunks.count) }
    }

    /// The conflict markers in a record that reads (they can only be in its body), if any.
    public func conflictMarkers(in record: Record) -> MarkedFile? {
        Self.marked(record.document.text, path: record.path)
    }

    /// The file at the vault-relative `path` when it holds conflict markers (nil when it cannot be read).
    public func markedFile(at path: String) -> MarkedFile? {
        guard let bytes = Self.readFile(url(path).path), let text = String(validating: bytes, as: UTF8.self) else { return nil }
        return Self.marked(text, path: path)
    }

    /// Every record file of the vault holding conflict markers, read a batch at a time (see
    /// ``forEachRecordBatch(_:)``), never the whole vault at once; sorted by path.
    public func filesWithConflictMarkers() -> [MarkedFile] {
        var found: [MarkedFile] = []
        forEachRecordBatch { batch in found += filesWithConflictMarkers(in: batch) }
        return found.sorted { $0.path < $1.path }
    }

    /// Every record file of `set` holding conflict markers: those whose front matter the markers
    /// broke (a problem of the scan) and records whose body holds them; sorted by path.
    public func filesWithConflictMarkers(in set: RecordSet) -> [MarkedFile] {
        var found: [MarkedFile] = []
        for problem in set.problems {
            if case .conflict(.markers(let path, let hunks)) = problem.message {
                found.append(MarkedFile(path: path, line: problem.line ?? 1, hunks: hunks))
            }
        }
        for record in set.records {
            if let marked = Self.marked(record.document.text, path: record.path) { found.append(marked) }
        }
        return found.sorted { $0.path < $1.path }
    }

    /// The file with conflict markers that `reference` names: a path (from `workingDirectory`, else
    /// the vault's root), or a record that reads (markers only in its body).
    /// - Throws: ``FolioError`` `.conflict(.noMarkers)` when it names no file holding markers.
    public func markedFile(_ reference: String, workingDirectory: URL?) throws(FolioError) -> MarkedFile {
        var paths: [String] = []
        for base in [workingDirectory, root].compactMap({ $0 }) {
            // try?: a reference outside the vault is no path of it; a record is tried next.
            if let path = try? relativePath(of: reference, from: base) { paths.append(path) }
        }
        // try?: a reference that names no record may still be a path, tried above.
        if let record = try? findRecord(reference, workingDirectory: workingDirectory) { paths.append(record.path) }
        for path in paths where path.hasSuffix(".md") {
            if let marked = markedFile(at: path) { return marked }
        }
        throw FolioError(.conflict(.noMarkers(reference)))
    }

    /// Merges the conflict markers of `file` in one commit: `merge` rebuilds both sides from the
    /// markers and merges them (it returns nil when a side does not read as a record); the record
    /// must read afterwards, and a conflict copy is written only where nothing stands. The file is
    /// rewritten only when it is still the version read.
    public func resolveConflictMarkers(
        _ file: MarkedFile, merge: (ConflictMarkers, String) -> MarkerMerge?
    ) throws(FolioError) -> MarkerMerge {
        let message = "conflict: merge the markers of \(file.path)"
        return try inOneCommit(message) { () throws(FolioError) -> MarkerMerge in
            try withLock { () throws(FolioError) -> MarkerMerge in
                var written: [String] = []
                defer { recordChange(written, message) }
                guard let (bytes, version) = AtomicFile.read(url(file.path)) else {
                    throw FolioError(.fileUnreadable(String(cString: strerror(errno))), file: file.path)
                }
                guard let text = String(validating: bytes, as: UTF8.self) else { throw FolioError(.notUTF8, file: file.path) }
                guard let markers = ConflictMarkers.find(in: text) else { throw FolioError(.conflict(.noMarkers(file.path))) }
                guard let merged = merge(markers, text), readsBack(merged.text), ConflictMarkers.find(in: merged.text) == nil
                else { throw FolioError(.conflict(.markersNotARecord(path: file.path)), file: file.path, line: markers.firstLine) }
                if let copy = merged.copy {
                    try makeFolders(for: copy.path)
                    try writeFile(copy.text, at: copy.path, expecting: .absent)
                    written.append(copy.path)
                }
                try writeFile(merged.text, at: file.path, expecting: .version(version))
                written.append(file.path)
                return merged
            }
        }
    }

    /// Whether a merged text reads as a record, or as a note without front matter.
    private func readsBack(_ text: String) -> Bool {
        do {
            _ = try FrontMatterDocument(parsing: text, limits: frontMatterLimits)
            return true
        } catch {
            return error.kind == .missing
        }
    }
}
