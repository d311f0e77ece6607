import FolioCore
import Foundation
import Git

extension History {
    /// A record the merge would remove while a record it keeps names it as `parent`: kept, as a
    /// record changed on one device and removed on the other is kept. One device removed a baby
    /// (with its sleeps) while the other added a sleep to it: the baby comes back, as the base had
    /// it, and so do its own removed ancestors, so no child is left an orphan. Siblings the removal
    /// took stay removed. Only the merged outcome decides, so both devices keep the same records.
    ///
    /// - Parameters:
    ///   - ours: the local tip's files; `changes` are the merge's edits of them, extended here.
    /// - Returns: each record kept, with the record that needs it.
    func keepParents(
        base: OID?, baseFiles: [String: OID], ours: [String: OID], changes: inout [String: FileChange]
    ) throws -> [(path: String, child: String)] {
        guard let base else { return [] }
        var merged = ours
        for (path, change) in changes {
            switch change {
            case .blob(let blob, _): merged[path] = blob
            case .delete: merged[path] = nil
            }
        }
        var removedByID: [String: String] = [:]
        for (path, blob) in baseFiles where Self.isRecordPath(path) && merged[path] == nil {
            if let id = try recordKey("id", of: blob, at: path) { removedByID[id] = path }
        }
        guard !removedByID.isEmpty else { return [] }

        // Only records new or changed since the base can name a parent the merge removed.
        var queue = merged.filter { Self.isRecordPath($0.key) && baseFiles[$0.key] != $0.value }.map(\.key).sorted()
        var kept: [(path: String, child: String)] = []
        while !queue.isEmpty {
            let child = queue.removeFirst()
            guard let blob = merged[child], let parentID = try recordKey("parent", of: blob, at: child),
                let parentPath = removedByID.removeValue(forKey: parentID), let original = baseFiles[parentPath]
            else { continue }
            changes[parentPath] = .blob(original, mode: try repository.fileMode(at: parentPath, in: base) ?? .regular)
            merged[parentPath] = original
            kept.append((parentPath, child))
            queue.append(parentPath)
        }
        return kept
    }

    /// A record file, not a conflict copy kept beside one.
    private static func isRecordPath(_ path: String) -> Bool {
        path.hasSuffix(".md") && !path.contains(".conflict-") && !path.hasPrefix(".folio/")
    }

    /// A top-level scalar of the record in `blob`, the file at `path`; nil when it does not read as a record.
    private func recordKey(_ key: String, of blob: OID, at path: String) throws -> String? {
        guard let text = String(data: try repository.blob(blob, path: path), encoding: .utf8) else { return nil }
        // try?: a side that is not a record has no parent key to keep.
        return (try? FrontMatterDocument(parsing: text))?.string(key)
    }
}
