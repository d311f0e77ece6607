import FolioCore
import Foundation
import Git

extension History {
    /// The base of the conflict markers in the file at `path` as of commit `start` (HEAD when nil):
    /// the file as git's merge base had it when the markers were made. The walk goes back from
    /// `start` through the commits whose file still holds markers (a later sync merge, a rename, an
    /// edit beside them) to the one that brought them in; when that is a merge of two parents, the
    /// merge base of the two holds the base version, at the path the merge or a parent had, else as
    /// the record with the same `id` (renamed since).
    ///
    /// Nil when history knows no base: `start`'s file holds no markers (they were never committed),
    /// a commit of one parent brought them in (a rebase, a hand commit), the merge base had no such
    /// file (both sides added it), or the history cannot be read. The markers' own base then stands.
    public func markerBase(of path: String, id: String?, from start: OID? = nil) -> Data? {
        do {
            return try MarkerBaseSearch(repository: repository, id: id).base(of: path, from: start)
        } catch {
            // Unreadable history gives no base, never a wrong one: the markers' own base stands, as before.
            return nil
        }
    }
}

/// The walk ``History/markerBase(of:id:from:)`` makes.
struct MarkerBaseSearch {
    let repository: Repository
    /// The record's `id`, to find it where it had another path.
    let id: String?
    /// How far back the walk goes, in commits that keep the markers: a bound, not a budget.
    static let walkLimit = 10_000

    func base(of path: String, from start: OID?) throws -> Data? {
        guard var commit = try start ?? repository.head(), var blob = try repository.blobID(at: path, in: commit),
            try hasMarkers(blob, path: path)
        else { return nil }
        var path = path
        var marked: Set<OID> = [blob]
        for _ in 0..<Self.walkLimit {
            let parents = try repository.commit(commit).parents
            var paths = [path]
            var inherited: (commit: OID, path: String, blob: OID)?
            for parent in parents {
                guard let found = try locate(path, blob: blob, from: commit, in: parent) else { continue }
                paths.append(found.path)
                if inherited == nil, try marked.contains(found.blob) || hasMarkers(found.blob, path: found.path) {
                    inherited = (parent, found.path, found.blob)
                    marked.insert(found.blob)
                }
            }
            if let inherited {
                (commit, path, blob) = inherited
                continue
            }
            // `commit` brought the markers in: a merge's two parents were the sides.
            guard parents.count == 2, let base = try repository.mergeBase(parents[0], parents[1]) else { return nil }
            return try file(in: base, at: paths, parents: parents)
        }
        return nil
    }

    /// The file `parent` had that is the file at `path` in `commit` (blob `blob`): at the same
    /// path, else (renamed by `commit`) a file `commit` no longer has with the same bytes or `id`.
    private func locate(_ path: String, blob: OID, from commit: OID, in parent: OID) throws -> (path: String, blob: OID)? {
        if let same = try repository.blobID(at: path, in: parent) { return (path, same) }
        for (gone, now) in try repository.differingFiles(from: parent, to: commit).sorted(by: { $0.key < $1.key })
        where now == nil && gone.hasSuffix(".md") {
            guard let old = try repository.blobID(at: gone, in: parent) else { continue }
            if try old == blob || isTheRecord(try repository.blob(old, path: gone)) { return (gone, old) }
        }
        return nil
    }

    /// The base's version of the record: at one of `paths` (the record's, not another's that took
    /// the path), else the base's file with the same `id` that a parent no longer has there.
    private func file(in base: OID, at paths: [String], parents: [OID]) throws -> Data? {
        var tried = Set<String>()
        for path in paths where tried.insert(path).inserted {
            guard let data = try repository.blob(at: path, in: base) else { continue }
            if id == nil || recordID(data) == nil || isTheRecord(data) { return data }
        }
        guard id != nil else { return nil }
        for parent in parents {
            for (gone, now) in try repository.differingFiles(from: base, to: parent).sorted(by: { $0.key < $1.key })
            where now == nil && gone.hasSuffix(".md") && !tried.contains(gone) {
                tried.insert(gone)
                if let data = try repository.blob(at: gone, in: base), isTheRecord(data) { return data }
            }
        }
        return nil
    }

    private func hasMarkers(_ blob: OID, path: String) throws -> Bool {
        let data = try repository.blob(blob, path: path)
        guard let text = String(validating: Array(data), as: UTF8.self) else { return false }
        return ConflictMarkers.find(in: text) != nil
    }

    private func isTheRecord(_ data: Data) -> Bool {
        guard let id else { return false }
        return recordID(data) == id
    }

    /// The `id` of the record `data` holds; nil for a file that does not read as one.
    private func recordID(_ data: Data) -> String? {
        guard let text = String(validating: Array(data), as: UTF8.self) else { return nil }
        do {
            return try FrontMatterDocument(parsing: text).string("id")
        } catch {
            return nil  // No front matter: no id to match, which the callers treat as another file.
        }
    }
}
