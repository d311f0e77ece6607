import Clibgit2
import Foundation
import GitIndex

/// What becomes of one path when a tree is rebuilt.
public enum FileChange: Sendable, Hashable {
    /// The path holds this blob with this mode (``FileMode``).
    case blob(OID, mode: FileMode)
    /// The path is removed.
    case delete
}

/// The git file modes a vault can hold.
public enum FileMode: UInt32, Sendable, Hashable {
    case regular = 0o100644
    case executable = 0o100755
    case symlink = 0o120000
}

extension Repository {
    /// Stores `data` as a blob and returns its id (the same bytes always give the same id).
    public func writeBlob(_ data: Data) throws -> OID {
        var oid = git_oid()
        try data.withUnsafeBytes { bytes in
            _ = try check(git_blob_create_from_buffer(&oid, pointer, bytes.baseAddress, bytes.count), "git_blob_create_from_buffer")
        }
        return OID(oid)
    }

    /// The mode of the file at `path` in commit `commit`, or nil when there is none.
    public func fileMode(at path: String, in commit: OID) throws -> FileMode? {
        try requireNoNUL(path, "git_tree_entry_bypath")
        let found = try withTree(ofCommit: commit) { try entry(in: $0, path: path) }
        return found.flatMap { FileMode(rawValue: $0.mode) }
    }

    /// Writes the tree of `commit` (an empty tree when nil) with `changes` applied, without touching
    /// the index or the working directory, and returns the new tree's id.
    ///
    /// Only the trees along the changed paths are read and written (libgit2's tree updater), so a
    /// commit of one record costs the same in a vault of any size. What the updater does not
    /// handle (a file where a folder was, or the reverse) goes through an in-memory index of the
    /// whole tree, which gives the same tree.
    public func tree(from commit: OID?, applying changes: [String: FileChange]) throws -> OID {
        try tree(from: commit, applying: changes.map { (path: $0.key, change: $0.value) })
    }

    /// The same, from changes whose paths are told apart by their bytes (a String dictionary takes
    /// `Café` in NFC and in NFD for one path, and a rename between them would lose a side).
    func tree(from commit: OID?, applying changes: [(path: String, change: FileChange)]) throws -> OID {
        let changes = changes.sorted { Array($0.path.utf8).lexicographicallyPrecedes(Array($1.path.utf8)) }
        // try?: the fast path; on any failure the tree is built from the index, which throws.
        if let commit, let tree = try? updatedTree(of: commit, applying: changes) { return tree }
        return try treeThroughIndex(from: commit, applying: changes)
    }

    private func updatedTree(of commit: OID, applying changes: [(path: String, change: FileChange)]) throws -> OID {
        try withTree(ofCommit: commit) { baseline in
            var updates: [git_tree_update] = []
            var names: [UnsafeMutablePointer<CChar>] = []
            defer { names.forEach { free($0) } }
            for (path, change) in changes {
                try requireRelativePath(path, "git_tree_create_updated")
                let existing = try entry(in: baseline, path: path)
                var update = git_tree_update()
                switch change {
                case .delete:
                    // The updater refuses to remove what is not there; removing it is nothing.
                    guard existing != nil else { continue }
                    update.action = GIT_TREE_UPDATE_REMOVE
                case .blob(let oid, let mode):
                    // A folder becoming a file is beyond the updater.
                    if let existing, existing.type == GIT_OBJECT_TREE {
                        throw GitError(code: .invalid, message: "a folder becomes a file", function: "git_tree_create_updated")
                    }
                    update.action = GIT_TREE_UPDATE_UPSERT
                    update.id = oid.raw
                    update.filemode = git_filemode_t(rawValue: mode.rawValue)
                }
                guard let name = strdup(path) else { throw GitError(code: .invalid, message: "out of memory", function: "strdup") }
                names.append(name)
                update.path = UnsafePointer(name)
                updates.append(update)
            }
            var tree = git_oid()
            try updates.withUnsafeBufferPointer { buffer in
                _ = try check(
                    git_tree_create_updated(&tree, pointer, baseline, buffer.count, buffer.baseAddress),
                    "git_tree_create_updated")
            }
            return OID(tree)
        }
    }

    /// The same tree built through an in-memory index of the whole tree: slower, and complete.
    func treeThroughIndex(from commit: OID?, applying changes: [String: FileChange]) throws -> OID {
        try treeThroughIndex(from: commit, applying: changes.sorted { $0.key < $1.key }.map { (path: $0.key, change: $0.value) })
    }

    func treeThroughIndex(from commit: OID?, applying changes: [(path: String, change: FileChange)]) throws -> OID {
        var index: OpaquePointer?
        try check(git_index_new(&index), "git_index_new")
        defer { git_index_free(index) }
        if let commit {
            try withTree(ofCommit: commit) { tree in
                _ = try check(git_index_read_tree(index, tree), "git_index_read_tree")
            }
        }
        for (path, change) in changes {
            try requireRelativePath(path, "git_index_add")
            switch change {
            case .delete:
                try succeeded(git_index_remove(index, path, 0), "git_index_remove", unless: GIT_ENOTFOUND)
            case .blob(let oid, let mode):
                try path.withCString { cPath in
                    var entry = git_index_entry()
                    entry.mode = mode.rawValue
                    entry.id = oid.raw
                    entry.path = cPath
                    _ = try check(git_index_add(index, &entry), "git_index_add")
                }
            }
        }
        var tree = git_oid()
        try check(git_index_write_tree_to(&tree, index, pointer), "git_index_write_tree_to")
        return OID(tree)
    }

    /// Writes a commit object for `tree` with these parents; no reference moves.
    public func writeCommit(tree: OID, parents: [OID], message: String, author: Signature, committer: Signature) throws -> OID {
        try createCommit(tree: tree, parents: parents, message: message, author: author, committer: committer, updateReference: nil)
    }

    /// The tree id of commit `oid`.
    public func treeID(of oid: OID) throws -> OID {
        try withCommit(oid) { handle in
            guard let id = git_commit_tree_id(handle)?.pointee else {
                throw GitError(code: .invalid, message: "commit \(oid) has no tree", function: "git_commit_tree_id")
            }
            return OID(id)
        }
    }

    /// The stored form of each of `paths` that a registered filter knows without reading the file,
    /// for the file's size then, when its attributes name that filter. Records, which no filter
    /// offers, cost no attribute lookup.
    private func storedFormsWithoutReading(_ paths: [String]) throws -> [String: (bytes: [UInt8], size: UInt64)] {
        guard let workdir else { return [:] }
        let filters = ContentFilters.filters(for: gitDirectory)
        var offered: [String: (name: String, bytes: [UInt8], size: UInt64)] = [:]
        for path in paths {
            var info = stat()
            guard lstat(workdir.appendingPathComponent(path).path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size >= 0
            else { continue }
            let size = UInt64(info.st_size)
            for (name, filter) in filters {
                if let bytes = filter.storedFormWithoutReading(path: path, size: size) { offered[path] = (name, bytes, size) }
            }
        }
        guard !offered.isEmpty else { return [:] }
        let named = try filterNames(of: offered.keys.sorted())
        return offered.filter { named[$0.key] == $0.value.name }.mapValues { ($0.bytes, $0.size) }
    }

    /// Commits exactly `paths` as they are in the working directory on top of HEAD, like
    /// `git commit --only`: whatever else is staged stays staged and out of this commit.
    ///
    /// A path whose file is gone is removed. The index is brought in line for these paths too, so
    /// `status` no longer reports them. Returns nil (committing nothing) when the paths already match HEAD.
    @discardableResult
    public func commitOnly(paths: [String], message: String, author: Signature, committer: Signature) throws -> OID? {
        guard let workdir else {
            throw GitError(code: .bareRepo, message: "cannot commit files in a bare repository", function: "git_commit_create")
        }
        try requireRegularControlFiles(forPaths: paths)
        let parent = try head()
        // Told apart by their bytes: `Café` in NFC and in NFD (a rename between them) are two paths.
        var changes: [[UInt8]: (path: String, change: FileChange)] = [:]
        var known: [String: StagedFile] = [:]
        // A filter that knows a file's stored form without reading it (a video LFS already holds) spares
        // libgit2 a second read of every byte; the attributes are looked at only for the files one offers.
        let shortcuts = try storedFormsWithoutReading(paths)
        // libgit2 would otherwise load the whole index for `.gitattributes` (see withAttributesIndex).
        try withAttributesIndex(currentIndexFile()) {
            for path in paths {
                try requireRelativePath(path, "git_blob_create_from_workdir")
                // The stat data from before the file is read: a change made while it is read then
                // shows as a change afterwards instead of hiding behind newer stat data.
                var info = stat()
                guard lstat(workdir.appendingPathComponent(path).path, &info) == 0 else {
                    changes[Array(path.utf8)] = (path, .delete)
                    continue
                }
                // libgit2 would open a pipe and wait on it for ever.
                let type = info.st_mode & S_IFMT
                guard type == S_IFREG || type == S_IFLNK else { throw NotRegularFile(path: path) }
                var oid = git_oid()
                if type == S_IFREG, info.st_size >= 0, let stored = shortcuts[path], stored.size == UInt64(info.st_size) {
                    oid = try writeBlob(Data(stored.bytes)).raw
                } else {
                    try check(git_blob_create_from_workdir(&oid, pointer, path), "git_blob_create_from_workdir")
                }
                let mode: FileMode
                if info.st_mode & S_IFMT == S_IFLNK {
                    mode = .symlink
                } else if info.st_mode & 0o111 != 0 {
                    mode = .executable
                } else {
                    mode = .regular
                }
                changes[Array(path.utf8)] = (path, .blob(OID(oid), mode: mode))
                known[path] = StagedFile(oid: OID(oid), mode: mode, stat: IndexStat(info))
            }
        }
        let tree = try tree(from: parent, applying: Array(changes.values))
        let parentTree = try parent.map { try treeID(of: $0) }
        if parentTree == tree {
            try stage(paths: paths, known: known, committed: CommittedTrees(before: parentTree, after: tree))
            return nil
        }
        let commit = try createCommit(
            tree: tree, parents: parent.map { [$0] } ?? [], message: message, author: author, committer: committer,
            updateReference: "HEAD")
        try stage(paths: paths, known: known, committed: CommittedTrees(before: parentTree, after: tree))
        return commit
    }

    /// The commit a revision names: a full or abbreviated id, a branch, `HEAD~2` and the like; nil when none.
    public func resolveCommit(_ spec: String) throws -> OID? {
        try requireNoNUL(spec, "git_revparse_single")
        var object: OpaquePointer?
        guard
            try succeeded(
                git_revparse_single(&object, pointer, spec), "git_revparse_single", unless: GIT_ENOTFOUND, GIT_EAMBIGUOUS, GIT_EINVALIDSPEC)
        else { return nil }
        defer { git_object_free(object) }
        var commit: OpaquePointer?
        // A revision naming a tree or a blob names no commit.
        guard
            try succeeded(
                git_object_peel(&commit, object, GIT_OBJECT_COMMIT), "git_object_peel", unless: GIT_EPEEL, GIT_EINVALIDSPEC, GIT_ENOTFOUND)
        else { return nil }
        defer { git_object_free(commit) }
        guard let id = git_object_id(commit)?.pointee else { return nil }
        return OID(id)
    }
}
