import FolioCore
import Foundation
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

/// A copy sync kept beside a file when both devices changed it: `<stem>.conflict-<device>-<YYYYMMDD-HHMMSS><ext>`.
public struct ConflictCopy: Sendable, Equatable {
    /// The copy, vault-relative.
    public var path: String
    /// The file it was kept beside, vault-relative.
    public var record: String
    public var recordExists: Bool
    /// The device the copy's version came from, as its name says (slugged).
    public var device: String
    /// When that version was last changed, as its name says: `2026-11-22 02:00:00 UTC`; empty when the name has no stamp.
    public var time: String

    /// The device and time a copy's name holds: `a/b.conflict-my-laptop-20261122-020000.md` → (`my-laptop`, `2026-11-22 02:00:00 UTC`).
    static func origin(of path: String) -> (device: String, time: String) {
        let name = (path as NSString).lastPathComponent
        guard let marker = name.range(of: ".conflict-", options: .backwards) else { return ("", "") }
        let rest = Array(name[marker.upperBound...].unicodeScalars)
        guard rest.count >= 15 else { return (String(String.UnicodeScalarView(rest)), "") }
        for start in stride(from: rest.count - 15, through: 0, by: -1) {
            let stamp = Array(rest[start..<(start + 15)])
            let isStamp = stamp.enumerated().allSatisfy { offset, scalar in
                offset == 8 ? scalar == "-" : ("0"..."9").contains(scalar)
            }
            guard isStamp else { continue }
            let device = start > 0 ? String(String.UnicodeScalarView(rest[..<(start - 1)])) : ""
            let digits = String(String.UnicodeScalarView(stamp))
            func part(_ from: Int, _ count: Int) -> Substring {
                let lower = digits.index(digits.startIndex, offsetBy: from)
                return digits[lower..<digits.index(lower, offsetBy: count)]
            }
            let time = "\(part(0, 4))-\(part(4, 2))-\(part(6, 2)) \(part(9, 2)):\(part(11, 2)):\(part(13, 2)) UTC"
            return (device, time)
        }
        return ("", "")
    }

    /// When that version was last changed, on the clock of `zone` to the minute (`2026-11-22
    /// 10:00`), as the page's other times are written; empty when the name has no stamp.
    public func localTime(in zone: TimeZone) -> String {
        guard time.hasSuffix(" UTC"), let stamp = Timestamp(time.dropLast(4).replacingOccurrences(of: " ", with: "T") + "Z") else {
            return ""
        }
        let local = Timestamp(date: stamp.date, zone: zone).text
        return String(local.prefix(16)).replacingOccurrences(of: "T", with: " ")
    }
}

/// What `folio conflicts resolve --keep` keeps.
public enum ConflictKeep: String, Sendable, CaseIterable {
    /// The record as it stands; the copy is removed.
    case mine
    /// The copy's version replaces the record.
    case theirs
    /// The record, with the copy's body appended under a heading that lists the keys that differ.
    case both
}

/// What resolving one conflict copy did.
public struct ConflictResolution: Sendable, Equatable {
    public var copy: ConflictCopy
    public var keep: ConflictKeep
    /// With `both`: the keys whose values differed in the copy (listed in the record).
    public var differingKeys: [String]
}

extension Vault {
    /// Every conflict copy in the vault, sorted by path, each with the file it was kept beside.
    public func listConflictCopies() -> [ConflictCopy] {
        allFiles().filter { Self.isConflictCopy($0) }.map(conflictCopy(at:))
    }

    func conflictCopy(at path: String) -> ConflictCopy {
        let record = Self.conflictOriginal(path)
        let origin = ConflictCopy.origin(of: path)
        return ConflictCopy(
            path: path, record: record, recordExists: FileManager.default.fileExists(atPath: url(record).path),
            device: origin.device, time: origin.time)
    }

    /// The conflict copy a path the user typed names (from `workingDirectory`, else the vault's
    /// root); nil when it names no existing conflict copy.
    public func conflictCopy(typed reference: String, workingDirectory: URL?) -> ConflictCopy? {
        guard Self.isConflictCopy(reference) else { return nil }
        let candidates = [workingDirectory, root].compactMap { $0 }
        for base in candidates {
            // try?: a reference outside the vault names no conflict copy; the others are still looked at.
            guard let path = try? relativePath(of: reference, from: base) else { continue }
            var info = stat()
            if lstat(url(path).path, &info) == 0, info.st_mode & S_IFMT == S_IFREG { return conflictCopy(at: path) }
        }
        return nil
    }

    /// The conflict copy `reference` names: the copy's path, or a record (id, prefix, path, slug)
    /// that has exactly one copy.
    /// - Throws: ``FolioError`` `.conflict(.notACopy)` when it names neither, `.conflict(.severalCopies)`
    ///   when the record has more than one.
    public func findConflictCopy(_ reference: String, workingDirectory: URL?) throws(FolioError) -> ConflictCopy {
        if let copy = conflictCopy(typed: reference, workingDirectory: workingDirectory) { return copy }
        let all = listConflictCopies()
        var recordPath: String?
        // try?: a reference is tried as a record, then as a path; neither matching is said below.
        if let record = try? findRecord(reference, workingDirectory: workingDirectory) {
            recordPath = record.path
            // try?: a reference is tried as a record, then as a path; neither matching is said below.
        } else if let typed = try? relativePath(of: reference, from: workingDirectory ?? root), all.contains(where: { $0.record == typed })
        {
            // A record that is gone, named by its path.
            recordPath = typed
        }
        let copies = all.filter { $0.record == recordPath }
        guard let first = copies.first else { throw FolioError(.conflict(.notACopy(reference))) }
        guard copies.count == 1 else { throw FolioError(.conflict(.severalCopies(record: first.record, copies: copies.map(\.path)))) }
        return first
    }

    /// Settles a conflict copy in one commit (one `folio undo` brings the copy back): `mine` removes
    /// it, `theirs` puts its version in the record's place, `both` appends its body to the record
    /// under a heading in the vault's language, with the keys that differ. A file that does not
    /// parse is never rewritten: the record must parse for `both`, the copy for `theirs` and `both`
    /// (unless it is not a record file at all, which `theirs` copies byte for byte).
    public func resolveConflict(_ copy: ConflictCopy, keep: ConflictKeep) throws(FolioError) -> ConflictResolution {
        let message = "conflict: keep \(keep.rawValue) of \(copy.record)"
        return try inOneCommit(message) { () throws(FolioError) -> ConflictResolution in
            try withLock { () throws(FolioError) -> ConflictResolution in
                var written: [String] = []
                var keys: [String] = []
                defer { recordChange(written, message) }
                let recordExists = FileManager.default.fileExists(atPath: url(copy.record).path)
                var copyVersion: FileVersion?
                switch keep {
                case .mine:
                    break
                case .theirs:
                    copyVersion = try putCopyInPlace(copy)
                    written.append(copy.record)
                case .both where !recordExists:
                    copyVersion = try putCopyInPlace(copy)
                    written.append(copy.record)
                case .both:
                    (keys, copyVersion) = try appendCopy(copy)
                    written.append(copy.record)
                }
                try removeCopy(copy, version: copyVersion)
                written.append(copy.path)
                return ConflictResolution(copy: copy, keep: keep, differingKeys: keys)
            }
        }
    }

    /// Removes conflict copies (`folio rm COPY`), in one commit.
    public func removeConflictCopies(_ copies: [ConflictCopy]) throws(FolioError) {
        guard !copies.isEmpty else { return }
        let message = copies.count == 1 ? "conflict: remove \(copies[0].path)" : "conflict: remove \(copies.count) copies"
        try withLock { () throws(FolioError) in
            var removed: [String] = []
            defer { recordChange(removed, message) }
            for copy in copies {
                try removeFile(at: copy.path)
                removed.append(copy.path)
            }
        }
    }

    /// The copy's text as a record, with the version read; refused when it does not parse.
    private func copyDocument(_ copy: ConflictCopy) throws(FolioError) -> (document: FrontMatterDocument, version: FileVersion) {
        let (bytes, version) = try readCopy(copy)
        guard let text = String(validating: bytes, as: UTF8.self),
            // try?: the failure is the refusal thrown in the else.
            let document = try? FrontMatterDocument(parsing: text, limits: frontMatterLimits)
        else { throw FolioError(.conflict(.copyNotARecord(copy: copy.path))) }
        return (document, version)
    }

    private func readCopy(_ copy: ConflictCopy) throws(FolioError) -> (bytes: [UInt8], version: FileVersion) {
        guard let read = AtomicFile.read(url(copy.path)) else {
            throw FolioError(.fileUnreadable(String(cString: strerror(errno))), file: copy.path)
        }
        return read
    }

    /// What stands at the record's path now, for a write that must not land over a later save.
    private func currentVersion(of path: String) throws(FolioError) -> FileReplacement.Expectation {
        if let (_, version) = AtomicFile.read(url(path)) { return .version(version) }
        var info = stat()
        if errno == ENOENT, lstat(url(path).path, &info) != 0 { return .absent }
        throw FolioError(.fileUnreadable(String(cString: strerror(errno))), file: path)
    }

    /// The copy's version at the record's path: a record's text once it parses, any other file byte
    /// for byte; the copy's version as read, for its removal.
    private func putCopyInPlace(_ copy: ConflictCopy) throws(FolioError) -> FileVersion {
        try requireInside(folderOf: copy.record)
        let expected = try currentVersion(of: copy.record)
        if copy.record.hasSuffix(".md") {
            let (document, version) = try copyDocument(copy)
            try writeFile(document.text, at: copy.record, expecting: expected)
            return version
        }
        let (bytes, version) = try readCopy(copy)
        do throws(FolioError) {
            try AtomicFile.write(bytes, to: url(copy.record), expecting: expected)
        } catch {
            if case .file(.changedWhileWriting) = error.message { throw FolioError(error.message, file: copy.record) }
            throw error
        }
        return version
    }

    /// The record with the copy's body and differing keys appended; its `modified` set to now. A
    /// save to the record landing meanwhile is kept, and the copy appended to it again.
    private func appendCopy(_ copy: ConflictCopy) throws(FolioError) -> (keys: [String], copyVersion: FileVersion) {
        guard copy.record.hasSuffix(".md") else { throw FolioError(.conflict(.copyNotARecord(copy: copy.path))) }
        let (theirs, copyVersion) = try copyDocument(copy)
        let language = settings.language
        let heading = Message.conflict(.otherVersionHeading(device: copy.device, time: copy.localTime(in: clock.zone))).text(language)
        let keysLine = Message.conflict(.differingKeys).text(language)
        let keys = try redoingOnChange { () throws(FolioError) -> [String] in
            let (mine, version) = try readForWriting(copy.record)
            let text: String
            let keys: [String]
            do throws(FrontMatterError) {
                let merged = try ConflictMerge.keepBoth(mine: mine.document, theirs: theirs, heading: heading, keysLine: keysLine)
                var document = try FrontMatterDocument(parsing: merged.text, limits: frontMatterLimits)
                if merged.text != mine.document.text {
                    try document.set("modified", .raw(clock.timestamp.text), preceding: ["id", "kind", "title", "created"])
                }
                (text, keys) = (document.text, merged.keys)
            } catch {
                throw FolioError(error, file: copy.record, text: mine.document.text)
            }
            try writeFile(text, at: copy.record, expecting: .version(version))
            return keys
        }
        return (keys, copyVersion)
    }

    /// Removes a conflict copy when it is still the version read (a copy edited meanwhile stays).
    private func removeCopy(_ copy: ConflictCopy, version: FileVersion?) throws(FolioError) {
        guard let version else { return try removeFile(at: copy.path) }
        do throws(FolioError) {
            try AtomicFile.remove(url(copy.path), expecting: version)
        } catch {
            if case .file(.changedWhileWriting) = error.message { throw FolioError(error.message, file: copy.path) }
            throw error
        }
    }
}

extension Vault {
    /// The text of a conflict copy sync kept, as it is.
    public func text(of copy: ConflictCopy) throws(FolioError) -> String {
        guard let bytes = Vault.readFile(url(copy.path).path) else {
            throw FolioError(.fileUnreadable(String(cString: strerror(errno))), file: copy.path)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A conflict copy read as a record; one that does not parse is named with its line and column.
    public func record(of copy: ConflictCopy, text: String) throws(FolioError) -> Record {
        do {
            return Record(path: copy.path, document: try FrontMatterDocument(parsing: text, limits: frontMatterLimits))
        } catch {
            throw FolioError(error, file: copy.path, text: text)
        }
    }
}
