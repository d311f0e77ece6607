import Clibgit2
import Foundation
import GitIndex

/// An object the repository's history needs and its object store does not hold (or cannot read).
public struct MissingObject: Sendable, Hashable {
    public enum Kind: String, Sendable {
        case commit, tree, blob, tag
    }

    public var id: OID
    public var kind: Kind
    /// Where it is needed from: a reference, or the commit (and the path in it) that names it.
    public var neededBy: String
}

extension Repository {
    /// Every object reachable from the references, HEAD, their reflogs and the index that the
    /// object store lacks, as `git fsck --connectivity-only` finds them: commits, trees and tags
    /// are read, blobs only looked up. At most `limit` are listed; a commit missing hides the
    /// history behind it, which is not walked. A shallow clone's roots (``shallowRoots``) end the walk.
    public func missingObjects(limit: Int = 50) throws -> [MissingObject] {
        var walk = ConnectivityWalk(repository: self, odb: try objectDatabase(), shallow: Set(try shallowRoots), limit: limit)
        defer { git_odb_free(walk.odb) }
        try checkIndexBlobs(&walk)
        for root in try connectivityRoots() { walk.push(root) }
        walk.run()
        return walk.missing
    }

    /// The commits a shallow clone's history is cut at (git's `.git/shallow`); empty for a full history.
    /// A `shallow` file that is there and cannot be read is an error, never a full history.
    public var shallowRoots: [OID] {
        get throws {
            let url = gitDirectory.appendingPathComponent("shallow")
            guard FileManager.default.fileExists(atPath: url.path) else { return [] }
            let text = try String(contentsOf: url, encoding: .utf8)
            return text.split(whereSeparator: \.isNewline).compactMap { OID(hex: String($0)) }
        }
    }

    func objectDatabase() throws -> OpaquePointer {
        var odb: OpaquePointer?
        try check(git_repository_odb(&odb, pointer), "git_repository_odb")
        guard let odb else { throw GitError(code: .notFound, message: "no object database", function: "git_repository_odb") }
        return odb
    }

    /// The index's blobs, looked up as they are listed: a visit with its path for each of them
    /// was 50 MB at 300,000 files. The index is read as folio reads it for a status (and kept
    /// for the status that follows); libgit2's copy of it, 90 MB at 300,000 files and kept for the
    /// repository's life, is loaded only for an index folio's reader leaves to libgit2.
    func checkIndexBlobs(_ walk: inout ConnectivityWalk) throws {
        if let file = currentIndexFile() {
            for position in file.entries.indices where file.entries[position].stat.mode != 0o160000 {
                walk.lookUpBlob(OID(file.entries[position].oid), neededBy: "index") { file.path(position) }
            }
            return
        }
        // An index that cannot be read is an error of the check, never "nothing the index needs".
        var index: OpaquePointer?
        try check(git_repository_index(&index, pointer), "git_repository_index")
        defer { git_index_free(index) }
        guard let index else { return }
        for position in 0..<git_index_entrycount(index) {
            guard let entry = git_index_get_byindex(index, position), entry.pointee.mode != 0o160000 else { continue }
            walk.lookUpBlob(OID(entry.pointee.id), neededBy: "index") { string(entry.pointee.path) ?? "?" }
        }
    }

    /// Where the walk starts: each reference and HEAD, and the ids their reflogs name.
    func connectivityRoots() throws -> [ConnectivityWalk.Visit] {
        var names = git_strarray()
        try check(git_reference_list(&names, pointer), "git_reference_list")
        defer { git_strarray_dispose(&names) }
        var references = ["HEAD"]
        for index in 0..<names.count { if let name = string(names.strings[index]) { references.append(name) } }
        var roots: [ConnectivityWalk.Visit] = []
        for name in references {
            if let oid = try reference(named: name) { roots.append(ConnectivityWalk.Visit(oid: oid, kind: .commit, neededBy: name)) }
            roots += try reflogIDs(of: name).map { ConnectivityWalk.Visit(oid: $0, kind: .commit, neededBy: name + "@{…}") }
        }
        return roots
    }

    private func reflogIDs(of name: String) throws -> [OID] {
        var reflog: OpaquePointer?
        guard try succeeded(git_reflog_read(&reflog, pointer, name), "git_reflog_read", unless: GIT_ENOTFOUND), let reflog else {
            return []
        }
        defer { git_reflog_free(reflog) }
        var ids: [OID] = []
        for position in 0..<git_reflog_entrycount(reflog) {
            guard let entry = git_reflog_entry_byindex(reflog, position) else { continue }
            for id in [git_reflog_entry_id_old(entry), git_reflog_entry_id_new(entry)] {
                if let id, git_oid_is_zero(id) == 0 { ids.append(OID(id.pointee)) }
            }
        }
        return ids
    }
}

/// The walk behind ``Repository/missingObjects(limit:)``: each object visited once.
struct ConnectivityWalk {
    /// An object to visit, and where it is needed from: a reference or a commit, and a path in its tree.
    struct Visit {
        var oid: OID
        var kind: MissingObject.Kind
        var neededBy: String
        var path = ""
    }

    let repository: Repository
    let odb: OpaquePointer
    let shallow: Set<OID>
    /// How many missing objects are listed at most.
    let limit: Int
    var pending: [Visit] = []
    var seen = Set<OID>()
    var missing: [MissingObject] = []

    init(repository: Repository, odb: OpaquePointer, shallow: Set<OID>, limit: Int) {
        self.repository = repository
        self.odb = odb
        self.shallow = shallow
        self.limit = limit
    }

    /// A blob is only looked up, when it is met (its bytes are not needed to know it is there),
    /// and its path made only when it is missing.
    mutating func lookUpBlob(_ oid: OID, neededBy: String, path: () -> String) {
        guard missing.count < limit, seen.insert(oid).inserted, !exists(oid) else { return }
        note(Visit(oid: oid, kind: .blob, neededBy: neededBy, path: path()))
    }

    mutating func push(_ visit: Visit) {
        if seen.insert(visit.oid).inserted { pending.append(visit) }
    }

    func exists(_ oid: OID) -> Bool {
        var raw = oid.raw
        return git_odb_exists(odb, &raw) == 1
    }

    mutating func note(_ visit: Visit) {
        let place = visit.path.isEmpty ? visit.neededBy : visit.neededBy + ", " + visit.path
        missing.append(MissingObject(id: visit.oid, kind: visit.kind, neededBy: place))
    }

    mutating func run() {
        while missing.count < limit, let next = pending.popLast() { visit(next) }
    }

    /// Looks `next` up, and reads it for what it names when it is a commit, tree or tag.
    mutating func visit(_ next: Visit) {
        guard exists(next.oid) else { return note(next) }
        // A root can be a blob (a tag may point at one): it is only looked up.
        guard next.kind != .blob else { return }
        var raw = next.oid.raw
        var object: OpaquePointer?
        // An object that does not read (absent, or damaged) is reported as missing.
        guard succeededElseFallBack(git_object_lookup(&object, repository.pointer, &raw, GIT_OBJECT_ANY)), let object else {
            return note(next)
        }
        defer { git_object_free(object) }
        switch git_object_type(object) {
        case GIT_OBJECT_COMMIT: visitCommit(object, next.oid)
        case GIT_OBJECT_TREE: visitTree(object, next)
        case GIT_OBJECT_TAG:
            if let target = git_tag_target_id(object) {
                push(Visit(oid: OID(target.pointee), kind: .commit, neededBy: "tag \(next.oid.short)"))
            }
        default: break
        }
    }

    mutating func visitCommit(_ commit: OpaquePointer, _ oid: OID) {
        if let tree = git_commit_tree_id(commit) { push(Visit(oid: OID(tree.pointee), kind: .tree, neededBy: "commit \(oid.short)")) }
        // A shallow clone's history is cut here: the parents were never fetched.
        guard !shallow.contains(oid) else { return }
        for position in 0..<git_commit_parentcount(commit) {
            if let parent = git_commit_parent_id(commit, position) {
                push(Visit(oid: OID(parent.pointee), kind: .commit, neededBy: "commit \(oid.short)"))
            }
        }
    }

    mutating func visitTree(_ tree: OpaquePointer, _ visit: Visit) {
        for position in 0..<git_tree_entrycount(tree) {
            guard let entry = git_tree_entry_byindex(tree, position), let id = git_tree_entry_id(entry) else { continue }
            func path() -> String { visit.path + (string(git_tree_entry_name(entry)) ?? "?") }
            switch git_tree_entry_type(entry) {
            case GIT_OBJECT_TREE: push(Visit(oid: OID(id.pointee), kind: .tree, neededBy: visit.neededBy, path: path() + "/"))
            case GIT_OBJECT_BLOB: lookUpBlob(OID(id.pointee), neededBy: visit.neededBy, path: path)
            default: break
            }
        }
    }
}
