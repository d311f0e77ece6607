import Foundation
import FolioCore

/// One thing `folio check` found.
public enum CheckFinding: Sendable, Equatable {
    case unreadable(FolioError)
    case orphan(path: String, parent: String, rule: DeleteRule)
    case duplicateID(id: String, paths: [String])
    case unknownKind(path: String, kind: String)
    case missingID(path: String)
    case missingRequired(path: String, key: String)
    case wrongType(path: String, key: String, type: String)
    case escapingLink(String)
    case strayTemporaryFile(String)
    case mediaMissing(file: String, record: String)
    case mediaCorrupt(file: String, records: [String])
    case mediaSizeMismatch(file: String, expected: UInt64, found: UInt64)
    case brokenLink(BrokenLink)
    case strayMediaFile(String)

    public var message: FolioError {
        switch self {
        case .unreadable(let error): error
        case .orphan(let path, let parent, _): FolioError(.checkOrphan(path: path, parent: parent))
        case .duplicateID(let id, let paths): FolioError(.checkDuplicateID(id: id, paths: paths))
        case .unknownKind(let path, let kind): FolioError(.checkUnknownKind(path: path, kind: kind))
        case .missingID(let path): FolioError(.checkMissingID(path))
        case .missingRequired(let path, let key): FolioError(.missingRequired(key: key, kind: ""), file: path)
        case .wrongType(let path, let key, let type): FolioError(.badFieldValue(key: key, type: type, value: "…"), file: path)
        case .escapingLink(let path): FolioError(.symlinkOutsideVault(path))
        case .strayTemporaryFile(let path): FolioError(.writeFailed("leftover temporary file \(path)"))
        case .mediaMissing(let file, let record): FolioError(.media(.missing(file: file, record: record)))
        case .mediaCorrupt(let file, let records): FolioError(.media(.corrupt(file: file, records: records)))
        case .mediaSizeMismatch(let file, let expected, let found):
            FolioError(.media(.sizeMismatch(file: file, expected: expected, found: found)))
        case .brokenLink(let link): FolioError(.media(.brokenLink(target: link.destination)), file: link.record, line: link.line)
        case .strayMediaFile(let path): FolioError(.media(.strayFile(path)))
        }
    }
}

extension Vault {
    /// Everything hand edits and crashes can leave behind.
    public func check(_ set: RecordSet) -> [CheckFinding] {
        var findings: [CheckFinding] = set.problems.map(CheckFinding.unreadable)
        var byID: [String: [String]] = [:]
        for record in set.records {
            guard let id = record.id else {
                findings.append(.missingID(path: record.path))
                continue
            }
            byID[id, default: []].append(record.path)
        }
        for (id, paths) in byID.sorted(by: { $0.key < $1.key }) where paths.count > 1 {
            findings.append(.duplicateID(id: id, paths: paths.sorted()))
        }
        for record in set.records {
            guard let kindName = record.kind, let kind = kinds[kindName] else {
                findings.append(.unknownKind(path: record.path, kind: record.kind ?? ""))
                continue
            }
            if let parent = record.parent, byID[parent] == nil {
                findings.append(.orphan(path: record.path, parent: parent, rule: kind.onParentDelete))
            }
            for spec in kind.fields {
                let node = record.document[spec.name]
                if node == nil || node?.resolved == .null {
                    if spec.required { findings.append(.missingRequired(path: record.path, key: spec.name)) }
                } else if let node, !spec.type.accepts(node.resolved, text: node.scalarText) {
                    findings.append(.wrongType(path: record.path, key: spec.name, type: spec.type.displayName))
                }
            }
        }
        findings += set.escapingLinks.map(CheckFinding.escapingLink)
        findings += strayTemporaryFiles().map(CheckFinding.strayTemporaryFile)
        return findings
    }

    /// Temporary files an interrupted write left beside records.
    func strayTemporaryFiles() -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: root.path) else { return [] }
        var found: [String] = []
        while let path = enumerator.nextObject() as? String {
            if path.hasPrefix(".git/") || path == ".git" || path.hasPrefix(".folio/local") { enumerator.skipDescendants(); continue }
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
