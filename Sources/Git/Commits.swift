import Clibgit2
import Foundation

extension Repository {
    /// Commits what is staged in the index on the current branch and returns the new commit's id.
    ///
    /// When `paths` is given they are staged first (see ``stage(paths:)``); anything else already
    /// staged goes in too, and nothing unstaged does. On an unborn branch this makes the root commit.
    /// The message gets git's whitespace cleanup (trailing blanks trimmed, one final newline).
    /// An index with conflicts fails with `.unmerged`.
    @discardableResult
    public func commit(message: String, author: Signature, committer: Signature, paths: [String]? = nil) throws -> OID {
        if let paths { try stage(paths: paths) }
        let parents = try head().map { [$0] } ?? []
        return try commit(message: message, author: author, committer: committer, parents: parents)
    }

    /// Commits the index as the tree with exactly these parents, moves HEAD's branch to it and returns its id.
    ///
    /// This is how a merge is recorded: write the merged files into the working directory, stage
    /// them, and commit with `[ours, theirs]`. The first parent must be the current HEAD (or the list
    /// empty on an unborn branch); otherwise libgit2 refuses with `.modified` rather than lose commits.
    @discardableResult
    public func commit(message: String, author: Signature, committer: Signature, parents: [OID]) throws -> OID {
        let tree = try withIndex { index in
            var tree = git_oid()
            try check(git_index_write_tree(&tree, index), "git_index_write_tree")
            return OID(tree)
        }
        return try createCommit(
            tree: tree, parents: parents, message: message, author: author, committer: committer, updateReference: "HEAD")
    }

    /// Writes a commit object for `tree` and, when `updateReference` is given, moves that reference to it.
    func createCommit(
        tree: OID, parents: [OID], message: String, author: Signature, committer: Signature, updateReference: String?
    ) throws -> OID {
        let cleaned = try prettify(message)
        var parentHandles: [OpaquePointer?] = []
        defer { parentHandles.forEach { git_commit_free($0) } }
        for parent in parents {
            var raw = parent.raw
            var handle: OpaquePointer?
            try check(git_commit_lookup(&handle, pointer, &raw), "git_commit_lookup")
            parentHandles.append(handle)
        }
        return try withTree(tree) { treeHandle in
            try author.withRaw { author in
                try committer.withRaw { committer in
                    var oid = git_oid()
                    try parentHandles.withUnsafeMutableBufferPointer { buffer in
                        _ = try check(
                            git_commit_create(
                                &oid, pointer, updateReference, author, committer, nil, cleaned, treeHandle,
                                buffer.count, buffer.baseAddress),
                            "git_commit_create")
                    }
                    return OID(oid)
                }
            }
        }
    }

    private func prettify(_ message: String) throws -> String {
        try requireNoNUL(message, "git_message_prettify")
        var buffer = git_buf()
        defer { git_buf_dispose(&buffer) }
        try check(git_message_prettify(&buffer, message, 0, CChar(UInt8(ascii: "#"))), "git_message_prettify")
        return string(buffer.ptr) ?? ""
    }

    /// The commit `oid`, read into plain values.
    public func commit(_ oid: OID) throws -> Commit {
        try withCommit(oid) { handle in
            try Commit(handle)
        }
    }

    /// Commits reachable from `start` (default HEAD), newest first, at most `limit` of them.
    ///
    /// With `path`, only commits whose tree differs from their first parent's at that path (a file or a
    /// directory) are listed; a root commit counts when it has the path. An unborn branch has no log.
    public func log(from start: OID? = nil, limit: Int? = nil, path: String? = nil) throws -> [Commit] {
        guard let start = try start ?? head() else { return [] }
        if let path { try requireNoNUL(path, "git_tree_entry_bypath") }
        if let limit, limit <= 0 { return [] }

        var walk: OpaquePointer?
        try check(git_revwalk_new(&walk, pointer), "git_revwalk_new")
        defer { git_revwalk_free(walk) }
        try check(git_revwalk_sorting(walk, GIT_SORT_TOPOLOGICAL.rawValue | GIT_SORT_TIME.rawValue), "git_revwalk_sorting")
        var raw = start.raw
        try check(git_revwalk_push(walk, &raw), "git_revwalk_push")

        var commits: [Commit] = []
        var next = git_oid()
        while true {
            guard try succeeded(git_revwalk_next(&next, walk), "git_revwalk_next", unless: GIT_ITEROVER) else { break }
            let include = try withCommit(OID(next)) { handle in
                try path.map { try touches(handle, path: $0) } ?? true
            }
            if include {
                commits.append(try commit(OID(next)))
                if let limit, commits.count >= limit { break }
            }
        }
        return commits
    }

    /// The commits reachable from `start` and from none of `hidden` (what a push of `start` sends
    /// to a remote whose branch is at one of them), each with its parents, in no useful order.
    public func commits(from start: OID, hiding hidden: [OID]) throws -> [(commit: OID, parents: [OID])] {
        var walk: OpaquePointer?
        try check(git_revwalk_new(&walk, pointer), "git_revwalk_new")
        defer { git_revwalk_free(walk) }
        var raw = start.raw
        try check(git_revwalk_push(walk, &raw), "git_revwalk_push")
        for oid in hidden {
            var hiddenRaw = oid.raw
            try check(git_revwalk_hide(walk, &hiddenRaw), "git_revwalk_hide")
        }
        var commits: [(OID, [OID])] = []
        var next = git_oid()
        while true {
            guard try succeeded(git_revwalk_next(&next, walk), "git_revwalk_next", unless: GIT_ITEROVER) else { break }
            commits.append((OID(next), try commit(OID(next)).parents))
        }
        return commits
    }

    /// Whether `commit` changed `path` relative to its first parent.
    private func touches(_ commit: OpaquePointer, path: String) throws -> Bool {
        let mine = try withTree(of: commit) { try entry(in: $0, path: path) }
        guard git_commit_parentcount(commit) > 0 else { return mine != nil }
        var parent: OpaquePointer?
        try check(git_commit_parent(&parent, commit, 0), "git_commit_parent")
        defer { git_commit_free(parent) }
        guard let parent else { return mine != nil }
        let theirs = try withTree(of: parent) { try entry(in: $0, path: path) }
        return mine != theirs
    }

    /// The id and file mode at `path` in `tree`, or nil when nothing is there.
    func entry(in tree: OpaquePointer, path: String) throws -> TreeEntryID? {
        var entry: OpaquePointer?
        guard try succeeded(git_tree_entry_bypath(&entry, tree, path), "git_tree_entry_bypath", unless: GIT_ENOTFOUND) else { return nil }
        defer { git_tree_entry_free(entry) }
        guard let id = git_tree_entry_id(entry)?.pointee else { return nil }
        return TreeEntryID(oid: OID(id), mode: git_tree_entry_filemode(entry).rawValue, type: git_tree_entry_type(entry))
    }

    /// The paths a commit changed against its first parent (every file, for a root commit), sorted.
    public func changedPaths(of oid: OID) throws -> [String] {
        try withCommit(oid) { commit in
            var parentTree: OpaquePointer?
            defer { git_tree_free(parentTree) }
            if git_commit_parentcount(commit) > 0 {
                var parent: OpaquePointer?
                try check(git_commit_parent(&parent, commit, 0), "git_commit_parent")
                defer { git_commit_free(parent) }
                try check(git_commit_tree(&parentTree, parent), "git_commit_tree")
            }
            return try withTree(of: commit) { tree in
                var options = git_diff_options()
                try check(git_diff_options_init(&options, UInt32(GIT_DIFF_OPTIONS_VERSION)), "git_diff_options_init")
                var diff: OpaquePointer?
                try check(git_diff_tree_to_tree(&diff, pointer, parentTree, tree, &options), "git_diff_tree_to_tree")
                defer { git_diff_free(diff) }
                var paths = Set<String>()
                for position in 0..<git_diff_num_deltas(diff) {
                    guard let delta = git_diff_get_delta(diff, position)?.pointee else { continue }
                    if let path = string(delta.old_file.path) { paths.insert(path) }
                    if let path = string(delta.new_file.path) { paths.insert(path) }
                }
                return paths.sorted()
            }
        }
    }
}

/// What a tree holds at a path, for comparing two trees without reading blobs.
struct TreeEntryID: Equatable {
    var oid: OID
    var mode: UInt32
    var type: git_object_t
}

extension Commit {
    init(_ handle: OpaquePointer) throws {
        guard let id = git_commit_id(handle)?.pointee else {
            throw GitError(code: .other(-1), message: "commit has no id", function: "git_commit_id")
        }
        let oid = OID(id)
        var parents: [OID] = []
        for position in 0..<git_commit_parentcount(handle) {
            if let parent = git_commit_parent_id(handle, position)?.pointee { parents.append(OID(parent)) }
        }
        guard let author = git_commit_author(handle)?.pointee, let committer = git_commit_committer(handle)?.pointee else {
            throw GitError(code: .invalid, message: "commit \(oid) has no author or committer", function: "git_commit_author")
        }
        let message = string(git_commit_message(handle)) ?? ""
        let summary = string(git_commit_summary(handle)) ?? ""
        let committerSignature = Signature(committer)
        self.init(
            oid: oid, message: message, summary: summary, author: Signature(author), committer: committerSignature,
            parents: parents, time: committerSignature.time)
    }
}
