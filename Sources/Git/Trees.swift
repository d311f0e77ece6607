import Clibgit2
import Foundation

extension Repository {
    /// The contents of the file at `path` as of commit `commit`, or nil when that commit has no file there.
    ///
    /// A directory or submodule at `path` is not a file, so it also gives nil. Bytes a filter
    /// registered in Swift stored are read through it (see ``ContentFilter/reveal(_:path:)``).
    public func blob(at path: String, in commit: OID) throws -> Data? {
        try requireNoNUL(path, "git_tree_entry_bypath")
        let found = try withTree(ofCommit: commit) { tree in
            try entry(in: tree, path: path)
        }
        guard let found, found.type == GIT_OBJECT_BLOB else { return nil }
        return try blob(found.oid, path: path)
    }

    /// The blob id of the file at `path` in commit `commit`, or nil when that commit has no file
    /// there: two commits with the same id hold the same bytes, without reading them.
    public func blobID(at path: String, in commit: OID) throws -> OID? {
        try requireNoNUL(path, "git_tree_entry_bypath")
        let found = try withTree(ofCommit: commit) { try entry(in: $0, path: path) }
        guard let found, found.type == GIT_OBJECT_BLOB else { return nil }
        return found.oid
    }

    /// The bytes of the file at `path` in commit `commit` as git stores them, through no filter;
    /// nil when that commit has no file there.
    public func storedBlob(at path: String, in commit: OID) throws -> Data? {
        try requireNoNUL(path, "git_tree_entry_bypath")
        let found = try withTree(ofCommit: commit) { try entry(in: $0, path: path) }
        guard let found, found.type == GIT_OBJECT_BLOB else { return nil }
        return try storedBlob(found.oid)
    }

    /// The contents of the blob `oid`, the file at `path`, read through the filter that stored it
    /// when one registered in Swift knows its bytes.
    public func blob(_ oid: OID, path: String) throws -> Data {
        try revealed(try storedBlob(oid), path: path)
    }

    /// The bytes of the blob `oid` as git stores them, through no filter.
    public func storedBlob(_ oid: OID) throws -> Data {
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

    /// The regular files (executable or not; no links) in commit `commit`'s tree, by path, with their blob ids.
    public func regularFiles(in commit: OID) throws -> [String: OID] {
        try withTree(ofCommit: commit) { root in
            var files: [String: OID] = [:]
            try collect(tree: root, prefix: "", into: &files, regularOnly: true)
            return files
        }
    }

    private func collect(tree: OpaquePointer, prefix: String, into files: inout [String: OID], regularOnly: Bool = false) throws {
        for position in 0..<git_tree_entrycount(tree) {
            guard let entry = git_tree_entry_byindex(tree, position),
                let name = string(git_tree_entry_name(entry)),
                let id = git_tree_entry_id(entry)?.pointee
            else { continue }
            let path = prefix + name
            switch git_tree_entry_type(entry) {
            case GIT_OBJECT_BLOB:
                if regularOnly && git_tree_entry_filemode(entry) == GIT_FILEMODE_LINK { continue }
                files[path] = OID(id)
            case GIT_OBJECT_TREE:
                try withTree(OID(id)) { subtree in
                    try collect(tree: subtree, prefix: path + "/", into: &files, regularOnly: regularOnly)
                }
            default:
                continue
            }
        }
    }

    /// The files (blobs, links included) whose blob or mode differ between the trees of commits
    /// `old` (none when nil) and `new`, each with its blob in `new` (nil when `new` has none).
    ///
    /// Subtrees with the same id on both sides are not read: the cost is that of what changed, not
    /// of the vault. Submodule entries are passed over, as ``files(in:)`` does.
    public func differingFiles(from old: OID?, to new: OID) throws -> [String: OID?] {
        var differences: [String: OID?] = [:]
        try withTree(ofCommit: new) { newRoot in
            if let old {
                try withTree(ofCommit: old) { oldRoot in
                    try collectDifferences(old: oldRoot, new: newRoot, prefix: "", into: &differences)
                }
            } else {
                try collectDifferences(old: nil, new: newRoot, prefix: "", into: &differences)
            }
        }
        return differences
    }

    /// Walks two trees side by side in git's order; a subtree only one side has is listed whole.
    /// Entries are compared as libgit2 holds them, so that equal folders cost nothing.
    private func collectDifferences(
        old: OpaquePointer?, new: OpaquePointer?, prefix: String, into differences: inout [String: OID?]
    ) throws {
        let oldCount = old.map { git_tree_entrycount($0) } ?? 0
        let newCount = new.map { git_tree_entrycount($0) } ?? 0
        var oldPosition = 0
        var newPosition = 0
        while oldPosition < oldCount || newPosition < newCount {
            var removed = oldPosition < oldCount ? old.flatMap { git_tree_entry_byindex($0, oldPosition) } : nil
            var added = newPosition < newCount ? new.flatMap { git_tree_entry_byindex($0, newPosition) } : nil
            if let one = removed, let two = added {
                let order = Self.treeOrder(one, two)
                if order < 0 { added = nil } else if order > 0 { removed = nil }
            }
            if removed != nil { oldPosition += 1 }
            if added != nil { newPosition += 1 }
            guard let entry = removed ?? added, let name = string(git_tree_entry_name(entry)) else { continue }
            if let removed, let added, git_tree_entry_filemode(removed) == git_tree_entry_filemode(added),
                git_oid_equal(git_tree_entry_id(removed), git_tree_entry_id(added)) == 1
            {
                continue
            }
            let path = prefix + name
            let oldTree = removed.flatMap { git_tree_entry_type($0) == GIT_OBJECT_TREE ? git_tree_entry_id($0)?.pointee : nil }
            let newTree = added.flatMap { git_tree_entry_type($0) == GIT_OBJECT_TREE ? git_tree_entry_id($0)?.pointee : nil }
            if oldTree != nil || newTree != nil {
                try withTree(optional: oldTree.map(OID.init)) { oldSubtree in
                    try withTree(optional: newTree.map(OID.init)) { newSubtree in
                        try collectDifferences(old: oldSubtree, new: newSubtree, prefix: path + "/", into: &differences)
                    }
                }
                continue
            }
            let oldIsFile = removed.map { git_tree_entry_type($0) == GIT_OBJECT_BLOB } ?? false
            let newFile = added.flatMap { git_tree_entry_type($0) == GIT_OBJECT_BLOB ? git_tree_entry_id($0)?.pointee : nil }
            if oldIsFile || newFile != nil { differences[path] = .some(newFile.map(OID.init)) }
        }
    }

    /// git's order of two tree entries: names compared byte by byte, a folder's as if it ended with `/`.
    private static func treeOrder(_ one: OpaquePointer, _ two: OpaquePointer) -> Int {
        guard let first = git_tree_entry_name(one), let second = git_tree_entry_name(two) else { return 0 }
        let firstCount = strlen(first)
        let secondCount = strlen(second)
        let common = min(firstCount, secondCount)
        let order = memcmp(first, second, common)
        if order != 0 { return Int(order) }
        // One name begins the other: the next character decides, a folder's being its `/`.
        func next(_ entry: OpaquePointer, _ name: UnsafePointer<CChar>, _ count: Int) -> Int {
            if count > common { return Int(UInt8(bitPattern: name[common])) }
            return git_tree_entry_type(entry) == GIT_OBJECT_TREE ? 0x2F : 0
        }
        return next(one, first, firstCount) - next(two, second, secondCount)
    }

    /// Runs `body` with the tree `id`, or with nil when there is none.
    func withTree(optional id: OID?, _ body: (OpaquePointer?) throws -> Void) throws {
        guard let id else { return try body(nil) }
        try withTree(id) { try body($0) }
    }

    /// Makes the index and working directory match HEAD.
    ///
    /// Safe mode (the default) only rewrites files that are unmodified, and fails with `.conflict`
    /// when a local change would be lost; `force` overwrites local changes. Untracked files are kept either way.
    public func checkoutHead(force: Bool = false) throws {
        try requireRegularControlFiles()
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
                try requireRegularControlFiles(forPaths: paths)
                options.checkout_strategy |= GIT_CHECKOUT_DISABLE_PATHSPEC_MATCH.rawValue
                try withStrArray(paths, "git_checkout_tree") { array in
                    options.paths = array.pointee
                    try check(git_checkout_tree(pointer, handle, &options), "git_checkout_tree")
                }
            } else {
                try requireRegularControlFiles()
                try check(git_checkout_tree(pointer, handle, &options), "git_checkout_tree")
            }
        }
    }

    func checkoutOptions(force: Bool) throws -> git_checkout_options {
        var options = git_checkout_options()
        try check(git_checkout_options_init(&options, UInt32(GIT_CHECKOUT_OPTIONS_VERSION)), "git_checkout_options_init")
        options.checkout_strategy =
            force
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
