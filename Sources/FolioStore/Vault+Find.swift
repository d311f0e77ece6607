import FolioCore
import Foundation

extension Vault {
    /// The record a user's reference names, found through the catalog without a look at every file.
    ///
    /// The catalog is opened with only its folders checked: a new, deleted or renamed file changes
    /// its folder's stamp, and only those folders are listed again (``catalog(scanStart:stampingFiles:)``).
    /// The reference is resolved among the rows, then the one file found is read and must still
    /// answer to it. Whenever that is not certain — nothing found, several records, or a file that
    /// no longer answers — the catalog is refreshed by every file's stamp and the reference resolved
    /// there, silently; so "not found" and "ambiguous" are always a full scan's answers.
    ///
    /// The trade-off: an edit in place that gives a second file the same id or title without
    /// changing its folder (no file added, removed or renamed) is seen by `check` and by the next
    /// listing command, not here: the record found is the one the catalog knew.
    /// - Throws: ``FolioError`` `.recordNotFound`, `.ambiguousReference`, `.pathOutsideVault`, or
    ///   the file's own problem when the reference is the path of a file that cannot be read.
    public func findRecord(_ reference: String, workingDirectory: URL? = nil) throws(FolioError) -> Record {
        if let record = findByID(reference) { return record }
        let text = try referenceText(reference, workingDirectory: workingDirectory)
        if let record = findByFolderStamps(text, tableMissing: Self.isWholeID(reference)) { return record }
        return try resolveInCatalog(reference, workingDirectory: workingDirectory, in: catalog())
    }

    /// The one record `text` names in the catalog checked by its folders' stamps alone, read from
    /// its file and still answering to `text`; nil sends the reference to the refreshed catalog.
    /// `tableMissing`: a whole id the id table could not answer, which is written now if it is
    /// missing (a vault's first run leaves it to this first lookup of a whole id).
    func findByFolderStamps(_ text: String, tableMissing: Bool = false) -> Record? {
        let catalog = catalog(scanStart: Self.nowNanoseconds(), stampingFiles: false)
        if tableMissing, !FileManager.default.fileExists(atPath: idTableURL.path) { Self.writeIDTable(catalog, to: idTableURL) }
        guard !catalog.problems.contains(where: { $0.file == text }), case .found(let position) = catalog.resolve(text) else { return nil }
        let record = readAnswering(text, catalog.summary(position))
        if let record { lastFound = (record.path, catalog) }
        return record
    }

    /// Whether `reference` is a whole id (a UUID, in any case), which the id table answers.
    static func isWholeID(_ reference: String) -> Bool { UUID(uuidString: reference) != nil }

    /// The record in `summary`'s file if it still has that id and still answers to `text`.
    private func readAnswering(_ text: String, _ summary: RecordSummary) -> Record? {
        guard case .record(let record) = Self.parse(path: summary.path, rootPath: root.path, limits: frontMatterLimits),
            record.id == summary.id, RecordReference.resolve(text, in: [record]) == .found(0)
        else { return nil }
        return record
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
        guard Self.isWholeID(lowered), let path = IDTable.path(for: lowered, in: idTableURL),
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
        switch catalog.resolve(text) {
        case .found(let index):
            if let record = readAnswering(text, catalog.summary(index)) { return record }
        case .ambiguous(let indexes):
            throw Self.ambiguity(reference, indexes.map { catalog.summary($0) })
        case .notFound:
            throw FolioError(.recordNotFound(reference))
        }
        return try resolve(reference, in: loadRecords(), workingDirectory: workingDirectory)
    }
}

extension Vault {
    /// The vault-relative path of a record named now, or of a record path typed (the record may
    /// be gone by now, as `log` and `show --at` allow).
    public func recordPath(_ reference: String, workingDirectory: URL) throws(FolioError) -> String {
        do {
            return try findRecord(reference, workingDirectory: workingDirectory).path
        } catch {
            // try?: a reference is tried as a path, then by id, title and alias; none matching is said.
            if let path = try? relativePath(of: reference, from: workingDirectory), path.hasSuffix(".md") { return path }
            if reference.hasSuffix(".md") && !reference.hasPrefix("/") && !reference.contains("..") { return reference }
            throw error
        }
    }
}
