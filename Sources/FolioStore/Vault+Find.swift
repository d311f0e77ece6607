import Foundation
import FolioCore

extension Vault {
    /// The record a user's reference names, found through the catalog: the reference is resolved
    /// among the cached summaries (refreshed by the files' stamps), then only that file is parsed.
    ///
    /// When the file is no longer what the catalog says — its id changed, or it no longer answers
    /// to the reference (an edit that kept the file's size and time) — the whole vault is read and
    /// the reference resolved there, silently, so the answer is always the one a full scan gives.
    /// "Not found" and "ambiguous" come from the catalog, which knows every file a scan would.
    /// - Throws: ``FolioError`` `.recordNotFound`, `.ambiguousReference`, `.pathOutsideVault`, or
    ///   the file's own problem when the reference is the path of a file that cannot be read.
    public func findRecord(_ reference: String, workingDirectory: URL? = nil) throws(FolioError) -> Record {
        if let record = findByID(reference) { return record }
        return try resolveInCatalog(reference, workingDirectory: workingDirectory, in: catalog())
    }

    /// A full id found in the id table the catalog keeps (``IDTable``), without a look at any
    /// other file: the file it names is read and must still carry that id. Only a whole id: the
    /// table is as old as the catalog's last rewrite, so a record made since (by `new`, a pull, an
    /// editor) could make a prefix ambiguous unseen; ids are random, so a whole id is shared only
    /// by a hand copy, which `check` finds. Nil sends the reference through the refreshed
    /// catalog: no table, a reference that is no whole id, no such record, several, or a file
    /// that is not what the table says.
    func findByID(_ reference: String) -> Record? {
        let lowered = reference.lowercased()
        guard UUID(uuidString: lowered) != nil, let path = IDTable.path(for: lowered, in: idTableURL),
              // Never through a folder link leading out of the vault, whatever the table says.
              root.appendingPathComponent(path).resolvingSymlinksInPath().path.hasPrefix(root.resolvingSymlinksInPath().path + "/"),
              case .record(let record) = Self.parse(path: path, rootPath: root.path, limits: frontMatterLimits),
              record.id == lowered
        else { return nil }
        return record
    }

    /// The same, through a catalog already read (a command naming several records reads it once).
    /// `catalog` may be older than the files (tests pass one read before they change them).
    public func findRecord(_ reference: String, workingDirectory: URL?, in catalog: Catalog) throws(FolioError) -> Record {
        if let record = findByID(reference) { return record }
        return try resolveInCatalog(reference, workingDirectory: workingDirectory, in: catalog)
    }

    func resolveInCatalog(_ reference: String, workingDirectory: URL?, in catalog: Catalog) throws(FolioError) -> Record {
        let text = try referenceText(reference, workingDirectory: workingDirectory)
        if text.contains("/") || text.hasSuffix(".md"), let problem = catalog.problems.first(where: { $0.file == text }) {
            throw problem
        }
        switch RecordReference.resolve(text, in: catalog.names) {
        case .found(let index):
            let summary = catalog.summary(index)
            if case .record(let record) = Self.parse(path: summary.path, rootPath: root.path, limits: frontMatterLimits),
               record.id == summary.id, RecordReference.resolve(text, in: [record]) == .found(0) {
                return record
            }
        case .ambiguous(let indexes):
            throw Self.ambiguity(reference, indexes.map { catalog.summary($0) })
        case .notFound:
            throw FolioError(.recordNotFound(reference))
        }
        return try resolve(reference, in: loadRecords(), workingDirectory: workingDirectory)
    }
}
