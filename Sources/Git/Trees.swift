import Clibgit2
import Foundation

extension Repository {
    /// The contents of the file at `path` as of commit `commit`, or nil when that commit has no file there.
    ///
    /// A directory or submodule at `path` is not a file, so it also gives nil.
    public func blob(at path: String, in commit: OID) throws -> Data? {
        try requireNoNUL(path, "git_tree_entry_bypath")
        let found = try withTree(ofCommit: commit) { tree in
            try entry(in: tree, path: path)
        }
        guard let found, found.type == GIT_OBJECT_BLOB else { return nil }
        return try blob(found.oid)
    }

    /// The contents of the blob `oid`.
    public func blob(_ oid: OID) throws -> Data {
        var raw = oid.raw
        var blob: OpaquePointer?
        try check(git_blob_lookup(&blob, pointer, &raw), "git_blob_lookup")
        defer { git_blob_free(blob) }
        let size = Int(git_blob_rawsize(blob))
        guard size > 0, let bytes = git_blob_rawcontent(blob) else { return Data() }
        return Data(bytes: bytes, count: size)
    }

    /// Every file (blob, including symlinks) in commit `commit`'s tree, by path, with its blob id.
    ///
    /// Submodule entries are left out: they name commits of another repository, not files.
    public func files(in commit: OID) throws -> [String: OID] {
        try withTree(ofCommit: commit) { root in
            var files: [String: OID] = [:]
            try collect(tree: root, prefix: "", into: &files)
            return files
        }
    }

    private func collect(tree: OpaquePointer, prefix: String, into files: inout [String: OID]) throws {
        for position in 0..<git_tree_entrycount(tree) {
            guard let entry = git_tree_entry_byindex(tree, position),
                  let name = string(git_tree_entry_name(entry)),
                  let id = git_tree_entry_id(entry)?.pointee
            else { continue }
            let path = prefix + name
            switch git_tree_entry_type(entry) {
            case GIT_OBJECT_BLOB:
                files[path] = OID(id)
            case GIT_OBJECT_TREE:
                try withTree(OID(id)) { subtree in
                    try collect(tree: subtree, prefix: path + "/", into: &files)
                }
            default:
                continue
            }
        }
    }

    /// Makes the index and working directory match HEAD.
    ///
    /// Safe mode (the default) only rewrites files that are unmodified, and fails with `.conflict`
    /// when a local change would be lost; `force` overwrites local changes. Untracked files are kept either way.
    public func checkoutHead(force: Bool = false) throws {
        var options = try checkoutOptions(force: force)
        try check(git_checkout_head(pointer, &options), "git_checkout_head")
    }

    /// Makes the index and working directory match commit `commit`'s tree, for `paths` only or for everything.
    ///
    /// HEAD does not move. Paths are exact (no globbing); an empty list checks out nothing. Safe mode fails with `.conflict` rather than
    /// overwrite local changes; `force` takes the commit's version regardless, like `git checkout <commit> -- paths`.
    public func checkout(commit: OID, paths: [String]? = nil, force: Bool = false) throws {
        try withCommit(commit) { handle in
            var options = try checkoutOptions(force: force)
            if let paths {
                // libgit2 reads an empty path list as "everything"; the caller asked for nothing.
                if paths.isEmpty { return }
                for path in paths { try requireRelativePath(path, "git_checkout_tree") }
                options.checkout_strategy |= GIT_CHECKOUT_DISABLE_PATHSPEC_MATCH.rawValue
                try withStrArray(paths, "git_checkout_tree") { array in
                    options.paths = array.pointee
                    try check(git_checkout_tree(pointer, handle, &options), "git_checkout_tree")
                }
            } else {
                try check(git_checkout_tree(pointer, handle, &options), "git_checkout_tree")
            }
        }
    }

    func checkoutOptions(force: Bool) throws -> git_checkout_options {
        var options = git_checkout_options()
        try check(git_checkout_options_init(&options, UInt32(GIT_CHECKOUT_OPTIONS_VERSION)), "git_checkout_options_init")
        options.checkout_strategy = force
            ? GIT_CHECKOUT_FORCE.rawValue
            : GIT_CHECKOUT_SAFE.rawValue
        return options
    }
}

extension Repository {
    /// The size in bytes of object `oid`, read from its header (the object itself is not loaded).
    public func objectSize(_ oid: OID) throws -> UInt64 {
        var odb: OpaquePointer?
        try check(git_repository_odb(&odb, pointer), "git_repository_odb")
        defer { git_odb_free(odb) }
        var raw = oid.raw
        var size = 0
        var type = GIT_OBJECT_ANY
        try check(git_odb_read_header(&size, &type, odb, &raw), "git_odb_read_header")
        return UInt64(size)
    }
}
